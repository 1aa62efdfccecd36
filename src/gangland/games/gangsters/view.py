"""What each seat may see, resampling what it cannot, and snapshots.

Public: the board (every piece with its strength, facing and status; joints and levels;
cops, Donut markers and public pieces), cash, the dice, how many Bribe badges each player
holds, the pawns left in the cup, the offer on the table, the shootout being fought.
Secret: which cop each badge belongs to (9.5), and a gang or starting places written down
but not yet revealed (4.2, 4.3).

With the secret-cash option (15.1) a view leaves out the other players' cash totals until
the game ends, and the log tells the others that a payment was made and what for, not its
amount (``TableBase._secretly``). Resampling keeps the totals all the same: every amount
follows from public facts (printed prices, public dice, the board, trades offered aloud),
so a player who kept the tally would know them; the option hides them from a glance, as
at the table, and cannot hide them from arithmetic.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Rng, seat_label
from gangland.engine.errors import RecordError

from .components import FACES, KINDS, Components
from .setup import gang_options, place_options
from .table import (
    BUY,
    COP,
    EXIT,
    GANG,
    GANGS,
    MOVE,
    PATROL,
    PHASES,
    PLACE,
    PUBLIC,
    REVEAL,
    TableBase,
    figures,
    marked,
)

_WHY = {
    "pick": "{who} picks a starting joint.",
    "gang": "{who} writes down a gang in secret.",
    "place": "{who} writes down where the gang starts, in secret.",
    "buy": "{who} may buy, improve, trade or equip, then rolls the dice.",
    "offer": "{who} puts an offer together.",
    "answer": "{who} accepts or declines the offer.",
    "cop": "{who} bribes a cop, moves one, or starts a patrol.",
    "reveal": "{who} may reveal a bribe to stop that cop.",
    "exit": "{who} picks the subway where the new cop comes up.",
    "patrol": "{who} moves the cop on patrol.",
    "move": "{who} moves or recruits (option {used} of {total}).",
    "public": "{who} moves the public piece that came up.",
    "entry": "{who} picks the joint where the new gangster enters.",
    "seduce": "{who} picks whom the Vamp seduces.",
    "hit": "{who} declares a hit, or holds fire.",
    "bust": "{who} picks the criminal the cop goes after.",
    "aim": "{who} picks whom to fire at.",
    "absorb": "{who} picks who takes a hit.",
}


def why(state: TableBase) -> str:
    """Whose decision it is and why, in words."""
    if state.over:
        return "The game is over."
    boss = state.active == state.commissioner
    total = 0 if boss else max(1, state.strength[3 * state.active] // 2)
    key = (state.phase, state.to_move, state.used, total)
    text = _WHY_TEXT.get(key)
    if text is None:
        text = _WHY_TEXT[key] = _WHY[PHASES[state.phase]].format(
            who=seat_label(state.to_move), used=state.used + 1, total=total)
    return text


#: Each sentence formatted once: a view is built at every decision of every playout a
#: search bot runs (a few hundred keys in all).
_WHY_TEXT: dict[tuple[int, int, int, int], str] = {}


#: A facing's word by facing + 1: None inside a building (-1).
_FACING: tuple[str | None, ...] = (None, *FACES)


def _secret(state: TableBase, seat: int, names: tuple[str, ...]) -> dict[str, Any]:
    """The seat's own setup choice, written down and not yet revealed, by name.

    Until every gang has chosen, the board holds none of it (each piece's ``strength`` is 0
    and its place ``None``): a seat reading only the board would see its own gang as
    nothing. ``chosen`` is the bare action arguments; this says what they mean, the gang
    it recruits (4.2) or the joint each piece starts in (4.3). Only the chooser's view
    carries it (``build_view`` adds it for ``seat`` alone).
    """
    chosen = state.chosen[seat]
    if state.phase == GANG:
        return {"gang": dict(zip(KINDS, chosen, strict=True))}
    joints = state.joints(seat)
    return {"start": {KINDS[k]: names[joints[j - 1]] if j else None
                      for k, j in enumerate(chosen)}}


def _board(state: TableBase) -> tuple[list[list[int]], list[int], dict[str, list[int]]]:
    """One walk of the buildings: each seat's joints (ascending), each seat's worth (cash
    plus joint values, 15.2) and the board's buildings by token (``[owner, level]`` of
    every joint and of every unowned building that keeps a level)."""
    names, owner, level, value = state.fig.acts.tokens, state.owner, state.level, \
        state.comps.city.value
    owned: list[list[int]] = [[] for _ in range(state.players)]
    worth = list(state.cash)
    buildings: dict[str, list[int]] = {}
    for b in marked(state):
        o, lv = owner[b], level[b]
        buildings[names[b]] = [o, lv]
        if o >= 0:
            owned[o].append(b)
            worth[o] += value[b] * lv
    return owned, worth, buildings


def _badges_held(state: TableBase) -> list[int]:
    """Badges each seat holds, and last the cup's (the Untouchable's blank counted)."""
    held = [0] * (state.players + 1)
    for h in (*state.badge, state.untouchable):
        held[h] += 1
    return held


def _pieces(state: TableBase, s: int) -> list[dict[str, Any]]:
    """Seat ``s``'s three pieces as a view shows them (every field public)."""
    strength, at, face, criminal = state.strength, state.at, state.face, state.criminal
    where = state.fig.acts.where  # where[s + 1]: s's token, or None
    p = 3 * s  # the three written out: a view is built at every step of a playout
    return [{"kind": "racketeer", "strength": strength[p], "at": where[at[p] + 1],
             "facing": _FACING[face[p] + 1], "criminal": criminal[p]},
            {"kind": "thug", "strength": strength[p + 1], "at": where[at[p + 1] + 1],
             "facing": _FACING[face[p + 1] + 1], "criminal": criminal[p + 1]},
            {"kind": "vamp", "strength": strength[p + 2], "at": where[at[p + 2] + 1],
             "facing": _FACING[face[p + 2] + 1], "criminal": criminal[p + 2]}]


def _my_badges(state: TableBase, s: int) -> list[int]:
    """The cops whose badges ``s`` holds (0: the Untouchable's blank): ``s``'s secret."""
    return sorted(state.fig.cops[c] for c, h in enumerate(state.badge) if h == s) + (
        [0] if state.untouchable == s else [])


def _police(state: TableBase, seat: int | None, held: list[int],
            secret: bool) -> dict[str, Any] | None:
    """The Police Commissioner's entry (17), None without one."""
    boss = state.commissioner
    if boss < 0:
        return None
    police: dict[str, Any] = {"seat": boss,
                              "cash": state.cash[boss] if boss == seat or not secret else None,
                              "badges": held[boss]}
    if boss == seat:
        police["my_badges"] = _my_badges(state, boss)
    return police


def _cop_word(state: TableBase) -> int | None:
    """The cop a reveal, patrol or exit decision is about, None for any other."""
    if state.pending and state.phase in (REVEAL, PATROL, EXIT):
        return state.fig.cops[state.pending[0]]
    return None


def build_view(state: TableBase, seat: int | None) -> dict[str, Any]:
    """All that ``seat`` may know (``None``: spectators)."""
    secret = bool(state.options.get("secret_cash")) and not state.over
    names, where = state.fig.acts.tokens, state.fig.acts.where  # where[s + 1]: s's or None
    level = state.level
    owned, worth, buildings = _board(state)
    held = _badges_held(state)
    gangs = []
    for s in sorted(state.order):  # by seat (a seat plays once)
        entry: dict[str, Any] = {
            "seat": s, "gang": GANGS[s], "out": state.out[s],
            "cash": state.cash[s] if s == seat or not secret else None,
            "pieces": _pieces(state, s),
            "joints": [[names[b], level[b]] for b in owned[s]],
            "gear": [k for k in range(3) if state.gear[s] >> k & 1],
            "badges": held[s],
            "choosing": bool(state.chosen[s]),
        }
        if s == seat:
            entry["my_badges"] = _my_badges(state, s)
            if state.chosen[s]:
                entry["chosen"] = list(state.chosen[s])
                entry["secret"] = _secret(state, s, names)
        gangs.append(entry)
    decision: dict[str, Any] = {
        "seat": state.current_player,
        "kind": None if state.over else PHASES[state.phase],
        "active": state.active,
        "used": state.used,
        "why": why(state),
    }
    if state.deal:
        partner, pay, ask, *joints = state.deal
        decision["deal"] = {"with": partner, "pay": pay, "ask": ask,
                            "give": [state.tok(j - 1) for j in joints if j > 0],
                            "take": [state.tok(-j - 1) for j in joints if j < 0]}
    if state.fight:
        decision["fight"] = state.fight_view()
    about = _cop_word(state)
    if about is not None:
        decision["cop"] = about
    view: dict[str, Any] = {
        "game": "gangsters",
        "seat": seat,
        "players": state.players,
        "to_move": state.current_player,
        "turn": state.turn,
        "terminal": state.over,
        "winners": list(state.won),
        "order": list(state.order),
        "pawns": sorted(state.pawns) if state.random_order() else None,
        "commissioner": _police(state, seat, held, secret),
        "dice": list(state.dice),
        "gangs": gangs,
        "cops": [{"cop": cop, "at": where[a + 1], "facing": _FACING[f + 1],
                  "donut": None if d < 0 else [d // 2, d % 2 + 1]}
                 for cop, a, f, d in zip(state.fig.cops, state.cop_at, state.cop_face,
                                         state.donut, strict=True)],
        "public": [{"strength": x, "at": where[a + 1], "facing": _FACING[f + 1]}
                   for x, a, f in zip(state.fig.public, state.pub_at, state.pub_face,
                                             strict=True)],
        "buildings": buildings,
        "badge_cup": held[-1],
        "crime": state.crime_level(),
        "decision": decision,
        "worth": [worth[s] if s == seat or not secret else None
                  for s in range(state.players)],
    }
    if state.over:  # the final count, the same for every seat (15.1, 15.2)
        view["final"] = state.final_count()
    return view


#: The decisions at which the heuristic bot reads the other gangs' pieces and the public
#: pieces (cop moves go after criminals and raids; moves lure the public and keep clear
#: of criminals), and those at which it reads the cops too (a move keeps clear of them, a
#: reveal stops one): at the others (the Buy Phase, trades, shootouts) it reads its own
#: gang and the buildings alone.
_CROWD = frozenset({COP, REVEAL, PATROL, MOVE, PUBLIC})
_COPS_READ = frozenset({REVEAL, MOVE, PUBLIC})


def build_brief_view(state: TableBase, seat: int) -> dict[str, Any]:
    """The part of :func:`build_view` that Gangsters' heuristic bot reads (``brief``).

    A search asks that bot for most decisions of its playouts, and most of a whole view is
    for people or for other bots: the why, the names, gear, the offer and the shootout in
    words, the crime level, the order, the final count. Every key kept holds what the whole
    view holds there (``engine.observation.is_part``; the conformance suite and
    ``tests/games/gangsters/test_brief.py`` check it). Always kept: the seat, the
    Commissioner, the decision's kind, active seat and cop, the buildings, and the seat's
    own gang (cash, pieces, joints); the other gangs' pieces and the public pieces where
    the decision is in ``_CROWD``, the cops where it is in ``_COPS_READ``. The Police
    Commissioner (17), whose rules weigh every suspect, the next throw and the worth, and
    the setup are given all of it, with the dice, the badge cup and the worth."""
    secret = bool(state.options.get("secret_cash")) and not state.over
    names, where, level = state.fig.acts.tokens, state.fig.acts.where, state.level
    owned, worth, buildings = _board(state)
    phase = state.phase
    everything = seat == state.commissioner or phase < BUY
    crowd = everything or phase in _CROWD
    held = _badges_held(state) if everything or state.commissioner >= 0 else []
    decision: dict[str, Any] = {"kind": None if state.over else PHASES[phase],
                                "active": state.active}
    about = _cop_word(state)
    if about is not None:
        decision["cop"] = about
    gangs: list[dict[str, Any]] = []
    for s in sorted(state.order):
        if s == seat:
            gangs.append({"seat": s, "cash": state.cash[s], "pieces": _pieces(state, s),
                          "joints": [[names[b], level[b]] for b in owned[s]]})
        else:
            gangs.append({"seat": s, "pieces": _pieces(state, s)} if crowd else {"seat": s})
    view: dict[str, Any] = {"seat": seat, "commissioner": _police(state, seat, held, secret),
                            "gangs": gangs, "buildings": buildings, "decision": decision}
    if crowd:
        view["public"] = [{"strength": x, "at": where[a + 1]}
                          for x, a in zip(state.fig.public, state.pub_at, strict=True)]
    if everything or phase in _COPS_READ:
        view["cops"] = [{"cop": cop, "at": where[a + 1], "facing": _FACING[f + 1]}
                        for cop, a, f in zip(state.fig.cops, state.cop_at, state.cop_face,
                                             strict=True)]
    if everything:
        view["dice"] = list(state.dice)
        view["badge_cup"] = held[-1]
        view["worth"] = [worth[s] if s == seat or not secret else None
                         for s in range(state.players)]
    return view


def redraw(state: TableBase, new: TableBase, seat: int | None, rng: Rng) -> None:
    """Deal afresh what ``seat`` cannot see: the badges other players hold (each keeps its
    count) and the choices other players have written down but not revealed."""
    badges = [c for c, h in enumerate(state.badge) if h != seat or seat is None] + (
        [-1] if state.untouchable != seat or seat is None else [])
    holders = sorted(h for h in [*state.badge, state.untouchable]
                      if h >= 0 and h != seat)
    rng.shuffle(badges)
    new.badge = [h if h == seat and seat is not None else -1 for h in state.badge]
    new.untouchable = state.untouchable if state.untouchable == seat and seat is not None else -1
    for h, c in zip(holders, badges, strict=False):
        if c < 0:
            new.untouchable = h
        else:
            new.badge[c] = h
    for s in range(state.players):
        if s == seat or not state.chosen[s]:
            continue
        if state.phase == GANG:
            new.chosen[s] = list(rng.choice(gang_options(state, s)))
        elif state.phase == PLACE:
            new.chosen[s] = list(rng.choice(place_options(state, s)))


_FIELDS = ("strength", "at", "face", "criminal", "cop_at", "cop_face", "badge", "untouchable",
           "donut", "pawns", "pub_at", "pub_face", "owner", "level", "cash", "gear", "out", "order",
           "turn", "active", "phase", "dice", "moved", "recruits", "used", "pending", "chosen",
           "deal", "fight", "to_move", "over", "won")


def body_to_json(state: TableBase) -> dict[str, Any]:
    """The game-specific part of a snapshot (hidden parts included).

    Lists are copied, and the lists inside them (``chosen``, ``fight``): a snapshot must
    not change as the game goes on, nor edit it.
    """
    body: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(state, name)
        if isinstance(value, list):
            value = [v.copy() if isinstance(v, list) else v for v in value]
        body[name] = value
    return body


def state_from_body(state: TableBase, comps: Components, body: dict[str, Any]) -> None:
    """Fill ``state`` from :func:`body_to_json`, checking the shapes."""
    state.comps, state.fig = comps, figures(comps)
    try:
        for name in _FIELDS:
            value = body[name]
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(state, name, value)
    except KeyError as exc:
        raise RecordError(f"gangsters snapshot: missing {exc.args[0]!r}") from None
    n = state.players
    gangs = 4 if n == 5 else n
    if len(state.strength) != 3 * gangs or len(state.cash) != n or \
            len(state.owner) != len(comps.city.names):
        raise RecordError("gangsters snapshot: the lists do not match the players or the map")

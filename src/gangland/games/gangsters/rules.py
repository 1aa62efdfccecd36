"""Gangsters' state and the flow of a turn (5.1-5.7).

A turn: the Buy Phase (``economy``), the dice and the cops (``police``), the Movement Phase
(``moving``), payoffs and the end of the turn (``crime``) with the shootouts in between
(``shootout``). Setup comes first (``setup``). This module wires them together: the legal
actions of each decision, the action that answers it, and the protocol methods.

Their classes stack into one chain, each on the one before it (``Crime`` on the table, then
``Shootout``, ``Economy``, ``Police``, ``Moving``, ``Setup`` and this state), rather than
mixing in side by side: mypyc compiles a class only with a single base (docs/speed.md).
The order follows the modules' imports; no two of them define a method of the same name,
so it changes nothing of what runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gangland.engine import Action, Event, OptionValue, Rng, State, Timed, counted, seat_label

from .city import City
from .components import KINDS, Components
from .moves import SPACE, aliases, tokens
from .setup import Setup
from .standing import answer as standing_answer
from .table import (
    BUY,
    COP,
    ENTRY,
    EXIT,
    MOVE,
    OFFER,
    PATROL,
    PHASES,
    PUBLIC,
    REVEAL,
    SEDUCE,
)
from .view import body_to_json, build_brief_view, build_view, redraw, state_from_body
from .why import why_not

_TOKENS: dict[int, tuple[City, tuple[str, ...], dict[str, int], dict[str, str]]] = {}


def _map_words(comps: Components) -> tuple[City, tuple[str, ...], dict[str, int],
                                           dict[str, str]]:
    """Each space's token, the space of each token, and the other words for a space
    (``aliases``): once per map; the map is kept with them, so a new map never gets an old
    one's tokens by reusing its id."""
    city = comps.city
    found = _TOKENS.get(id(city))
    if found is None or found[0] is not city:
        if len(_TOKENS) >= 8:
            _TOKENS.clear()
        names = tokens(city)
        found = _TOKENS[id(city)] = (city, names, {t: s for s, t in enumerate(names)},
                                     aliases(city))
    return found


def space_tokens(comps: Components) -> tuple[tuple[str, ...], dict[str, int]]:
    """Each space's token, and the space of each token (cached per map: the words and
    the observation tensor read them on every step)."""
    found = _map_words(comps)
    return found[1], found[2]


class GangstersState(Setup):
    """One game of Gangsters (see ``table`` for the fields)."""

    __slots__ = ()

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, OptionValue],
            comps: Components) -> GangstersState:
        state = cls(players, seed, options, Rng.for_seed(seed))
        state._setup(players, options, comps)
        return state

    def tok(self, space: int) -> str:
        """The token of a space in action texts (``hh``, ``5.16``)."""
        return self.fig.acts.tokens[space]

    def tokens(self) -> tuple[str, ...]:
        """Every space's token, by space id (for loops that name many spaces)."""
        return self.fig.acts.tokens

    def space_of(self, token: str) -> int:
        """The space of a token, -1 when this map has no such space."""
        return self.fig.acts.space.get(token, -1)

    # ----- legality ----------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """Text to a legal action, reading a space as the map draws it too: any cell of a
        street space (``14.5`` for Subway 5, drawn on 14.4 and 14.5) and ``#5`` for a
        subway. The action keeps the space's one token, so records do not change."""
        if isinstance(text, str):
            words = text.split()
            other = _map_words(self.comps)[3]
            if any(w.lower() in other for w in words[1:]):
                text = " ".join([words[0], *(other.get(w.lower(), w) for w in words[1:])])
        return super().parse_action(text)

    def _legal(self) -> list[Action]:
        return _LEGAL[self.phase](self)

    def _setup_phase_legal(self) -> list[Action]:
        return self._setup_legal(self.fig.acts.tokens)

    def _is_legal(self, action: Action) -> bool:
        """The engine's membership test, but by identity first: an action taken from the
        legal list (every search and playout) is found without calling the dataclass's
        ``__eq__`` on each action before it; any other equal action still matches."""
        legal = self.legal_actions()
        for a in legal:
            if a is action:
                return True
        return action in legal

    def _why_illegal(self, action: Action) -> str:
        for arg in action.args:
            if isinstance(arg, str) and re.fullmatch(SPACE, arg) and self.space_of(arg) < 0:
                return self._no_space(arg)
        return why_not(self, action)

    def _no_space(self, word: str) -> str:
        """A word that names no space: a building's cell is named by its code instead."""
        city = self.comps.city
        cell = re.fullmatch(r"(\d+)\.(\d+)", word)
        if cell:
            at = (int(cell.group(1)), int(cell.group(2)))
            b = next((b for b in city.buildings if at in city.cells[b]), -1)
            if b >= 0:
                return (f"{word} is a cell of {city.names[b]}: a building is named by its "
                        f"code, {self.tok(b)}")
        return f"this map has no space {word!r}"

    # ----- transitions -------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        simple = _SIMPLE.get(action.kind)
        if simple is not None:
            return simple(self)
        spaces, at = self.fig.acts.space, _SPACE_AT.get(action.kind)
        if at is not None:  # the verbs that name a space name it there (and no word before)
            arg = action.args[at] if len(action.args) > at else None
            space = spaces.get(arg, -1) if type(arg) is str else -1
        else:
            space = first_space(spaces, action.args)
        return _VERBS[action.kind](self, action, space)

    def _cancel(self) -> list[Event]:
        self.phase, self.deal = BUY, []
        return []

    def _pass(self) -> list[Event]:
        if self.quiet:
            return self._start_moves()
        return [Event("cops", f"{seat_label(self.to_move)} can neither bribe nor move a "
                      "cop.", data={"seat": self.to_move}), *self._start_moves()]

    def _defer(self) -> list[Event]:
        self.to_move = self.commissioner
        return [Event("defer", f"{seat_label(self.active)} leaves the cops to the "
                      "Police Commissioner.", data={"seat": self.active})]

    def _start_turn(self, seat: int) -> list[Event]:
        """The next gang's turn; the end of the game on a time limit (15.2, or our safety
        rule ``turn_limit``); a gang with nothing left is out (7.5)."""
        events: list[Event] = []
        gangs = self.gangs()
        rounds = int(self.options.get("rounds") or 0)
        self.turn += 1
        if rounds and self.turn > rounds * (len(gangs) + (self.commissioner >= 0)):
            done = "is" if rounds == 1 else "are"
            return self._by_worth(f"{counted(rounds, 'round')} {done} played.")
        if self.turn > int(self.options["turn_limit"]):
            return self._by_worth("The turn limit is reached.")
        while self._gone(seat):
            self.out[seat] = True
            events.append(Event("out", f"{seat_label(seat)} has no money, no Racketeers and "
                                "no joints: out of the game.", data={"seat": seat}))
            for p in range(3 * seat, 3 * seat + 3):
                self.at[p], self.strength[p], self.criminal[p] = -1, 0, False
            left = self.gangs()
            if len(left) == 1:
                self._finish(left)
                return [*events, Event("end", f"{seat_label(left[0])} is the last gang "
                                       "standing and wins.", data={"winners": left})]
            self.active = seat
            seat = self._next_seat()
        self.active = self.to_move = seat
        self.phase, self.dice, self.pending, self.deal = BUY, [0] * 5, [], []
        self.moved = self.recruits = self.used = 0
        if self.quiet:  # stepped (``State.step``): nobody reads the events
            return []
        return [*events, Event("turn", f"Turn {self.turn}: {seat_label(seat)} to play.",
                               data={"seat": seat, "turn": self.turn})]

    # ----- protocol ----------------------------------------------------------------------

    def timed(self) -> Timed | None:
        """6.9: the Movement Phase (the dice, the cops, the moves) may take ``move_clock``
        seconds; a player out of time forfeits the moves left (``done``)."""
        seconds = int(self.options.get("move_clock") or 0)
        if not seconds or self.over or self.to_move != self.active or \
                self.phase not in (COP, EXIT, PATROL, MOVE, PUBLIC, ENTRY, SEDUCE):
            return None
        return Timed(f"movement {self.turn}", float(seconds), "done")

    def half_made(self) -> bool:
        """An offer being put together (14.1): ``offer P`` and each ``give``, ``take``,
        ``pay`` or ``ask`` before ``propose`` tell nobody anything yet and draw nothing,
        so each may be taken back (``docs/games/gangsters.md``)."""
        return self.phase == OFFER and not self.over

    def standing(self, answer: str) -> Action | None:
        """9.5's question answered once for the game (``standing.py``), from the view of
        the seat asked: only a cop move's question has a standing answer."""
        if self.over or self.phase != REVEAL:
            return None
        return standing_answer(self.view(self.to_move), answer)

    def scores(self) -> list[float]:
        """Net worth (15.2): cash plus joint values with improvements."""
        return [0.0 if self.out[s] else float(self.worth(s)) for s in range(self.players)]

    def view(self, seat: int | None) -> dict[str, object]:
        return build_view(self, seat)

    def brief_view(self, seat: int) -> dict[str, object]:
        """The part of the view the heuristic bot reads (``view.build_brief_view``)."""
        return build_brief_view(self, seat)

    def _redraw(self, new: State, seat: int | None, rng: Rng) -> None:
        assert isinstance(new, GangstersState)
        redraw(self, new, seat, rng)

    def clone(self) -> GangstersState:
        new = GangstersState.__new__(GangstersState)
        self._copy_base_into(new)
        new.comps, new.fig = self.comps, self.fig
        new.strength, new.at = self.strength.copy(), self.at.copy()
        new.face, new.criminal = self.face.copy(), self.criminal.copy()
        new.cop_at, new.cop_face = self.cop_at.copy(), self.cop_face.copy()
        new.badge, new.untouchable, new.donut = self.badge.copy(), self.untouchable, \
            self.donut.copy()
        new.pub_at, new.pub_face = self.pub_at.copy(), self.pub_face.copy()
        new.owner, new.level = self.owner.copy(), self.level.copy()
        new.cash, new.gear, new.out = self.cash.copy(), self.gear.copy(), self.out.copy()
        new.order, new.turn, new.active = self.order.copy(), self.turn, self.active
        new.pawns = self.pawns.copy()
        new.phase, new.dice, new.moved = self.phase, self.dice.copy(), self.moved
        new.recruits, new.used = self.recruits, self.used
        new.pending, new.deal = self.pending.copy(), self.deal.copy()
        new.chosen = [c.copy() for c in self.chosen]
        new.fight = [f.copy() for f in self.fight]
        return new

    def _body_to_json(self) -> dict[str, object]:
        return body_to_json(self)

    @classmethod
    def from_body(cls, players: int, seed: int | None, options: dict[str, OptionValue],
                  comps: Components, body: dict[str, object]) -> GangstersState:
        state = cls(players, seed, options, Rng(0))
        state_from_body(state, comps, body)
        return state


#: Each phase's legal-move method by phase number (setup's three phases share one): one
#: index a call, instead of a dict of bound methods built per call.
_LEGAL: tuple[Callable[[GangstersState], list[Action]], ...] = tuple(
    getattr(GangstersState, f"_{name}_legal") if i >= BUY
    else GangstersState._setup_phase_legal for i, name in enumerate(PHASES))
#: The verbs without arguments and the method each calls.
_SIMPLE: dict[str, Callable[[GangstersState], list[Event]]] = {
    "buy": GangstersState._buy, "improve": GangstersState._improve,
    "discard": GangstersState._discard, "propose": GangstersState._propose,
    "roll": GangstersState._roll, "bribe": GangstersState._bribe,
    "patrol": GangstersState._patrol, "newpublic": GangstersState._new_public,
    "done": GangstersState._end_moves, "cancel": GangstersState._cancel,
    "pass": GangstersState._pass, "defer": GangstersState._defer,
    "flip": GangstersState._flip_donut,
    "accept": lambda st: st._close_offer(True), "decline": lambda st: st._close_offer(False),
    "allow": lambda st: st._answer(False), "reveal": lambda st: st._answer(True),
}
#: Where the verbs that are most of a game name their space: ``move thug hh ...``,
#: ``cop 4 5.16 north``, ``public 2 hh inside``, ``sell hh``, ``give hh``; every word
#: before it is a kind or a number, never a space's token (a test checks every legal
#: action of random games against :func:`first_space`).
_SPACE_AT = {"move": 1, "wheels": 1, "cop": 1, "transfer": 1, "public": 1, "sell": 0,
             "place": 0, "give": 0, "take": 0, "joint": 0}


def first_space(spaces: dict[str, int], args: tuple[object, ...]) -> int:
    """The first argument that is a space's token (``spaces``: the map's), -1 none."""
    return next((spaces[a] for a in args if type(a) is str and a in spaces), -1)


_Verb = Callable[[GangstersState, Action, int], list[Event]]
#: The other verbs: each reads its arguments, and the first one that is a space of the
#: map (-1 none), found once in ``_apply``.
_VERBS: dict[str, _Verb] = {
    "joint": lambda st, a, space: st._pick(space),
    "gang": lambda st, a, space: st._gang(int(a.args[0]), int(a.args[1]), int(a.args[2])),
    "start": lambda st, a, space: st._place((int(a.args[0]), int(a.args[1]),
                                             int(a.args[2]))),
    "sell": lambda st, a, space: st._sell(space),
    "offer": lambda st, a, space: st._open_offer(int(a.args[0]) - 1),
    **dict.fromkeys(("give", "take", "pay", "ask"), GangstersState._add_to_offer),
    "equip": lambda st, a, space: st._gear(("wheels", "heaters", "siren").index(
        str(a.args[0]))),
    "release": lambda st, a, space: st._release(st.fig.cops.index(int(a.args[0]))),
    "cop": GangstersState._move_cop, "transfer": GangstersState._move_cop,
    "exit": lambda st, a, space: st._exit(int(a.args[0])),
    "move": GangstersState._move, "wheels": GangstersState._move,
    "public": lambda st, a, space: st._move_public(int(a.args[0]) - 1, space,
                                                   str(a.args[2])),
    "recruit": lambda st, a, space: st._recruit(KINDS.index(str(a.args[0])), int(a.args[1])),
    "place": lambda st, a, space: st._place_new(space),
    "seduce": lambda st, a, space: st._seduce(st.piece(int(a.args[0]) - 1,
                                                       KINDS.index(str(a.args[1])))),
    "hit": lambda st, a, space: st._declare(a), "hold": lambda st, a, space: st._declare(a),
    "bust": lambda st, a, space: st._bust(a), "aim": lambda st, a, space: st._aim(a),
    "absorb": lambda st, a, space: st._absorb(a),
}

__all__ = ["PHASES", "GangstersState"]

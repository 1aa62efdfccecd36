"""What each seat may see, resampling the hidden cards, and snapshots.

Hidden: the other hands and the order of the pile. Everything else (gangs, the list, the
dead, the discards in order, the war, hand sizes, whose decision and why) is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gangland.engine import Rng, seat_label
from gangland.engine.errors import RecordError

from .cards import KINDS, NMOBSTERS, Components
from .table import (
    FELL_TOGETHER,
    LAST_GANG,
    PHASES,
    PICK,
    PLAY,
    PURPOSES,
    RESPOND,
    TARGET,
    TC_REVIVE,
    TURN_LIMIT,
)

#: Why the winners won, in words, by how the game ended.
REASONS = {
    LAST_GANG: "the last gang standing",
    FELL_TOGETHER: "the last gangs lost their last mobsters in the same blow",
    TURN_LIMIT: "the turn limit was reached: the most living mobsters",
}

if TYPE_CHECKING:
    from .table import TableBase


def why(state: TableBase) -> str:
    """Whose decision it is and why, in words."""
    if state.over:
        return "The game is over."
    who = seat_label(state.to_move)
    card = KINDS[state.card] if state.card >= 0 else ""
    if state.phase == PLAY:
        return f"{who}'s turn: play a card for its effect, or discard one."
    if state.phase == TARGET:
        return f"{who} chooses the player {card} aims at."
    if state.phase == RESPOND:
        return (f"{who} may answer {seat_label(state.player)}'s {card} with a counter, "
                "or pass.")
    purpose = PURPOSES[state.tasks[0][0]]
    return f"{who} picks a mobster for {card} ({purpose})."


def final_count(state: TableBase) -> dict[str, Any] | None:
    """At the end: how it ended and each seat's count; ``None`` while the game goes on.

    A seat's score is its living mobsters, in play and listed; its R.I.P. are the dead it
    held when they died; ``out_turn`` is the turn it went out in. All of it was public on the
    table. No hand is shown: the rules reveal a card only when it is used, and a beaten
    player's hand is already on the discard pile (decision 21).
    """
    if not state.over:
        return None
    rows = []
    for s in range(state.players):
        in_play, listed = len(state.inplay[s]), len(state.listed_of(s))
        rows.append({
            "seat": s, "in_play": in_play, "listed": listed, "alive": in_play + listed,
            "dead": sum(1 for m in state.dead if state.owner[m] == s),
            "out_turn": (state.out_at[s] or None) if state.out[s] else None,
            "winner": s in state.won,
        })
    return {"ending": state.ending or None, "reason": REASONS.get(state.ending, ""),
            "turns": state.turn, "count": rows}


def build_view(state: TableBase, seat: int | None) -> dict[str, Any]:
    """All that ``seat`` may know (``None``: spectators).

    Asked for at every decision a bot makes inside a search's playouts, so each list is
    built in one pass: the listed mobsters of every seat in one walk of the list, card
    names from the components' table (``Components.card_kinds``).
    """
    comps = state.comps
    names = comps.card_kinds
    owner, hitlist, n = state.owner, state.hitlist, state.players
    listed: list[list[int]] = [[] for _ in range(n)]
    for m in hitlist:
        o = owner[m]
        if 0 <= o < n:
            listed[o].append(m + 1)
    gangs = [
        {
            "seat": s,
            "gang": comps.gangs[s],
            "colour": comps.colours[s],
            "in_play": [m + 1 for m in state.inplay[s]],
            "listed": listed[s],
            "hand_size": len(state.hands[s]),
            "out": state.out[s],
        }
        for s in range(n)
    ]
    hand = None
    if seat is not None:
        kind_of = comps.kind_of
        hand = [KINDS[k] for k in sorted([kind_of[c] for c in state.hands[seat]])]
    picking = state.phase == PICK and state.tasks
    decision: dict[str, Any] = {
        "seat": state.current_player,
        "kind": None if state.over else PHASES[state.phase],
        "player": state.player,
        "card": KINDS[state.card] if state.card >= 0 else None,
        "target": state.target if state.target >= 0 else None,
        "asking": list(state.asking),
        "purpose": PURPOSES[state.tasks[0][0]] if picking else None,
        "chosen": [m + 1 for m in state.chosen],
        "quota": list(state.quota),
        "countered_by": state.countered if state.countered >= 0 else None,
        # Turncoat: the gang a revived mobster joins (public: it follows from the counts).
        "for_seat": state.tasks[0][2] if picking and state.tasks[0][0] == TC_REVIVE else None,
        "why": why(state),
    }
    return {
        "game": "chicago-gangster",
        "seat": seat,
        "players": n,
        "to_move": state.current_player,
        "turn": state.turn,
        "terminal": state.over,
        "winners": list(state.won),
        "components": state.options["components"],
        "turn_limit": state.options["turn_limit"],
        "hand": hand,
        "gangs": gangs,
        "owners": owner[:NMOBSTERS],
        "hitlist": [m + 1 for m in hitlist],
        "wall": hitlist[0] + 1 if hitlist else None,
        "dead": [m + 1 for m in state.dead],
        "war": {"rate": state.war, "permanent": state.permanent},
        "pile_size": len(state.pile),
        "discard": [names[c] for c in state.discard],
        # The discards the pile was last remade from (they were face up): the pile holds
        # only cards of these.
        "new_deck": [names[c] for c in state.restock],
        "decision": decision,
        "final": final_count(state) if state.over else None,
    }


def build_brief_view(state: TableBase, seat: int) -> dict[str, Any]:
    """The part of :func:`build_view` that Chicago Gangster's own bot reads
    (``State.brief_view``): the seat, its hand, each gang's mobsters in play and whether
    it is out, the owners, the list, the war and the decision's kind, card, purpose and
    picks so far.

    The search's playouts ask the bot for a decision at almost every step, and the whole
    view (names, colours, the discards by name, the final count, the decision in words)
    was a fifth of the hard level's time. Every key kept holds what the view holds there
    (the conformance suite checks it), so the bot is told nothing more, nor less of what
    it reads.
    """
    hand = [KINDS[k] for k in sorted([state.comps.kind_of[c] for c in state.hands[seat]])]
    out = state.out
    picking = state.phase == PICK and state.tasks
    return {
        "seat": seat,
        "hand": hand,
        "gangs": [{"in_play": [m + 1 for m in mobsters], "out": out[s]}
                  for s, mobsters in enumerate(state.inplay)],
        "owners": state.owner[:NMOBSTERS],
        "hitlist": [m + 1 for m in state.hitlist],
        "war": {"rate": state.war, "permanent": state.permanent},
        "decision": {
            "kind": None if state.over else PHASES[state.phase],
            "card": KINDS[state.card] if state.card >= 0 else None,
            "purpose": PURPOSES[state.tasks[0][0]] if picking else None,
            "chosen": [m + 1 for m in state.chosen],
        },
    }


def redraw(state: TableBase, new: TableBase, seat: int | None, rng: Rng) -> None:
    """Deal the other hands and the pile afresh from the cards ``seat`` cannot see.

    The unseen pool is every card not in ``seat``'s hand nor on the discard pile, in
    ascending order: public facts only, never where the hidden cards really are. Once the
    pile has been remade from the discards, it holds only cards of that public set: the
    pile is drawn from the unseen ones among them, the hands from the rest.
    """
    seen = set(state.discard)
    if seat is not None:
        seen.update(state.hands[seat])
    pool = [c for c in range(state.comps.ncards) if c not in seen]
    pile: list[int] = []
    if state.restock:
        remade = set(state.restock)
        pile = [c for c in pool if c in remade]
        rng.shuffle(pile)
        pool = [c for c in pool if c not in remade] + pile[len(state.pile):]
        del pile[len(state.pile):]
    rng.shuffle(pool)
    for s in range(state.players):
        if s != seat:
            size = len(state.hands[s])
            new.hands[s] = pool[:size]
            del pool[:size]
    new.pile = pool + pile


def body_to_json(state: TableBase) -> dict[str, Any]:
    """The game-specific part of a snapshot (hidden parts included).

    Every list is a copy: a snapshot must not change as the game goes on, nor edit it.
    """
    return {
        "owner": state.owner.copy(), "inplay": [p.copy() for p in state.inplay],
        "hitlist": state.hitlist.copy(), "dead": state.dead.copy(), "box": state.box.copy(),
        "hands": [h.copy() for h in state.hands], "pile": state.pile.copy(),
        "discard": state.discard.copy(), "restock": state.restock.copy(),
        "out": state.out.copy(), "out_at": state.out_at.copy(), "ending": state.ending,
        "war": state.war,
        "permanent": state.permanent, "turn": state.turn, "player": state.player,
        "to_move": state.to_move, "phase": state.phase, "card": state.card,
        "target": state.target, "asking": state.asking.copy(), "countered": state.countered,
        "tasks": [list(t) for t in state.tasks], "quota": state.quota.copy(),
        "chosen": state.chosen.copy(), "won": state.won.copy(), "over": state.over,
    }


def _ints(value: Any) -> list[int]:
    return [int(x) for x in value]


def state_from_body(state: TableBase, comps: Components, body: dict[str, Any]) -> None:
    """Fill ``state`` from :func:`body_to_json`, checking that nothing is lost or doubled."""
    n = state.players
    state.comps = comps
    state.owner = _ints(body["owner"])
    state.inplay = [_ints(p) for p in body["inplay"]]
    state.hitlist, state.dead, state.box = (_ints(body[k]) for k in ("hitlist", "dead", "box"))
    state.hands = [_ints(h) for h in body["hands"]]
    state.pile, state.discard = _ints(body["pile"]), _ints(body["discard"])
    state.restock = _ints(body.get("restock", ()))  # absent in snapshots before it
    state.out = [bool(o) for o in body["out"]]
    # Absent in snapshots from before the final count.
    state.out_at = _ints(body.get("out_at", [0] * n))
    state.ending = str(body.get("ending", ""))
    state.war, state.permanent = int(body["war"]), bool(body["permanent"])
    state.turn, state.player = int(body["turn"]), int(body["player"])
    state.to_move, state.phase = int(body["to_move"]), int(body["phase"])
    state.card, state.target = int(body["card"]), int(body["target"])
    state.asking, state.countered = _ints(body["asking"]), int(body["countered"])
    state.tasks = [(int(a), int(b), int(c)) for a, b, c in body["tasks"]]
    state.quota, state.chosen = _ints(body["quota"]), _ints(body["chosen"])
    state.won, state.over = _ints(body["won"]), bool(body["over"])
    if any(len(x) != n for x in (state.inplay, state.hands, state.out, state.quota,
                                 state.out_at)):
        raise RecordError("chicago-gangster snapshot: per-seat lists do not match players")
    mobsters = state.box + state.hitlist + state.dead + [m for p in state.inplay for m in p]
    if sorted(mobsters) != list(range(NMOBSTERS)) or len(state.owner) != NMOBSTERS:
        raise RecordError("chicago-gangster snapshot: the 54 mobsters are not each in one place")
    cards = state.pile + state.discard + [c for h in state.hands for c in h]
    if sorted(cards) != list(range(comps.ncards)):
        raise RecordError("chicago-gangster snapshot: the action cards are not each in one place")
    if not all(0 <= c < comps.ncards for c in state.restock):
        raise RecordError("chicago-gangster snapshot: restock names a card that is not there")

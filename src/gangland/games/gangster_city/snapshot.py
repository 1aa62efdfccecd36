"""Gangster City's snapshots: a table's body as JSON, and a table rebuilt from one.

Apart from :mod:`.rules` (which keeps :meth:`TableState._body_to_json` and
:meth:`TableState.from_body` as one-line calls here) so that the rules module stays about
the rules; nothing here runs while a game or a search is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gangland.engine.errors import RecordError

from .cards import ALL, NCARDS, Deck, mask_of

if TYPE_CHECKING:
    from .rules import TableState

__all__ = ["body_of", "fill"]


def body_of(state: TableState) -> dict[str, Any]:
    """The body of ``state``'s snapshot. Every list is a copy: a snapshot must not change
    as the game goes on, nor edit it."""
    return {
        "cases": state.cases.copy(),
        "origin": [format(m, "x") for m in state.origin],
        "pile": state.pile.copy(),
        "pile_known": state.pile_known,
        "from_pile": state.from_pile.copy(),
        "middle": state.middle.copy(),
        "discard": state.discard.copy(),
        "clues": [[[c, k] for c, k in cl] for cl in state.clues],
        "solved": [s.copy() for s in state.solved],
        "wrong": state.wrong.copy(),
        "refuted": [format(m, "x") for m in state.refuted],
        "out": state.out.copy(),
        "arrests": [list(a) for a in state.arrests],
        "to_move": state.to_move,
        "turn": state.turn,
        "won": state.won.copy(),
        "over": state.over,
    }


def fill(state: TableState, players: int, deck: Deck, body: dict[str, Any]) -> None:
    """Set every field of a new ``state`` from :func:`body_of`'s body, checking that the
    per-seat lists match ``players`` and that all 54 cards are accounted for."""
    from .rules import MIDDLE, NO_CASE

    state.deck = deck
    state.cases = [int(c) for c in body["cases"]]
    state.origin = [int(m, 16) for m in body["origin"]]
    state.pile = [int(c) for c in body["pile"]]
    state.pile_for = None  # (worked out when first asked)
    state.pile_mask = 0
    state.pile_known = bool(body["pile_known"])
    state.rebuilt = []
    if "from_pile" in body:
        state.from_pile = [bool(f) for f in body["from_pile"]]
    else:  # a snapshot from before the field: guess from where each case came from
        pile = mask_of(state.pile)
        state.from_pile = [
            state.pile_known and c != NO_CASE and o != ALL and not (pile | 1 << c) & ~o
            for c, o in zip(state.cases, state.origin, strict=False)
        ]
    state.middle = [int(c) for c in body["middle"]]
    state.discard = [int(c) for c in body["discard"]]
    state.clues = [[(int(c), int(k)) for c, k in cl] for cl in body["clues"]]
    state.solved = [[int(c) for c in s] for s in body["solved"]]
    state.wrong = [int(w) for w in body["wrong"]]
    state.refuted = [int(m, 16) for m in body["refuted"]]
    state.arrestable = [(m, deck.open_arrests(m)) for m in state.refuted]
    state.out = [bool(o) for o in body["out"]]
    state.arrests = [(int(s), int(c), bool(ok)) for s, c, ok in body["arrests"]]
    state.to_move = int(body["to_move"])
    state.turn = int(body["turn"])
    state.won = [int(s) for s in body["won"]]
    state.over = bool(body["over"])
    per_seat = (state.cases, state.origin, state.clues, state.solved, state.wrong,
                state.refuted, state.out, state.from_pile)
    if any(len(x) != players for x in per_seat) or len(state.middle) != MIDDLE:
        raise RecordError("gangster-city snapshot: per-seat lists do not match players")
    if sorted(state.locations()) != list(range(NCARDS)):
        raise RecordError("gangster-city snapshot: the 54 cards are not each in one place")

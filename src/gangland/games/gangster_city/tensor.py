"""Gangster City's observation tensor: its view (``TableState.view``, ``CaseState.view``)
as fixed slices for an agent (layout: ``docs/rl.md``).

Cards are one-hot by index (card number - 1), 54 values per set of cards. Seats are
relative, the observer first; the observer's own case is never in its view, so its slot
stays zero. A clue is written twice: the card in ``clued`` and its count of matching
elements (0-4) divided by 4 in ``matches``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder, encode_seats, relative, seat_names

from .cards import NCARDS
from .cases import DIFFICULTIES
from .rules import MIDDLE

#: Scales: turns and wrong arrests are clipped at these (a longer game reads as 1).
TURNS = 500
WRONG = 10


def encode(enc: Encoder, view: JSON, players: int, options: Mapping[str, Any]) -> None:
    """Append Gangster City's slices for ``view`` (either mode, as the options say)."""
    observer = encode_seats(enc, view, players)
    enc.scalar("turn", f"turns played / {TURNS}", view["turn"], TURNS)
    enc.flag("experienced", "option experienced: a second wrong arrest puts you out",
             view["experienced"])
    if options["case"]:
        _case(enc, view, players, observer)
    else:
        _table(enc, view, players, observer)


def _clues(enc: Encoder, who: str, clues: list[list[int]]) -> None:
    enc.multihot(f"{who} clued", f"{who}: the cards in the clue area", NCARDS,
                 (card - 1 for card, _ in clues))
    start = enc.pos
    enc.multihot(f"{who} matches", f"{who}: per clue card, its matching elements / 4",
                 NCARDS, ())
    if enc.out is not None:
        for card, count in clues:
            enc.out[start + card - 1] = count / 4


def _table(enc: Encoder, view: JSON, players: int, observer: int | None) -> None:
    enc.scalar("cases to win", "option cases_to_win / 10", view["cases_to_win"], 10)
    stands = view["stands"]
    for k, who in enumerate(seat_names(players)):
        stand = stands[(k + (observer or 0)) % players]
        case = stand["case"]
        enc.onehot(f"{who} case", f"{who}: the case card on the stand, if seen", NCARDS,
                   None if case is None else case - 1)
        _clues(enc, who, stand["clues"])
        enc.multihot(f"{who} solved", f"{who}: the cases solved", NCARDS,
                     (c - 1 for c in stand["solved"]))
        enc.multihot(f"{who} refuted", f"{who}: wrong arrests for the current case",
                     NCARDS, (c - 1 for c in stand["refuted"]))
        enc.scalar(f"{who} wrong", f"{who}: wrong arrests in the game / {WRONG}",
                   stand["wrong_arrests"], WRONG)
        enc.flag(f"{who} out", f"{who}: out of the game", stand["out"])
        origin = stand["case_from"]
        enc.flag(f"{who} case from pile", f"{who}: the case was dealt from a known pile",
                 origin is not None)
        enc.multihot(f"{who} case pool", f"{who}: the cards the case was dealt from",
                     NCARDS, (c - 1 for c in origin or ()))
    for slot in range(MIDDLE):
        card = view["middle"][slot]
        enc.onehot(f"middle {slot + 1}", f"the face-up card in middle slot {slot + 1}",
                   NCARDS, None if card is None else card - 1)
    pile = view["pile"]
    enc.scalar("pile size", f"cards in the pile / {NCARDS}", pile["size"], NCARDS)
    enc.flag("pile known", "the pile's cards are public (rebuilt from discards)",
             pile["cards"] is not None)
    enc.multihot("pile cards", "the public pile's cards (with unseen cases mixed in)",
                 NCARDS, (c - 1 for c in pile["cards"] or ()))
    enc.multihot("pile hides", "the seats whose unseen case is mixed into the pile "
                 "(relative)", players, (relative(s, observer, players)
                                         for s in pile["with_cases_of"]))
    enc.multihot("discard", "the discarded cards", NCARDS, (c - 1 for c in view["discard"]))


def _case(enc: Encoder, view: JSON, players: int, observer: int | None) -> None:
    enc.onehot("difficulty", "the generated case: easy, medium, hard", len(DIFFICULTIES),
               DIFFICULTIES.index(view["difficulty"]))
    _clues(enc, "case", view["clues"])
    names = seat_names(players)
    for k, who in enumerate(names):
        seat = (k + (observer or 0)) % players
        enc.multihot(f"{who} arrested", f"{who}: the cards arrested (all wrong but the "
                     "last, once solved)", NCARDS,
                     (card - 1 for s, card, _ in view["arrests"] if s == seat))
        enc.scalar(f"{who} wrong", f"{who}: wrong arrests / {WRONG}",
                   view["wrong_arrests"][seat], WRONG)
        enc.flag(f"{who} out", f"{who}: out of the case", view["out"][seat])
    solution = view["solution"]
    enc.onehot("solution", "the solution, shown once the game is over", NCARDS,
               None if solution is None else solution - 1)

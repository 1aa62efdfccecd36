"""What a seat can deduce about a case card: shared by ``resample`` and the bots.

A case card is pinned down by three kinds of fact, all public to the seat that holds it:
the match count of every clue card it investigated, the arrests it made that were answered
"wrong", and the simple fact that it is none of the cards the seat can see (each element
combination exists once).

>>> from .cards import default_deck
>>> deck = default_deck()
>>> mask = consistent(deck, [(0, 4)])  # card #1 matched all four elements
>>> [c + 1 for c in cards_in(mask)]
[1]
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from .cards import ALL, Deck, cards_in, mask_of_numbers

_FIRST = itemgetter(0)

__all__ = ["cards_in", "consistent", "own_candidates_from_view"]


def consistent(deck: Deck, clues: Iterable[tuple[int, int]], refuted: int = 0) -> int:
    """Mask of the cards that give every ``(card, count)`` clue and are not refuted."""
    mask = ALL & ~refuted
    masks = deck._masks  # (``with_count`` without its call: this runs at every search step)
    for card, count in clues:
        mask &= masks[card][count]
    return mask


def own_candidates_from_view(deck: Deck, view: dict[str, object],
                             visible: int | None = None) -> int:
    """The cards the viewing seat's own case may be, from its view alone.

    This is what a player at the table can work out: the unseen cards that agree with
    every count and every wrong arrest of the current case. After the pile was rebuilt
    from the discards, its listed cards are unseen only if this case was dealt from it.
    Once the game is over the view shows the case itself, and that card is the answer.
    ``visible``: the view's :func:`visible_mask`, where the caller has it already.
    """
    seat = view["seat"]
    stands = view["stands"]
    assert isinstance(seat, int) and isinstance(stands, list)
    mine = stands[seat]
    if mine["case"] is not None:  # (shown once the game is over: the case is known)
        return 1 << (int(mine["case"]) - 1)
    if visible is None:
        visible = visible_mask(view)
    mask = ALL & ~mask_of_numbers(mine["refuted"]) & ~visible
    masks = deck._masks  # (``with_count`` inline, as in ``consistent``)
    for number, count in mine["clues"]:
        mask &= masks[number - 1][count]
    return mask


def visible_mask(view: dict[str, object]) -> int:
    """Every card the view shows (stands, middle, clues, solved, discards, a known pile).

    A public pile whose cards hide a case dealt from it (``pile.with_cases_of``) is not
    shown: the viewer knows those cards are the pile and its case, not which is which.
    """
    # Every number shown, gathered into one list and joined by one ``mask_of_numbers``
    # (the detective works this out at every decision of a search's playouts).
    shown: list[int] = []
    stands = view["stands"]
    assert isinstance(stands, list)
    for stand in stands:
        case, clues = stand["case"], stand["clues"]
        if clues:
            shown += map(_FIRST, clues)
        shown += stand["solved"]
        if case is not None:
            shown.append(case)
    middle = view["middle"]
    discard = view["discard"]
    pile = view["pile"]
    assert isinstance(middle, list) and isinstance(discard, list) and isinstance(pile, dict)
    shown += discard
    if pile["cards"] is not None and not pile.get("with_cases_of"):
        # A public pile's cards are seen, unless an unseen case is mixed in among them
        # (dealt from that pile): then they are the viewer's unknowns, like a face-down pile.
        shown += pile["cards"]
    # The middle's numbers, its empty slots (None) left out by ``filter``, which drops
    # nothing else: every number is at least 1.
    shown += filter(None, middle)
    return mask_of_numbers(shown)

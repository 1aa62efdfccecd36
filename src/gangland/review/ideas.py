"""The idea behind a costly move, where it can be named from the seat's view alone.

A review says a move cost so much; a player wants to know why. Each function here is
given the seat's view at the decision, the move played and the best move found, and
names the rule or idea the move went against, or returns ``""``. Gangster City's is exact
(its candidates are worked out as the detective works them out); for the others the idea
is what kind of move the search preferred, which is often the lesson (drive rather than
pass, investigate rather than arrest). Only the seat's view is read: an idea can say
nothing the seat could not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gangland.engine import Action
from gangland.games.gangster_city.cards import deck_from, default_deck
from gangland.games.gangster_city.knowledge import own_candidates_from_view

#: (the seat's view, the move played, the best move found) -> the idea, or "".
Idea = Callable[[dict[str, Any], Action, Action], str]


def city(view: dict[str, Any], played: Action, best: Action) -> str:
    """An arrest made while the clues left more than one candidate for the seat's case (or
    of a card they had ruled out)."""
    if played.kind != "arrest" or view.get("mode") == "case":
        return ""
    path = view.get("components") or ""
    deck = deck_from(path) if path else default_deck()
    cands = own_candidates_from_view(deck, view)
    card = deck.card_of(tuple(str(a) for a in played.args))
    m = cands.bit_count()
    if not cands >> card & 1:
        return "an arrest of a card the clues had already ruled out"
    if m > 1:
        then = " rather than investigate first" if best.kind != "arrest" else ""
        return f"an arrest with {m} candidates left (right one time in {m}){then}"
    return ""


def kinds(view: dict[str, Any], played: Action, best: Action) -> str:
    """What kind of move the search preferred, where it is another verb."""
    if played.kind == best.kind:
        return ""
    return f"{played.kind} where the search would {best.kind}"


IDEAS: dict[str, Idea] = {"gangster-city": city}


def idea_of(game_id: str, view: dict[str, Any], played: Action, best: Action) -> str:
    """The idea behind ``played`` (``""`` when it was the best found or none is named).

    >>> from gangland.engine import Action
    >>> idea_of("gangster", {}, Action("pass"), Action("drive", (2,)))
    'pass where the search would drive'
    """
    if played == best:
        return ""
    return IDEAS.get(game_id, kinds)(view, played, best) or kinds(view, played, best)

"""Gangster City's idea: an arrest made while the clues still left several candidates."""

from __future__ import annotations

from typing import Any

from gangland.engine import Action
from gangland.games.gangster_city.cards import deck_from, default_deck
from gangland.games.gangster_city.knowledge import own_candidates_from_view


def city(view: dict[str, Any], played: Action, best: Action) -> str:
    """An arrest made while the clues left more than one candidate for the seat's case (or
    of a card they had ruled out): exact, worked out as the detective works them out."""
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

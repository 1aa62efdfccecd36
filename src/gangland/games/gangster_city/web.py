"""Gangster City in the browser: the static, public card faces a renderer draws from.

A view names cards only by number (``"middle": [17, 3, 40]``), because that is all the
rules need and all a seat may be told beyond what it sees. To draw a card the browser must
know what the number shows: its suspect, weapon, scene and motive. That depends on the
numbering in use (a components file may change it), so the server sends it once per table,
in the ``welcome`` message, as ``client_data``.

Nothing here comes from a state: the faces of all 54 cards are printed on the cards and
listed in the rulebook's player aid, so every seat and every spectator may have them.

>>> data = client_data({})
>>> data["cards"][16]["words"]
['entertainer', 'syringe', 'hotel-room', 'money']
>>> data["cards"][16]["label"]
'#17 Entertainer, Syringe, Hotel Room, Money'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine import OptionValue

from .cards import CATEGORIES, NCARDS, Deck, deck_from, default_deck

__all__ = ["client_data"]

#: Singular field names of the four categories, in card order (suspect, weapon, ...).
FIELDS = ("suspect", "weapon", "scene", "motive")


def _title(word: str) -> str:
    """How people read an element word: ``hotel-room`` -> ``Hotel Room``."""
    return word.replace("-", " ").title()


def _deck(options: Mapping[str, OptionValue]) -> Deck:
    """The numbering the table plays with (the shipped one unless a file is named)."""
    path = options.get("components") or ""
    return deck_from(str(path)) if path else default_deck()


def client_data(options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """The card faces and element names a renderer needs, JSON-safe.

    ``elements``: per category (singular name), the element words in their fixed order, so
    a renderer can give each element one symbol and position. ``cards``: index ``n - 1``
    is card number ``n``, with its words (as typed in ``arrest``), their readable titles,
    and each element's position in its category.
    """
    deck = _deck(options)
    elements = [
        {"field": field, "category": category,
         "words": list(words), "titles": [_title(w) for w in words]}
        for field, category, words in zip(FIELDS, CATEGORIES, deck.elements, strict=True)
    ]
    cards = []
    for index in range(NCARDS):
        words = deck.words(index)
        cards.append({
            "number": index + 1,
            "words": list(words),
            "titles": [_title(w) for w in words],
            "elements": list(deck.cards[index]),
            "label": deck.label(index),
            "arrest": "arrest " + " ".join(words),
        })
    return {"game": "gangster-city", "elements": elements, "cards": cards}

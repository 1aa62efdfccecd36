"""Gangster (1994) in the browser: the static, public components a board renderer draws from.

A view names spaces by number and shows the viewer's own cards in full; a board drawing also
needs the track's space names (the printed kinds, and the English names people read, the
same as the terminal's), the prices of the dealer and the cousin, and the face of every
card that can appear face up (the used piles list card numbers). All of it is printed and
public, and depends only on the components in use, so the server sends it once per table,
in the ``welcome`` message.

>>> data = client_data({})
>>> data["track"][0], len(data["cards"]), data["cards"][0]["deck"], data["names"]["vendeur"]
('refuge', 288, 'aventure', 'Dealer')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine import OptionValue

from .components import DECKS, EFFECTS, NAMES, components_from

__all__ = ["client_data"]


def client_data(options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """The track, the setup figures and every card's face (JSON-safe, no state read)."""
    comps = components_from(str(options.get("components") or ""))
    cards = []
    for c in range(len(comps.deck)):
        deck = DECKS[comps.deck[c]]
        face: dict[str, Any] = {"number": c, "deck": deck, "a": comps.a[c], "b": comps.b[c],
                                "star": comps.star[c], "text": comps.text[c]}
        if deck == "aventure":
            face["effect"] = EFFECTS[comps.b[c]]
        cards.append(face)
    return {
        "game": "gangster-1994",
        "track": list(comps.track),
        "targets": list(comps.targets),
        "short_less": comps.short_less,
        "start_cash": comps.start_cash,
        "prices": {"vendeur": comps.vendeur_price, "protection": comps.protection_price,
                   "auction": comps.auction_start},
        "names": dict(NAMES),
        "decks": list(DECKS),
        "cards": cards,
    }

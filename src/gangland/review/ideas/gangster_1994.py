"""Gangster (1994)'s ideas: the Expert's full price let go, the dealer's bargain passed up.

At the final count an unsold item counts half ("Divide this amount by two and round it up
to the next hundred"), while the Expert pays "the amount indicated for each item". The
seat knows the value of every item it holds (its view lists them), so what a sale would
have brought is in its view.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Action
from gangland.games.gangster_1994.components import DECKS, default_components
from gangland.games.gangster_1994.moves import DECKS_OF


def _value(view: dict[str, Any], move: Action) -> int | None:
    """The value of the item a ``sell KIND N`` names, if the seat knows it."""
    items = view["table"][view["seat"]]["items"][DECKS_OF[str(move.args[0])]]
    n = int(move.args[1])
    value = items[n - 1] if n <= len(items) else None
    return None if value is None else int(value)


def printed_mean(kind: str) -> int:
    """The mean value of the printed deck's pearls or diamonds, to the hundred below.

    >>> printed_mean("pearl"), printed_mean("diamond")
    (3900, 3900)
    """
    comps = default_components()
    values = [comps.a[c] for c in comps.cards(DECKS.index(DECKS_OF[kind]))]
    return sum(values) // len(values) // 100 * 100


def gangster_1994(view: dict[str, Any], played: Action, best: Action) -> str:
    """At the Expert: an item kept that he would have bought at full value, or the cheaper
    of two items of a kind sold (he buys one of each kind a visit); at the dealer: his item
    passed up for $500, well below what one is worth on average."""
    if "table" not in view or best.kind not in ("sell", "buy"):
        return ""
    if best.kind == "sell":
        worth = _value(view, best)
        if worth is None:
            return ""
        kind = str(best.args[0])
        if played.kind == "done":
            return (f"keeping a ${worth:,} {kind} the Expert would buy at its value: "
                    "unsold, it counts half at the end")
        if played.kind == "sell" and str(played.args[0]) == kind:
            sold = _value(view, played)
            if sold is not None and sold < worth:
                return (f"selling the ${sold:,} {kind} rather than the ${worth:,} one "
                        f"(the Expert buys one {kind} a visit; unsold, it counts half)")
        return ""
    kind = str(best.args[0])
    if played.kind == "pass" and kind in DECKS_OF:
        return (f"passing up the dealer's {kind} for $500, when one is worth about "
                f"${printed_mean(kind):,} on average")
    return ""

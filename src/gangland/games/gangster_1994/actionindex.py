"""Gangster (1994)'s fixed action index: bids capped, trades with the seats in play.

A bid is a multiple of $100 from the least allowed up to the bidder's cash (the
auction, Enchère), and cash has no bound in the rules: the bank pays every Course,
Expert and Refuge, and a player need not make the purchase offer once he can. The index
lists bids from $100 to :data:`BID_CAP` ($200,000, more than three times the largest
target sum, $60,000 for two players); random play met bids up to $53,400. A legal bid
above the cap raises :class:`ActionIndexError` naming it from ``legal_action_indices``
(never dropped); ``docs/rl.md`` gives the figures.
"""

from __future__ import annotations

from gangland.engine.actionindex import ActionIndex, Part, amounts

from .moves import GRAMMAR, KINDS

#: The largest bid the index holds.
BID_CAP = 200_000


def build_index(players: int) -> ActionIndex:
    """The index for this player count (the options change nothing in it)."""
    parts: dict[str, list[Part]] = {
        "bid": [amounts(100, BID_CAP)],
        "trade": [[(p,) for p in range(1, players + 1)], [(k,) for k in KINDS]],
    }
    notes = {"bid": f"bids of $100 to ${BID_CAP:,}; a larger bid is outside",
             "trade": f"seats 1 to {players}"}
    return ActionIndex("gangster-1994", players, GRAMMAR, parts, notes)

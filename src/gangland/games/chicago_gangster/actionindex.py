"""Chicago Gangster's fixed action index: the grammar's, with targets the seats in play.

Every argument of the grammar is finite (cards, mobsters 1 to 54), so the index is the
grammar's own but for ``target N``, which names only seats 1 to the player count.
"""

from __future__ import annotations

from gangland.engine.actionindex import ActionIndex

from .moves import GRAMMAR


def build_index(players: int) -> ActionIndex:
    """The index for this player count (the options change nothing in it)."""
    seats = [(p,) for p in range(1, players + 1)]
    return ActionIndex("chicago-gangster", players, GRAMMAR, {"target": [seats]},
                       {"target": f"seats 1 to {players}"})

"""Positions reached by seeded random play, for the terminal's layout tests.

The layout tests need varied, realistic positions that are the same on every run; a few
random legal moves from a seeded deal give both.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import gangland
from gangland.engine import OptionValue, State


def random_position(game_id: str, players: int, seed: int, moves: int,
                    options: Mapping[str, OptionValue] | None = None,
                    prefer: str | None = None) -> State:
    """The position after up to ``moves`` random legal moves of a game seeded ``seed``
    (fewer if it ends). With ``prefer``, an action of that kind is played whenever one is
    legal (Gangster (1994)'s purchase offer, so that a game reaches its end)."""
    state = gangland.load(game_id).new_game(players=players, seed=seed,
                                            options=dict(options or {}))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        actions = list(state.legal_actions())
        chosen = [a for a in actions if a.kind == prefer]
        state.apply(chosen[0] if chosen else rng.choice(actions))
    return state

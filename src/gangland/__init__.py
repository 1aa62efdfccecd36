"""Gangland: five gangster-themed board and card games, every rule enforced.

>>> import gangland
>>> "gangster-city" in gangland.game_ids()
True
>>> state = gangland.load("gangster-city").new_game(players=3, seed=7)
>>> gangland.replay(state.record()).view(0) == state.view(0)
True
"""

from .engine import (
    Action,
    ComponentError,
    Event,
    Game,
    GanglandError,
    IllegalAction,
    InvalidAction,
    Observation,
    OptionError,
    RecordError,
    Rng,
    State,
    UnknownGame,
    game_ids,
    load,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ComponentError",
    "Event",
    "Game",
    "GanglandError",
    "IllegalAction",
    "InvalidAction",
    "Observation",
    "OptionError",
    "RecordError",
    "Rng",
    "State",
    "UnknownGame",
    "__version__",
    "game_ids",
    "load",
    "replay",
]

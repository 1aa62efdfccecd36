"""Bots: they see observations only. Importing this package registers every bot."""

from . import chicago_gangster as _chicago_gangster  # noqa: F401  (registers "heuristic")
from . import gangster as _gangster  # noqa: F401  (registers "greedy")
from . import gangster_1994 as _gangster_1994  # noqa: F401  (registers "heuristic")
from . import gangster_city as _gangster_city  # noqa: F401  (registers "detective")
from . import gangster_city_hunch as _gangster_city_hunch  # noqa: F401  (registers "heuristic")
from . import gangsters as _gangsters  # noqa: F401  (registers "heuristic")
from . import ismcts as _ismcts  # noqa: F401  (registers "ismcts")
from .base import (
    Bot,
    RandomBot,
    bot_help,
    bot_names,
    bot_seeds,
    decide,
    default_bot,
    easy_bot,
    make_bot,
    register_bot,
)

__all__ = [
    "Bot",
    "RandomBot",
    "bot_help",
    "bot_names",
    "bot_seeds",
    "decide",
    "default_bot",
    "easy_bot",
    "make_bot",
    "register_bot",
]

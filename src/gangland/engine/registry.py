"""The registry of games: ids to :class:`Game` declarations.

Games register themselves when their module is imported (``register(GAME)``). The engine
knows no game by name; :func:`discover` imports every sub-package of a package (by
default ``gangland.games``) so a new game needs only its own folder.
"""

from __future__ import annotations

import importlib
import pkgutil

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}
_discovered: set[str] = set()


def register(game: Game) -> Game:
    """Add a game; registering a different game under a taken id is an error."""
    known = _GAMES.get(game.id)
    if known is not None and type(known) is not type(game):
        raise ValueError(f"game id {game.id!r} is already registered by {known!r}")
    _GAMES[game.id] = game
    return game


def discover(package: str = "gangland.games") -> None:
    """Import every sub-package of ``package`` once, letting each register itself."""
    if package in _discovered:
        return
    pkg = importlib.import_module(package)
    for info in pkgutil.iter_modules(pkg.__path__, package + "."):
        importlib.import_module(info.name)
    _discovered.add(package)


def game_ids() -> list[str]:
    """The registered game ids, sorted."""
    discover()
    return sorted(_GAMES)


def load(game_id: str) -> Game:
    """The game registered as ``game_id``; an unknown id names the known ones."""
    discover()
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(
            f"unknown game {game_id!r}; games are: {', '.join(sorted(_GAMES))}"
        ) from None

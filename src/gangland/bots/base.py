"""The bot interface and registry: bots see an :class:`Observation`, never a state.

A bot is made from a *spec* such as ``random`` or ``detective`` (later ``ismcts:1s``): the
name picks the factory, the text after a colon is the factory's argument. Generic bots work
for every game; a game's own bots are registered for that game id only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Protocol

from gangland.engine import Action, Game, Observation, OptionError, Rng


class Bot(Protocol):
    """Something that picks an action from an observation."""

    name: str
    needs_samples: ClassVar[bool]

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions``."""
        ...


BotFactory = Callable[[Game, int, str], Bot]


@dataclass(frozen=True)
class BotEntry:
    """A registered bot: its factory, a one-line description, and the games it plays."""

    name: str
    factory: BotFactory
    help: str
    games: frozenset[str] | None  # None: every game


_BOTS: dict[str, BotEntry] = {}


def register_bot(
    name: str, factory: BotFactory, help: str, games: Iterable[str] | None = None
) -> None:
    """Make ``name`` available as a bot spec (for ``games``, or for all when None)."""
    _BOTS[name] = BotEntry(name, factory, help, None if games is None else frozenset(games))


def bot_names(game_id: str) -> list[str]:
    """The bots that can play ``game_id``, sorted."""
    return sorted(n for n, e in _BOTS.items() if e.games is None or game_id in e.games)


def bot_help(game_id: str) -> dict[str, str]:
    """Name to description, for the bots that can play ``game_id``."""
    return {n: _BOTS[n].help for n in bot_names(game_id)}


def make_bot(spec: str, game: Game, seed: int) -> Bot:
    """A bot from its spec (``name`` or ``name:argument``), seeded; bad specs are refused."""
    name, _, arg = spec.partition(":")
    entry = _BOTS.get(name)
    if entry is None or (entry.games is not None and game.id not in entry.games):
        raise OptionError(
            f"unknown bot {spec!r} for {game.id}; bots are: {', '.join(bot_names(game.id))}"
        )
    return entry.factory(game, seed, arg)


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    needs_samples: ClassVar[bool] = False

    def __init__(self, seed: int) -> None:
        self.name = "random"
        self.rng = Rng(seed)

    def choose(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal_actions)


def _random(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the random bot takes no argument")
    return RandomBot(seed)


register_bot("random", _random, "uniformly random legal moves")

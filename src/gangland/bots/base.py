"""The bot interface and registry: bots see an :class:`Observation`, never a state.

A bot is made from a *spec* such as ``random`` or ``detective`` (later ``ismcts:1s``): the
name picks the factory, the text after a colon is the factory's argument. Generic bots work
for every game; a game's own bots are registered for that game id only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Protocol, runtime_checkable

from gangland.engine import Action, Game, Observation, OptionError, Rng, State


class Bot(Protocol):
    """Something that picks an action from an observation."""

    name: str
    needs_samples: ClassVar[bool]
    # A bot may also set ``brief: ClassVar[bool] = True`` to be given the game's brief view
    # (``State.brief_view``, a part of the view) instead of the whole one; see ``decide``.

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions``."""
        ...


@runtime_checkable
class Ranker(Bot, Protocol):
    """A bot that scores every legal move, so that a search may look at its best few only
    (``ismcts``'s ``width``); its :meth:`choose` plays the first of the best scored."""

    def scores(self, obs: Observation) -> list[float]:
        """One score per action of ``obs.legal_actions``, in that order: higher is better."""
        ...


BotFactory = Callable[[Game, int, str], Bot]


@dataclass(frozen=True)
class BotEntry:
    """A registered bot: its factory, a one-line description, and the games it plays."""

    name: str
    factory: BotFactory
    help: str
    games: frozenset[str] | None  # None: every game
    strength: int  # higher plays better; the strongest is the default opponent


#: Every registration, newest last. Two games may each have a bot of the same name (each
#: game's ``heuristic``): a name is looked up for one game, and the newest entry that plays
#: that game answers.
_BOTS: list[BotEntry] = []


def register_bot(
    name: str,
    factory: BotFactory,
    help: str,
    games: Iterable[str] | None = None,
    strength: int = 0,
) -> None:
    """Make ``name`` available as a bot spec (for ``games``, or for all when None).

    ``strength`` orders bots for choosing a default opponent: random 0, a game's heuristic
    bots 10, search 20.
    """
    games_set = None if games is None else frozenset(games)
    _BOTS.append(BotEntry(name, factory, help, games_set, strength))


def _entry(name: str, game_id: str) -> BotEntry | None:
    """The bot called ``name`` for ``game_id`` (the newest registration that plays it)."""
    for entry in reversed(_BOTS):
        if entry.name == name and (entry.games is None or game_id in entry.games):
            return entry
    return None


def bot_names(game_id: str) -> list[str]:
    """The bots that can play ``game_id``, sorted."""
    return sorted({e.name for e in _BOTS if e.games is None or game_id in e.games})


def bot_help(game_id: str) -> dict[str, str]:
    """Name to description, for the bots that can play ``game_id``."""
    return {n: e.help for n in bot_names(game_id) if (e := _entry(n, game_id)) is not None}


def default_bot(game_id: str) -> str:
    """The strongest bot that plays ``game_id`` (first by name among equals).

    >>> default_bot("gangster-city")
    'detective'
    """
    def rank(name: str) -> tuple[int, list[int]]:
        entry = _entry(name, game_id)
        return (entry.strength if entry else -1, [-ord(c) for c in name])

    return max(bot_names(game_id), key=rank)


def easy_bot(game_id: str) -> str:
    """The gentlest of the game's own bots, those made for it (not ``random``, not search).

    The web table offers it as the *easy* level. Most games have one bot of their own, so
    it is also their default; Gangster City has a casual ``heuristic`` below its near-perfect
    ``detective``.

    >>> easy_bot("gangster-city"), default_bot("gangster-city")
    ('heuristic', 'detective')
    """
    def rank(name: str) -> tuple[int, str]:
        entry = _entry(name, game_id)
        return (entry.strength if entry else 0, name)

    own = [n for n in bot_names(game_id)
           if (e := _entry(n, game_id)) is not None and e.games is not None]
    return min(own, key=rank) if own else default_bot(game_id)


def decide(bot: Bot, state: State, rng: Rng, seat: int | None = None) -> Action:
    """The bot's choice for the player to move, seen through an :class:`Observation` only.

    This is the one place where a state meets a bot: the observation holds the seat's view
    (its brief view for a bot whose ``brief`` is true) and, for bots that sample, a
    determinization drawn with ``rng``, never the state.

    ``seat``: the player to move, when the caller has just read it (a search's playout
    has, at every step), so that the state is not asked again; it must be
    ``state.current_player``.
    """
    if seat is None:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody is to decide")
    return bot.choose(Observation.of(state, seat, rng if bot.needs_samples else None,
                                     getattr(bot, "brief", False), True))


def bot_seeds(seed: int, seats: int) -> list[int]:
    """Each seat's bot seed, derived from the game's seed (same game, same bots).

    A seed below ``2**64`` gives 63-bit seeds from SplitMix64, as always; a keyed seed (a
    game started without one) gives keyed seeds drawn from all its bits, so a bot's own
    chance is as unguessable as the deal: a seat that could rebuild a bot's generator
    could replay its choices against each candidate hand and read the hand.

    >>> bot_seeds(7, 2)
    [4683190392745717831, 1335013513278259979]
    >>> all(s >> 128 == 1 for s in bot_seeds(2**128 + 7, 2))
    True
    """
    rng = Rng.for_seed(seed ^ 0xB075)
    return [rng.next_seed() for _ in range(seats)]


def make_bot(spec: str, game: Game, seed: int) -> Bot:
    """A bot from its spec (``name`` or ``name:argument``), seeded; bad specs are refused."""
    name, _, arg = spec.partition(":")
    entry = _entry(name, game.id)
    if entry is None:
        raise OptionError(
            f"unknown bot {spec!r} for {game.id}; bots are: {', '.join(bot_names(game.id))}"
        )
    return entry.factory(game, seed, arg)


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    needs_samples: ClassVar[bool] = False

    def __init__(self, seed: int) -> None:
        self.name = "random"
        self.rng = Rng.for_seed(seed)

    def choose(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal_actions)


def _random(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the random bot takes no argument")
    return RandomBot(seed)


register_bot("random", _random, "uniformly random legal moves")

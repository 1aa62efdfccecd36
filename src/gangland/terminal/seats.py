"""Who sits where: ``--seat human`` or a bot spec per seat, with sensible defaults.

A game's own bots (registered for that game id only) know its rules and play far better
than the generic ones, so the default opponent is the first of those if there is any,
else ``random``. Looking it up at run time means a bot registered later (Gangster City's
``detective``) becomes the default without touching this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gangland.bots import Bot, bot_names, make_bot
from gangland.engine import Game, OptionError, Rng

HUMAN = "human"
DEFAULT_BOT = "bot"  # typed as a seat: "the default bot"


def default_bot(game: Game) -> str:
    """The game's own first bot if it has one (e.g. ``detective``), else ``random``.

    >>> import gangland
    >>> default_bot(gangland.load("gangster-city")) in bot_names("gangster-city")
    True
    """
    generic = set(bot_names(""))  # bots registered for every game
    own = [name for name in bot_names(game.id) if name not in generic and name != "random"]
    return own[0] if own else "random"


@dataclass(frozen=True)
class Seats:
    """One spec per seat (``human`` or a bot spec) and the bots made from them."""

    specs: tuple[str, ...]
    bots: tuple[Bot | None, ...]

    @property
    def humans(self) -> list[int]:
        """The seats played at this terminal."""
        return [s for s, spec in enumerate(self.specs) if spec == HUMAN]


def resolve_specs(game: Game, given: Sequence[str], players: int) -> list[str]:
    """Fill the seats: given specs first, then the default bot; no seat given: P1 human."""
    if len(given) > players:
        raise OptionError(f"{len(given)} seats given for {players} players")
    specs = [s.strip().lower() for s in given] or [HUMAN]
    bot = default_bot(game)
    specs = [bot if s == DEFAULT_BOT else s for s in specs]
    return specs + [bot] * (players - len(specs))


def make_seats(game: Game, specs: Sequence[str], seed: int) -> Seats:
    """Build the bots (seeded from the game's seed, each seat differently); refuse bad specs."""
    rng = Rng(seed ^ 0xB075)
    bots: list[Bot | None] = []
    for spec in specs:
        bot_seed = rng.next64() >> 1
        bots.append(None if spec == HUMAN else make_bot(spec, game, bot_seed))
    return Seats(tuple(specs), tuple(bots))

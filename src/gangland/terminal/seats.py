"""Who sits where: ``--seat human`` or a bot spec per seat, with sensible defaults.

The default opponent is the strongest bot registered for the game
(:func:`gangland.bots.default_bot`), looked up at run time, so a stronger bot registered
later becomes the default without touching this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gangland.bots import Bot, bot_seeds, default_bot, make_bot
from gangland.engine import Game, OptionError

HUMAN = "human"
DEFAULT_BOT = "bot"  # typed as a seat: "the default bot"


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
    bot = default_bot(game.id)
    specs = [bot if s == DEFAULT_BOT else s for s in specs]
    return specs + [bot] * (players - len(specs))


def make_seats(game: Game, specs: Sequence[str], seed: int) -> Seats:
    """Build the bots (seeded from the game's seed, each seat differently); refuse bad specs."""
    bots = [
        None if spec == HUMAN else make_bot(spec, game, s)
        for spec, s in zip(specs, bot_seeds(seed, len(specs)), strict=True)
    ]
    return Seats(tuple(specs), tuple(bots))

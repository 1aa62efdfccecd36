"""Who sits where: ``--seat human`` or a bot spec per seat, with sensible defaults.

The default opponent is the strongest bot registered for the game
(:func:`gangland.bots.default_bot`), looked up at run time, so a stronger bot registered
later becomes the default without touching this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gangland.bots import Bot, bot_seeds, default_bot, make_bot
from gangland.engine import Game, OptionError, seat_label

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


def normalize_spec(game: Game, spec: str) -> str:
    """A typed seat as kept: lower case, ``bot`` replaced by the game's default bot by name,
    so that a saved game keeps its opponent even if a later version changes the default."""
    spec = spec.strip().lower()
    return default_bot(game.id) if spec == DEFAULT_BOT else spec


def describe_seats(specs: Sequence[str]) -> str:
    """``P1 random (bot), P2 human``: a seating as a message names it."""
    return ", ".join(f"{seat_label(s)} {spec}" + ("" if spec == HUMAN else " (bot)")
                     for s, spec in enumerate(specs))


def resolve_specs(game: Game, given: Sequence[str], players: int) -> list[str]:
    """A new game's seats: given specs first, then the default bot; none given: P1 human."""
    if len(given) > players:
        raise OptionError(f"{len(given)} seats given for {players} players")
    specs = [normalize_spec(game, s) for s in given] or [HUMAN]
    return specs + [default_bot(game.id)] * (players - len(specs))


def make_seats(game: Game, specs: Sequence[str], seed: int) -> Seats:
    """Build the bots (seeded from the game's seed, each seat differently); refuse bad specs."""
    bots = [
        None if spec == HUMAN else make_bot(spec, game, s)
        for spec, s in zip(specs, bot_seeds(seed, len(specs)), strict=True)
    ]
    return Seats(tuple(specs), tuple(bots))

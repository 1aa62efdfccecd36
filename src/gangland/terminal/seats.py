"""Who sits where: ``--seat human`` or a bot spec per seat, with sensible defaults.

A person may give their name: ``--seat human:Ann``. The spec is kept as typed after the
colon (``human:Ann``, case and all) in the save, so ``--resume`` gives the names back;
a bot's spec is lower case as before.

The default opponent is the strongest bot registered for the game
(:func:`gangland.bots.default_bot`), looked up at run time, so a stronger bot registered
later becomes the default without touching this module.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gangland.bots import Bot, bot_seeds, default_bot, make_bot
from gangland.engine import Game, OptionError, clipped, seat_code, seat_label

HUMAN = "human"
DEFAULT_BOT = "bot"  # typed as a seat: "the default bot"
NAME_LIMIT = 20  # characters in a person's name
#: letters (any script), digits, and spaces, dots, hyphens, apostrophes inside
NAME = re.compile(r"[^\W_](?:[\w .'-]*[^\W_])?")
_LABEL = re.compile(r"\bP([1-9]\d?)\b")


def is_human(spec: str) -> bool:
    """A person's seat: ``human`` or ``human:NAME``."""
    return spec == HUMAN or spec.startswith(HUMAN + ":")


def person_name(spec: str) -> str | None:
    """The name in ``human:NAME`` (None for ``human`` and for bots)."""
    return spec[len(HUMAN) + 1:] if spec.startswith(HUMAN + ":") else None


def seat_names(specs: Sequence[str]) -> dict[int, str]:
    """Each named person's seat and name."""
    return {s: n for s, n in ((s, person_name(spec)) for s, spec in enumerate(specs)) if n}


def named_label(seat: int, names: Mapping[int, str],
                colours: Mapping[int, str] | None = None, you: bool = False) -> str:
    """``Ann (P1, blue)`` for a named seat, ``P1 (you, blue)`` or ``P1`` otherwise: the
    games' texts say P1, so the label is kept beside the name and the colour.

    >>> named_label(0, {0: "Ann"}, {0: "blue"}), named_label(1, {}, {1: "red"}, you=True)
    ('Ann (P1, blue)', 'P2 (you, red)')
    """
    name = names.get(seat)
    extra = [seat_code(seat)] if name else ["you"] if you else []
    if colours and seat in colours:
        extra.append(colours[seat])
    head = name or seat_code(seat)
    return f"{head} ({', '.join(extra)})" if extra else head


def with_names(text: str, names: Mapping[int, str]) -> str:
    """An event's text with each named seat's label (``P1``) replaced by the name.

    >>> with_names("P1 aims Contract at P2. Sam Giancana (P2) goes home.", {1: "Ann"})
    'P1 aims Contract at Ann. Sam Giancana (Ann) goes home.'
    """
    if not names:
        return text
    return _LABEL.sub(lambda m: names.get(int(m.group(1)) - 1, m.group(0)), text)


@dataclass(frozen=True)
class Seats:
    """One spec per seat (``human`` or a bot spec) and the bots made from them."""

    specs: tuple[str, ...]
    bots: tuple[Bot | None, ...]

    @property
    def humans(self) -> list[int]:
        """The seats played at this terminal."""
        return [s for s, spec in enumerate(self.specs) if is_human(spec)]


def normalize_spec(game: Game, spec: str) -> str:
    """A typed seat as kept: lower case, ``bot`` replaced by the game's default bot by name,
    so that a saved game keeps its opponent even if a later version changes the default;
    ``human:NAME`` keeps the name as typed (refused unless it is a plain name)."""
    spec = spec.strip()
    kind, colon, name = spec.partition(":")
    if colon and kind.strip().lower() == HUMAN:
        name = " ".join(name.split())
        if not name:
            return HUMAN
        if len(name) > NAME_LIMIT or not NAME.fullmatch(name) or _LABEL.fullmatch(name):
            raise OptionError(
                f"--seat human:NAME: {clipped(name)} is not a name; a name has 1 to "
                f"{NAME_LIMIT} letters, digits or spaces (such as human:Ann), and is not a "
                "seat label like P2")
        return f"{HUMAN}:{name}"
    spec = spec.lower()
    return default_bot(game.id) if spec == DEFAULT_BOT else spec


def check_names(specs: Sequence[str]) -> None:
    """Refuse two people with the same name: the table could not tell them apart."""
    seen: dict[str, tuple[int, str]] = {}
    for seat, name in seat_names(specs).items():
        key = name.casefold()
        if key in seen:
            first, was = seen[key]
            raise OptionError(f"--seat: {seat_label(first)} and {seat_label(seat)} are "
                              f"both called {was}; give each person a name of their own")
        seen[key] = seat, name


def describe_seats(specs: Sequence[str]) -> str:
    """``P1 random (bot), P2 human``: a seating as a message names it."""
    return ", ".join(f"{seat_label(s)} {spec}" + ("" if is_human(spec) else " (bot)")
                     for s, spec in enumerate(specs))


def resolve_specs(game: Game, given: Sequence[str], players: int) -> list[str]:
    """A new game's seats: given specs first, then the default bot; none given: P1 human."""
    if len(given) > players:
        raise OptionError(f"{len(given)} seats given for {players} players")
    specs = [normalize_spec(game, s) for s in given] or [HUMAN]
    check_names(specs)
    return specs + [default_bot(game.id)] * (players - len(specs))


def make_seats(game: Game, specs: Sequence[str], seed: int) -> Seats:
    """Build the bots (seeded from the game's seed, each seat differently); refuse bad specs."""
    bots = [
        None if is_human(spec) else make_bot(spec, game, s)
        for spec, s in zip(specs, bot_seeds(seed, len(specs)), strict=True)
    ]
    return Seats(tuple(specs), tuple(bots))

"""The observation layouts of every registered game, as the Markdown of ``docs/rl.md``.

Written from :meth:`Game.observation_layout` itself, so the documentation is the code's:
``scripts/observation_layout.py`` writes it between the markers of ``docs/rl.md``, and a
test fails when the two differ.
"""

from __future__ import annotations

from collections.abc import Mapping

from .game import Game
from .registry import game_ids, load

BEGIN, END = "<!-- observation-layout:begin -->", "<!-- observation-layout:end -->"
#: The player count the tables are drawn for (every game can be played by two).
PLAYERS = 2


def _bounds(low: float, high: float) -> str:
    return f"{low:g}..{high:g}"


def layout_table(game: Game, players: int, options: Mapping[str, object]) -> list[str]:
    """One Markdown table: each slice's name, start, size, bounds and meaning."""
    lines = ["| slice | start | size | values | meaning |", "|---|---|---|---|---|"]
    for part in game.observation_layout(players, options):
        meaning = part.meaning.replace("|", "/")
        lines.append(f"| {part.name} | {part.start} | {part.size} | "
                     f"{_bounds(part.low, part.high)} | {meaning} |")
    return lines


def game_section(game: Game) -> list[str]:
    """A game's ``### <id> observation`` section: its shapes, then its tables."""
    lines = [f"### {game.id} observation", ""]
    shapes = ", ".join(f"{n}: {game.observation_shape(n)[0]}"
                       for n in range(game.min_players, game.max_players + 1))
    lines += [f"Values per player count (default options): {shapes}.", ""]
    default = [p.name for p in game.observation_layout(PLAYERS)]
    lines += [f"With {PLAYERS} players and the default options:", ""]
    lines += layout_table(game, PLAYERS, {})
    for options in game.conformance_options:
        names = [p.name for p in game.observation_layout(PLAYERS, options)]
        if options and names != default:
            given = ", ".join(f"{k}={v}" for k, v in options.items())
            lines += ["", f"With {PLAYERS} players and {given} (other slices):", ""]
            lines += layout_table(game, PLAYERS, options)
            default = names
    return [*lines, ""]


def observation_doc() -> str:
    """Every game's section, between the markers."""
    lines = [BEGIN, ""]
    for game_id in game_ids():
        lines += game_section(load(game_id))
    return "\n".join([*lines, END])

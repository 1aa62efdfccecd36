"""The whole screen in the terminal's height: the table cut into named parts, shown while
they fit, and a note naming what was left out (``show PART`` prints it).

On an 80x24 terminal even a compact table (Gangster's 20-34 lines, Gangsters' 34-48 with a
22-line map) is taller than the screen, and with the rule, the news, the menu and the prompt
under it the top scrolls away: the player's own row, the map's top, the decision itself. A
game's text module may offer the hook::

    def compact_parts(view, options) -> list[tuple[str, RenderableType,
                                                   Callable[[int], RenderableType] | None]]

the table as named parts in priority order: the decision in words first, then what it is
about (Gangsters' map for a move, Gangster's districts for a drive), then the rest. The
third item, where a part can shrink, gives the part in about ``rows`` lines, keeping what
matters now (the map's rows around the acting pieces, the districts a drive may stop at):
the game knows what matters, the terminal knows how many rows there are, and it measures
(a table's cell may wrap), asking again with fewer rows until the part fits.

:func:`print_screen` gives the table the rows left by the rule, the menu, the prompt and at
least :data:`MIN_RECAP` lines of news: the first part is always shown (shrunk or cut to
fit), each later one whole where it fits, else shrunk where it can, else left out; one dim
line then names the parts left out or shown in part. The news gets the rows the table
leaves. The parts are rendered once, measured and printed as measured, so what is counted
is what is shown. A file or a pipe never comes here: it gets the whole table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.text import Text

from gangland.engine import Game, clipped

from .render import Options, hook, rule
from .screen import MIN_RECAP, hanging, is_compact

#: One part of a table: its name (``show NAME``), all of it, and how to shrink it (or None).
Part = tuple[str, RenderableType, Callable[[int], RenderableType] | None]
Lines = list[list[Segment]]

PROMPT_ROWS = 1  # the prompt's own line, under everything
MIN_TABLE = 10  # rows the table keeps before the choices are shortened (see print_screen)
SHOW_HELP = "print a part of the table whole (show: the parts; show all)"


def parts_of(game: Game, view: Mapping[str, Any], options: Options) -> list[Part] | None:
    """The game's table in parts (its ``compact_parts``), or None without the hook."""
    found = hook(game, "compact_parts")
    return list(found(view, options)) if found is not None else None


def fitted_parts(console: Console, game: Game, view: Mapping[str, Any], options: Options,
                 table: Callable[[], RenderableType],
                 below: Sequence[RenderableType] = ()) -> list[Part] | None:
    """The parts to fit to the screen, or None to print ``table()`` (the layout the
    terminal chose) whole: on a small terminal (see :func:`.screen.is_compact`) always,
    on a large one only when the whole table, the rule, the least news, ``below`` and the
    prompt would be taller than the terminal (Gangster's drawn map takes 55 lines or
    more). A file or a pipe, or a game without parts, always gets the whole table."""
    if not console.is_terminal or not has_parts(game):
        return None
    if not is_compact(console):
        height = 1 + len(render(console, table())) + MIN_RECAP + PROMPT_ROWS
        if height + sum(len(render(console, part)) for part in below) <= console.height:
            return None
    return parts_of(game, view, options)


def shortest_choices(console: Console, table: RenderableType,
                     below: Sequence[RenderableType],
                     brief: Sequence[RenderableType]) -> Sequence[RenderableType]:
    """``brief`` (the choices as typed, side by side) when the whole ``table`` with the
    rule, ``below`` and the prompt would be taller than the terminal and ``brief`` is
    shorter; else ``below``. For a table that has no parts to leave out (Gangster (1994)'s
    auction of a dozen bids under its 22-line table at 80x24)."""
    if not console.is_terminal:
        return below
    lines = sum(len(render(console, part)) for part in below)
    if 1 + len(render(console, table)) + lines + PROMPT_ROWS <= console.height:
        return below
    return brief if sum(len(render(console, part)) for part in brief) < lines else below


def has_parts(game: Game) -> bool:
    """Whether the game's table comes in parts (and so ``show PART`` is offered)."""
    return hook(game, "compact_parts") is not None


class _Rendered:
    """Lines already rendered, printed as they are (so what was measured is what shows)."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console,
                         options: ConsoleOptions) -> Iterator[Segment]:
        for line in self.lines:
            yield from line
            yield Segment.line()


def render(console: Console, renderable: RenderableType) -> Lines:
    """``renderable`` as the console would print it, line by line."""
    return console.render_lines(renderable, console.options, pad=False)


@dataclass
class Fitted:
    """The parts shown (rendered), and the names of those left out or shown in part."""

    lines: Lines = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    in_part: list[str] = field(default_factory=list)

    def note(self) -> Text | None:
        """The dim line under the table: what is not in view, and how to see it.

        >>> print(Fitted(left_out=["gangs", "pieces"], in_part=["map"]).note())
        Not shown: gangs, pieces; part of the map (type show PART).
        >>> Fitted().note() is None
        True
        """
        if not (self.left_out or self.in_part):
            return None
        words = [", ".join(self.left_out)] if self.left_out else []
        if self.in_part:
            words.append(f"part of the {' and the '.join(self.in_part)}")
        return Text(f"Not shown: {'; '.join(words)} (type show PART).", style="dim")


def _shrunk(console: Console, shorter: Callable[[int], RenderableType],
            room: int) -> Lines | None:
    """The part shrunk to at most ``room`` lines as measured, or None if it cannot be."""
    for rows in range(room, 0, -1):
        lines = render(console, shorter(rows))
        if len(lines) <= room:
            return lines
    return None


def fit(console: Console, parts: Sequence[Part], room: int) -> Fitted:
    """The parts that fit in ``room`` lines, in order (see the module's docstring)."""
    out = Fitted()
    for index, (name, whole, shorter) in enumerate(parts):
        lines = render(console, whole)
        if len(lines) <= room:
            out.lines += lines
            room -= len(lines)
            continue
        smaller = _shrunk(console, shorter, room) if shorter is not None and room > 1 else None
        if smaller is None and index == 0:  # the decision itself: its first lines at least
            smaller = lines[:max(room, 1)]
        if smaller is None:
            out.left_out.append(name)
            continue
        out.lines += smaller
        out.in_part.append(name)
        room -= len(smaller)
    return out


def recap_block(console: Console, items: Sequence[tuple[str, bool]], room: int) -> Lines:
    """The newest news that fits in ``room`` lines (a long line wraps under its text), with
    ``(N more: type history)`` above it when older lines are left out."""
    rendered = [render(console, Text(text, style="bold") if heading else
                       hanging("  ", text[2:])) for text, heading in items]
    if sum(map(len, rendered)) <= room:
        return [line for item in rendered for line in item]
    kept: Lines = []
    count = 0
    for item in reversed(rendered):
        if len(kept) + len(item) > max(room, MIN_RECAP) - 1:
            break
        kept[:0] = item
        count += 1
    note = Text(f"({len(items) - count} more: type history)", style="dim")
    return render(console, note) + kept


def print_screen(console: Console, title: str, parts: Sequence[Part],
                 recap: Sequence[tuple[str, bool]] = (),
                 below: Sequence[RenderableType] = (),
                 brief: Sequence[RenderableType] | None = None) -> None:
    """Rule, table, note, news and ``below`` (the choices), in the terminal's height with
    the prompt's line under them (see the module's docstring). ``brief``: a shorter
    ``below`` (the actions as typed, not spelled out), used when ``below`` would leave the
    table fewer than :data:`MIN_TABLE` rows (a Gangsters move of ten pieces' steps)."""
    news = recap_block(console, recap, MIN_RECAP) if recap else []
    below_lines = sum(len(render(console, part)) for part in below)
    room = console.height - 1 - below_lines - len(news) - PROMPT_ROWS
    if brief is not None and room < MIN_TABLE:
        shorter = sum(len(render(console, part)) for part in brief)
        if shorter < below_lines:
            below, room = brief, room + below_lines - shorter
            below_lines = shorter
    fitted = fit(console, parts, room)
    note = fitted.note()
    if note is not None:  # a line for the note, taken from the table
        fitted = fit(console, parts, room - len(render(console, note)))
        note = fitted.note()
    note_lines = render(console, note) if note is not None else []
    left = console.height - 1 - len(fitted.lines) - len(note_lines) - below_lines - PROMPT_ROWS
    rule(console, title)
    console.print(_Rendered(fitted.lines + note_lines))
    if recap:
        console.print(_Rendered(recap_block(console, recap, left)))
    for part in below:
        console.print(part)


def show_command(game: Game, view: Mapping[str, Any], options: Options,
                 rest: str) -> list[RenderableType]:
    """``show PART``: that part of the table whole; ``show all``: every part; ``show``
    alone: the parts' names. An unknown part is refused with the names there are."""
    parts = parts_of(game, view, options) or []
    names = [name for name, _, _ in parts]
    wanted = rest.strip().lower()
    if wanted == "all":
        return [whole for _, whole, _ in parts]
    found = [whole for name, whole, _ in parts if name == wanted]
    if found:
        return found
    listed = f"The table's parts: {', '.join(names)} (show PART prints one; show all)."
    if not wanted:
        return [Text(listed)]
    return [Text(f"No part {clipped(wanted)} in the table. {listed}", style="red")]


def show_words(game: Game, view: Mapping[str, Any] | None, options: Options) -> list[str]:
    """``show NAME`` for each part (and ``show all``), for Tab completion."""
    if view is None or not has_parts(game):
        return []
    return [f"show {name}" for name, _, _ in parts_of(game, view, options) or []] + ["show all"]

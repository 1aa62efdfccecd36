"""Fitting the terminal: text reflowed to its width, a recap that stays in view, and a
"thinking..." line while a bot searches.

The games' texts (rules summaries, event lines, menus) are written once, for any width.
A rules summary has hand-made line breaks near 90 columns and indented two-column lines
(``  investigate N   take face-up card N ...``); printed as they are, they break words
at 80 columns. :func:`reflow` joins each paragraph and wraps it to the console, keeping
every indented line's indent and hanging its continuation under its second column.
"""

from __future__ import annotations

import re
import textwrap
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from rich.console import Console, ConsoleOptions, RenderableType
from rich.status import Status
from rich.text import Text

T = TypeVar("T")

COMPACT_WIDTH = 100  # under this many columns, or COMPACT_HEIGHT rows: the compact layout
COMPACT_HEIGHT = 30
MIN_RECAP = 3  # lines of recap shown however tall the table is
RESERVED = 4  # lines around the table: its rule, the menu's heading, the prompt, a spare
THINK_DELAY = 0.25  # seconds a bot thinks before the "thinking..." line appears

# An indented line in two columns: its first column, then two spaces or more.
_TWO_COLUMNS = re.compile(r"^( +\S.*? {2,})(\S.*)$")


def is_compact(console: Console) -> bool:
    """A small terminal (under 100 columns or 30 rows): the recap goes below the table,
    next to the menu and the prompt (see :func:`print_recap`). Output to a file or a
    pipe keeps the plain order: recap, table, menu."""
    return console.is_terminal and (console.width < COMPACT_WIDTH
                                    or console.height < COMPACT_HEIGHT)


@dataclass
class _Block:
    """One paragraph or indented item: the first line's prefix, the continuation's indent."""

    first: str
    hang: int
    words: list[str] = field(default_factory=list)

    def lines(self, width: int) -> list[str]:
        """The block wrapped to ``width``; a word too long for a line is never split."""
        return textwrap.wrap(" ".join(self.words), width=max(width, self.hang + 20),
                             initial_indent=self.first, subsequent_indent=" " * self.hang,
                             break_long_words=False, break_on_hyphens=False) or [self.first]


def reflow(text: str, width: int) -> list[str]:
    """``text`` as lines of at most ``width`` columns (a longer word keeps its line).

    Blank lines separate paragraphs; the lines of an unindented paragraph are joined and
    wrapped. An indented line starts an item: in two columns (a gap of two spaces or
    more) its continuation hangs under the second column, else under its first word; the
    following lines indented that far go on the same item.

    >>> reflow("Some words that\\nrun on.\\n  go N    move N spaces,\\n"
    ...        "          then stop.", 30)
    ['Some words that run on.', '  go N    move N spaces, then', '          stop.']
    """
    blocks: list[_Block | None] = []  # None: a blank line
    current: _Block | None = None
    for raw in text.rstrip().splitlines():
        line = raw.rstrip()
        indent = len(line) - len(line.lstrip(" "))
        if not line:
            blocks.append(current := None)
            continue
        if current is not None and indent == current.hang:
            current.words.append(line.strip())
            continue
        columns = _TWO_COLUMNS.match(line) if indent else None
        if columns:
            current = _Block(columns.group(1), len(columns.group(1)), [columns.group(2)])
        else:
            current = _Block(" " * indent, indent, [line.strip()])
        blocks.append(current)
    out: list[str] = []
    for block in blocks:
        out.extend([""] if block is None else block.lines(width))
    return out


@dataclass(frozen=True)
class Hanging:
    """``head`` then ``body``, whose wrapped lines stay under the body's first character.

    A menu line such as ``  12. move vamp 14.5 ...`` or ``        SPACE: a, b, c, ...``
    wraps with its indent rather than back at the left edge. It is wrapped when printed,
    to the width there is then, and leaves no trailing blanks.
    """

    head: str
    body: str
    style: str = ""

    def __rich_console__(self, console: Console,
                         options: ConsoleOptions) -> Iterator[Text]:
        block = _Block(self.head, len(self.head), [self.body])
        for line in block.lines(options.max_width):
            yield Text(line, style=self.style)


def hanging(head: str, body: str, style: str = "") -> RenderableType:
    """A :class:`Hanging` line (plain text: a body's brackets are no markup)."""
    return Hanging(head, body, style)


def recap(lines: Sequence[T], room: int) -> tuple[list[T], int]:
    """The last lines of a recap that fit in ``room`` lines, and how many were left out.

    The lines left out are the oldest: the newest are those just above the table. One
    line of the room goes to the note saying how many were left out.

    >>> recap(["a", "b", "c", "d", "e"], 3)
    (['d', 'e'], 3)
    >>> recap(["a", "b"], 3)
    (['a', 'b'], 0)
    """
    room = max(room, MIN_RECAP)
    if len(lines) <= room:
        return list(lines), 0
    kept = room - 1
    return list(lines[len(lines) - kept:]), len(lines) - kept


def recap_lines(own: Sequence[str], news: Sequence[str],
                first: bool = False) -> list[tuple[str, bool]]:
    """A person's own last move and the news since, as (line, is a heading) pairs;
    ``first``: they have not moved yet, so the news came before their first turn."""
    lines: list[tuple[str, bool]] = []
    if own:
        lines += [("Your last move:", True), *(("  " + t, False) for t in own)]
    if news:
        heading = "Since then:" if own else "Before your first turn:" if first else \
            "Since your last turn:"
        lines.append((heading, True))
        lines += [("  " + t, False) for t in news]
    return lines


def print_recap(console: Console, lines: Sequence[tuple[str, bool]], view: RenderableType,
                menu: RenderableType, compact: bool) -> None:
    """The recap, cut on a terminal to what keeps the rest in view; ``history`` lists all.

    It gets the rows the table and the menu leave (at least :data:`MIN_RECAP`), above the
    table, or on a small terminal (``compact``) between the table and the menu: a compact
    table that fits leaves the whole screen in view, from the rule above it to the
    prompt. Where even the compact table leaves no room, the recap gets half the rows the
    menu leaves: at the prompt the news, the choices and the bottom of the table are in
    view. A file or a pipe gets every line.
    """
    if not lines:
        return
    shown, left_out = list(lines), 0
    if console.is_terminal:
        height = len(console.render_lines(menu, console.options, pad=False)) + RESERVED
        room = console.height - height - len(console.render_lines(
            view, console.options, pad=False))
        if compact and room < MIN_RECAP:
            room = (console.height - height) // 2
        shown, left_out = recap(lines, room)
    if left_out:
        console.print(Text(f"({left_out} more: type history)", style="dim"))
    for text, heading in shown:  # a long news line wraps under its own text
        console.print(Text(text, style="bold") if heading else hanging("  ", text[2:]))


def print_reflowed(console: Console, text: str) -> None:
    """``text`` reflowed to the console's width (see :func:`reflow`), as plain text."""
    for line in reflow(text, console.width):
        console.print(Text(line), soft_wrap=True)


@contextmanager
def thinking(console: Console, text: str, enabled: bool = True,
             delay: float = THINK_DELAY) -> Iterator[None]:
    """A "thinking..." line while the body runs, once it has run ``delay`` seconds.

    Shown only when ``enabled`` (someone is waiting: never while bots play alone) on a
    terminal, and cleared after (a transient status): a quick bot never flickers one in,
    and no line is left behind in the scrollback or in a piped log.
    """
    if not (enabled and console.is_terminal):
        yield
        return
    lock = threading.Lock()
    status: list[Status] = []
    done = False

    def start() -> None:
        with lock:
            if not done:
                status.append(console.status(Text(text), spinner="dots"))
                status[0].start()

    timer = threading.Timer(delay, start)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        with lock:
            done = True
            for shown in status:
                shown.stop()

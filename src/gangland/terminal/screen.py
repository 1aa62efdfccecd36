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


@dataclass(frozen=True)
class Flow:
    """Short items side by side, as many to a line as fit, none broken across two lines.

    A menu's argument choices (``suspect: a, b, c   weapon: d, e, f``) or a compact
    table's run of cards take two lines rather than four where the width allows. An item
    wider than a line wraps on its own lines, hanging at its ``hangs`` entry (the column
    after its ``name:``, say). An item's own leading spaces widen the gap before it, and
    are dropped at the start of a line. Laid out when printed, to the width there is then.

    >>> import io
    >>> console = Console(width=24, file=io.StringIO(), record=True)
    >>> console.print(Flow((Text("a: 1, 2"), Text("b: 3"), Text("  c: 4, 5, 6")), indent=2))
    >>> console.export_text().splitlines()
    ['  a: 1, 2  b: 3', '  c: 4, 5, 6']
    """

    items: tuple[Text, ...]
    indent: int = 0
    gap: int = 2
    hangs: tuple[int, ...] = ()

    def __rich_console__(self, console: Console,
                         options: ConsoleOptions) -> Iterator[Text]:
        width, line = options.max_width, None
        for i, item in enumerate(self.items):
            if line is not None and line.cell_len + self.gap + item.cell_len <= width:
                line.append(" " * self.gap)
                line.append_text(item)
                continue
            if line is not None:
                yield line
            line = None
            item = item[len(item.plain) - len(item.plain.lstrip(" ")):]
            if self.indent + item.cell_len <= width:
                line = Text(" " * self.indent).append_text(item)
                continue
            hang = self.hangs[i] if i < len(self.hangs) else 0
            block = _Block(" " * self.indent, self.indent + hang, [item.plain])
            for wrapped in block.lines(width):
                yield Text(wrapped, style=item.style)
        if line is not None:
            yield line


def hanging(head: str, body: str, style: str = "") -> RenderableType:
    """A :class:`Hanging` line (plain text: a body's brackets are no markup)."""
    return Hanging(head, body, style)


def recap(lines: Sequence[T], room: int,
          rows: Sequence[int] = ()) -> tuple[list[T], int]:
    """The last lines of a recap that fit in ``room`` rows, and how many were left out.

    The lines left out are the oldest: the newest are those just above the table. One
    row of the room goes to the note saying how many were left out. ``rows``: how many
    rows each line takes once wrapped to the screen (one each unless told).

    >>> recap(["a", "b", "c", "d", "e"], 3)
    (['d', 'e'], 3)
    >>> recap(["a", "b"], 3)
    (['a', 'b'], 0)
    >>> recap(["a", "b", "long c", "d"], 4, rows=[1, 1, 2, 1])
    (['long c', 'd'], 2)
    """
    room = max(room, MIN_RECAP)
    heights = list(rows) or [1] * len(lines)
    if sum(heights) <= room:
        return list(lines), 0
    kept, used = 0, 1  # (the note's row)
    while kept < len(lines) and used + heights[-1 - kept] <= room:
        used += heights[-1 - kept]
        kept += 1
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

    Above the table, it gets the rows the table and the menu leave. On a small terminal
    (``compact``) it comes between the table and the menu; it gets the rows the table and
    the menu leave where that is :data:`MIN_RECAP` or more (the whole screen stays in
    view), else, the table being too tall to fit anyway, half the rows the menu leaves: at
    the prompt the news, the choices and the bottom of the table are in view. A file or a
    pipe gets every line.
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
        rows = [len(console.render_lines(_recap_line(text, heading), console.options,
                                         pad=False)) for text, heading in lines]
        shown, left_out = recap(lines, room, rows)
    if left_out:
        console.print(Text(f"({left_out} more: type history)", style="dim"))
    for text, heading in shown:
        console.print(_recap_line(text, heading))


def _recap_line(text: str, heading: bool) -> RenderableType:
    """A heading in bold; a news line that wraps under its own text."""
    return Text(text, style="bold") if heading else hanging("  ", text[2:])


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

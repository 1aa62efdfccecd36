"""The final count in the terminal: where every seat's influence came from.

Drawn from the view's ``final`` entry (``view.final_count``), under the rest of the table,
so that it is what stays on the screen when the game ends: one row per district, one
column per colour, each cell the points that colour won there on the Days of Reckoning
1, 2 and 3 (``.`` for none), then each column's sum per reckoning and in all. With two
players a seat plays two colours, so a line per seat adds them up.

It fits 80 columns with five colours, and 19 lines (the screen's 24, less the winner,
scores, seed and saved-file lines the terminal prints under it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import seat_label

__all__ = ["render_final"]

View = Mapping[str, Any]

CODES = {"blue": "Bl", "yellow": "Ye", "brown": "Br", "gray": "Gy", "green": "Gn"}
STYLES = {"blue": "bold blue", "yellow": "bold yellow", "brown": "bold dark_orange3",
          "gray": "bold grey62", "green": "bold green"}


def _code(colour: str) -> str:
    return CODES.get(colour, colour[:2].title())


def _row(points: Sequence[int], width: int) -> str:
    """``10  6 14``: one number per reckoning, right-aligned; ``.`` for nothing won."""
    return " ".join(f"{p if p else '.':>{width}}" for p in points)


def _and(words: Sequence[str]) -> str:
    """``5, 3 and 7``."""
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def render_final(view: View) -> RenderableType | None:
    """The final count as a title, a table and the seats' sums; ``None`` before the end."""
    final = view.get("final")
    if not final:
        return None
    colours = final["colours"]
    rounds = len(final["casino"])
    numbers = [p for c in colours for p in c["reckonings"]]
    numbers += [p for d in final["districts"] for ps in d["points"].values() for p in ps]
    width = max([len(str(p)) for p in numbers] + [1])
    title = Text("Final count", "bold")
    title.append(": influence won in each district, Days of Reckoning "
                 f"{_and([str(r + 1) for r in range(rounds)])}\n"
                 f"(casino {', '.join(str(c) for c in final['casino'])}; x2: the reckonings "
                 "that doubled the district; . nothing won)")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, show_footer=True)
    table.add_column("District", footer=Text("Each reckoning\nIn all"))
    table.add_column("x2")
    for c in colours:
        head = Text(_code(c["colour"]), STYLES.get(c["colour"], ""))
        head.append(f" {seat_label(c['seat'])}")
        footer = _row(c["reckonings"], width) + "\n" + f"{c['total']:>{width}}"
        table.add_column(head, footer=footer, justify="right")
    for district in final["districts"]:
        table.add_row(district["title"], " ".join(str(r) for r in district["doubled"]),
                      *[_row(district["points"][c["colour"]], width) for c in colours])
    seats = [s for s in final["seats"] if len(s["colours"]) > 1]
    if not seats:
        return Group(title, table)
    line = Text()
    for s in seats:
        if line:
            line.append("   ")
        codes = " ".join(_code(c) for c in s["colours"])
        line.append(f"{seat_label(s['seat'])} [{codes}] "
                    f"{' + '.join(str(p) for p in s['reckonings'])} = {s['influence']}",
                    "bold" if s["winner"] else "")
        if s["winner"]:
            line.append(", wins", "bold")
    return Group(title, table, line)


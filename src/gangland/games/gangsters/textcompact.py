"""Gangsters on a small terminal: the table of :mod:`.text` in fewer lines.

The terminal asks for it (``render_compact``) under 100 columns or 30 rows. The city map
cannot shrink (its 21 rows are the board), so everything around it does, keeping every
fact of the full table:

- the heading in shorter words;
- the column numbers on one line (the even ones: an odd column is the one between);
- the legend cut to each gang's letter and seat (``legend`` at the prompt gives it whole);
- the pieces as a paragraph per gang (then the cops, the public pieces), without the
  words the code already says (``rT``: the Thug; a capital, ``RT``, when it stands
  criminal side up, so no Side column);
- the gangs with no rule under the header.

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangsters").new_game(players=3, seed=7)
>>> console = Console(width=80, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_compact(state.view(1), state.options))
>>> lines = console.export_text().splitlines()
>>> len(lines) <= 32 and max(map(len, lines)) <= 80
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import OptionValue, seat_label

from . import text as full
from . import textref
from .textmap import (
    GANG_STYLES,
    _city,
    _cop_code,
    _piece_code,
    _place,
    draw_map,
    gang_letter,
    legend,
    public_code,
)

View = Mapping[str, Any]
Options = Mapping[str, OptionValue] | None


def _heading(view: View) -> Text:
    """The full heading in shorter words."""
    text = Text("Gangsters", style="bold")
    order = " ".join(seat_label(s) for s in view["order"])
    cops = sum(1 for c in view["cops"] if c["at"] is not None)
    text.append(f"  turn {view['turn']}  order {order}  crime {view['crime']}  "
                f"cops in play {cops}  badge cup {view['badge_cup']}")
    if view.get("pawns") is not None and not view["terminal"]:
        text.append("  pawns in cup: " + (" ".join(seat_label(s) for s in view["pawns"])
                                          or "none"))
    return text


def _map(view: View, options: Options) -> tuple[Text, list[str]]:
    """The map with its column numbers on one line (the even columns)."""
    city, crowded = draw_map(view, options)
    lines = city.split("\n")
    return Text("\n").join([lines[0], *lines[2:]]), crowded


def _gangs_line(view: View) -> Text:
    """The legend's last part, each gang's letter and seat, and where the rest is."""
    text = Text("Gangs: ", "bold")
    text.append_text(Text("  ").join(
        Text(f"{gang_letter(g['gang'])} {g['gang']} {seat_label(g['seat'])}",
             GANG_STYLES.get(g["gang"], "")) for g in view["gangs"]))
    text.append("  (type legend for the marks)", "dim")
    return text


def _pieces(view: View, options: Options) -> RenderableType:
    """Every piece with its strength, place and facing: a paragraph per gang, then the cops
    and the public pieces, the pieces separated by semicolons (``rT 3 at 14.16 Madison St
    12 south``). Its side is in its code (a capital: criminal side up)."""
    groups: list[tuple[str, str, list[tuple[Text, str]]]] = []
    for gang in view["gangs"]:
        style = GANG_STYLES.get(gang["gang"], "")
        items = []
        for piece in gang["pieces"]:
            if not piece["strength"]:
                continue
            at = piece["at"]
            where = f"at {at} {_place(at, options)}" if at else "off the board"
            facing = piece["facing"] or ("inside" if at else "")
            items.append((Text(_piece_code(gang["gang"], piece),
                               style + (" reverse" if piece["criminal"] else "")),
                          f" {piece['strength']} {where}" + (f" {facing}" if facing else "")))
        if items:
            groups.append((f"{gang['gang'].title()} ({seat_label(gang['seat'])})", style, items))
    cops = []
    for cop in view["cops"]:
        if cop["at"] is not None:
            donut = cop.get("donut")
            note = f" (donut {seat_label(donut[0])} {donut[1]})" if donut else ""
            cops.append((Text(_cop_code(cop["cop"]), "bold white on blue"),
                         f" at {cop['at']} {_place(cop['at'], options)} "
                         f"{cop['facing'] or 'inside'}{note}"))
    if cops:
        groups.append(("Cops", "bold", cops))
    public = [(Text(public_code(pub["strength"]), "bold black on white"),
               f" public {k + 1} at {pub['at']} {_place(pub['at'], options)} "
               f"{pub['facing'] or 'inside'}")
              for k, pub in enumerate(view["public"]) if pub["at"] is not None]
    if public:
        groups.append(("Public", "bold", public))
    if not groups:
        return Text("Nobody is on the board yet.")
    lines = []
    for name, style, items in groups:
        line = Text(f"{name}: ", style)
        for i, (code, words) in enumerate(items):
            if i:
                line.append("; ")
            line.append_text(code)
            line.append(words)
        lines.append(line)
    return Group(*lines)


def _gangs(view: View) -> Table:
    """The full table's gangs, without the rule under the header and its padding."""
    table = full._gangs_table(view)
    table.box = None
    table.header_style = "bold"
    table.padding = (0, 1, 0, 0)
    return table


def render_compact(view: View, options: Options = None) -> RenderableType:
    """The whole table for a small terminal: every fact of ``render_view``, in fewer lines."""
    city, crowded = _map(view, options)
    parts: list[RenderableType] = [_heading(view), full._decision(view, options),
                                   full._dice(view), city, _gangs_line(view)]
    if crowded:
        parts.append(Text("Crowded: " + "; ".join(crowded)))
    parts += [_pieces(view, options), _gangs(view)]
    if view.get("final"):
        parts.append(full._final_table(view))
    own = full._own(view, options)
    if own is not None:
        parts.append(own)
    return Group(*parts)


#: A part of the table for the terminal to fit (see ``terminal.fit``): its name, all of it,
#: and the part in about N lines where it can shrink.
Part = tuple[str, RenderableType, Callable[[int], RenderableType] | None]


def _dice(view: View) -> Text:
    """The dice in one line of 80 columns: ``blue 1`` in the die's colours, then its use."""
    if not any(view["dice"]):
        return full._dice(view)
    text = Text("Dice:", "bold")
    for i, value in enumerate(view["dice"]):
        text.append(" " if i == 0 else "  ")
        text.append(f"{full.DICE[i]} {value}", full.DICE_STYLES[i])
        text.append(f" {full.DICE_USE[i]}")
    return text


def _focus(view: View) -> list[str]:
    """The spaces the decision is about: the deciding gang's pieces, the cop it concerns
    and the pieces in a shootout."""
    d = view["decision"]
    seats = {d["seat"], d["active"]} - {None}
    fought = {(u.get("seat"), u.get("kind")) for u in (d.get("fight") or {}).get("units", [])}
    spots = [p["at"] for g in view["gangs"] for p in g["pieces"]
             if p["at"] and (g["seat"] in seats or (g["seat"], p["kind"]) in fought)]
    spots += [u["space"] for u in (d.get("fight") or {}).get("units", []) if u.get("space")]
    return spots + [c["at"] for c in view["cops"] if c["at"] and c["cop"] == d.get("cop")]


def _window(view: View, options: Options, rows: int) -> RenderableType:
    """The map in ``rows`` lines: its column numbers and the run of rows that holds the
    most of the spaces the decision is about (from the top when none is on the board),
    each row numbered as on the whole map."""
    city, index, _ = _city(options)
    lines = _map(view, options)[0].split("\n")
    grid = lines[1:]
    keep = max(1, min(rows - 1, len(grid)))
    wanted = [r for tok in _focus(view) if tok in index for r, _ in city.cells[index[tok]]]
    starts = range(len(grid) - keep + 1)
    best = max(starts, key=lambda a: (sum(a <= r < a + keep for r in wanted), -a)) \
        if wanted else 0
    return Text("\n").join([lines[0], *grid[best:best + keep]])


def compact_parts(view: View, options: Options = None) -> list[Part]:
    """The terminal's hook: the compact table in named parts, by priority.

    The decision (with the dice) first; then the map, which almost every decision is
    about, shrunk where it must be to the rows around the deciding gang's pieces, the
    cop or the shootout; then the turn's heading (order, crime level, cops, badges: a
    line that gives way to the map), the viewer's secrets, the gangs, the pieces in words.

    >>> import gangland
    >>> state = gangland.load("gangsters").new_game(players=3, seed=7)
    >>> [name for name, _, _ in compact_parts(state.view(0), state.options)]
    ['decision', 'map', 'turn', 'you', 'gangs', 'pieces']
    """
    city, crowded = _map(view, options)
    whole: list[RenderableType] = [city, _gangs_line(view)]
    if crowded:
        whole.append(Text("Crowded: " + "; ".join(crowded)))
    parts: list[Part] = [
        ("decision", Group(full._decision(view, options), _dice(view)), None),
        ("map", Group(*whole), lambda rows: _window(view, options, rows)),
        ("turn", _heading(view), None)]
    if view.get("final"):
        parts.insert(1, ("final", full._final_table(view), None))
    own = full._own(view, options)
    if own is not None:
        parts.append(("you", own, None))
    return [*parts, ("gangs", _gangs(view), None), ("pieces", _pieces(view, options), None)]


def render_legend(view: View, options: Options, rest: str) -> RenderableType:
    """The prompt's ``legend``: what the map's marks mean (the full table shows it always),
    one mark to a line, so that it fits a small terminal without breaking a mark apart."""
    text = legend(view)
    plain = text.plain
    lines: list[Text] = []
    start = 0
    for gap in [*re.finditer(r" {2,}|\n *", plain), None]:
        end = gap.start() if gap else len(plain)
        piece = text[start:end]
        piece.rstrip()
        if piece.plain and lines and lines[-1].plain.startswith("  gangs:"):
            lines[-1].append_text(Text("  ") + piece)  # the gangs stay on one line
        elif piece.plain:
            lines.append(Text("  ") + piece if lines else piece)
        start = gap.end() if gap else end
    return Group(*lines)


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: ``buildings`` (see :mod:`.textref`) and ``legend``."""
    return {**textref.prompt_commands(),
            "legend": ("what the map's marks mean", render_legend)}

"""The building reference of Gangsters at the terminal prompt: ``buildings [WHICH]``.

The map draws each building as its two-letter code and colour only; this table gives each
its name, colour, price, whether it can be a joint (a gray building never can), its owner
with the joint's level, and its door (the street space in front of its entrance, where a
piece steps in from). Like all of the terminal's rendering it reads only the seat's view
and the map, so it shows nothing that seat may not know (who owns a joint is public).

``WHICH`` narrows the list: a colour (``red``, ``gray``), ``free`` (joints nobody owns),
``owned``, ``mine``, a seat (``p2``) or building codes (``hh ld``).

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangsters").new_game(players=2, seed=7)
>>> console = Console(width=80, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_buildings(state.view(0), state.options, "hh md"))
>>> text = console.export_text()
>>> "Hawthorne Hotel" in text and "Marshall's Department Store" in text and "$600" in text
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import OptionValue, clipped, counted, seat_label

from .city import COLOURS, GRAY
from .textmap import GANG_STYLES, JOINT_STYLES, _city

View = Mapping[str, Any]
Options = Mapping[str, OptionValue] | None

HELP = ("every building: name, colour, price, joint or gray, owner "
        "(buildings red|gray|free|owned|mine|P2|CODE narrows it)")


def _keep(which: str, view: View, token: str, colour: str, owner: int | None) -> bool:
    """Whether the building passes the filter ``which`` (one word of ``buildings ...``)."""
    if which in (*COLOURS, GRAY):
        return colour == which
    if which == "free":
        return colour != GRAY and owner is None
    if which == "owned":
        return owner is not None
    if which == "mine":
        return owner is not None and owner == view.get("seat")
    if which.startswith("p") and which[1:].isdigit():
        return owner is not None and owner == int(which[1:]) - 1
    return token == which


def render_buildings(view: View, options: Options, which: str = "") -> RenderableType:
    """The building table, narrowed by ``which`` (words; any of them may match)."""
    city, _, toks = _city(options)
    owned = {tok: (o, level) for tok, (o, level) in view["buildings"].items()
             if o is not None and o >= 0}
    gangs = {g["seat"]: g["gang"] for g in view["gangs"]}
    words = which.lower().split()
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for header in ("Code", "Building", "Colour", "Price", "Joint?", "Owner", "Door"):
        table.add_column(header, justify="right" if header == "Price" else "left")
    rank = {c: i for i, c in enumerate((*COLOURS, GRAY))}
    order = sorted(city.buildings, key=lambda b: (rank.get(city.colour[b], 9), city.names[b]))
    for b in order:
        token, colour = toks[b], city.colour[b]
        owner, level = owned.get(token, (None, 0))
        if words and not any(_keep(w, view, token, colour, owner) for w in words):
            continue
        style = JOINT_STYLES.get(colour, "")
        if owner is None:
            holder = Text("-" if colour == GRAY else "free")
        else:
            gang = gangs.get(owner, "")
            you = " (you)" if owner == view.get("seat") else ""
            holder = Text(f"{seat_label(owner)} {gang}{you}, level {level}",
                          GANG_STYLES.get(gang, ""))
        table.add_row(Text(token, style + " bold"), city.names[b], Text(colour, style),
                      f"${city.value[b]:,}" if colour != GRAY else "-",
                      "gray" if colour == GRAY else "joint", holder,
                      toks[city.entrance_of[b]])
    if not table.row_count:
        return Text(f"No building matches {clipped(which)}. Try: buildings red, gray, free, "
                    "owned, mine, P2 or a code such as hh.", style="red")
    head = Text(f"{counted(table.row_count, 'building')}"
                + (f" ({which})" if words else "") + ". A gray building is never a joint; "
                "Door is the street space in front of the entrance.", style="bold")
    return Group(head, table)


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: Gangsters' own prompt commands (see ``terminal.listing``)."""
    return {"buildings": (HELP, render_buildings)}

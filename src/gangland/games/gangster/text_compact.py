"""Gangster on a small terminal: the table of :mod:`.text` in about half the lines.

The terminal asks for it (``render_compact``) under 100 columns or 30 rows, where the full
table (a 21-line map, two lines per district) scrolls off the screen. Every fact of the
full table is kept, more tersely:

- the map becomes one line per district: its two-letter code and name (``x2`` a doubler;
  the acting car's district reversed, a pending drive's stops underlined, as on the map),
  the cars standing there, the codes of the districts its roads lead to, its tile and next
  space, the tile's values, its spaces in rank order (four to a group, ``..`` empty) and
  what each colour would score now;
- one line per colour: car, gangsters in the car, trunk, equipment, movement cards,
  gangsters in the supply and at the Sicilian Breakfast, and its seat's influence;
- one line for the Gold Coast's harbour, the equipment supply and the two decks.

District codes are capitals (``LI`` Little Italy) and colour codes are not (``Bl`` blue),
so the two never mix; ``legend`` at the prompt says what every abbreviation means.

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangster").new_game(players=3, seed=7)
>>> console = Console(width=80, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_compact(state.view(1), state.options))
>>> lines = console.export_text().splitlines()
>>> len(lines) <= 20 and max(map(len, lines)) <= 80
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import OptionValue, counted, seat_label

from . import text as full
from .text_final import render_final
from .text_map import highlighted, tableau_of

View = Mapping[str, Any]
LINE = 80  # the width the compact table is laid out for
Options = Mapping[str, OptionValue] | None

#: Each district's code: capitals, unlike the colours' codes.
DISTRICT_CODES = {
    "gold-coast": "GC", "west-side": "WS", "north-side": "NS", "the-loop": "TL",
    "greek-town": "GT", "stickney": "ST", "little-italy": "LI", "chinatown": "CH",
    "cicero": "CI", "south-side": "SS", "little-africa": "LA",
}

LEGEND = """\
The compact table (under 100 columns or 30 rows):
  Round       the last doubler placed ends the round (a Day of Reckoning)
  Districts   two capitals (LI Little Italy); x2 a doubler stands there; the
              acting car's district reversed, where a drive may stop underlined
  Cars        the cars standing there (BlYe: blue and yellow); Roads: the
              districts a road leads to
  Tile        the district's tile and the space filled next: 11:4 is tile 11,
              space 4 (full: none left); the Gold Coast's harbour tiles are on
              the line under the table
  Spaces      in rank order, four to a group (.. empty); +N: empty spaces after
  Now         Br2:5: brown has 2 gangsters there, and its place would score 5 if
              the round ended now
  Colours     Bl blue, Ye yellow, Br brown, Gy gray, Gn green; > acts now
  Cards       movement cards 1 2 3, - when face down
  Supply      gangsters for later rounds; Bkf at the Sicilian Breakfast
  Infl        the seat's influence (a seat playing two colours has one total)"""


def _code(name: str) -> str:
    return DISTRICT_CODES.get(name, name[:2].upper())


def _spaces(tile: Mapping[str, Any]) -> Text:
    """The tile's spaces up to the last one reached, four to a group, then the rest's count."""
    spaces: list[str | None] = tile["spaces"]
    used = max([i + 1 for i, x in enumerate(spaces) if x is not None] + [tile["frontier"]])
    shown = 4 * max(1, -(-used // 4))
    text = Text()
    for i in range(min(shown, len(spaces))):
        if i and i % 4 == 0:
            text.append(" ")
        text.append_text(full._chip(spaces[i]))
    if len(spaces) > shown:
        text.append(f" +{len(spaces) - shown}", "dim")
    return text


def _now(district: Mapping[str, Any]) -> Text:
    """``Br2:5 Ye1:7``: each colour's gangsters there, best placed first, and what that
    place would score if the round ended now."""
    text = Text()
    for place, (colour, count, pays) in enumerate(full._places(district)):
        if place:
            text.append(" ")
        text.append_text(full._chip(colour))
        text.append(f"{count}:{pays.replace(' ', '')}")
    return text


def _districts(view: View, only: set[str] | None = None) -> Table:
    """The districts' table (``only``: those districts, in the map's order)."""
    over = view["terminal"]
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="bold")
    for header in ("District", "Cars", "Roads", "Tile", "Values", "Spaces"):
        table.add_column(header, no_wrap=header in ("District", "Cars", "Tile", "Values"))
    if not over:
        table.add_column("Now")
    cars: dict[str, list[str]] = {}
    for district in view["districts"]:
        cars[district["name"]] = list(district["cars"])
    marks = highlighted(view)
    for district in view["districts"]:
        name = district["name"]
        if only is not None and name not in only:
            continue
        label = Text(f"{_code(name)} ", "bold")
        label.append(district["title"], marks.get(name, "bold"))
        if district["doubler"]:
            label.append(" x2", "bold")
        chips = Text("").join([full._chip(c) for c in cars[name]])
        roads = " ".join(_code(r) for r in district["roads"])
        tile = district["tile"]
        if tile is None:  # the Gold Coast's harbour tiles are on the line under the table
            what = "harbour" if district["harbour"] else "unused"
            cells: list[RenderableType] = [label, chips, roads, "-", "", Text(what, "dim")]
            if not over:
                cells.append("")
        else:
            nxt = tile["next_space"]
            cells = [label, chips, roads,
                     f"{tile['number']}:" + ("full" if nxt is None else str(nxt)),
                     full._values_text(district), _spaces(tile)]
            if not over:
                cells.append(_now(district))
        table.add_row(*cells)
    return table


def _colours(view: View, only: Callable[[Mapping[str, Any]], bool] | None = None) -> Table:
    """The colours' table (``only``: the colours it holds, by their tableau)."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="bold")
    for header in ("Colour", "Car", "In", "Trunk", "Equipment", "Cards", "Supply", "Bkf",
                   "Infl"):
        table.add_column(header, no_wrap=header != "Equipment")
    acting = None if view["terminal"] else view.get("colour")
    for t in view["tableaus"]:
        if only is not None and not only(t):
            continue
        mark = ">" if t["colour"] == acting else " "
        you = " you" if t["seat"] == view.get("seat") else ""
        colour = Text.assemble(mark, full._chip(t["colour"]), f" {seat_label(t['seat'])}{you}")
        trunk = list(t["trunk"]) + [None] * (t["trunk_spaces"] - len(t["trunk"]))
        cards = " ".join(str(k) if k in t["face_up"] else "-" for k in (1, 2, 3))
        influence = view["influence"][t["seat"]] if t["seat"] < len(view["influence"]) else 0
        table.add_row(colour, _code(t["car"]), str(t["in_car"]),
                      Text(" ").join([full._chip(x) for x in trunk]),
                      ", ".join(t["equipment"]) or "-", cards, str(t["in_box"]),
                      str(t["breakfast"]), str(influence))
    return table


def _piles(view: View) -> Text:
    """The Gold Coast's harbour, the decks and the equipment supply: one line where it
    fits in 80 columns, else two, each item whole."""
    deck = view["district_deck"]
    police = deck["contents"].count("police")
    casino = " ".join(str(v) for v in view["casino_deck"]["contents"]) or "none"
    items = [("Harbour", ", ".join(k if k else "(empty)" for k in view["harbour"])),
             ("district deck", f"{counted(deck['size'], 'card')} ({police} police)"),
             ("casino", casino),
             ("equipment", f"{view['equipment_supply']['size']} face down")]
    one_line = sum(len(a) + len(b) + 3 for a, b in items) - 2 <= LINE
    text = Text()
    for i, (name, what) in enumerate(items):
        if i:
            text.append("  " if one_line or i != 2 else "\n")
        text.append(f"{name} ", "bold")
        text.append(what)
    return text


def _heading(view: View) -> Text:
    if view["terminal"]:
        return Text(f"Gangster  over after {view['rounds']} Days of Reckoning", style="bold")
    doublers = view["doublers"]
    return Text(f"Gangster  round {view['round']} of {view['rounds']}  doublers placed "
                f"{doublers['placed']} of {doublers['total']}  turn {view['turns_taken'] + 1}"
                f" this round ({view['turn_limit']} at most)", style="bold")


def _pending(view: View) -> Text:
    """The full table's decision in words; to act, in one line (the cards face up are in
    the colours' Cards, the menu says the rest)."""
    if view["terminal"] or view["phase"] != "act" or not view.get("colour"):
        return full._pending(view)
    colour = view["colour"]
    tableau = tableau_of(view, colour)
    who = full._colour_name(view, colour)
    if view["to_move"] == view.get("seat"):
        who = who[:-1] + ", you)"
    return Text(f"{who} to act at {full._district_title(view, tableau['car'])}: drive, or "
                "unload or load a gangster here.", style="bold")


def render_compact(view: View, options: Options = None) -> RenderableType:
    """The whole table for a small terminal: every fact of ``render_view``, in fewer lines
    (``legend`` at the prompt explains the abbreviations)."""
    parts: list[RenderableType] = [_heading(view), _pending(view), _districts(view)]
    parts += [_colours(view), _piles(view)]
    past = render_final(view) if view["terminal"] else full._reckonings(view)
    if past is not None:
        parts.append(past)
    return Group(*parts)


#: A part of the table for the terminal to fit (see ``terminal.fit``): its name, all of it,
#: and the part in about N lines where it can shrink.
Part = tuple[str, RenderableType, Callable[[int], RenderableType] | None]


def _district_order(view: View) -> list[str]:
    """The districts by what matters now: the acting car's and a drive's stops (marked on
    the table), then those with cars or the viewer's gangsters, then the rest."""
    marks = highlighted(view)
    mine = {t["colour"] for t in view["tableaus"] if t["seat"] == view.get("seat")}

    def rank(district: Mapping[str, Any]) -> int:
        if district["name"] in marks:
            return 0 if marks[district["name"]] == "bold reverse" else 1
        spaces = (district["tile"] or {}).get("spaces", [])
        return 2 if district["cars"] or mine & set(spaces) else 3
    return [d["name"] for d in sorted(view["districts"], key=rank)]


def compact_parts(view: View, options: Options = None) -> list[Part]:
    """The terminal's hook: the compact table in named parts, by priority.

    The decision first; then the viewer's own colours (with the acting one: the cards it
    may drive with, the gangsters in its car); then what the decision is about: the
    districts (shrunk to the acting car's, the stops of a drive and where cars stand), or
    the harbour to take a tile from, or the colours to choose between; then the rest.

    >>> import gangland
    >>> state = gangland.load("gangster").new_game(players=3, seed=7)
    >>> [name for name, _, _ in compact_parts(state.view(0), state.options)]
    ['decision', 'you', 'districts', 'colours', 'harbour']
    """
    seat, acting = view.get("seat"), None if view["terminal"] else view.get("colour")

    def yours(t: Mapping[str, Any]) -> bool:
        return bool(t["seat"] == seat or t["colour"] == acting)

    order = _district_order(view)
    parts: list[Part] = [("decision", Group(_heading(view), _pending(view)), None)]
    if seat is not None:
        parts.append(("you", _colours(view, yours), None))
    districts: Part = ("districts", _districts(view),
                       lambda rows: _districts(view, set(order[:max(rows - 1, 1)])))
    others: Part = ("colours", _colours(view, lambda t: seat is None or not yours(t)), None)
    harbour: Part = ("harbour", _piles(view), None)
    phase = None if view["terminal"] else view["phase"]
    if phase == "take":
        parts += [harbour, districts, others]
    elif phase == "choose-colour":
        parts += [others, districts, harbour]
    else:
        parts += [districts, others, harbour]
    past = render_final(view) if view["terminal"] else full._reckonings(view)
    if past is not None:
        parts.append(("final" if view["terminal"] else "reckonings", past, None))
    return parts


def render_legend(view: View, options: Options, rest: str) -> RenderableType:
    """The prompt's ``legend``: what the compact table's abbreviations mean."""
    return Text(LEGEND)


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: Gangster's own prompt commands (see ``terminal.listing``)."""
    return {"legend": ("what the compact table's abbreviations mean", render_legend)}

"""Gangster in the terminal: a seat's view drawn as a city map and a few tables.

This module renders a *view* (``state.view(seat)``), never a state, so whatever it prints
is something that seat may know. The command line finds it by importing
``gangland.games.gangster.text`` and calls

- ``render_view(view, options)``: the whole table as one Rich renderable;
- ``describe_action(action, options)``: an action followed by what it does, for menus.

What is shown, top to bottom: who is to decide what (for a drive, the districts where the
car may stop); the city map, the eleven districts and every road between them, with a
doubler marked ``x2`` and each car under its district; one row per district with its tile
(point values, then the spaces in rank order, four to a row as printed, each row numbered
by its first space, so ``load 7`` can be read off the screen) and what each colour would
score if the round ended now; each colour's tableau; influence, harbour and piles; the
past reckonings.

Colours are always written as two letters (``Bl`` blue, ``Ye`` yellow, ``Br`` brown,
``Gy`` gray, ``Gn`` green) as well as drawn in their colour, so nothing depends on telling
colours apart.

The map is drawn from fixed positions and hand-routed roads. A road of the view that has
no route (a components file may change the roads) is listed under the map instead, and
:func:`layout_problems` checks the routes themselves: each one runs straight along rows
and columns, starts and ends beside its two districts, and shares no cell with another
road or a district (a test holds it to that).

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangster").new_game(players=3, seed=7)
>>> console = Console(width=100, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_view(state.view(1), state.options))
>>> "Blue (P1) to act at" in console.export_text()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import Action, OptionValue, counted, seat_label

from .text_final import render_final

__all__ = ["CODES", "ROUTES", "describe_action", "draw_map", "layout_problems",
           "prompt_commands", "render_compact", "render_view", "seat_colours"]

View = Mapping[str, Any]
Options = Mapping[str, OptionValue] | None

#: Two letters per colour, used wherever a colour is shown.
CODES = {"blue": "Bl", "yellow": "Ye", "brown": "Br", "gray": "Gy", "green": "Gn"}
STYLES = {"blue": "bold blue", "yellow": "bold yellow", "brown": "bold dark_orange3",
          "gray": "bold grey62", "green": "bold green"}

# ----- the map ---------------------------------------------------------------------------

WIDTH = 16  # a district's box on the map: its name (and x2) above, its cars below
#: Top-left corner (column, row) of each district's box.
NODES: dict[str, tuple[int, int]] = {
    "gold-coast": (33, 0),
    "west-side": (3, 3),
    "north-side": (33, 3),
    "the-loop": (63, 3),
    "greek-town": (33, 7),
    "stickney": (3, 11),
    "little-italy": (33, 11),
    "chinatown": (63, 11),
    "cicero": (3, 15),
    "south-side": (33, 18),
    "little-africa": (63, 18),
}
Point = tuple[int, int]
#: Each road's route: from a cell beside the first district to one beside the second,
#: turning only at the listed points.
ROUTES: dict[tuple[str, str], tuple[Point, ...]] = {
    ("gold-coast", "the-loop"): ((49, 0), (70, 0), (70, 2)),
    ("gold-coast", "west-side"): ((32, 0), (9, 0), (9, 2)),
    ("north-side", "the-loop"): ((49, 3), (62, 3)),
    ("north-side", "west-side"): ((32, 3), (19, 3)),
    ("the-loop", "chinatown"): ((75, 5), (75, 10)),
    ("the-loop", "greek-town"): ((66, 5), (66, 7), (49, 7)),
    ("greek-town", "little-italy"): ((37, 9), (37, 10)),
    ("greek-town", "west-side"): ((32, 7), (15, 7), (15, 5)),
    ("west-side", "cicero"): ((2, 3), (0, 3), (0, 15), (2, 15)),
    ("west-side", "stickney"): ((9, 5), (9, 10)),
    ("little-italy", "cicero"): ((36, 13), (36, 15), (19, 15)),
    ("little-italy", "chinatown"): ((49, 11), (62, 11)),
    ("little-italy", "south-side"): ((42, 13), (42, 17)),
    ("little-italy", "stickney"): ((32, 11), (19, 11)),
    ("chinatown", "little-africa"): ((66, 13), (66, 17)),
    ("little-africa", "south-side"): ((62, 18), (49, 18)),
}


def _box_cells(name: str) -> set[Point]:
    x, y = NODES[name]
    return {(x + i, y + j) for i in range(WIDTH) for j in (0, 1)}


def _beside(name: str, point: Point) -> bool:
    """Whether ``point`` touches the district's box from the left, right, top or bottom."""
    x, y = NODES[name]
    px, py = point
    return (py == y and px in (x - 1, x + WIDTH)) or (
        x <= px < x + WIDTH and py in (y - 1, y + 2))


def _route_cells(points: Sequence[Point]) -> list[tuple[Point, str]]:
    """Every cell of a route with its character: ``-`` and ``|`` on the way, ``+`` at turns."""
    cells: list[tuple[Point, str]] = [(points[0], "-")]
    for (x0, y0), (x1, y1) in pairwise(points):
        dx = (x1 > x0) - (x1 < x0)
        dy = (y1 > y0) - (y1 < y0)
        char = "-" if dy == 0 else "|"
        if len(cells) == 1:
            cells[0] = (points[0], char)
        else:
            cells[-1] = (cells[-1][0], "+")
        x, y = x0, y0
        while (x, y) != (x1, y1):
            x, y = x + dx, y + dy
            cells.append(((x, y), char))
    return cells


def layout_problems(roads: Sequence[tuple[str, str]] | None = None) -> list[str]:
    """What is wrong with the map's routes (empty when the layout is sound).

    With ``roads``, also every road that has no route. The shipped layout has none:

    >>> layout_problems()
    []
    """
    problems = []
    boxes = {name: _box_cells(name) for name in NODES}
    taken: dict[Point, str] = {}
    for a, b in ROUTES:
        if a not in NODES or b not in NODES:
            problems.append(f"{a}-{b}: a district without a place on the map")
            continue
        points = ROUTES[(a, b)]
        if any(x0 != x1 and y0 != y1
               for (x0, y0), (x1, y1) in pairwise(points)):
            problems.append(f"{a}-{b}: a stretch is neither along a row nor a column")
            continue
        if not _beside(a, points[0]) or not _beside(b, points[-1]):
            problems.append(f"{a}-{b}: does not start beside {a} and end beside {b}")
        for cell, _ in _route_cells(points):
            for name, cells in boxes.items():
                if cell in cells:
                    problems.append(f"{a}-{b}: runs through {name} at {cell}")
            if cell in taken:
                problems.append(f"{a}-{b}: crosses {taken[cell]} at {cell}")
            taken[cell] = f"{a}-{b}"
    for a, b in roads or ():
        if (a, b) not in ROUTES and (b, a) not in ROUTES:
            problems.append(f"{a}-{b}: a road with no route on the map")
    return problems


@cache
def _layout_sound() -> bool:
    return not layout_problems()


def _roads(view: View) -> list[tuple[str, str]]:
    """Each road of the view once, as a pair of district names."""
    seen: list[tuple[str, str]] = []
    for district in view["districts"]:
        for other in district["roads"]:
            pair = (district["name"], other)
            if (other, district["name"]) not in seen:
                seen.append(pair)
    return seen


def draw_map(view: View) -> tuple[Text, list[tuple[str, str]]]:
    """The city map, and the roads of the view it could not draw (listed beside it)."""
    roads = _roads(view)
    drawn = [r for r in roads if _layout_sound() and (r in ROUTES or r[::-1] in ROUTES)]
    missing = [r for r in roads if r not in drawn]
    grid: dict[Point, tuple[str, str]] = {}
    for a, b in drawn:
        for cell, char in _route_cells(ROUTES[(a, b)] if (a, b) in ROUTES else ROUTES[(b, a)]):
            grid[cell] = (char, "dim")
    highlight = _highlighted(view)
    for district in view["districts"]:
        name = district["name"]
        if name not in NODES:
            continue
        x, y = NODES[name]
        label = district["title"]
        if district["doubler"]:
            label += " x2"
        elif district["tile"] is None and not district["harbour"]:
            label += " (unused)"
        style = highlight.get(name, "bold")
        for i, char in enumerate(label[:WIDTH]):
            grid[(x + i, y)] = (char, style)
        if grid.get((x + WIDTH, y), ("", ""))[0] == "-":  # a road leaves to the right
            for i in range(len(label) + 1, WIDTH):
                grid[(x + i, y)] = ("-", "dim")
        col = x
        for colour in district["cars"]:
            for char in CODES.get(colour, colour[:2].title()):
                grid[(col, y + 1)] = (char, STYLES.get(colour, ""))
                col += 1
            col += 1
    return _grid_text(grid), missing


def _highlighted(view: View) -> dict[str, str]:
    """The acting car's district, and where a pending drive may stop, stand out."""
    marks: dict[str, str] = {}
    colour = view.get("colour")
    if colour and not view["terminal"]:
        tableau = _tableau(view, colour)
        if view["phase"] == "destination":
            for name in _destinations(view, tableau):
                marks[name] = "bold underline"
        marks[tableau["car"]] = "bold reverse"
    return marks


def _grid_text(grid: Mapping[Point, tuple[str, str]]) -> Text:
    """The drawn cells as text, one span per run of equally styled characters."""
    rows: dict[int, dict[int, tuple[str, str]]] = {}
    for (x, y), cell in grid.items():
        rows.setdefault(y, {})[x] = cell
    text = Text()
    for y in range(max(rows) + 1 if rows else 0):
        row = rows.get(y, {})
        run, run_style = "", ""
        for x in range(max(row) + 1 if row else 0):
            char, style = row.get(x, (" ", ""))
            if style != run_style:
                text.append(run, run_style)
                run, run_style = "", style
            run += char
        text.append(run, run_style)
        text.append("\n")
    text.rstrip()
    return text


def _destinations(view: View, tableau: Mapping[str, Any]) -> list[str]:
    """Where the pending drive may stop: walks of exactly the card's length (the Motor: or
    one more) that never turn straight back, as the rules allow."""
    card = view.get("drive_card") or 0
    if not card:
        return []
    neighbours = {d["name"]: d["roads"] for d in view["districts"]}
    lengths = (card, card + 1) if "motor" in tableau["equipment"] else (card,)
    ends: set[str] = set()
    states = {(tableau["car"], "")}
    for step in range(1, max(lengths) + 1):
        states = {(n, here) for here, came in states for n in neighbours[here] if n != came}
        if step in lengths:
            ends.update(here for here, _ in states)
    order = [d["name"] for d in view["districts"]]
    return sorted(ends, key=order.index)


# ----- words and chips ---------------------------------------------------------------------


def _title(word: str) -> str:
    return word.replace("-", " ").title()


def _chip(colour: str | None) -> Text:
    """A colour's two letters, in its colour; an empty space as ``..``."""
    if colour is None:
        return Text("..", "dim")
    return Text(CODES.get(colour, colour[:2].title()), STYLES.get(colour, ""))


def _tableau(view: View, colour: str) -> Mapping[str, Any]:
    return next(t for t in view["tableaus"] if t["colour"] == colour)


def _seat_name(view: View, seat: int) -> str:
    """``P2 (you)`` for the viewer's own seat, else ``P2``."""
    return seat_label(seat) + (" (you)" if seat == view.get("seat") else "")


def _colour_name(view: View, colour: str) -> str:
    """``Blue (P1)``: the colour and the seat that plays it."""
    return f"{_title(colour)} ({seat_label(_tableau(view, colour)['seat'])})"


def _district_title(view: View, name: str) -> str:
    return next((d["title"] for d in view["districts"] if d["name"] == name), _title(name))


# ----- the pending decision --------------------------------------------------------------


def _heading(view: View) -> Text:
    """Round, doublers, turn: how far the game and the round are."""
    if view["terminal"]:
        return Text(f"Gangster  over after {view['rounds']} Days of Reckoning", style="bold")
    doublers = view["doublers"]
    head = Text(f"Gangster  round {view['round']} of {view['rounds']}", style="bold")
    # The turn cap is a safety rule that almost never bites: said as a limit, not as a
    # count that the terminal's own "move N" would seem to contradict.
    head.append(f"  doublers placed: {doublers['placed']} of {doublers['total']} (the last "
                f"ends the round)  turn {view['turns_taken'] + 1} this round "
                f"({view['turn_limit']} at most)")
    return head


def _pending(view: View) -> Text:
    """Who decides what now, in words."""
    if view["terminal"]:
        winners = view["winners"]
        names = " and ".join(_seat_name(view, s) for s in winners) or "nobody"
        best = max(view["influence"]) if view["influence"] else 0
        return Text(f"Game over: {names} {'win' if len(winners) > 1 else 'wins'} with "
                    f"{best} influence.", style="bold")
    phase = view["phase"]
    seat = view["to_move"]
    colour = view.get("colour")
    if phase == "choose-colour" or colour is None:
        mine = [t["colour"] for t in view["tableaus"] if t["seat"] == seat]
        return Text(f"{_seat_name(view, seat)} to choose which colour plays this turn: "
                    f"{' or '.join(_title(c) for c in mine)}.", style="bold")
    tableau = _tableau(view, colour)
    who = _colour_name(view, colour)
    if seat == view.get("seat"):
        who = who[:-1] + ", you)"
    where = _district_title(view, tableau["car"])
    cards = ", ".join(str(k) for k in tableau["face_up"])
    card = view.get("drive_card") or 0
    motor = f" (or {card + 1} with the Motor)" if "motor" in tableau["equipment"] else ""
    texts = {
        "act": f"{who} to act at {where}: drive (card {cards}), or unload or load one "
               "gangster here.",
        "destination": f"{who} drives {view.get('drive_card')}{motor} from {where}; it may "
                       "stop at "
                       + ", ".join(_district_title(view, d)
                                   for d in _destinations(view, tableau)) + ".",
        "bump": f"{who} stopped at {where}: push another car standing there one road on "
                "with the Bumper, or not.",
        "breakfast": f"{who} is at the Gold Coast: leave the trunk's gangsters at the "
                     "Sicilian Breakfast, or keep them.",
        "take": f"{who} is at the Gold Coast: take one of the harbour's tiles.",
        "door": f"{who} may unload a second gangster of its own with the Door, or stop.",
    }
    return Text(texts.get(phase, f"{who} to decide ({phase})."), style="bold")


# ----- districts ---------------------------------------------------------------------------


def _values_text(district: Mapping[str, Any]) -> str:
    tile = district["tile"]
    return " ".join(str(v) for v in tile["values"])


def _spaces_text(tile: Mapping[str, Any]) -> Text:
    """The tile's spaces four to a row as printed, each row numbered by its first space.

    Rows past the last one reached are left out (their count follows), to keep it short.
    """
    spaces: list[str | None] = tile["spaces"]
    used = max([i + 1 for i, x in enumerate(spaces) if x is not None] + [tile["frontier"]])
    rows = max(1, -(-used // 4))
    text = Text()
    for r in range(rows):
        if r:
            text.append("\n")
        text.append(f"{4 * r + 1:>2} ", "dim")
        for i in range(4 * r, min(4 * r + 4, len(spaces))):
            text.append_text(_chip(spaces[i]))
            if i < 4 * r + 3:
                text.append(" ")
    left = len(spaces) - 4 * rows
    if left > 0:
        text.append(f"  +{left} empty", "dim")
    return text


def _places(district: Mapping[str, Any]) -> list[tuple[str, int, str]]:
    """Each colour there, best placed first (more gangsters, then the higher space), with
    its gangsters and what that place pays now (``?``: a casino card, ``x2`` doubled)."""
    tile = district["tile"]
    count: dict[str, int] = {}
    top: dict[str, int] = {}
    for i, colour in enumerate(tile["spaces"]):
        if colour is not None:
            count[colour] = count.get(colour, 0) + 1
            top[colour] = i + 1
    values = tile["values"]
    factor = 2 if district["doubler"] else 1
    places = []
    for place, colour in enumerate(sorted(count, key=lambda c: (-count[c], -top[c]))):
        if place >= len(values):
            pays = "0"
        elif values[place] == "?":
            pays = "?" + (" x2" if factor == 2 else "")
        else:
            pays = str(values[place] * factor)
        places.append((colour, count[colour], pays))
    return places


def _standing(district: Mapping[str, Any]) -> Text:
    """Each colour's gangsters, best placed first, and what that place pays now."""
    text = Text()
    for place, (colour, count, pays) in enumerate(_places(district)):
        if place:
            text.append("\n")
        text.append_text(_chip(colour))
        text.append(f" {count}: ")
        text.append(pays, "dim" if pays == "0" else "")
    return text


def _districts_table(view: View) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    table.add_column("District")
    table.add_column("Values")
    table.add_column("Spaces in rank order")
    over = view["terminal"]
    if not over:  # a finished game scores nothing more: the final count says what it did
        table.add_column("If scored now")
    for district in view["districts"]:
        tile = district["tile"]
        if tile is None:
            continue
        name = Text(district["title"], "bold")
        if district["doubler"]:
            name.append(" x2", "bold")
        nxt = tile["next_space"]
        name.append(f"\ntile {tile['number']}, "
                    + ("full" if nxt is None else f"space {nxt} is next"), "dim")
        cells: list[RenderableType] = [name, _values_text(district), _spaces_text(tile)]
        if not over:
            cells.append(_standing(district))
        table.add_row(*cells)
    return table


# ----- tableaus, influence and piles -------------------------------------------------------


def _tableaus_table(view: View) -> Table:
    """Per colour: its car, the gangsters riding in it, the trunk, equipment, cards.

    The trunk shows one entry per space (``..`` free), so the Trunk's second space shows.
    Face-down movement cards are ``-``.
    """
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for header in ("Colour", "Car at", "In car", "Trunk", "Equipment", "Cards"):
        table.add_column(header)
    acting = None if view["terminal"] else view.get("colour")
    for t in view["tableaus"]:
        mark = "> " if t["colour"] == acting else "  "
        colour = Text.assemble(mark, _chip(t["colour"]), f" {t['colour']} ",
                               _seat_name(view, t["seat"]))
        trunk = list(t["trunk"]) + [None] * (t["trunk_spaces"] - len(t["trunk"]))
        cards = " ".join(str(k) if k in t["face_up"] else "-" for k in (1, 2, 3))
        table.add_row(colour, _district_title(view, t["car"]), str(t["in_car"]),
                      Text(" ").join([_chip(x) for x in trunk]),
                      ", ".join(t["equipment"]) or "-", cards)
    return table


def _reserves(view: View) -> Text:
    """Gangsters in the supply for the next rounds (rules: 6 more each before round 2,
    5 before round 3), and those at the Sicilian Breakfast."""
    text = Text("Gangsters in the supply for later rounds: ", "bold")
    text.append(", ".join(f"{CODES.get(t['colour'], t['colour'])} {t['in_box']}"
                          for t in view["tableaus"]))
    eaten = [t for t in view["tableaus"] if t["breakfast"]]
    text.append("   at the Sicilian Breakfast: ", "bold")
    text.append(", ".join(f"{CODES.get(t['colour'], t['colour'])} {t['breakfast']}"
                          for t in eaten) or "nobody")
    return text


def _influence(view: View) -> Text:
    text = Text("Influence: ", "bold")
    parts = []
    for seat, points in enumerate(view["influence"]):
        colours = " ".join(CODES.get(t["colour"], t["colour"]) for t in view["tableaus"]
                           if t["seat"] == seat)
        parts.append(f"{_seat_name(view, seat)} [{colours}] {points}")
    text.append("   ".join(parts))
    return text


def _piles(view: View) -> Text:
    harbour = ", ".join(k if k else "(empty)" for k in view["harbour"])
    deck = view["district_deck"]
    police = deck["contents"].count("police")
    casino = view["casino_deck"]["contents"]
    text = Text()
    text.append("Gold Coast harbour: ", "bold")
    text.append(f"{harbour}   equipment supply {view['equipment_supply']['size']} face down\n")
    text.append("District deck: ", "bold")
    text.append(f"{counted(deck['size'], 'card')} ({police} police)   ")
    text.append("casino cards left: ", "bold")
    text.append(" ".join(str(v) for v in casino) or "none")
    return text


def _reckonings(view: View) -> Text | None:
    if not view["reckonings"]:
        return None
    lines = []
    for r in view["reckonings"]:
        gains = ", ".join(f"{seat_label(s)} +{p}" for s, p in enumerate(r["points"]))
        lines.append(f"Reckoning {r['round']} (casino {r['casino']}, {r['why']}): {gains}")
    return Text("\n".join(lines))


def render_view(view: View, options: Options = None) -> RenderableType:
    """The whole table as the viewing seat sees it (everything in Gangster is public but the
    order of the face-down piles, so every seat sees the same, spectators too)."""
    city, missing = draw_map(view)
    parts: list[RenderableType] = [_heading(view), _pending(view), Text(""), city]
    if missing:
        parts.append(Text("Also joined by a road (not drawn): " + ", ".join(
            f"{_district_title(view, a)} - {_district_title(view, b)}" for a, b in missing)))
    parts += [_districts_table(view), _tableaus_table(view), _reserves(view), _influence(view),
              _piles(view)]
    past = render_final(view) if view["terminal"] else _reckonings(view)
    if past is not None:
        parts.append(past)
    return Group(*parts)


# ----- actions -------------------------------------------------------------------------------

_KIND_HELP = {
    "bodyguard": "nobody else loads your gangsters where your car stands",
    "trunk": "room for two other colours' gangsters",
    "motor": "drive one road further if you like",
    "bumper": "after a drive, push a car standing there one road on",
    "tommy-gun": "load from a neighbouring district",
    "door": "unload a second gangster of your own per turn",
}


def describe_action(action: Action, options: Options = None) -> str:
    """The action's text, then what it does in words.

    >>> describe_action(Action("load", (7,)))
    'load 7  (take the gangster on space 7 here)'
    >>> describe_action(Action("tommy-gun", ("stickney", 2)))
    'tommy-gun stickney 2  (load the gangster on space 2 of Stickney into the trunk)'
    """
    spelled = _spelled(action.kind, [str(a) for a in action.args])
    return f"{action}  ({spelled})" if spelled else str(action)


def _spelled(kind: str, args: list[str]) -> str:
    """What an action does, in words ("" for an unknown kind)."""
    match kind:
        case "play":
            return f"play {_title(args[0])} this turn"
        case "drive":
            return f"turn movement card {args[0]} face down and drive"
        case "to":
            return f"stop in {_title(args[0])}"
        case "bump":
            return f"push the {args[0]} car to {_title(args[2])}"
        case "no-bump":
            return "leave the other cars where they are"
        case "breakfast":
            return "the trunk's gangsters go to the Sicilian Breakfast"
        case "keep-trunk":
            return "keep them in the trunk"
        case "take":
            return f"{_title(args[0])}: {_KIND_HELP.get(args[0], '')}"
        case "unload":
            return f"a {args[0]} gangster onto the next space here"
        case "load":
            return f"take the gangster on space {args[0]} here"
        case "tommy-gun":
            return f"load the gangster on space {args[1]} of {_title(args[0])} into the trunk"
        case "done":
            return "no second gangster; end the turn"
    return ""


def seat_colours(view: View) -> dict[int, str]:
    """Each seat's colours (two each at a table of two), for the terminal to name the
    seat by them: "P1 (blue and brown)".

    >>> seat_colours({"tableaus": [{"colour": "blue", "seat": 0}, {"colour": "red", "seat": 1},
    ...                            {"colour": "brown", "seat": 0}]})
    {0: 'blue and brown', 1: 'red'}
    """
    colours: dict[int, list[str]] = {}
    for t in view["tableaus"]:
        colours.setdefault(t["seat"], []).append(t["colour"])
    return {s: " and ".join(c) for s, c in colours.items()}


# The compact table's module reads this one's helpers, so it is imported when first used.
def render_compact(view: View, options: Options = None) -> RenderableType:
    """The table for a small terminal, every fact in fewer lines (see :mod:`.text_compact`)."""
    from .text_compact import render_compact as compact
    return compact(view, options)


def compact_parts(view: View, options: Options = None) -> list[Any]:
    """The terminal's hook: the compact table in named parts (see :mod:`.text_compact`)."""
    from .text_compact import compact_parts as parts
    return list(parts(view, options))


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: this game's own prompt commands (see :mod:`.text_compact`)."""
    from .text_compact import prompt_commands as commands
    return commands()

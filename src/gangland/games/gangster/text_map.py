"""Gangster's city map in the terminal: the eleven districts and every road between them.

The map is drawn from fixed positions and hand-routed roads (see :mod:`.text` for the
table it sits in). A road of the view that has no route (a components file may change
the roads) is listed under the map instead, and :func:`layout_problems` checks the
routes themselves: each one runs straight along rows and columns, starts and ends beside
its two districts, and shares no cell with another road or a district (a test holds it
to that). The acting car's district, and where a pending drive may stop, stand out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import Any

from rich.text import Text

View = Mapping[str, Any]

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
    highlight = highlighted(view)
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


def highlighted(view: View) -> dict[str, str]:
    """The acting car's district, and where a pending drive may stop, stand out."""
    marks: dict[str, str] = {}
    colour = view.get("colour")
    if colour and not view["terminal"]:
        tableau = tableau_of(view, colour)
        if view["phase"] == "destination":
            for name in destinations(view, tableau):
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


def destinations(view: View, tableau: Mapping[str, Any]) -> list[str]:
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


def tableau_of(view: View, colour: str) -> Mapping[str, Any]:
    return next(t for t in view["tableaus"] if t["colour"] == colour)

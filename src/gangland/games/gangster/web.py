"""Gangster in the browser: the map's geometry and the printed components a renderer needs.

A view names districts, colours and equipment by their words and lists each district's
roads, but says nothing about where a district lies on the board or what every scoring
tile looks like. The server sends this once per table, in the ``welcome`` message, as
``client_data``; the renderer (``web/renderers/gangster.js``) draws the city from it.

Everything here is static and public: the board layout, the roads, the printed tiles,
casino values and equipment mix of the components in use. Nothing comes from a state.

The layout is Gangland's own (the printed board's drawing is not public). Districts are
boxes on a canvas, roads are straight lines between box centres; the positions are chosen
so that no road of the shipped components passes through a third district's box, which
:func:`layout_problems` checks. A components file may rename the tenth district or change
the roads; a district without a position is placed on a spare row below the city, and a
road is always drawn (it may then cross a box, which is still readable).

>>> data = client_data({})
>>> [d["name"] for d in data["districts"]][:3]
['gold-coast', 'north-side', 'the-loop']
>>> layout_problems(data)
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine import OptionValue

from .board import Board, board_from
from .components import KINDS

__all__ = ["BOX", "CANVAS", "POSITIONS", "client_data", "layout_problems"]

#: A district's box on the map (width, height), in canvas units.
BOX = (214, 166)
#: The canvas the shipped layout fills (width, height); spare rows extend it downwards.
CANVAS = (1140, 1020)
#: Centre of each district's box. Loosely Chicago: the Gold Coast by the lake at the top,
#: the West Side, Cicero and Stickney to the west, the South Side at the bottom.
POSITIONS: dict[str, tuple[int, int]] = {
    "gold-coast": (620, 90),
    "west-side": (125, 300),
    "north-side": (620, 300),
    "the-loop": (1010, 300),
    "stickney": (372, 566),
    "greek-town": (620, 510),
    "cicero": (125, 730),
    "little-italy": (620, 720),
    "chinatown": (1010, 720),
    "south-side": (620, 930),
    "little-africa": (1010, 930),
}
_SPARE_GAP = 240  # distance between boxes on the spare row

#: The two letters written on every piece of a colour, so no one needs to tell colours apart.
CODES = {"blue": "Bl", "yellow": "Ye", "brown": "Br", "gray": "Gy", "green": "Gn"}

#: What each kind of special equipment lets its owner do, in a few words (shown on hover).
EQUIPMENT_HELP = {
    "bodyguard": "Others may not load your gangsters where your car stands.",
    "trunk": "The trunk holds two gangsters of other colours instead of one.",
    "motor": "A drive may go one road further than the card says.",
    "bumper": "After a drive, push a car standing where you stop one road on.",
    "tommy-gun": "Load another colour's gangster from a neighbouring district.",
    "door": "Unload a second gangster of your own colour in the same turn.",
}


def _title(word: str) -> str:
    return word.replace("-", " ").title()


def _positions(names: tuple[str, ...]) -> list[tuple[int, int]]:
    """A centre for every district: its place in the layout, else the next spare one."""
    spare_y = CANVAS[1] + BOX[1] // 2 + 30
    spare = 0
    placed = []
    for name in names:
        if name in POSITIONS:
            placed.append(POSITIONS[name])
        else:
            placed.append((BOX[0] // 2 + 30 + spare * _SPARE_GAP, spare_y))
            spare += 1
    return placed


def client_data(options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """The board of the components in use, laid out for drawing, JSON-safe.

    ``districts`` (in the components' order) carry ``x``/``y`` (box centre), ``roads``
    lists each road once as ``[a, b]``; ``tiles[n - 1]`` is printed tile ``n`` (spaces and
    values, ``"?"`` for the casino's value); ``colours`` with their two-letter ``codes``;
    the equipment ``kinds`` with a short ``help`` each; the casino values and the counts
    the rulebook fixes (doublers, harbour spaces, movement cards).
    """
    board: Board = board_from(str(options.get("components") or ""))
    parts = board.parts
    material = parts.material
    centres = _positions(board.names)
    height = max(CANVAS[1], max(y for _, y in centres) + BOX[1] // 2 + 30)
    districts = [
        {
            "name": name,
            "title": board.titles[d],
            "x": centres[d][0],
            "y": centres[d][1],
            "harbour": d == parts.harbour,
            "unused_with_three": d == parts.unused_with_three,
        }
        for d, name in enumerate(board.names)
    ]
    return {
        "game": "gangster",
        "canvas": {"width": CANVAS[0], "height": height, "box_width": BOX[0],
                   "box_height": BOX[1]},
        "districts": districts,
        "roads": [[board.names[a], board.names[b]] for a, b in parts.roads],
        "tiles": [
            {"number": n + 1, "spaces": tile.spaces, "values": tile.values_text()}
            for n, tile in enumerate(parts.tiles)
        ],
        "colours": [
            {"name": c, "title": _title(c), "code": CODES.get(c, c[:2].title())}
            for c in material.colours
        ],
        "kinds": [
            {"name": k, "title": _title(k), "help": EQUIPMENT_HELP[k], "count": n}
            for k, n in zip(KINDS, parts.equipment, strict=True)
        ],
        "casino": list(parts.casino),
        "doublers": material.doublers,
        "harbour_spaces": material.harbour_spaces,
        "tableau_slots": material.tableau_slots,
        "movement_cards": list(material.movement_cards),
        "gangsters_per_colour": material.gangsters_per_colour,
    }


def _crosses(a: tuple[float, float], b: tuple[float, float], centre: tuple[float, float],
             margin: float) -> bool:
    """Whether segment ``a``-``b`` enters the box around ``centre`` (grown by ``margin``)."""
    half_w, half_h = BOX[0] / 2 + margin, BOX[1] / 2 + margin
    steps = 200
    for i in range(steps + 1):
        t = i / steps
        x = a[0] + (b[0] - a[0]) * t
        y = a[1] + (b[1] - a[1]) * t
        if abs(x - centre[0]) < half_w and abs(y - centre[1]) < half_h:
            return True
    return False


def layout_problems(data: Mapping[str, Any], margin: float = 8) -> list[str]:
    """Roads that pass through a third district's box, and boxes that overlap (empty: sound).

    ``data`` is :func:`client_data`'s answer; ``margin`` keeps roads clear of box edges.
    """
    centres = {d["name"]: (d["x"], d["y"]) for d in data["districts"]}
    problems = []
    names = list(centres)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            (ax, ay), (bx, by) = centres[a], centres[b]
            if abs(ax - bx) < BOX[0] + margin and abs(ay - by) < BOX[1] + margin:
                problems.append(f"{a} and {b} overlap")
    for a, b in data["roads"]:
        for name, centre in centres.items():
            if name not in (a, b) and _crosses(centres[a], centres[b], centre, margin):
                problems.append(f"the road {a}-{b} passes through {name}")
    return problems

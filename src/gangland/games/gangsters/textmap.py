"""The Gangsters city map in the terminal: the grid of ``city.txt`` with every piece drawn
over its cell, and its legend (see :mod:`.text` for what the drawing shows).

Split from :mod:`.text` so that each stays a module of one concern. The column numbers
above the grid are staggered on two lines, even columns on the first and odd ones on the
second, so that each sits over its own two-character cell and no two run together; every
word the map draws is one the parser takes (a street cell ``ROW.COL``, a building's code,
a subway's ``#N``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

import gangland
from gangland.engine import OptionValue, seat_label

from .city import City
from .moves import tokens

View = Mapping[str, Any]
Options = Mapping[str, OptionValue] | None

#: Each gang colour's letter on the map and its terminal style.
GANG_STYLES = {"red": "bold red", "yellow": "bold yellow", "green": "bold green",
               "brown": "bold dark_orange3"}
#: Joint colours' styles for building cells.
JOINT_STYLES = {"red": "red", "purple": "magenta", "blue": "blue", "green": "green",
                "yellow": "yellow", "orange": "orange3", "gray": "grey50"}
KIND_LETTER = {"racketeer": "R", "thug": "T", "vamp": "V"}


def gang_letter(gang: str) -> str:
    """``red`` -> ``r`` (the letter of a gang on the map)."""
    return gang[:1].lower()


# ----- the map and its lookups -----------------------------------------------------------

_CITIES: dict[int, tuple[City, dict[str, int], tuple[str, ...]]] = {}


def _city(options: Options) -> tuple[City, dict[str, int], tuple[str, ...]]:
    """The map of the components in use, with token -> space id and the tokens."""
    city: City = gangland.load("gangsters").components(dict(options or {})).city  # type: ignore[attr-defined]
    found = _CITIES.get(id(city))
    if found is None or found[0] is not city:
        toks = tokens(city)
        found = _CITIES[id(city)] = (city, {t: i for i, t in enumerate(toks)}, toks)
    return found


def _place(token: str | None, options: Options) -> str:
    """``5.16`` -> ``Riverside Drive 3``; a building's full name."""
    if token is None:
        return "off the board"
    city, index, _ = _city(options)
    return city.names[index[token]] if token in index else token


def _piece_code(gang: str, piece: Mapping[str, Any]) -> str:
    letter = gang_letter(gang)
    return (letter.upper() if piece["criminal"] else letter) + KIND_LETTER[piece["kind"]]


def _cop_code(strength: int) -> str:
    return "CX" if strength == 10 else f"C{strength}"


def public_code(strength: int) -> str:
    """``x2``: a public piece by its multiplier (never ``P2``, which names a player)."""
    return f"x{strength}"


def _occupants(view: View) -> dict[str, list[tuple[str, str]]]:
    """Per space token: the (code, style) of everything standing there, gangs first."""
    where: dict[str, list[tuple[str, str]]] = {}
    for gang in view["gangs"]:
        for piece in gang["pieces"]:
            if piece["at"] is None or not piece["strength"]:
                continue
            style = GANG_STYLES.get(gang["gang"], "bold")
            if piece["criminal"]:
                style += " reverse"
            where.setdefault(piece["at"], []).append((_piece_code(gang["gang"], piece), style))
    for cop in view["cops"]:
        if cop["at"] is not None:
            where.setdefault(cop["at"], []).append((_cop_code(cop["cop"]), "bold white on blue"))
    for pub in view["public"]:
        if pub["at"] is not None:
            where.setdefault(pub["at"], []).append((public_code(pub["strength"]),
                                                    "bold black on white"))
    return where


def draw_map(view: View, options: Options = None) -> tuple[Text, list[str]]:
    """The city grid with every piece and joint drawn over it, and the crowded spaces
    (more pieces than cells) spelled out, one line each."""
    city, index, toks = _city(options)
    width = max(len(r) for r in city.rows) // 2
    grid: list[list[tuple[str, str]]] = []
    for row in city.rows:
        cells = []
        for c in range(width):
            cell = row[2 * c:2 * c + 2].ljust(2)
            if cell == "~~":
                style = "blue"
            elif cell.startswith("#"):
                style = "bold white"
            elif cell in ("..", "||", "==", "|=", "=|"):
                style = "grey46"
            else:
                style = ""
            cells.append((cell, style))
        grid.append(cells)
    for b in city.buildings:
        style = JOINT_STYLES.get(city.colour[b], "")
        for r, c in city.cells[b]:
            grid[r][c] = (grid[r][c][0], style)
    owners = {g["seat"]: g["gang"] for g in view["gangs"]}
    joints = {tok: (owner, level) for tok, (owner, level) in view["buildings"].items()
              if owner is not None and owner >= 0}
    crowded: list[str] = []
    occupants = _occupants(view)
    for tok in sorted(set(occupants) | set(joints), key=lambda t: index.get(t, -1)):
        if tok not in index:
            continue
        s = index[tok]
        marks = list(occupants.get(tok, []))
        if city.street[s]:
            slots = list(city.cells[s])
        else:
            entrance = next((rc for rc in city.cells[s]
                             if grid[rc[0]][rc[1]][0].islower()), None)
            slots = [rc for rc in city.cells[s] if rc != entrance]
            if tok in joints:
                owner, level = joints[tok]
                gang = owners.get(owner, "?")
                marks.insert(0, (f"{gang_letter(gang)}{level}",
                                 GANG_STYLES.get(gang, "bold") + " underline"))
            code = city.code[s]
            if len(marks) < len(slots):
                marks.insert(0, (code, JOINT_STYLES.get(city.colour[s], "") + " bold"))
        if len(marks) > len(slots):
            keep = max(0, len(slots) - 1)
            shown = [*marks[:keep], (f"+{len(marks) - keep}", "bold reverse")]
            people = [m for m, _ in occupants.get(tok, [])]
            crowded.append(f"{toks[s]} ({city.names[s]}): {' '.join(people)}")
        else:
            shown = marks
        for (r, c), mark in zip(slots, shown, strict=False):
            grid[r][c] = mark
    text = Text()
    for parity in (0, 1):  # staggered: "0   2   4" over "  1   3   5", each over its cell
        text.append("   " + "".join(f"{c:2d}" if c % 2 == parity else "  "
                                    for c in range(width)).rstrip() + "\n", "dim")
    for r, cells in enumerate(grid):
        text.append(f"{r:2d} ", "dim")
        for cell, style in cells:
            text.append(cell, style)
        text.append("\n")
    text.rstrip()
    return text, crowded


#: The legend after the gangs' own marks: (words, Rich style) in the order shown.
LEGEND = (
    (" Racketeer, Thug, Vamp of a gang (", ""), ("RT", "bold reverse"),
    (": criminal side up)  ", ""), ("r2", "bold underline"),
    (" a joint and its level\n        ", ""), ("C5", "bold white on blue"),
    (" cop 5 (CX: 10)  ", ""), ("x2", "bold black on white"), (" public piece x2  ", ""),
    ("#1", "bold white"), (" subway  ", ""), ("~~", "blue"), (" river  ", ""),
    ("||", "grey46"), (" bridge  hh entrance  +3 crowded\n        gangs: ", ""),
)


def legend(view: View) -> Text:
    """What the map's marks mean, and each gang's letter and seat."""
    text = Text("Legend: ", "bold")
    for gang in view["gangs"][:1]:
        g = gang_letter(gang["gang"])
        text.append(f"{g}R {g}T {g}V", GANG_STYLES.get(gang["gang"], ""))
    for part, style in LEGEND:
        text.append(part, style)
    text.append_text(Text("  ").join(
        Text(f"{gang_letter(g['gang'])} {g['gang']} {seat_label(g['seat'])}",
             GANG_STYLES.get(g["gang"], "")) for g in view["gangs"]))
    return text

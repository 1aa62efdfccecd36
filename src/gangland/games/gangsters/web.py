"""Gangsters in the browser: the city map and the printed figures a renderer needs.

A view names every space by its token (``hh``, ``8.3``, ``5.16u``) but says nothing of where
a space lies or what a building looks like. The server sends this once per table, in the
``welcome`` message, as ``client_data``; the renderer (``web/renderers/gangsters.js``)
draws the city from it. Everything here is static and public: the map of the components in
use (a user's components file may replace it), the cops' and public pieces' strengths, the
dice and the colours. Nothing comes from a state.

The grid is the one of ``city.txt``: ``grid`` gives its size, ``cells[row][col]`` each cell's
kind; ``spaces`` (in space id order) each space's token, name and cells; buildings also carry
their code, colour, value, entrance and the side of their entrance cell that opens on it.
``setup`` holds the figures of the opening (the budgets and prices a player chooses within).

>>> data = client_data({})
>>> data["grid"], len(data["spaces"]), data["cells"][6][0], data["cells"][5][16]
({'rows': 21, 'cols': 33}, 286, 'river', 'crossing')
>>> hh = next(s for s in data["spaces"] if s["token"] == "hh")
>>> hh["name"], hh["colour"], hh["value"], hh["door"]
('Hawthorne Hotel', 'red', 600, 'S')
>>> [s["number"] for s in data["subways"]]
[1, 2, 3, 4, 5, 6]
>>> setup = data["setup"]
>>> setup["joints"], setup["joint_budget"], setup["gang_budget"], setup["step"], setup["most"]
(3, 1100, 2100, [100, 100, 300], [10, 10, 1])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine import OptionValue

from .city import DELTA, DIRS
from .components import KINDS, Components, components_from
from .moves import FACINGS, tokens
from .table import DICE, GANGS, figures

__all__ = ["GANG_COLOURS", "JOINT_COLOURS", "client_data"]

#: Gang colours on screen: the game's names, drawn in Okabe-Ito hues where one is close
#: (every piece also carries its seat's shape and letters, so colour is never needed).
GANG_COLOURS = {"red": "#D55E00", "yellow": "#F0E442", "green": "#009E73", "brown": "#A0522D"}
#: Joint colours of the buildings (soft, so the pieces on them stand out), and gray.
JOINT_COLOURS = {"red": "#c45a5a", "purple": "#9a72b8", "blue": "#4f86c6",
                 "green": "#5fa36a", "yellow": "#d8c25a", "orange": "#d98b3a",
                 "gray": "#6b6f78"}
DIE_COLOURS = {"blue": "#0072B2", "white": "#f4f1ea", "green": "#009E73", "red": "#c0392b",
               "black": "#1b1b1b"}
_DIE_MOVES = {"blue": "cops", "white": "public", "green": "Racketeer", "red": "Vamp",
              "black": "Thug"}
_STREET_CELLS = {"..": "street", "||": "bridge", "==": "bridge", "|=": "crossing",
                 "=|": "crossing", "~~": "river", "  ": "open"}


def _cell_kind(cell: str) -> str:
    if cell in _STREET_CELLS:
        return _STREET_CELLS[cell]
    if cell.startswith("#"):
        return "subway"
    return "entrance" if cell.islower() else "building"


def client_data(options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """The map and figures of the components in use, laid out for drawing, JSON-safe.

    ``cells[r][c]`` is one of ``street``, ``subway``, ``bridge`` (a deck), ``crossing`` (a
    bridge over a street: two spaces), ``river``, ``open``, ``building``, ``entrance``.
    Each of ``spaces`` has ``token``, ``name``, ``cells``, ``street``; a street space also
    ``intersection`` and ``axis`` (``ns``/``ew`` for a bridge deck or the street beneath
    one, else null); a building ``code``, ``colour``, ``value``, ``entrance`` (a token),
    ``door`` (N/E/S/W: the side of its entrance cell that opens on the street) and
    ``joined`` (tokens).
    """
    comps: Components = components_from(str(options.get("components") or ""))
    city = comps.city
    toks = tokens(city)
    cols = max(len(row) for row in city.rows) // 2
    cells = [[_cell_kind(row[2 * c:2 * c + 2].ljust(2)) for c in range(cols)]
             for row in city.rows]
    spaces: list[dict[str, Any]] = []
    for s, tok in enumerate(toks):
        entry: dict[str, Any] = {"token": tok, "name": city.names[s],
                                 "cells": [list(rc) for rc in city.cells[s]],
                                 "street": city.street[s]}
        if city.street[s]:
            r, c = city.cell[s]
            raw = city.rows[r][2 * c:2 * c + 2]
            axis = None
            if raw in ("||", "=="):
                axis = "ns" if raw == "||" else "ew"
            elif raw in ("|=", "=|"):
                deck = "ns" if raw == "|=" else "ew"
                under = tok.endswith("u")
                axis = deck if not under else ("ew" if deck == "ns" else "ns")
            entry.update(intersection=city.intersection[s], axis=axis, level=(
                "beneath" if tok.endswith("u") else "deck" if raw in _BRIDGE_RAW else None))
        else:
            entrance = city.entrance_of[s]
            door_cell, door = None, None
            street_cells = set(city.cells[entrance])
            for r, c in city.cells[s]:
                if cells[r][c] != "entrance":
                    continue
                for d, (dr, dc) in enumerate(DELTA):
                    if (r + dr, c + dc) in street_cells:
                        door_cell, door = [r, c], DIRS[d]
            entry.update(code=city.code[s], colour=city.colour[s], value=city.value[s],
                         entrance=toks[entrance], door=door, door_cell=door_cell,
                         joined=[toks[b] for b in city.joined[s]])
        spaces.append(entry)
    return {
        "game": "gangsters",
        "grid": {"rows": len(city.rows), "cols": cols},
        "cells": cells,
        "spaces": spaces,
        "subways": [{"number": k + 1, "token": toks[s], "cells": [list(rc) for rc in
                                                                  city.cells[s]]}
                    for k, s in enumerate(city.subway)],
        "gangs": [{"seat": i, "gang": g, "letter": g[0], "colour": GANG_COLOURS[g]}
                  for i, g in enumerate(GANGS)],
        "joint_colours": JOINT_COLOURS,
        "dice": [{"name": d, "colour": DIE_COLOURS[d], "moves": _DIE_MOVES[d]} for d in DICE],
        "kinds": list(KINDS),
        "facings": list(FACINGS),
        "cops": list(comps.cops),
        "public": list(comps.public),
        "setup": _setup(comps),
    }


def _setup(comps: Components) -> dict[str, Any]:
    """The printed figures of the opening (4.1, 4.2), so the page can show a player's
    budget as they choose: joints to pick and their budget, the gang's budget, each kind's
    price step (the n-th Racketeer or Thug costs n steps, the Vamp one flat price) and the
    most of each kind."""
    fig = figures(comps)
    return {"joints": fig.start_joints, "joint_budget": fig.joint_budget,
            "gang_budget": fig.gang_budget, "step": list(fig.step), "most": list(fig.most)}


_BRIDGE_RAW = ("||", "==", "|=", "=|")

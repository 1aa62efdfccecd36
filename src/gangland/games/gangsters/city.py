"""The city map of Gangsters: a text grid parsed into a graph of street and building spaces.

The printed board is not public, so the map is reconstructed and kept as text a person can
read, check and edit (``city.txt``; the format is in its header and in
``docs/games/gangsters.md``). Everything the rules need is precomputed here as flat tuples
indexed by space id, so the rules never look at the grid again:

- street spaces (subways and bridges included) with their neighbour in each direction;
- intersections (rule 6.4: a space joined to at least three street spaces), the only
  places a piece may turn;
- buildings (one space each, however many cells they cover) with their one entrance,
  colour, value and the buildings physically joined to them (6.6);
- the six subways.

>>> city = default_city()
>>> t = city.space("Riverside Drive & Central Ave")
>>> city.intersection[t], [city.names[s] for s, _ in city.forward(t, S)]
(True, ['Riverside Drive 14', 'Riverside Drive 13'])
>>> city.names[city.subway[0]], city.colour[city.space("Hawthorne Hotel")]
('Subway 1', 'red')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from gangland.engine.errors import ComponentError

DEFAULT_MAP = Path(__file__).with_name("city.txt")

#: Facings, clockwise; ``opposite(d) == (d + 2) % 4``.
DIRS = ("N", "E", "S", "W")
N, E, S, W = range(4)
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: The six joint colours, dearest first, then the unbuyable gray.
COLOURS = ("red", "purple", "blue", "green", "yellow", "orange")
GRAY = "gray"
#: Joint counts and values of the shipped components (components.toml may override them).
JOINT_COUNTS = {"red": 4, "purple": 5, "blue": 6, "green": 7, "yellow": 8, "orange": 9}
JOINT_VALUES = {"red": 600, "purple": 500, "blue": 400, "green": 300, "yellow": 200,
                "orange": 100}

#: Cell tokens that are not spaces.
_EMPTY = ("~~", "  ")
#: Street tokens: for each, the ports (which of the cell's spaces faces N, E, S, W).
#: 0 is the cell's first space, 1 its second (the street beneath a bridge), -1 no port.
_PORTS = {
    "..": (0, 0, 0, 0),
    "||": (0, -1, 0, -1),
    "==": (-1, 0, -1, 0),
    "|=": (0, 1, 0, 1),
    "=|": (1, 0, 1, 0),
}
_BRIDGES = ("||", "==", "|=", "=|")
_SECTIONS = ("map", "buildings", "joined", "streets")


def opposite(d: int) -> int:
    """The facing straight back: a piece may never turn this way (6.4)."""
    return (d + 2) % 4


#: One step of a path: the space entered and the facing after entering it (-1 in a building
#: or wherever the piece may leave in any direction).
Step = tuple[int, int]


@dataclass(frozen=True)
class City:
    """The map as a graph; every tuple is indexed by space id (streets first, then buildings)."""

    names: tuple[str, ...]
    street: tuple[bool, ...]
    intersection: tuple[bool, ...]
    step: tuple[tuple[int, ...], ...]  # per space: neighbour street space per direction or -1
    entrance_of: tuple[int, ...]  # per building: its entrance street space; -1 for streets
    entrances: tuple[tuple[int, ...], ...]  # per street space: buildings entered from it
    joined: tuple[tuple[int, ...], ...]  # per building: the buildings physically joined to it
    subway: tuple[int, ...]  # subway[k] is the space of subway number k + 1
    colour: tuple[str, ...]  # per building: a joint colour or "gray"; "" for streets
    value: tuple[int, ...]  # per building: joint value, 0 for gray and streets
    cell: tuple[tuple[int, int], ...]  # per space: (row, col) of its first cell
    cells: tuple[tuple[tuple[int, int], ...], ...]  # per space: all its cells
    code: tuple[str, ...]  # per building: its two-letter map code; "" for streets
    rows: tuple[str, ...]  # the map's cells, one string per row, for render()
    _index: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False,
                                      repr=False)

    @cached_property
    def buildings(self) -> range:
        """The building space ids (they follow every street space)."""
        return range(self.street.index(False), len(self.street))

    def space(self, name: str) -> int:
        """The space called exactly ``name``; an unknown name raises a ValueError naming it."""
        if name not in self._index:
            raise ValueError(f"no space called {name!r} on the map")
        return self._index[name]

    def at(self, row: int, col: int, beneath: bool = False) -> int:
        """The street space at a grid cell (the street under a bridge with ``beneath``)."""
        found = [s for s in range(len(self.names))
                 if self.street[s] and (row, col) in self.cells[s]]
        if not found:
            raise ValueError(f"no street space at row {row}, col {col}")
        return found[-1] if beneath else found[0]

    def forward(self, space: int, facing: int) -> list[Step]:
        """The street moves from ``space`` for a piece moving ``facing``, never back.

        Straight on, plus a 90-degree turn left or right at an intersection (6.4). Off an
        intersection the piece follows the street: at a bend it goes round (its only way).
        A ``facing`` of -1 (a piece that just left a building or a subway) goes any way.
        """
        nxt = self.step[space]
        if facing < 0:
            return [(nxt[d], d) for d in range(4) if nxt[d] >= 0]
        turns = [(facing + 3) % 4, (facing + 1) % 4]
        if self.intersection[space]:
            return [(nxt[d], d) for d in [facing, *turns] if nxt[d] >= 0]
        if nxt[facing] >= 0:
            return [(nxt[facing], facing)]
        return [(nxt[d], d) for d in turns if nxt[d] >= 0]

    def paths(self, start: int, facing: int, k: int) -> list[tuple[Step, ...]]:
        """Every move of exactly ``k`` spaces under the street rules alone (no ownership).

        A piece in a building first steps out onto its entrance and may then go any way; a
        building may be entered from its entrance space only as the last step (passing
        through needs ownership, left to the rules); no space is entered twice, nor the
        building that was left (6.5). Each path lists (space entered, facing after it).
        """
        out: list[tuple[Step, ...]] = []
        left = start if not self.street[start] else -1

        def go(here: int, face: int, path: list[Step], seen: set[int]) -> None:
            if len(path) == k:
                out.append(tuple(path))
                return
            if self.street[here]:
                moves = self.forward(here, face)
                if len(path) == k - 1:
                    moves += [(b, -1) for b in self.entrances[here] if b != left]
            else:
                moves = [(self.entrance_of[here], -1)]
            for there, new in moves:
                if there not in seen:
                    seen.add(there)
                    path.append((there, new))
                    go(there, new, path, seen)
                    path.pop()
                    seen.discard(there)

        if k > 0:
            go(start, facing, [], set())
        return out

    def subway_buildings(self) -> list[int]:
        """Buildings one move from a subway exit: their entrance is on a subway space."""
        subways = set(self.subway)
        return [b for b in self.buildings if self.entrance_of[b] in subways]

    def render(self) -> str:
        """The map grid as in ``city.txt`` (row labels, two characters a cell)."""
        return "\n".join(f"{r:2d} {row}".rstrip() for r, row in enumerate(self.rows))


class _Source:
    """The map text split into sections, keeping line numbers for error messages."""

    def __init__(self, text: str, where: str) -> None:
        self.where = where
        self.sections: dict[str, list[tuple[int, str]]] = {s: [] for s in _SECTIONS}
        current = ""
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.rstrip()
            if not line.strip() or line.lstrip().startswith(";"):
                continue
            heading = re.fullmatch(r"\s*\[(\w+)\]\s*", line)
            if heading:
                current = heading.group(1)
                if current not in self.sections:
                    raise self.fail(number, 1, f"unknown section [{current}]; the sections "
                                    f"are {', '.join(f'[{s}]' for s in _SECTIONS)}")
                continue
            if not current:
                raise self.fail(number, 1, "text before the first section (start with [map])")
            self.sections[current].append((number, line))
        if not self.sections["map"]:
            raise ComponentError(f"{where}: no [map] section")

    def fail(self, line: int, col: int, problem: str) -> ComponentError:
        return ComponentError(f"{self.where} line {line}, col {col}: {problem}")


def parse_city(text: str, where: str = "city.txt",
               counts: Mapping[str, int] | None = None,
               values: Mapping[str, int] | None = None) -> City:
    """Parse and check a map; any problem raises ComponentError with its line and column.

    ``counts`` and ``values`` are the joints per colour and their values (default: the
    shipped game's); ``where`` names the text in messages.
    """
    from ._cityparse import Parser

    return Parser(_Source(text, where), counts or JOINT_COUNTS, values or JOINT_VALUES).city()


def load_city(path: str | Path) -> City:
    """Read and parse a map file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ComponentError(f"cannot read map file {path}: {exc.strerror}") from None
    return parse_city(text, Path(path).name)


@cache
def default_city() -> City:
    """The shipped map (cached: it never changes during a run)."""
    return load_city(DEFAULT_MAP)

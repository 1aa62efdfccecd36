"""The checks and the graph construction behind :func:`gangsters.city.parse_city`.

Kept apart from :mod:`city` so that the graph the rules use stays short to read. Every
check names the line and column (1-based, in the map text) of what is wrong, because a
person editing the map needs to find it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from gangland.engine.errors import ComponentError

from .city import _BRIDGES, _EMPTY, _PORTS, COLOURS, DELTA, DIRS, GRAY, City, _Source, opposite

Cell = tuple[int, int]


class Parser:
    """One parse of one map text; :meth:`city` does the work."""

    def __init__(self, src: _Source, counts: Mapping[str, int],
                 values: Mapping[str, int]) -> None:
        self.src = src
        self.counts = counts
        self.values = values
        self.tokens: dict[Cell, str] = {}
        self.line_of: dict[int, int] = {}  # map row -> text line
        self.rows: list[str] = []

    def at(self, cell: Cell) -> tuple[int, int]:
        """The (line, column) of a cell in the text."""
        return self.line_of[cell[0]], 4 + 2 * cell[1]

    def fail(self, cell: Cell, problem: str) -> ComponentError:
        return self.src.fail(*self.at(cell), problem)

    def city(self) -> City:
        self.read_grid()
        legend = self.read_legend()
        self.make_streets()
        self.make_buildings(legend)
        self.read_joined()
        self.name_streets()
        return self.build()

    # -- the grid ---------------------------------------------------------------------------

    def read_grid(self) -> None:
        width = 0
        for r, (number, line) in enumerate(self.src.sections["map"]):
            label = line[:3]
            if not re.fullmatch(r" ?\d{1,2} ", label) or int(label) != r:
                raise self.src.fail(number, 1, f"a map row starts with its number {r:2d} and "
                                    "a space")
            self.line_of[r] = number
            body = line[3:]
            self.rows.append(body)
            width = max(width, (len(body) + 1) // 2)
        for r, body in enumerate(self.rows):
            body = body.ljust(2 * width)
            self.rows[r] = body
            for c in range(width):
                token = body[2 * c: 2 * c + 2]
                if not (token in _EMPTY or token in _PORTS or re.fullmatch(r"#[1-6]", token)
                        or re.fullmatch(r"[A-Z]{2}|[a-z]{2}", token)):
                    raise self.fail((r, c), f"unknown cell {token!r} (see the legend of the "
                                    "format: .. #1-#6 ~~ || == |= =| AB ab)")
                self.tokens[(r, c)] = token

    def read_legend(self) -> dict[str, tuple[int, str, int, str]]:
        legend: dict[str, tuple[int, str, int, str]] = {}
        names: set[str] = set()
        for number, line in self.src.sections["buildings"]:
            m = re.fullmatch(r"\s*([A-Z]{2})\s+(\S+)\s+(\d+)\s+(\S.*?)\s*", line)
            if not m:
                raise self.src.fail(number, 1, "a building line is: CODE colour value name")
            code, colour, value, name = m.group(1), m.group(2), int(m.group(3)), m.group(4)
            if code in legend:
                raise self.src.fail(number, 1, f"building {code} is listed twice")
            if name in names:
                raise self.src.fail(number, 1, f"two buildings are called {name!r}")
            if colour not in (*COLOURS, GRAY):
                raise self.src.fail(number, 1, f"{name}: colour {colour!r} is not one of "
                                    f"{', '.join((*COLOURS, GRAY))}")
            want = self.values.get(colour, 0)
            if value != want:
                raise self.src.fail(number, 1, f"{name}: a {colour} building is worth {want}, "
                                    f"not {value}")
            legend[code] = (number, colour, value, name)
            names.add(name)
        for colour in COLOURS:
            have = sum(1 for _, c, _, _ in legend.values() if c == colour)
            if have != self.counts.get(colour, 0):
                raise ComponentError(f"{self.src.where}: [buildings] lists {have} {colour} "
                                     f"buildings, the game has {self.counts.get(colour, 0)}")
        return legend

    # -- streets ----------------------------------------------------------------------------

    def make_streets(self) -> None:
        """Street spaces in reading order, their ports, and the links between them."""
        self.names: list[str] = []
        self.first: list[Cell] = []
        self.cells: list[list[Cell]] = []
        self.ports: dict[Cell, tuple[int, ...]] = {}
        self.subway_of: dict[int, int] = {}  # subway number -> space
        for cell, token in self.tokens.items():
            if token.startswith("#"):
                self.add_subway(cell, int(token[1]))
            elif token in _PORTS:
                ids = [self.new_space(cell)]
                if token in ("|=", "=|"):
                    ids.append(self.new_space(cell))
                self.ports[cell] = tuple(-1 if p < 0 else ids[p] for p in _PORTS[token])
        missing = [k for k in range(1, 7) if k not in self.subway_of]
        if missing:
            raise ComponentError(f"{self.src.where}: the map needs subways #1 to #6, missing "
                                 + ", ".join(f"#{k}" for k in missing))
        self.step = [[-1] * 4 for _ in self.names]
        for cell, ports in self.ports.items():
            for d in (1, 2):  # E and S: each link is seen once
                other = (cell[0] + DELTA[d][0], cell[1] + DELTA[d][1])
                if other not in self.ports:
                    continue
                a, b = ports[d], self.ports[other][opposite(d)]
                if a >= 0 and b >= 0 and a != b:
                    self.link(cell, a, b, d)
                    self.link(other, b, a, opposite(d))
        for s, nxt in enumerate(self.step):
            if sum(1 for t in nxt if t >= 0) < 2:
                raise self.fail(self.first[s], "dead end: a street space must join at least "
                                "two others (a piece facing a dead end would be stuck)")

    def new_space(self, cell: Cell) -> int:
        self.names.append("")
        self.first.append(cell)
        self.cells.append([cell])
        return len(self.names) - 1

    def add_subway(self, cell: Cell, number: int) -> None:
        """A subway is one space; two or more cells make one straight platform."""
        if number not in self.subway_of:
            s = self.new_space(cell)
            self.subway_of[number] = s
            self.names[s] = f"Subway {number}"
        else:
            s = self.subway_of[number]
            cells = self.cells[s]
            straight = (all(c[0] == cell[0] for c in cells)
                        or all(c[1] == cell[1] for c in cells))
            touching = any(abs(c[0] - cell[0]) + abs(c[1] - cell[1]) == 1 for c in cells)
            if not (straight and touching):
                raise self.fail(cell, f"subway #{number} is already on the map; a subway's "
                                "cells must form one straight platform")
            cells.append(cell)
        self.ports[cell] = (s, s, s, s)

    def link(self, cell: Cell, a: int, b: int, d: int) -> None:
        if self.step[a][d] not in (-1, b):
            raise self.fail(cell, f"two different street spaces lie {DIRS[d]} of one space")
        self.step[a][d] = b

    # -- buildings --------------------------------------------------------------------------

    def make_buildings(self, legend: dict[str, tuple[int, str, int, str]]) -> None:
        found: dict[str, list[Cell]] = {}
        for cell, token in self.tokens.items():
            if token.isalpha():
                code = token.upper()
                if code not in legend:
                    raise self.fail(cell, f"building {code} has no line in [buildings]")
                found.setdefault(code, []).append(cell)
        self.codes: list[str] = []
        self.info: list[tuple[str, int, str]] = []  # colour, value, name
        self.door: list[int] = []
        for code, (number, colour, value, name) in legend.items():
            if code not in found:
                raise self.src.fail(number, 1, f"building {code} ({name}) has no cells on "
                                    "the map")
            cells = found[code]
            self.check_connected(code, cells)
            doors = [c for c in cells if self.tokens[c].islower()]
            if len(doors) != 1:
                where = cells[0] if not doors else doors[1]
                raise self.fail(where, f"building {code} ({name}) must have exactly one "
                                f"entrance cell (written {code.lower()}), it has {len(doors)}")
            self.door.append(self.entrance_space(code, doors[0]))
            self.codes.append(code)
            self.info.append((colour, value, name))
            self.cells.append(cells)
            self.first.append(cells[0])

    def check_connected(self, code: str, cells: list[Cell]) -> None:
        todo, seen = [cells[0]], {cells[0]}
        own = set(cells)
        while todo:
            r, c = todo.pop()
            for dr, dc in DELTA:
                n = (r + dr, c + dc)
                if n in own and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(own):
            stray = next(c for c in cells if c not in seen)
            raise self.fail(stray, f"building {code} is in two pieces (its cells must touch)")

    def entrance_space(self, code: str, door: Cell) -> int:
        spaces = []
        for d in range(4):
            n = (door[0] + DELTA[d][0], door[1] + DELTA[d][1])
            token = self.tokens.get(n, "")
            if token in _BRIDGES:
                raise self.fail(door, f"the entrance of {code} opens onto a bridge")
            if n in self.ports:
                spaces.append(self.ports[n][opposite(d)])
        if len(set(spaces)) != 1:
            raise self.fail(door, f"the entrance of {code} must touch exactly one street "
                            f"space, it touches {len(set(spaces))}")
        return spaces[0]

    def read_joined(self) -> None:
        index = {code: i for i, code in enumerate(self.codes)}
        self.joined: list[set[int]] = [set() for _ in self.codes]
        for number, line in self.src.sections["joined"]:
            m = re.fullmatch(r"\s*([A-Z]{2})\s+([A-Z]{2})\s*", line)
            if not m:
                raise self.src.fail(number, 1, "a [joined] line is two building codes")
            a, b = m.group(1), m.group(2)
            for code in (a, b):
                if code not in index:
                    raise self.src.fail(number, 1, f"{code} is not a building")
            if a == b:
                raise self.src.fail(number, 1, f"{a} cannot be joined to itself")
            i, j = index[a], index[b]
            if j in self.joined[i]:
                raise self.src.fail(number, 1, f"{a} and {b} are joined twice")
            mine = set(self.cells[len(self.names) + i])
            theirs = self.cells[len(self.names) + j]
            if not any((r + dr, c + dc) in mine for r, c in theirs for dr, dc in DELTA):
                raise self.src.fail(number, 1, f"{a} and {b} do not touch, so they cannot "
                                    "be joined")
            self.joined[i].add(j)
            self.joined[j].add(i)

    # -- names ------------------------------------------------------------------------------

    def name_streets(self) -> None:
        """Each street space is named after its street(s); see the [streets] section."""
        rows: list[tuple[int, int, int, str]] = []
        cols: list[tuple[int, int, int, str]] = []
        pattern = r"\s*(row|col)\s+(\d+)(?:\s+(rows|cols)\s+(\d+)-(\d+))?\s*=\s*(\S.*?)\s*"
        for number, line in self.src.sections["streets"]:
            m = re.fullmatch(pattern, line)
            if not m or (m.group(3) and m.group(3) == m.group(1) + "s"):
                raise self.src.fail(number, 1, "a [streets] line is: row R [cols A-B] = name"
                                    " or col C [rows A-B] = name")
            low, high = (int(m.group(4)), int(m.group(5))) if m.group(3) else (0, 10**6)
            entry = (int(m.group(2)), low, high, m.group(6))
            (rows if m.group(1) == "row" else cols).append(entry)
        base: list[str] = []
        for s, cell in enumerate(self.first[:len(self.names)]):
            if self.names[s]:
                base.append(self.names[s])
                continue
            across = self.step[s][1] >= 0 or self.step[s][3] >= 0
            down = self.step[s][0] >= 0 or self.step[s][2] >= 0
            h = self.street_name(rows, cell[0], cell[1]) if across else ""
            v = self.street_name(cols, cell[1], cell[0]) if down else ""
            if (across and not h) or (down and not v):
                kind = "row" if across and not h else "col"
                raise self.fail(cell, f"this street space has no name: add a [streets] "
                                f"{kind} line for it")
            base.append(f"{h} & {v}" if h and v and h != v else h or v)
        numbered: dict[str, int] = {}
        corners = {b for b in base if " & " in b or b.startswith("Subway ")}
        for s, b in enumerate(base):
            numbered[b] = numbered.get(b, 0) + 1
            if b in corners:
                self.names[s] = b if numbered[b] == 1 else f"{b} {numbered[b]}"
            else:
                self.names[s] = f"{b} {numbered[b]}"
        taken = set(self.names)
        for code, (_, _, name) in zip(self.codes, self.info, strict=True):
            if name in taken:
                raise ComponentError(f"{self.src.where}: building {code} is called {name!r}, "
                                     "like a street space")

    @staticmethod
    def street_name(entries: list[tuple[int, int, int, str]], line: int, pos: int) -> str:
        name = ""
        for at, low, high, entry in entries:
            if at == line and low <= pos <= high:
                name = entry
        return name

    # -- the City ---------------------------------------------------------------------------

    def build(self) -> City:
        streets = len(self.names)
        total = streets + len(self.codes)
        entrances: list[list[int]] = [[] for _ in range(total)]
        for i, door in enumerate(self.door):
            entrances[door].append(streets + i)
        names = self.names + [name for _, _, name in self.info]
        return City(
            names=tuple(names),
            street=tuple(s < streets for s in range(total)),
            intersection=tuple(s < streets and sum(t >= 0 for t in self.step[s]) >= 3
                               for s in range(total)),
            step=tuple([tuple(n) for n in self.step] + [(-1, -1, -1, -1)] * len(self.codes)),
            entrance_of=tuple([-1] * streets + self.door),
            entrances=tuple(tuple(e) for e in entrances),
            joined=tuple([()] * streets
                         + [tuple(sorted(streets + j for j in js)) for js in self.joined]),
            subway=tuple(self.subway_of[k] for k in range(1, 7)),
            colour=tuple([""] * streets + [c for c, _, _ in self.info]),
            value=tuple([0] * streets + [v for _, v, _ in self.info]),
            cell=tuple(self.first),
            cells=tuple(tuple(c) for c in self.cells),
            code=tuple([""] * streets + self.codes),
            rows=tuple(self.rows),
            _index={name: s for s, name in enumerate(names)},
        )

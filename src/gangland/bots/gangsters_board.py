"""What Gangsters' ``heuristic`` bot knows of the printed map, worked out once per process.

Everything here is public: each building's token, colour and value, how many joints each
colour has (a full set of one colour wins, 15.1), and how many moves apart any two spaces
are. The distance is a guide, not a rule: it follows the streets both ways, counts a
subway ride as one move (10.3: entering the subway is one, the exit is free; a piece
standing on one must step off and back), and ignores facings, exact counts and who owns
what, so a piece that is 4 away may still need two turns; it tells the bot which way to go.

>>> board = printed_board()
>>> board.count["red"], board.colour["hh"], board.value["hh"]
(4, 'red', 600)
>>> board.steps("hh", "hh"), board.steps("hh", "ld") >= 2
(0, True)
>>> board.turns_to("fh", "fh", None), board.turns_to("fh", "14.10", "west")
(0, 60)
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from heapq import heappop, heappush

from gangland.games.gangsters.city import COLOURS, City

#: Farther than any two spaces of a connected map.
FAR = 10_000
INF = float("inf")


#: A piece's facing as the view writes it (None: inside a building, free to go any way).
FACING = {"north": 0, "east": 1, "south": 2, "west": 3, "inside": -1, None: -1}


@dataclass(frozen=True)
class Board:
    """The printed map, as the bot asks about it (every key a space token of the view)."""

    value: dict[str, int]  # a building's joint value (0: gray)
    colour: dict[str, str]  # a colored building's colour
    count: dict[str, int]  # joints per colour on the board
    by_colour: dict[str, tuple[str, ...]]  # the colored buildings of each colour
    subway: tuple[str, ...]  # subway k + 1's token
    index: dict[str, int]  # a space token's id
    far: tuple[tuple[int, ...], ...]  # far[a][b]: moves from space a to space b

    succ: tuple[tuple[int, ...], ...]  # per (space, facing) state: the states one move on
    throw: tuple[tuple[frozenset[int], ...], ...]  # throw[k - 1][x]: where k moves end
    back: tuple[tuple[tuple[int, ...], ...], ...]  # back[k - 1][y]: from where k moves end at y
    _to: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    _nearest: dict[frozenset[str], dict[int, int]] = field(default_factory=dict,
                                                           compare=False, repr=False)

    def steps(self, a: str, b: str) -> int:
        """About how many moves take a piece from space ``a`` to space ``b``."""
        return self.far[self.index[a]][self.index[b]]

    def nearest(self, buildings: frozenset[str]) -> dict[int, int]:
        """``turns_to`` the nearest of ``buildings`` (FAR: none), by state, filled in as
        states are asked for (``near``); the sets asked for lately are kept."""
        found = self._nearest.get(buildings)
        if found is None:
            if len(self._nearest) >= 256:
                self._nearest.clear()
            found = self._nearest[buildings] = {}
            for b in buildings:
                if b not in self._to:
                    self._to[b] = _expected_turns(self, self.index[b])
        return found

    def near(self, buildings: frozenset[str], known: dict[int, int], state: int) -> int:
        """``turns_to`` the nearest of ``buildings`` from ``state``; ``known`` is
        ``nearest(buildings)``."""
        found = known.get(state)
        if found is None:
            to = self._to
            found = known[state] = min((to[b][state] for b in buildings), default=FAR)
        return found

    def state(self, at: str, facing: str | None) -> int:
        """The (space, facing) state of a piece at ``at`` facing ``facing``."""
        return self.index[at] * 5 + FACING[facing] + 1

    def turns_to(self, building: str, at: str, facing: str | None) -> int:
        """The turns, in tenths, a gangster at ``at`` facing ``facing`` needs on average to
        end a move in ``building``, moving once a turn by one die's exact count (6.3, 6.4:
        forward only, turning at intersections) and standing still when no throw helps:
        0 standing in it, 60 at the one space from which one throw (of six) gets there;
        FAR: never. Worked out for every colored building with the board."""
        row = self._to.get(building)
        if row is None:
            row = self._to[building] = _expected_turns(self, self.index[building])
        return row[self.index[at] * 5 + FACING[facing] + 1]


def _state(space: int, facing: int) -> int:
    return space * 5 + facing + 1


def _successors(city: City) -> tuple[tuple[int, ...], ...]:
    """Each (space, facing) state's states one move on: along the street forward (a turn
    only at an intersection, 6.4), into a building beside it, or off a subway entered this
    move at any other subway (10.3); out of a building by its entrance, then any way."""
    subways = set(city.subway)
    out: list[tuple[int, ...]] = []
    for s in range(len(city.names)):
        for f in range(-1, 4):
            nxt: list[int] = []
            if not city.street[s]:
                if f < 0:
                    nxt.append(_state(city.entrance_of[s], -1))
            else:
                for t, d in city.forward(s, f):
                    nxt.append(_state(t, d))
                    if t in subways:
                        nxt += [_state(u, -1) for u in city.subway if u != t]
                nxt += [_state(b, -1) for b in city.entrances[s]]
            out.append(tuple(nxt))
    return tuple(out)


def _throws(city: City, succ: tuple[tuple[int, ...], ...]) -> tuple[tuple[frozenset[int],
                                                                          ...], ...]:
    """Where a move of exactly k = 1 to 6 spaces may end from each state; a building is
    entered only by the last step (passing through needs ownership, ignored here), and a
    space may come twice in one walk (6.5 is left out: a guide, not the rules)."""
    street = [city.street[x // 5] for x in range(len(succ))]
    layers = [tuple(frozenset(ys) for ys in succ)]
    for _ in range(5):
        prev = layers[-1]
        layers.append(tuple(frozenset(z for y in ys if street[y] for z in prev[y])
                            for ys in succ))
    return tuple(layers)


def _backwards(throw: tuple[tuple[frozenset[int], ...], ...]) -> tuple[tuple[tuple[int, ...],
                                                                               ...], ...]:
    """For each throw, the states from which it ends in each state."""
    out = []
    for k_ends in throw:
        back: list[list[int]] = [[] for _ in k_ends]
        for x, ys in enumerate(k_ends):
            for y in ys:
                back[y].append(x)
        out.append(tuple(tuple(xs) for xs in back))
    return tuple(out)


def _expected_turns(board: Board, b: int) -> tuple[int, ...]:
    """``Board.turns_to`` for every state, to building ``b``: the expected turns V with
    V(b) = 0 and, elsewhere, V = 1 + the mean over the six throws of the better of standing
    still (V) and the best end of that throw. With m1 <= m2 <= ... the best ends of the
    throws, V is the least of (6 + m1 + ... + mc) / c: only ends nearer than V itself
    count, so the states are settled nearest first, as by Dijkstra's shortest paths."""
    n = len(board.succ)
    goal = _state(b, -1)
    best = [[INF] * 6 for _ in range(n)]  # best[x][k]: the nearest settled end of a k + 1
    value = [INF] * n
    value[goal] = 0.0
    done = bytearray(n)
    heap = [(0.0, goal)]
    throws = tuple(enumerate(board.back))
    while heap:
        v, y = heappop(heap)
        if done[y]:
            continue
        done[y] = 1
        for k, back in throws:
            for x in back[y]:
                ends = best[x]
                if ends[k] <= v or done[x]:
                    continue
                ends[k] = v
                total, new = 0.0, INF
                for used, m in enumerate(sorted(ends), 1):
                    if m >= new:
                        break
                    total += m
                    new = min(new, (6 + total) / used)
                if new < value[x]:
                    value[x] = new
                    heappush(heap, (new, x))
    return tuple(round(10 * v) if v < INF else FAR for v in value)


def _distances(city: City) -> tuple[tuple[int, ...], ...]:
    """Moves between every two spaces: breadth first over the streets from each street
    space (a subway to any other subway is one move); a building is one move past its
    entrance, and a piece leaves one by its entrance."""
    n = len(city.names)
    streets = [s for s in range(n) if city.street[s]]
    subways = set(city.subway)
    rows: list[list[int]] = [[FAR] * n for _ in range(n)]
    for src in streets:
        row = rows[src]
        row[src] = 0
        todo = deque([src])
        while todo:
            s = todo.popleft()
            d = row[s]
            ways = [*city.step[s], *city.subway] if s in subways else city.step[s]
            for t in ways:
                if t >= 0 and row[t] > d + 1:
                    row[t] = d + 1
                    todo.append(t)
        for b in city.buildings:
            row[b] = row[city.entrance_of[b]] + 1
    for b in city.buildings:
        exit_row = rows[city.entrance_of[b]]
        rows[b] = [1 + d for d in exit_row]
        rows[b][b] = 0
    return tuple(tuple(r) for r in rows)


@cache
def printed_board() -> Board:
    """The shipped map's board (the bot plays on the printed components), with the turns
    to every colored building: about a second of work, once per process."""
    from gangland.games.gangsters.components import default_components
    from gangland.games.gangsters.moves import tokens

    comps = default_components()
    city = comps.city
    names = tokens(city)
    value = {names[b]: city.value[b] for b in city.buildings}
    colour = {names[b]: city.colour[b] for b in city.buildings if city.colour[b] in COLOURS}
    by_colour = {c: tuple(t for t, k in colour.items() if k == c) for c in COLOURS}
    count = {c: comps.joint_count(c) for c in COLOURS}
    succ = _successors(city)
    throw = _throws(city, succ)
    board = Board(value, colour, count, by_colour, tuple(names[s] for s in city.subway),
                  {t: i for i, t in enumerate(names)}, _distances(city), succ, throw,
                  _backwards(throw))
    for tok in colour:  # here, once, not in the first decisions of a game or a search
        board._to[tok] = _expected_turns(board, board.index[tok])
    return board

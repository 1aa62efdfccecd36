"""Where a piece can end a move: the movement rules of Gangsters as a search over the city.

:func:`reach` lists the end of every legal move of exactly ``steps`` spaces for one piece.
It is a pure function of the map, the start and a :class:`Mover` (what the piece may pass
through and end in); it never sees the game state, so the rules module decides ownership,
the cops' raid rule (11.6), donuts (16.4) and the like and hands them in as ``Mover.enter``.

The rules it applies:

- exact count (6.3): every step is used; a move that cannot go on is no move;
- direction (6.4): on a street a piece goes the way it faces, turning (90 degrees at most)
  only at an intersection, and following the street round a bend (:meth:`City.forward`);
  it never turns straight back. It may enter a building from the building's entrance
  space whatever its facing, and a piece that leaves a building or a subway may go any way;
- re-entry (6.5): no space is entered twice in a move. A piece that starts on a street may
  enter its start space once more; one that starts in a building never re-enters it;
- buildings (6.6, 8.5, 9.4): a gangster may pass through its own joints, leaving by the
  entrance or straight into a joined joint it also owns, never straight from its joint
  into a building it does not own. Any other building may only be the last step, and only
  if ``mover.enter`` allows it. Cops and the public never pass through a building;
- bridges (6.41) are apart from the street beneath in the graph already;
- subways (10.2, 10.3): entering a subway space by a step (not starting on one) lets a
  piece with ``mover.transfer`` be placed on any other subway at no cost, once a move, and
  go on any way with the steps left. The public never transfers. A cop that transfers
  leaves the board and a new cop is drawn (9.6), so for a cop the transfer is reported in
  :attr:`Reach.transfers` and the search stops there.

Decision on a gap: the placement after a ride enters that subway for 6.5 (10.3 places the
piece "on" it, and 6.5 lets no piece enter a space twice), so a piece is never placed on a
subway it has already entered this move; a street start may be landed on once, as by foot.

>>> from .city import DIRS, default_city
>>> city = default_city()
>>> shop = city.space("Shop 'n' Save")
>>> out = reach(city, shop, INSIDE, 1, Mover.gang(frozenset({shop})))
>>> {s for s, _ in out.ends} == {city.entrance_of[shop]}  # one step: out of the door
True
>>> [DIRS[f] for _, f in out.ends]  # and free to face either way along the street
['E', 'W']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .city import City

#: Who moves: a gang piece, a cop, a public piece (``Mover.kind``). Not the phase numbers
#: of the same names in ``table``: build movers with :meth:`Mover.gang` and its siblings.
GANG, COP, PUBLIC = range(3)
#: The facing of a piece in a building, or of one free to face any way.
INSIDE = -1

#: An end of a move: (space, facing); facing is -1 in a building.
End = tuple[int, int]


def _anywhere(building: int) -> bool:
    """The default ``enter``: any building may end the move."""
    return True


@dataclass(frozen=True, slots=True)
class Mover:
    """What a moving piece may do beyond the street rules.

    ``through``: the buildings it may pass through and move between when joined (a gang's
    own joints, 6.6/8.5); ignored for cops and the public, who never pass through (9.4).
    ``enter(b)``: may the move END in building ``b``? Asked only of a last step (own
    joints included), so the caller encodes 8.4 attacks, 11.6 raids, 13.3 vamps and 16.4
    donuts there; passing through an own joint never asks it.
    ``transfer``: may it still use a subway transfer this move (10.2; never the public).
    """

    kind: int
    through: frozenset[int] = frozenset()
    enter: Callable[[int], bool] = field(default=_anywhere)
    transfer: bool = True

    @classmethod
    def gang(cls, through: frozenset[int] = frozenset(),
             enter: Callable[[int], bool] = _anywhere, transfer: bool = True) -> Mover:
        """A gangster whose gang owns ``through``."""
        return cls(GANG, frozenset(through), enter, transfer)

    @classmethod
    def cop(cls, enter: Callable[[int], bool] = _anywhere, transfer: bool = True) -> Mover:
        """A cop: never through a building; a transfer ends its patrol (9.6)."""
        return cls(COP, frozenset(), enter, transfer)

    @classmethod
    def public(cls, enter: Callable[[int], bool] = _anywhere) -> Mover:
        """A public piece: never through a building, never a transfer (10.2)."""
        return cls(PUBLIC, frozenset(), enter, False)


@dataclass(frozen=True, slots=True)
class Reach:
    """Every end of a legal move, sorted.

    ``ends``: ``(space, facing)``; facing -1 in a building. On a street the facing is the
    direction of the last step; where the piece is free to face any way at the end (it
    left a building or was placed by a transfer with no step left) there is one entry per
    direction that has a street neighbour, so the caller offers each.
    ``transfers`` (cops only): ``(subway space entered, steps left)``; the cop goes back to
    the cup and a new one is drawn onto another subway (9.6), which the caller then moves
    with ``reach(city, new_subway, INSIDE, left, ...)`` (a new piece: its own move).
    """

    ends: tuple[End, ...]
    transfers: tuple[tuple[int, int], ...] = ()


class _Graph:
    """The city as flat tables for the search (built once per city).

    ``nxt[s * 5 + face + 1]`` lists the street steps from street space ``s`` with ``face``
    (-1 free): :meth:`City.forward` without allocating a list per step.
    """

    __slots__ = ("city", "entrance_of", "entrances", "free", "joined", "memo", "near", "nxt",
                 "reads", "spaces", "street", "subway", "subways")

    def __init__(self, city: City) -> None:
        self.city = city
        #: Walks already done (see :func:`reach`), emptied when it reaches ``MEMO``.
        self.memo: dict[tuple[int, int, int, int, int, bool], _Walk] = {}
        self.spaces = n = len(city.names)
        #: The joints each walk could pass through (:func:`passable`), by ``slot`` twice
        #: (without a transfer, with one); -1 not yet worked out.
        self.reads: list[int] = [-1] * (2 * n * 5 * STEPS)
        self.street = city.street
        self.nxt: list[tuple[tuple[int, int, int], ...]] = []
        for s in range(n):
            for face in range(-1, 4):
                moves = city.forward(s, face) if city.street[s] else []
                self.nxt.append(tuple((t, d, 1 << t) for t, d in moves))
        self.entrances = tuple(tuple((b, 1 << b) for b in city.entrances[s])
                               if city.street[s] else () for s in range(n))
        self.entrance_of = city.entrance_of
        self.joined = city.joined
        self.free = tuple(tuple(d for d in range(4) if city.street[s] and city.step[s][d] >= 0)
                          for s in range(n))
        self.subways = tuple((t, 1 << t) for t in city.subway)
        self.subway = frozenset(city.subway)
        self.near = _near(city)


def _near(city: City) -> tuple[tuple[int, ...], ...]:
    """``near[k][s]``: the buildings a move from ``s`` could enter within k steps, as a bit
    mask (the last k holds for every k beyond it). The distance is a lower bound on any
    move's: every step may go any way, into and through every building and joined
    building, and ride from a subway to any other at no cost. A walk of ``k`` steps asks
    whether a building is one of the gang's joints only of buildings it enters, so only of
    these (``walk_ends``). Worked out for every space at once, a ring a step: the spaces
    within k of s are s and those within k - 1 of its neighbours."""
    n = len(city.names)
    out = [tuple(t for t in city.step[s] if t >= 0) + city.entrances[s] if city.street[s]
           else (city.entrance_of[s], *city.joined[s]) for s in range(n)]
    subways = city.subway
    ring = [1 << s for s in range(n)]
    rings: list[list[int]] = []
    while True:
        for t in subways[1:]:  # a ride costs nothing: every subway reaches what one does
            ring[subways[0]] |= ring[t]
        for t in subways[1:]:
            ring[t] = ring[subways[0]]
        if rings and ring == rings[-1]:
            break
        rings.append(ring)
        ring = [r | _union(ring, out[s]) for s, r in enumerate(ring)]
    buildings = sum(1 << b for b in city.buildings)
    return tuple(tuple(r & buildings for r in ring) for ring in rings)


def _union(masks: list[int], among: tuple[int, ...]) -> int:
    total = 0
    for t in among:
        total |= masks[t]
    return total


#: A walk's result before ``Mover.enter`` is asked: every candidate end, sorted (an end
#: in a building has facing -1 and is kept only if ``enter`` allows it), and the transfers.
_Walk = tuple[tuple[End, ...], tuple[tuple[int, int], ...]]

#: Walks remembered per city. A search replays the same few positions thousands of times
#: (the root's pieces, the first moves of its playouts), so most walks are asked again;
#: the bound keeps a long simulation's memory flat.
MEMO = 50_000

#: Graphs by ``id(city)``, checked by identity (hashing a City walks every tuple).
_GRAPHS: dict[int, _Graph] = {}


def graph(city: City) -> _Graph:
    """The search's tables of ``city`` (built once per map)."""
    g = _GRAPHS.get(id(city))
    if g is None or g.city is not city:
        if len(_GRAPHS) >= 8:
            _GRAPHS.clear()
        g = _GRAPHS[id(city)] = _Graph(city)
    return g


def placed(city: City, space: int) -> tuple[End, ...]:
    """Where a piece placed on a street space with no step left may stand: there, facing
    any way a street leads (a cop or public piece entering on a subway with a die of 1,
    10.4; a cop coming up after a transfer with no step left, 9.6)."""
    return tuple((space, d) for d in range(4) if city.step[space][d] >= 0)


def reach(city: City, start: int, face: int, steps: int, mover: Mover) -> Reach:
    """The ends of every legal move of exactly ``steps`` spaces from ``start``.

    ``face`` is the piece's facing (0..3, see ``city.DIRS``), or -1 inside a building or
    when it is free to go any way (just placed on a subway from off the board, 9.2/10.4).
    A placement from off the board costs one space: pass the steps left after it. With
    ``steps`` below 1 there is no move and nothing is returned.
    """
    if steps < 1:
        return Reach(())
    through = sum(1 << b for b in mover.through) if mover.kind == GANG else 0
    candidates, transfers = walk_ends(city, start, face, steps, mover.kind, through,
                                      mover.transfer and mover.kind != PUBLIC)
    enter = mover.enter
    if enter is _anywhere:
        return Reach(candidates, transfers)
    allowed: dict[int, bool] = {}
    ends = []
    for end in candidates:
        b, f = end
        if f < 0:
            ok = allowed.get(b)
            if ok is None:
                ok = allowed[b] = enter(b)
            if not ok:
                continue
        ends.append(end)
    return Reach(tuple(ends), transfers)


def walk_ends(city: City, start: int, face: int, steps: int, kind: int,
              through: int, tr: bool) -> _Walk:
    """:func:`reach` before ``Mover.enter`` is asked, memoized: every candidate end,
    sorted, and a cop's transfers (nothing for ``steps`` below 1). ``through`` (a bit mask
    of buildings) and ``tr`` as :func:`reach` derives them from its mover (0 for cops and
    the public; no transfer for the public); callers that prebuild actions per walk
    (``acts``) call it directly, without a :class:`Mover` or a :class:`Reach` per call.

    The memo's key keeps only the joints the walk could pass through (:func:`passable`):
    a gang's other joints change nothing here, so positions that differ only in them
    share the walk."""
    if steps < 1:
        return (), ()
    g = graph(city)
    if through:
        through &= passable(g, start, face, steps, tr)
    key = (start, face, steps, kind, through, tr)
    walked = g.memo.get(key)
    if walked is None:
        if len(g.memo) >= MEMO:
            g.memo.clear()
        walked = g.memo[key] = _walk(g, start, face, steps, kind, through, tr)
    return walked


def passable(g: _Graph, start: int, face: int, steps: int, tr: bool) -> int:
    """The buildings whose ownership a gang's walk of ``steps`` from ``start`` (facing
    ``face``, with a transfer or not) could ask about, as a bit mask: those the walk owning
    every building reads (:func:`_search`). Owning more only adds paths, so no walk reads
    a building this one does not, and a walk's ends depend on the gang's joints among
    these alone: the tight key of the walk memos (``walk_ends``, ``Acts.moves``), where
    :func:`nearby` (a building within reach at all) keeps most of a gang's joints once a
    subway is near. Worked out once per start, facing, steps and transfer."""
    return passable_at(g, slot(g.spaces, start, face, steps), start, face, steps, tr)


def passable_at(g: _Graph, i: int, start: int, face: int, steps: int, tr: bool) -> int:
    """:func:`passable` for a caller that has the walk's :func:`slot` ``i`` already."""
    if i >= 0:
        found = g.reads[2 * i + tr]
        if found < 0:
            found = g.reads[2 * i + tr] = _reads(g, start, face, steps, tr)
        return found
    return _reads(g, start, face, steps, tr)  # off the table: rare enough to walk again


def _reads(g: _Graph, start: int, face: int, steps: int, tr: bool) -> int:
    """:func:`passable` worked out: the walk owning every building it could enter."""
    near = nearby(g, start, steps)
    return _search(g, start, face, steps, GANG, near, tr)[1] & near


#: Steps the flat walk tables hold (:func:`slot`): a die's 0 to 6 and Wheels' 3 to 18.
STEPS = 19


def slot(spaces: int, start: int, face: int, steps: int) -> int:
    """A walk's index in a flat table of every walk on a map of ``spaces`` spaces, -1 for
    one outside it (``steps`` from ``STEPS`` up or below 0, or no such start or facing).

    The memos of the walks a game asks at nearly every decision (a cop's, a public
    piece's, a gang piece's, and :func:`passable`) are lists indexed so, not dicts keyed by
    tuples: hashing and comparing the tuples was most of a remembered walk's cost.

    >>> slot(10, 0, -1, 0), slot(10, 0, 0, 0), slot(10, 9, 3, STEPS - 1), slot(10, 0, 0, 19)
    (0, 19, 949, -1)
    """
    if 0 <= steps < STEPS and -1 <= face <= 3 and 0 <= start < spaces:
        return (start * 5 + face + 1) * STEPS + steps
    return -1


def nearby(g: _Graph, start: int, steps: int) -> int:
    """The buildings a walk of ``steps`` from ``start`` could enter, as a bit mask."""
    near = g.near
    return (near[steps] if steps < len(near) else near[-1])[start]


def _walk(g: _Graph, start: int, face: int, steps: int, kind: int, through: int,
          tr: bool) -> _Walk:
    """Every end of a move of exactly ``steps`` by the rules above, with every building
    that the last step enters (``Mover.enter`` is the caller's), and a cop's transfers."""
    return _search(g, start, face, steps, kind, through, tr)[0]


def _search(g: _Graph, start: int, face: int, steps: int, kind: int, through: int,
            tr: bool) -> tuple[_Walk, int]:
    """:func:`_walk`, and the buildings whose bit of ``through`` it read (a mask)."""
    street, nxt, entrances, entrance_of = g.street, g.nxt, g.entrances, g.entrance_of
    joined, free, subway, subways = g.joined, g.free, g.subway, g.subways
    cop = kind == COP
    ends: set[End] = set()
    transfers: set[tuple[int, int]] = set()
    read = [0]  # the bits of ``through`` looked at, whatever they said

    def on_street(s: int, d: int, left: int, seen: int, tr: bool) -> None:
        """Arrived on street space ``s`` facing ``d`` (-1 any) by a step."""
        if left:
            walk(s, d, left, seen, tr)
        elif d < 0:
            ends.update((s, f) for f in free[s])
        else:
            ends.add((s, d))
        if tr and s in subway:  # 10.3: a transfer, only on moving into a subway
            if cop:
                transfers.add((s, left))
                return
            for t, bit in subways:
                if t != s and not seen & bit:
                    if left:
                        walk(t, -1, left, seen | bit, False)
                    else:
                        ends.update((t, f) for f in free[t])

    def in_building(b: int, left: int, seen: int, tr: bool) -> None:
        """Arrived in building ``b`` by a step: the last one, or passing through a joint."""
        if left:
            read[0] |= 1 << b
            if through >> b & 1:
                walk(b, -1, left, seen, tr)
        else:
            ends.add((b, INSIDE))

    def walk(here: int, d: int, left: int, seen: int, tr: bool) -> None:
        """Take one more step from ``here`` (``left`` >= 1 steps to go)."""
        left -= 1
        if street[here]:
            for t, nd, bit in nxt[here * 5 + d + 1]:
                if not seen & bit:
                    on_street(t, nd, left, seen | bit, tr)
            for b, bit in entrances[here]:
                if not seen & bit:
                    in_building(b, left, seen | bit, tr)
            return
        e = entrance_of[here]
        if not seen >> e & 1:
            on_street(e, -1, left, seen | 1 << e, tr)
        read[0] |= 1 << here
        if through >> here & 1:  # 6.6: straight into a joined joint the gang also owns
            for j in joined[here]:
                read[0] |= 1 << j
                if through >> j & 1 and not seen >> j & 1:
                    in_building(j, left, seen | 1 << j, tr)

    if street[start]:
        walk(start, face, steps, 0, tr)
    else:
        walk(start, -1, steps, 1 << start, tr)
    return (tuple(sorted(ends)), tuple(sorted(transfers))), read[0]

"""The road network and everything derived from it, computed once per components file.

A drive is an exact walk along roads that never turns straight back along the road it just
used (coming back to a district later in the same drive is fine: the Motor remark relies on
it). Only where a car stops matters, so each drive is offered as a choice of destination,
and the destinations for every district and distance are computed here once.

>>> board = default_board()
>>> [board.names[d] for d in board.reach[board.index["greek-town"]][3]]
['the-loop', 'west-side', 'little-italy', 'little-africa']
>>> all(d in board.reach[d][4] for d in range(len(board.names)))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from gangland.engine import Action

from .components import Components, components_from, default_components
from .moves import TO, title

MAX_DISTANCE = 4  # a 3 card plus the Motor


@dataclass(frozen=True)
class Board:
    """Components plus the tables the rules consult on every move."""

    parts: Components
    names: tuple[str, ...]
    titles: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    #: reach[d][k]: districts where a walk of exactly k roads from d can stop (sorted).
    reach: tuple[tuple[tuple[int, ...], ...], ...]
    #: destinations[d][k][motor]: the ``to`` actions after ``drive k`` from d.
    destinations: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...]
    #: next_stops[d][cards][motor]: every district where a car at d can stop on its next
    #: drive with the face-up movement cards ``cards`` (bit k for card k), each once, in the
    #: order of the cards; the ``greedy`` bot's evaluation reads it for every position.
    next_stops: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    #: roads[d]: the names of d's neighbours (the view lists them for every district).
    roads: tuple[tuple[str, ...], ...]
    #: values_texts[t]: tile t's values as printed (``ScoringTile.values_text``).
    values_texts: tuple[tuple[int | str, ...], ...]
    #: faces[cards]: the movement cards face up and face down for the bit mask ``cards``.
    faces: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]

    @property
    def harbour(self) -> int:
        """The Gold Coast."""
        return self.parts.harbour


def _walk_ends(neighbours: tuple[tuple[int, ...], ...], start: int, length: int) -> set[int]:
    """Where non-reversing walks of exactly ``length`` roads from ``start`` can end."""
    states = {(start, -1)}
    for _ in range(length):
        states = {(n, here) for here, came in states for n in neighbours[here] if n != came}
    return {here for here, _ in states}


def build_board(parts: Components) -> Board:
    """Derive the adjacency and the destination tables from validated components."""
    n = len(parts.districts)
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for a, b in parts.roads:
        adjacent[a].append(b)
        adjacent[b].append(a)
    neighbours = tuple(tuple(sorted(a)) for a in adjacent)
    reach = tuple(
        tuple(tuple(sorted(_walk_ends(neighbours, d, k))) if k else () for k in
              range(MAX_DISTANCE + 1))
        for d in range(n)
    )
    destinations = tuple(
        tuple(
            (
                tuple(TO[x] for x in reach[d][k]),
                tuple(TO[x] for x in sorted(set(reach[d][k]) | set(reach[d][k + 1]))),
            )
            if 1 <= k < MAX_DISTANCE
            else ((), ())
            for k in range(MAX_DISTANCE)
        )
        for d in range(n)
    )
    next_stops = tuple(
        tuple(
            tuple(_stops(reach[d], cards, motor) for motor in (False, True))
            for cards in range(16)
        )
        for d in range(n)
    )
    return Board(
        parts=parts,
        names=parts.districts,
        titles=tuple(title(x) for x in parts.districts),
        index={x: i for i, x in enumerate(parts.districts)},
        neighbours=neighbours,
        reach=reach,
        destinations=destinations,
        next_stops=next_stops,
        roads=tuple(tuple(parts.districts[x] for x in near) for near in neighbours),
        values_texts=tuple(tuple(tile.values_text()) for tile in parts.tiles),
        faces=tuple(
            (tuple(k for k in parts.material.movement_cards if cards >> k & 1),
             tuple(k for k in parts.material.movement_cards if not cards >> k & 1))
            for cards in range(16)
        ),
    )


def _stops(reach: tuple[tuple[int, ...], ...], cards: int, motor: bool) -> tuple[int, ...]:
    """The distinct stops of a drive with one of ``cards`` (one road more with the Motor).

    >>> _stops(((), (1, 2), (0, 3), (1, 4), (2,)), 0b0110, True)
    (1, 2, 0, 3, 4)
    """
    stops: dict[int, None] = {}
    for k in (1, 2, 3):
        if cards >> k & 1:
            for d in reach[k] + reach[k + 1] if motor else reach[k]:
                stops[d] = None
    return tuple(stops)


@cache
def default_board() -> Board:
    """The board of the shipped components."""
    return build_board(default_components())


@cache
def board_from(path: str) -> Board:
    """The board of a user's components file (``""``: the shipped one)."""
    return build_board(components_from(path)) if path else default_board()

"""Scoring tiles: where an unloaded gangster goes, what a removal leaves, who wins a district.

All of a game's tiles live in one flat list of spaces (``-1`` empty, else a colour index),
each tile a slice ``base .. base + cap``; one list copies fast in ``clone``.

Placement keeps one number per tile, the *frontier* ``f``: the spaces before it have been
reached by filling in reading order, those from it on are all empty. That single number
makes every sentence of the rulebook hold, with a *gap* being an empty space that has a
gangster after it in reading order (``docs/games/gangster.md`` says why):

- the first gangster goes on the arrow space (``f = 0``); the next ones follow in reading
  order, row after row (place at ``f``, then ``f += 1``);
- a gangster loaded away from before the end leaves a gap, which stays (``f`` unchanged);
- removing the gangster at the end of the sequence (space ``f - 1``) leaves no gap, and
  the empty spaces just before it then end the tile, so they are no gaps either: ``f``
  moves back to just after the highest-ranked gangster left (``0`` on an emptied tile, so
  its next gangster goes on the arrow space again); a gap with a gangster after it stays;
- only when the last space has been occupied (``f == cap``) do gangsters go into gaps, the
  first empty space in reading order first;
- if the gangster on the last space is removed, ``f`` becomes ``cap - 1`` and that space is
  filled again before any other gap (or lower still, when the spaces before it are empty).

So the space just before the frontier always holds a gangster (or ``f = 0``): where the next
gangster goes follows from the tile alone, as it does at a real table.

>>> spaces, front = [-1] * 4, [0]
>>> [place(spaces, front, 0, 0, 4, c) for c in (7, 8, 9)]
[0, 1, 2]
>>> remove(spaces, front, 0, 0, 1), place(spaces, front, 0, 0, 4, 5), spaces
(8, 3, [7, -1, 9, 5])
>>> place(spaces, front, 0, 0, 4, 6), spaces
(1, [7, 6, 9, 5])
>>> [remove(spaces, front, 0, 0, i) for i in (0, 2, 3)], front, spaces
([7, 9, 5], [2], [-1, 6, -1, -1])
>>> remove(spaces, front, 0, 0, 1), front
(6, [0])
"""

from __future__ import annotations

EMPTY = -1


def place(spaces: list[int], front: list[int], d: int, base: int, cap: int, colour: int) -> int:
    """Put ``colour`` on tile ``d``'s next space by the rules; returns the space (0-based).

    The caller checks there is room (a full tile takes nobody).
    """
    f = front[d]
    if f < cap:
        front[d] = f + 1
        spaces[base + f] = colour
        return f
    i = spaces.index(EMPTY, base, base + cap)
    spaces[i] = colour
    return i - base


def next_space(spaces: list[int], front: list[int], d: int, base: int, cap: int) -> int:
    """Where the next gangster would go on tile ``d`` (0-based), or -1 when it is full."""
    f = front[d]
    if f < cap:
        return f
    for i in range(base, base + cap):
        if spaces[i] == EMPTY:
            return i - base
    return -1


def remove(spaces: list[int], front: list[int], d: int, base: int, space: int) -> int:
    """Take the gangster off ``space`` (0-based) of tile ``d``; returns its colour."""
    colour = spaces[base + space]
    spaces[base + space] = EMPTY
    f = front[d]
    if space == f - 1:  # the end of the sequence: no gap, and the gaps it ended are none
        f = space
        while f and spaces[base + f - 1] == EMPTY:
            f -= 1
        front[d] = f
    return colour


def standings(tile_spaces: list[int]) -> list[tuple[int, int, int]]:
    """``(colour, gangsters, highest rank)`` for each colour on a tile, best first.

    Most gangsters first; equal numbers are ordered by the highest-ranked gangster, that
    is the one furthest down and right in reading order (rank = space number, from 1).

    >>> standings([3, 1, -1, 3, 1, 2])
    [(1, 2, 5), (3, 2, 4), (2, 1, 6)]
    """
    count: dict[int, int] = {}
    top: dict[int, int] = {}
    for i, colour in enumerate(tile_spaces):
        if colour != EMPTY:
            count[colour] = count.get(colour, 0) + 1
            top[colour] = i + 1
    order = sorted(count, key=lambda c: (-count[c], -top[c]))
    return [(c, count[c], top[c]) for c in order]

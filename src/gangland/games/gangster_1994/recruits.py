"""What the table learns about a rival's men, and dealing Recruitment cards consistently with it.

Recruitment cards are confidential, but the Refuge pays $100 per man in front of everyone:
each time a player passes it, the table learns that player's exact number of men at that
moment. A seat's view therefore shows, for every player, the men counted at their last
Refuge payment and how many Recruitment cards they held then (the first cards of that kind
in their hand, since recruits are never given up). Resampling must keep those sums: a rival
known to have had 4 men with two cards holds a 1 and a 2, never a 3 and a 3.

:func:`deal` does this from public facts only (the sums, the card counts and the unseen
cards' values), so the draw never depends on which cards the rival really holds.

>>> from gangland.engine import Rng
>>> deal([1, 1, 2, 3, 3], [(2, 4)], Rng(3))
[[1, 3]]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from gangland.engine import Rng


def deal(values: Sequence[int], wants: Sequence[tuple[int, int]], rng: Rng) -> list[list[int]]:
    """Split ``values`` (the unseen cards' men) so each ``(cards, men)`` want gets exactly
    ``cards`` values summing to ``men``; returns the values given to each want.

    Compositions are drawn one want at a time, each weighted by how many sets of cards give
    it (so a likely split is drawn more often), and a choice that would leave a later want
    impossible is never made. Raises ``ValueError`` when no split exists (never for a
    position reached by play: the true deal is one).
    """
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    kinds = tuple(sorted(counts))
    left = tuple(counts[v] for v in kinds)
    asked = tuple((cards, men) for cards, men in wants)
    chosen: list[list[int]] = []
    for i, (cards, men) in enumerate(asked):
        options = _options(kinds, left, asked[i:])
        if not options:
            raise ValueError(f"no deal of the unseen recruits gives {men} men in {cards} cards")
        pick = rng.random() * sum(w for w, _ in options)
        comp = options[-1][1]
        for w, c in options:
            pick -= w
            if pick < 0:
                comp = c
                break
        left = tuple(n - k for n, k in zip(left, comp, strict=True))
        got = [v for v, n in zip(kinds, comp, strict=True) for _ in range(n)]
        rng.shuffle(got)
        chosen.append(got)
    return chosen


@lru_cache(maxsize=4096)
def _options(kinds: tuple[int, ...], counts: tuple[int, ...],
             wants: tuple[tuple[int, int], ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The first want's compositions that leave the later wants possible, each with its
    weight (how many sets of cards give it), in the order :func:`_splits` finds them.

    Cached because it depends on public counts only (the unseen cards' values and the men
    counted at the Refuge), which stay the same through a whole search: every
    determinization of one position asks the same question, and the enumeration (a
    recursion over every split) was a sixth of the hard level's search. The answer is a
    tuple of tuples, so a cached one cannot be changed by its users.
    """
    by_kind = dict(zip(kinds, counts, strict=True))
    cards, men = wants[0]
    return tuple((w, comp) for comp in _splits(list(kinds), by_kind, cards, men)
                 if (w := _weight(list(kinds), by_kind, comp))
                 and _feasible(list(kinds), _less(list(kinds), by_kind, comp), wants[1:]))


def _splits(kinds: list[int], counts: dict[int, int], cards: int,
            men: int) -> list[tuple[int, ...]]:
    """Every way to take ``cards`` cards worth ``men`` in all, as counts per kind."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, total: int, acc: list[int]) -> None:
        if i == len(kinds):
            if left == 0 and total == 0:
                out.append(tuple(acc))
            return
        for n in range(min(left, counts[kinds[i]]) + 1):
            if n * kinds[i] > total:
                break
            walk(i + 1, left - n, total - n * kinds[i], [*acc, n])

    walk(0, cards, men, [])
    return out


def _weight(kinds: list[int], counts: dict[int, int], comp: tuple[int, ...]) -> int:
    w = 1
    for v, n in zip(kinds, comp, strict=True):
        w *= comb(counts[v], n)
    return w


def _less(kinds: list[int], counts: dict[int, int], comp: tuple[int, ...]) -> dict[int, int]:
    return {v: counts[v] - n for v, n in zip(kinds, comp, strict=True)}


def _feasible(kinds: list[int], counts: dict[int, int],
              wants: Sequence[tuple[int, int]]) -> bool:
    """Whether every want in ``wants`` can still be met from ``counts``."""
    if not wants:
        return True
    cards, men = wants[0]
    return any(_feasible(kinds, _less(kinds, counts, comp), wants[1:])
               for comp in _splits(kinds, counts, cards, men))

"""Every deal of a lone detective, up to the deck's 2592 symmetries: 30 classes.

Permuting the values of each element, and the three three-valued elements among
themselves, keeps every match count, so positions related by such a permutation have the
same value. The 24,804 sets of three face-up cards fall into 30 classes; averaging one
deal per class, weighted by the class size, is the exact average over deals.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import ALL, NCARDS, Deck

__all__ = ["Triple", "expected_over_deals", "middle_orbits", "start", "symmetry_generators"]

Elements = tuple[int, int, int, int]
Triple = tuple[int, int, int]


# ----- symmetry --------------------------------------------------------------------------


def symmetry_generators(deck: Deck) -> list[tuple[int, ...]]:
    """Card permutations generating the deck's 2592 symmetries (match counts unchanged).

    Swap and cycle the suspects, swap suspects with weapons and weapons with scenes
    (together: any values within each of those, any order of the three), swap the motives.
    """

    def perm(f: Callable[[Elements], Elements]) -> tuple[int, ...]:
        return tuple(deck.by_elements[f(deck.cards[c])] for c in range(NCARDS))

    return [
        perm(lambda e: ((1, 0, 2)[e[0]], e[1], e[2], e[3])),
        perm(lambda e: ((e[0] + 1) % 3, e[1], e[2], e[3])),
        perm(lambda e: (e[1], e[0], e[2], e[3])),
        perm(lambda e: (e[0], e[2], e[1], e[3])),
        perm(lambda e: (e[0], e[1], e[2], 1 - e[3])),
    ]


def middle_orbits(deck: Deck) -> list[tuple[Triple, int]]:
    """One triple of face-up cards per symmetry class, with the class size (sum 24804)."""
    gens = symmetry_generators(deck)
    seen: set[Triple] = set()
    orbits = []
    for a in range(NCARDS):
        for b in range(a + 1, NCARDS):
            for c in range(b + 1, NCARDS):
                if (a, b, c) in seen:
                    continue
                frontier: list[Triple] = [(a, b, c)]
                seen.add((a, b, c))
                size = 0
                while frontier:
                    t = frontier.pop()
                    size += 1
                    for g in gens:
                        x, y, z = sorted((g[t[0]], g[t[1]], g[t[2]]))
                        image = (x, y, z)
                        if image not in seen:
                            seen.add(image)
                            frontier.append(image)
                orbits.append(((a, b, c), size))
    return orbits


def start(triple: Triple) -> int:
    """The candidates of a lone detective who sees only the three face-up cards."""
    return ALL & ~sum(1 << c for c in triple)


def expected_over_deals(
    deck: Deck, value: Callable[[Triple], float]
) -> tuple[float, list[tuple[Triple, int, float]]]:
    """Average of ``value(face-up cards)`` over every deal, one deal per symmetry class."""
    rows = []
    total = 0.0
    weight = 0
    for triple, size in middle_orbits(deck):
        v = value(triple)
        rows.append((triple, size, v))
        total += size * v
        weight += size
    return total / weight, rows

"""Position values for search: what a cut playout is worth to each seat, per game.

ISMCTS plays each iteration out to the end when it can; where random games run long, it
cuts them after a number of decisions (:data:`DEPTHS`) and asks how the position stands.
A value is in [-1, 1] for each seat and reads a determinization (a full state the
searching seat has sampled), so it may look at anything in it. Games without an entry
here are scored by their running ``scores()`` as margins (see ``ismcts.evaluate``).
"""

from __future__ import annotations

import math

from gangland.engine import State

#: Decisions a playout runs before it is cut and evaluated, by game (others: to the end).
DEPTHS = {"gangster-city": 24, "gangster-1994": 60, "gangsters": 60}


def margins(progress: list[float], scale: float) -> list[float]:
    """Each seat's progress less the best other seat's, squashed into [-1, 1].

    >>> [round(v, 2) for v in margins([2.0, 1.0, 0.0], 1.0)]
    [0.76, -0.76, -0.96]
    """
    out = []
    for i, p in enumerate(progress):
        best = max(progress[:i] + progress[i + 1:], default=p)
        out.append(math.tanh((p - best) / scale))
    return out


def gangster_city(state: State) -> list[float]:
    """Cases solved, plus how far each seat's clues narrow its current case down (the
    cards that still fit, out of 54, on a log scale)."""
    from gangland.games.gangster_city.rules import TableState

    assert isinstance(state, TableState)
    full = math.log2(54)
    progress = []
    for s in range(state.players):
        if state.out[s]:
            progress.append(-1.0)
            continue
        fits = max(1, state._fits(s).bit_count())
        progress.append(len(state.solved[s]) + 0.8 * (1 - math.log2(fits) / full))
    return margins(progress, 1.0)


EVALUATIONS = {"gangster-city": gangster_city}

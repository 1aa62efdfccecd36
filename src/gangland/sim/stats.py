"""Small, dependency-free statistics for simulation reports.

Win rates from a few hundred games are noisy; a rate without an interval invites reading
noise as skill. The Wilson score interval is used because, unlike the textbook normal
interval, it stays inside [0, 1] and behaves well for rates near 0 or 1 and small samples.

>>> low, high = wilson(50, 100)
>>> round(low, 4), round(high, 4)
(0.4038, 0.5962)
>>> wilson(0, 10)[0]
0.0
>>> mean, se = mean_stderr([1.0, 2.0, 3.0])
>>> mean, round(se, 6)
(2.0, 0.57735)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; ``successes`` may be fractional (tie shares).

    With no trials nothing is known, so the interval is the whole of [0, 1].
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be from 0 to {trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends, no rounding dust
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def mean_stderr(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (sample standard deviation over root n).

    One value has no spread to estimate, so its standard error is reported as 0.
    """
    n = len(values)
    if n == 0:
        raise ValueError("mean of no values")
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, 0.0)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, math.sqrt(var / n))


def bot_rates(bots: Iterable[str], plays: Iterable[tuple[str, float]]) -> list[dict[str, Any]]:
    """Win rate by bot over every seat it played: ``plays`` holds one ``(bot, win share)``
    per game and seat, so rotated seatings add up by bot, whatever seat each game gave it.

    >>> [(r["bot"], r["seat_games"], r["wins"]) for r in bot_rates(
    ...     ["a", "b"], [("a", 1.0), ("b", 0.0), ("b", 0.5), ("a", 0.5)])]
    [('a', 2, 1.5), ('b', 2, 0.5)]
    """
    totals = {bot: [0, 0.0] for bot in bots}
    for bot, win in plays:
        if bot in totals:
            totals[bot][0] += 1
            totals[bot][1] += win
    out = []
    for bot, (trials, wins) in totals.items():
        low, high = wilson(wins, int(trials))
        out.append({"bot": bot, "seat_games": int(trials), "wins": wins,
                    "win_rate": wins / trials if trials else 0.0,
                    "win_rate_ci95": [low, high]})
    return out

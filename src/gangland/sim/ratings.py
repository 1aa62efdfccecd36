"""Bradley-Terry ratings on the Elo scale, finite and with honest 95% intervals.

The model: bot *i* has a strength θᵢ, and it beats bot *j* with probability
1 / (1 + e^(θⱼ - θᵢ)) (a logistic model); a draw counts as half a win each way. Each θᵢ has a
weak Gaussian prior, N(0, s²) with s = :data:`PRIOR_SD` = 400 Elo points, and the fit is
the maximum of the posterior (MAP), found by Newton's method on the handful of bots.

Why a prior, and why this one. Without one, a bot that won every game it played is
infinitely strong (the plain maximum-likelihood fit diverges under perfect separation),
and any fixed pseudo-count pulls the estimate to the edge of what a bootstrap can show.
400 Elo points is the scale's own unit (a 400-point gap is 10-to-1 odds), so the prior
says "bots of one game seldom differ by more than ~1,100 points" (the difference of two
bots has sd 400·√2 ≈ 566): weak enough that a few dozen games outweigh it, strong enough
that 16 wins of 16 give a finite gap (about 650 points) rather than infinity.

Why these intervals. The interval is the Laplace approximation of the posterior: a
Gaussian at the MAP fit whose covariance is the inverse Hessian of the negative log
posterior (widened where games of many seats vary more than it allows, see
:func:`rate`). Ratings are shown relative to their mean (1500), so the covariance is
projected onto that constraint (``P H⁻¹ P`` with ``P = I - 11ᵀ/n``): only differences
between bots are measured, and the interval of each bot is that of its distance from the
average. The interval is symmetric about the estimate, so it always contains it, and it
widens as games get fewer. Under perfect separation it is a rough guide: the posterior is
skewed there (the prior alone bounds how strong an unbeaten bot may be).

No library is added for this. ``choix`` comes closest (``opt_pairwise`` fits the same
penalized model, ``ep_pairwise`` a Gaussian posterior by expectation propagation), but it
takes whole wins only (no draws), treats every comparison as independent (the correction
for many-seat games, :func:`rate`, would still be ours) and brings scipy along;
``trueskill`` and ``openskill`` update ratings one game at a time, so their result depends
on the order of the games. Newton's method on a handful of bots is a few lines of numpy.

Tables of more than two seats are split into pairwise results (:func:`game_pairs`); the
pairs of one game are not independent, and :func:`rate` widens the interval for it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from .runner import GameResult

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

ELO = 400 / math.log(10)  # Elo points per natural-log unit of strength
PRIOR_SD = 400.0  # Elo points: the prior sd of every bot's strength
Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def game_pairs(result: GameResult) -> list[tuple[str, str, float]]:
    """One game as pairwise results ``(a, b, a's score)`` between different bots.

    A bot wins a game if any seat it holds wins; a winner beats each loser, and two
    winners (or two losers) draw. A bot seated twice is one player: it meets each other
    bot once a game, so no game counts twice between two bots.

    >>> game_pairs(GameResult(1, ("a", "b", "a", "c"), (2,), (0.0,) * 4, 10))
    [('a', 'b', 1.0), ('a', 'c', 1.0), ('b', 'c', 0.5)]
    """
    winners = {result.bots[s] for s in result.winners}
    return [(a, b, 0.5 + 0.5 * ((a in winners) - (b in winners)))
            for a, b in combinations(dict.fromkeys(result.bots), 2)]


def pairwise(results: Iterable[GameResult]) -> dict[tuple[str, str], float]:
    """Wins of bot a over bot b, summed over :func:`game_pairs` of every game.

    >>> pairwise([GameResult(1, ("a", "b", "a"), (2,), (0.0, 0.0, 1.0), 10)])
    {('a', 'b'): 1.0, ('b', 'a'): 0.0}
    """
    wins: dict[tuple[str, str], float] = {}
    for r in results:
        for a, b, score in game_pairs(r):
            wins[a, b] = wins.get((a, b), 0.0) + score
            wins[b, a] = wins.get((b, a), 0.0) + 1.0 - score
    return wins


@dataclass(frozen=True)
class Rating:
    """One bot's rating on the Elo scale and its posterior sd (Elo points)."""

    rating: float
    sd: float

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.rating - Z95 * self.sd

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.rating + Z95 * self.sd


@dataclass(frozen=True)
class Fit:
    """The MAP ratings of some bots and the Laplace covariance of them (Elo points²)."""

    bots: tuple[str, ...]
    ratings: tuple[Rating, ...]
    cov: tuple[tuple[float, ...], ...]

    def __getitem__(self, bot: str) -> Rating:
        return self.ratings[self.bots.index(bot)]

    def p_stronger(self, a: str, b: str) -> float:
        """The posterior probability that bot ``a`` is stronger than bot ``b``.

        Two intervals that overlap can still tell two bots apart; this says how surely.
        """
        i, j = self.bots.index(a), self.bots.index(b)
        var = self.cov[i][i] + self.cov[j][j] - 2 * self.cov[i][j]
        gap = self.ratings[i].rating - self.ratings[j].rating
        if var <= 0:
            return 0.5 if gap == 0 else float(gap > 0)
        return 0.5 * math.erfc(-gap / math.sqrt(2 * var))


def bradley_terry(bots: Sequence[str], wins: dict[tuple[str, str], float],
                  prior_sd: float = PRIOR_SD) -> Fit:
    """The MAP ratings (mean 1500) of ``bots`` from a table of pairwise wins.

    A table of wins does not say which results came from one game, so each comparison
    counts as independent and the interval is the plain Laplace one; :func:`rate` rates
    from the games themselves.

    >>> fit = bradley_terry(["a", "b"], {("a", "b"): 3.0, ("b", "a"): 1.0})
    >>> round(fit["a"].rating - fit["b"].rating)  # the plain fit: 191 (odds of 3 to 1)
    170
    >>> unbeaten = bradley_terry(["a", "b"], {("a", "b"): 16.0})
    >>> a = unbeaten["a"]
    >>> round(a.rating), round(a.low), round(a.high)  # finite, around its estimate
    (1828, 1573, 2084)
    """
    import numpy as np

    index = _index(bots, prior_sd)
    won = np.zeros((len(bots), len(bots)))
    for (a, b), w in wins.items():
        if a in index and b in index and a != b:
            won[index[a], index[b]] += w
    return _fit(bots, won, prior_sd)


def rate(bots: Sequence[str], results: Sequence[GameResult],
         prior_sd: float = PRIOR_SD) -> Fit:
    """The MAP ratings (mean 1500) of ``bots`` from games, intervals robust to tables.

    The fit is :func:`bradley_terry`'s on the :func:`pairwise` wins. But the pairs of one
    game are not independent (one winner beats every loser at once), and a game of four
    is not six games of two, so the interval is the wider, direction by direction, of two:
    the Laplace one (the posterior's curvature H) and the sandwich, or cluster-robust, one
    (``H⁻¹ J H⁻¹``, J the sum over games of each game's score vector times itself, scaled
    by G/(G-1)), which sees how much the evidence really varies from game to game. At
    equal strengths the two agree; on four-seat tables with a planted gap the Laplace one
    alone is a quarter too narrow for the strongest bot; the sandwich alone collapses under
    perfect separation (every game says the same). Together they are never narrower than
    the spread of repeated tournaments (tested), and wider for the weakest bots there.

    >>> g = GameResult(1, ("a", "b"), (0,), (1.0, 0.0), 10)
    >>> round(rate(["a", "b"], [g] * 16)["a"].rating)  # 16 wins of 16 again
    1828
    """
    import numpy as np

    index = _index(bots, prior_sd)
    kinds: dict[tuple[tuple[int, int, float], ...], int] = {}  # a game's pairs: how often
    for r in results:
        key = tuple((index[a], index[b], score) for a, b, score in game_pairs(r)
                    if a in index and b in index)
        kinds[key] = kinds.get(key, 0) + 1
    won = np.zeros((len(bots), len(bots)))
    for pairs, count in kinds.items():
        for i, j, score in pairs:
            won[i, j] += count * score
            won[j, i] += count * (1.0 - score)
    return _fit(bots, won, prior_sd, kinds)


def _index(bots: Sequence[str], prior_sd: float) -> dict[str, int]:
    """Each bot's row in the fit's arrays, once the arguments are checked."""
    if prior_sd <= 0:
        raise ValueError("the prior's sd must be positive")
    if len(set(bots)) != len(bots):
        raise ValueError("name each bot once")
    return {b: k for k, b in enumerate(bots)}


def _fit(bots: Sequence[str], won: NDArray[np.float64], prior_sd: float,
         games: dict[tuple[tuple[int, int, float], ...], int] | None = None) -> Fit:
    """The MAP fit to ``won`` (i's wins over j), its interval widened by ``games``' spread.

    ``games`` maps the pairs ``(i, j, i's score)`` of a game to how many games gave them.
    """
    import numpy as np

    n = len(bots)
    precision = (ELO / prior_sd) ** 2
    theta, hessian = _newton(won, precision)
    cov = np.linalg.inv(hessian)
    if games:
        meat = np.zeros((n, n))
        for pairs, count in games.items():
            score = np.zeros(n)
            for i, j, s in pairs:
                surprise = s - 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                score[i] += surprise
                score[j] -= surprise
            meat += count * np.outer(score, score)
        total = sum(games.values())
        meat *= total / max(total - 1, 1)
        # In the curvature's own coordinates (H^-1/2), Laplace is the identity and the
        # sandwich (plus the prior) is ``spread``; keep the larger in every direction.
        values, vectors = np.linalg.eigh(hessian)
        root = vectors @ np.diag(values**-0.5) @ vectors.T
        spread, turn = np.linalg.eigh(root @ (meat + precision * np.eye(n)) @ root)
        cov = root @ turn @ np.diag(np.maximum(spread, 1.0)) @ turn.T @ root
    project = np.eye(n) - 1.0 / n  # ratings are relative to their mean
    cov = project @ cov @ project * ELO**2
    return Fit(tuple(bots),
               tuple(Rating(1500 + ELO * float(t - theta.mean()),
                            math.sqrt(max(float(cov[k, k]), 0.0)))
                     for k, t in enumerate(theta)),
               tuple(tuple(float(x) for x in row) for row in cov))


def _newton(won: NDArray[np.float64], precision: float
            ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Log-strengths maximizing the posterior, and the Hessian of its negative log there.

    ``won[i, j]`` is i's wins over j; ``precision`` is 1/s² of the prior, in log units.
    The log posterior is strictly concave, so Newton's method with step halving (should a
    full step ever lower the posterior) converges from zero.
    """
    import numpy as np

    met = won + won.T
    theta = np.zeros(len(won))

    def log_posterior(t: NDArray[np.float64]) -> float:
        gap = t[:, None] - t[None, :]
        return float(-(won * np.logaddexp(0.0, -gap)).sum() - 0.5 * precision * t @ t)

    def hessian_at(t: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        p = 1.0 / (1.0 + np.exp(t[None, :] - t[:, None]))  # p[i, j]: i beats j
        grad = (won - met * p).sum(axis=1) - precision * t
        weight = met * p * (1.0 - p)
        hess = np.diag(weight.sum(axis=1)) - weight + precision * np.eye(len(t))
        return grad, hess

    for _ in range(100):
        grad, hess = hessian_at(theta)
        step = np.linalg.solve(hess, grad)
        before, scale = log_posterior(theta), 1.0
        while log_posterior(theta + scale * step) < before and scale > 1e-6:
            scale /= 2
        theta = theta + scale * step
        if float(np.abs(scale * step).max()) < 1e-10:
            break
    return theta, hessian_at(theta)[1]

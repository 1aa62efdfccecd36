"""One decision judged from the deciding seat's view: the move played against the best found.

The judge is given an :class:`~gangland.engine.Observation`, exactly as a bot is, and
nothing else, so it can know no more than the seat knew when it chose. It asks the game's
hard-level search (``ismcts.tuned_spec``) for the best move, then scores that move and the
one played with the same playouts: ``samples`` states drawn from the seat's view, each
played on once after each move with the search's own playout policy and scored by the
search's own yardstick (``Ismcts.play_out``: a finished game's returns, a cut one's
evaluation). Drawing the same states for both moves, with the same chance after them,
makes their difference far steadier than either figure (common random numbers), and that
difference, with its standard error, is what the move cost.

Figures are *expected results* on the search's scale: +1 a sure lone win, 0 level with the
best rival, below 0 behind (a sure loss is ``-1/(players-1)`` at the end of a game).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from gangland.bots import make_bot
from gangland.bots.ismcts import Ismcts, tuned_spec
from gangland.engine import Action, Game, Observation, Rng

from .ideas import idea_of


@dataclass(frozen=True)
class Budget:
    """How hard the review looks at each decision: the search's iterations to find the
    best move, and the playouts that score it and the move played."""

    iterations: int = 200
    samples: int = 64

    def __post_init__(self) -> None:
        if self.iterations < 1 or self.samples < 2:
            raise ValueError("a review needs at least 1 search iteration and 2 samples")


@dataclass(frozen=True)
class Judgement:
    """What one decision was worth: the move played, the best found, and what it cost."""

    played: str
    best: str
    #: Mean expected result after each move, over ``samples`` playouts, and its standard
    #: error.
    played_value: float
    played_error: float
    best_value: float
    best_error: float
    #: ``best_value - played_value`` (0 when the move played was the best found) and the
    #: standard error of that paired difference.
    cost: float
    cost_error: float
    samples: int
    iterations: int
    #: The idea the move went against, where one can be named (:mod:`.ideas`), else "".
    idea: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Judgement:
        """From :meth:`to_json`, or any dict holding its keys (others are left out)."""
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


def judge(game: Game, obs: Observation, played: Action, budget: Budget, seed: int) -> Judgement:
    """Judge ``played`` at the decision ``obs`` observes (see the module docstring).

    ``obs`` must be able to sample (made with a generator); the same observation, move,
    budget and seed always give the same judgement.
    """
    if played not in obs.legal_actions:
        raise ValueError(f"{played} is not a legal move at this decision")
    rng = Rng(seed)
    search = make_bot(tuned_spec(game.id, str(budget.iterations)), game, rng.next_seed())
    assert isinstance(search, Ismcts)
    best = search.choose(obs)
    moves = [best] if best == played else [best, played]
    results: list[list[float]] = [[] for _ in moves]
    seat = obs.seat
    for _ in range(budget.samples):
        drawn = obs.sample_state(rng)
        after = rng.next_seed()  # the same chance after either move
        for i, move in enumerate(moves):
            state = drawn.clone()
            state.step(move)
            results[i].append(search.play_out(state, Rng(after))[seat])
    best_value, best_error = _mean_error(results[0])
    if len(moves) == 1:
        return Judgement(str(played), str(best), best_value, best_error, best_value,
                         best_error, 0.0, 0.0, budget.samples, search.iterations)
    played_value, played_error = _mean_error(results[1])
    cost, cost_error = _mean_error([b - p for b, p in zip(results[0], results[1], strict=True)])
    if cost < 0:  # the move played scored better: it is the best found
        return Judgement(str(played), str(played), played_value, played_error, played_value,
                         played_error, 0.0, cost_error, budget.samples, search.iterations)
    view = obs.view
    idea = idea_of(game.id, view if isinstance(view, dict) else {}, played, best)
    return Judgement(str(played), str(best), played_value, played_error, best_value,
                     best_error, cost, cost_error, budget.samples, search.iterations, idea)


def _mean_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (the sample standard deviation over root n).

    >>> mean, error = _mean_error([1.0, 0.0, 1.0, 0.0])
    >>> mean, round(error, 3)
    (0.5, 0.289)
    """
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)

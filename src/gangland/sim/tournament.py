"""A round robin between bots, and their ratings (Bradley-Terry, on the Elo scale).

Every lineup of ``players`` bots is played with its seats rotated, so no bot gains from
sitting first; each game then counts as a set of pairwise results between the bots at the
table (a winner beats each loser; two winners, or two losers, draw). The Bradley-Terry
strengths that best explain those results (the classic minorization-maximization fit) are
shown on the Elo scale, 1500 on average, with 95% intervals from refitting on games drawn
again with replacement (a seeded bootstrap, so the intervals repeat too).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from gangland.engine import OptionError, Rng, load

from .runner import GameResult
from .simulate import MapFn, Task, game_seed, run_task, seat_specs

ELO = 400 / math.log(10)  # Elo points per natural-log unit of strength


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every table of the round robin, each under every rotation of its seats.

    >>> lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
    """
    if len(set(bots)) != len(bots):
        raise OptionError("tournament: name each bot once")
    if len(bots) < 2:
        raise OptionError("tournament: at least two bots")
    if len(bots) >= players:
        tables = list(combinations(bots, players))
    else:  # fewer bots than seats: each table repeats the bots in turn
        tables = [tuple((list(bots) * players)[i:i + players]) for i in range(len(bots))]
    return [table[r:] + table[:r] for table in tables for r in range(players)]


def pairwise(results: Iterable[GameResult]) -> dict[tuple[str, str], float]:
    """Wins of bot a over bot b, summed over every pair of seats at every table."""
    wins: dict[tuple[str, str], float] = {}
    for r in results:
        for i, j in combinations(range(len(r.bots)), 2):
            a, b = r.bots[i], r.bots[j]
            if a == b:
                continue
            wa, wb = i in r.winners, j in r.winners
            score = 1.0 if wa and not wb else 0.0 if wb and not wa else 0.5
            wins[a, b] = wins.get((a, b), 0.0) + score
            wins[b, a] = wins.get((b, a), 0.0) + 1.0 - score
    return wins


def bradley_terry(bots: Sequence[str], wins: dict[tuple[str, str], float],
                  rounds: int = 500) -> dict[str, float]:
    """Ratings on the Elo scale (mean 1500) from pairwise wins, by the MM algorithm.

    A prior of one draw against every other bot keeps a bot that never lost (or never won)
    finite.

    >>> r = bradley_terry(["a", "b"], {("a", "b"): 3.0, ("b", "a"): 1.0})
    >>> round(r["a"] - r["b"])  # (3+0.5)/(1+0.5): about 147 points
    147
    """
    w = {(a, b): wins.get((a, b), 0.0) + 0.5 for a in bots for b in bots if a != b}
    p = dict.fromkeys(bots, 1.0)
    for _ in range(rounds):
        new = {}
        for a in bots:
            won = sum(w[a, b] for b in bots if b != a)
            denom = sum((w[a, b] + w[b, a]) / (p[a] + p[b]) for b in bots if b != a)
            new[a] = won / denom
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        p = {a: v / mean for a, v in new.items()}
    return {a: 1500 + ELO * math.log(p[a]) for a in bots}


@dataclass(frozen=True)
class Standing:
    bot: str
    rating: float
    low: float
    high: float
    games: int
    wins: float


def standings(bots: Sequence[str], results: Sequence[GameResult], seed: int,
              samples: int = 200) -> list[Standing]:
    """Ratings with 95% bootstrap intervals, best first."""
    ratings = bradley_terry(bots, pairwise(results))
    rng = Rng(seed ^ 0xB007)
    draws: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(samples):
        again = [results[rng.randbelow(len(results))] for _ in results]
        for b, v in bradley_terry(bots, pairwise(again), rounds=100).items():
            draws[b].append(v)
    out = []
    for b in bots:
        seq = sorted(draws[b])
        games = sum(r.bots.count(b) for r in results)
        wins = sum((1.0 / len(r.winners)) * sum(1 for s in r.winners if r.bots[s] == b)
                   for r in results if r.winners)
        out.append(Standing(b, ratings[b], seq[int(0.025 * (len(seq) - 1))],
                            seq[int(0.975 * (len(seq) - 1))], games, wins))
    return sorted(out, key=lambda s: -s.rating)


def tournament(game_id: str, bots: Sequence[str], players: int | None, games: int, seed: int,
               options: dict[str, Any] | None = None, map_fn: MapFn | None = None,
               on_result: Callable[[GameResult], None] | None = None) -> dict[str, Any]:
    """Play the round robin (``games`` games per seating) and rate the bots."""
    game = load(game_id)
    n = players if players is not None else len(seat_specs(game, [bots[0]], None))
    tables = lineups(bots, n)
    game.new_game(n, seed, options)  # refuse bad player counts and options now
    tasks = [Task(k, game_id, table, game_seed(seed, k), tuple(sorted((options or {}).items())))
             for k, table in enumerate(t for t in tables for _ in range(games))]
    results: dict[int, GameResult] = {}
    for index, result, _ in (map_fn or map)(run_task, tasks):
        results[index] = result
        if on_result is not None:
            on_result(result)
    ordered = [results[i] for i in sorted(results)]
    return {
        "game": game_id, "players": n, "seed": seed, "games": len(ordered),
        "seatings": len(tables), "options": options or {},
        "standings": [s.__dict__ for s in standings(bots, ordered, seed)],
    }

"""A round robin between bots, and their ratings (Bradley-Terry, on the Elo scale).

Every lineup of ``players`` bots is played with its seats rotated, so no bot gains from
sitting first; each game then counts as a set of pairwise results between the bots at the
table (a winner beats each loser; two winners, or two losers, draw). The Bradley-Terry
strengths that best explain those results, under a weak prior that keeps an unbeaten bot
finite, are shown on the Elo scale, 1500 on average, with 95% intervals from the
posterior's curvature (:mod:`.ratings` says which model and why). Nothing is drawn at
random, so the same games always give the same table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from gangland.engine import OptionError, load

from .ratings import rate
from .runner import GameResult
from .simulate import MapFn, Task, game_seed, run_task, seat_specs


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


@dataclass(frozen=True)
class Standing:
    """One bot's line of the table: its rating, 95% interval and record."""

    bot: str
    rating: float
    low: float
    high: float
    sd: float
    games: int  # games it sat in, once a game however many seats it held
    seats: int  # seats it held over those games
    wins: float  # games it won, a k-way tie between bots counting 1/k each
    p_above_next: float | None  # how surely it is stronger than the next bot down


def standings(bots: Sequence[str], results: Sequence[GameResult]) -> list[Standing]:
    """Ratings with 95% intervals (see :mod:`.ratings`), best first."""
    fit = rate(bots, results)
    order = sorted(bots, key=lambda b: -fit[b].rating)
    out = []
    for b, below in zip(order, [*order[1:], None], strict=True):
        games = sum(1 for r in results if b in r.bots)
        seats = sum(r.bots.count(b) for r in results)
        wins = 0.0
        for r in results:
            winners = {r.bots[s] for s in r.winners}
            if b in winners:
                wins += 1.0 / len(winners)
        rating = fit[b]
        out.append(Standing(b, rating.rating, rating.low, rating.high, rating.sd, games,
                            seats, wins, None if below is None else fit.p_stronger(b, below)))
    return out


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
        "standings": [s.__dict__ for s in standings(bots, ordered)],
    }

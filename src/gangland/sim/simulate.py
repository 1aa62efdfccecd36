"""Many seeded bot games and their summary: win rates with intervals, lengths, scores.

The work is split so that a worker pool slots in without changing the results:
:func:`make_tasks` lists independent, picklable :class:`Task` values (each with its own
seed derived from the base seed and its index), :func:`run_task` plays one, and
:func:`simulate` takes any ``map``-like function to run them (the built-in ``map``, or
``pool.process_map`` over every core). Results are ordered by index before they are
summarized, so the figures never depend on which worker finished first. Ctrl-C stops a
run and sums up the games that finished (``interrupted`` in the summary).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gangland.engine import Game, OptionError, Rng, load, seat_label

from .runner import GameResult, play_game, seat_bots
from .stats import bot_rates, mean_stderr, wilson


@dataclass(frozen=True)
class Task:
    """One game to play: everything a worker needs, and nothing that cannot be pickled."""

    index: int
    game_id: str
    specs: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, Any], ...]
    record: bool = False  # send the game's record back too


#: A finished task: its index, its result, and its record when asked for.
Done = tuple[int, GameResult, "dict[str, Any] | None"]
Runner = Callable[[Task], Done]
MapFn = Callable[[Runner, Iterable[Task]], Iterable[Done]]


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``base``: fixed, and well spread.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return Rng(base ^ ((index + 1) * 0x9E3779B97F4A7C15)).next64() >> 16


def rotated(specs: Sequence[str], index: int) -> tuple[str, ...]:
    """The seats of game ``index`` when seats rotate: the bots move one seat on per game,
    so over any ``len(specs)`` games in a row each bot plays from every seat once.

    >>> [rotated(("a", "b", "c"), i) for i in range(3)]
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    n = len(specs)
    return tuple(specs[(s + index) % n] for s in range(n))


def make_tasks(game_id: str, specs: Sequence[str], games: int, seed: int,
               options: Mapping[str, Any] | None = None, record: bool = False,
               skip: Iterable[int] = (), rotate: bool = False) -> list[Task]:
    """The run's games, each with its derived seed (less those in ``skip``); with
    ``rotate``, each with its seats rotated (:func:`rotated`)."""
    opts = tuple(sorted((options or {}).items()))
    done = set(skip)
    return [Task(i, game_id, rotated(specs, i) if rotate else tuple(specs),
                 game_seed(seed, i), opts, record)
            for i in range(games) if i not in done]


def run_task(task: Task) -> Done:
    """Play one task (a module-level function, so process pools can pickle it)."""
    state, result = play_game(load(task.game_id), task.specs, task.seed, dict(task.options))
    return task.index, result, state.record() if task.record else None


def bot_entries(bots: Sequence[str]) -> list[str]:
    """The bots of ``--bots A,B,C``, stripped; an empty entry is refused, never dropped
    (``detective,,random`` quietly playing two seats would be another experiment)."""
    bots = [b.strip() for b in bots]
    if not any(bots):
        raise OptionError("--bots needs at least one bot, e.g. --bots random")
    if not all(bots):
        empty = [str(i + 1) for i, b in enumerate(bots) if not b]
        raise OptionError(f"--bots: entry {', '.join(empty)} of {len(bots)} is empty; name a "
                          "bot for every seat (--bots detective,random,random), or one bot "
                          "for them all")
    return bots


def seat_specs(game: Game, bots: Sequence[str], players: int | None) -> list[str]:
    """One spec per seat: seat i plays ``bots[i]``; a single bot fills every seat."""
    bots = bot_entries(bots)
    if len(bots) == 1:
        n = players if players is not None else min(max(3, game.min_players), game.max_players)
        return bots * n
    if players is not None and players != len(bots):
        raise OptionError(f"--bots names {len(bots)} seats but --players is {players}")
    return list(bots)


@dataclass(frozen=True)
class Summary:
    """The figures of a run, as one JSON-safe dict with stable keys (see :meth:`to_json`)."""

    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """game, players, games (finished), planned, interrupted, seed, options, bots,
        seats[], by_bot[], no_winner, moves, seconds."""
        return self.data


def simulate(
    game_id: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    map_fn: MapFn | None = None,
    on_result: Callable[[int, GameResult, dict[str, Any] | None], None] | None = None,
    done: Mapping[int, GameResult] | None = None,
    records: bool = False,
    rotate: bool = False,
) -> Summary:
    """Play ``games`` seeded games between ``specs`` (one per seat) and summarize them.

    ``done`` holds games a stopped run already finished (by index): they are not played
    again. ``records`` sends each game's record to ``on_result``. With ``rotate`` the
    seats turn from game to game (:func:`rotated`), so a seat's advantage is shared out
    evenly instead of going to whichever bot sits there.
    """
    if games < 1:
        raise OptionError(f"--games must be at least 1, not {games}")
    game = load(game_id)
    checked = game.new_game(len(specs), seed, options)  # refuse bad counts and options now
    seat_bots(game, specs, seed)  # refuse bad bot specs before playing
    started = time.perf_counter()
    results: dict[int, GameResult] = dict(done or {})
    mapper: MapFn = map_fn if map_fn is not None else map
    tasks = make_tasks(game_id, specs, games, seed, options, records, skip=results,
                       rotate=rotate)
    interrupted = False
    try:
        for index, result, record in mapper(run_task, tasks):
            results[index] = result
            if on_result is not None:
                on_result(index, result, record)
    except KeyboardInterrupt:  # Ctrl-C: stop, and sum up the games that finished
        interrupted = True
        if not results:
            raise
    ordered = [results[i] for i in sorted(results)]
    summary = summarize(game, specs, seed, dict(checked.options), ordered,
                        time.perf_counter() - started)
    summary.data["interrupted"] = interrupted
    summary.data["planned"] = games
    summary.data["rotate"] = rotate
    return summary


def one_against(game_id: str, spec: str, rival: str, games: int, seed: int,
                players: int = 4) -> dict[str, Any]:
    """``spec`` in one seat against ``rival`` in every other, seats rotated: its row of
    ``by_bot`` (``wins``, ``win_rate``, ``win_rate_ci95``). How a variant of a bot, registered
    under its own name, is measured against the bot it varies."""
    summary = simulate(game_id, [spec] + [rival] * (players - 1), games, seed, rotate=True)
    return next(r for r in summary.data["by_bot"] if r["bot"] == spec)


def _credits(results: Iterable[GameResult], players: int) -> Iterator[list[float]]:
    """Per game, each seat's share of the win: ties split one win among the winners."""
    for r in results:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        yield [share if s in r.winners else 0.0 for s in range(players)]


def summarize(game: Game, specs: Sequence[str], seed: int, options: dict[str, Any],
              results: Sequence[GameResult], seconds: float) -> Summary:
    """Per seat and per bot win rates (95% Wilson), scores, and game lengths. Each game's
    own seating (``GameResult.bots``) says whose a seat's result is, so rotated runs add up
    by bot; a seat's row names its bot, or ``rotated`` when the bots took turns there."""
    n = len(results)
    players = len(specs)
    credits = list(_credits(results, players))
    seats = []
    for s, spec in enumerate(specs):
        sitters = {r.bots[s] for r in results}
        if sitters - {spec}:
            spec = "rotated"
        wins = sum(c[s] for c in credits)
        low, high = wilson(wins, n)
        score, score_se = mean_stderr([r.scores[s] for r in results])
        seats.append({
            "seat": s, "label": seat_label(s), "bot": spec, "games": n, "wins": wins,
            "win_rate": wins / n, "win_rate_ci95": [low, high],
            "mean_score": score, "score_stderr": score_se,
        })
    by_bot = bot_rates(dict.fromkeys(specs), (
        (r.bots[s], c[s]) for r, c in zip(results, credits, strict=True)
        for s in range(players)))
    for row in by_bot:
        row["seats"] = specs.count(row["bot"])
    moves = [float(r.moves) for r in results]
    mean, se = mean_stderr(moves)
    return Summary({
        "game": game.id,
        "players": players,
        "games": n,
        "seed": seed,
        "options": options,
        "bots": list(specs),
        "seats": seats,
        "by_bot": by_bot,
        "no_winner": sum(1 for r in results if not r.winners),
        "moves": {"mean": mean, "stderr": se, "min": min(moves), "max": max(moves)},
        "seconds": seconds,
    })

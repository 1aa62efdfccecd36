"""Gangster City's solo measurement: exact optimum, the detective's exact value, simulated games.

``python -m gangland.sim.gangster_city_optimum --games 20000 --seed 1`` prints every figure
of ``docs/games/gangster-city-detective.md``. It measures a bot (the detective) against the
game's exact solver (:mod:`gangland.games.gangster_city.optimum`), so it lives here, above
both games and bots: games import only the engine.
"""

from __future__ import annotations

import argparse
import sys
import time
from math import sqrt
from statistics import fmean, stdev

from gangland.bots.gangster_city import Detective, open_choice_policy, table_policy
from gangland.engine import Observation, Rng
from gangland.games.gangster_city import GAME
from gangland.games.gangster_city.cards import ALL, default_deck
from gangland.games.gangster_city.optimum import START_UNSEEN, TableSolver, middle_orbits
from gangland.games.gangster_city.optimum.deals import Triple

__all__ = ["main", "simulate_solo", "solve_deals"]


def simulate_solo(games: int, seed: int) -> tuple[list[int], list[float]]:
    """Turns to the first solve of ``games`` solo table games of the detective.

    Also returns the seconds each decision took, timed around ``choose`` alone.
    """
    rng = Rng(seed)
    turns = []
    times = []
    for _ in range(games):
        state = GAME.new_game(1, rng.next64() >> 1, {"cases_to_win": 1})
        bot = Detective(rng.next64() >> 1)
        while not state.is_terminal:
            obs = Observation.of(state, 0)
            start = time.perf_counter()
            action = bot.choose(obs)
            times.append(time.perf_counter() - start)
            state.apply(action)
        turns.append(len(state.history))
    return turns, times


# ----- the command -----------------------------------------------------------------------


def _solve_deal(job: tuple[Triple, int | None]) -> tuple[float, float, float]:
    """One deal class: the optimum and the detective's value, both with ``turns`` real turns,
    and the open-choice optimum. Runs in a worker process, reusing its open-choice memo."""
    global _SOLVER
    triple, turns = job
    if _SOLVER is None:
        _SOLVER = TableSolver(default_deck())
    solver = _SOLVER
    face_up = sum(1 << c for c in triple)
    cands = ALL & ~face_up
    best = solver.real_turns(cands, cands, face_up, turns)
    solver._real.clear()  # real positions rarely recur across deals: free the memory
    policies = (table_policy(solver.deck), open_choice_policy(solver.deck))
    detective = solver.real_policy_turns(cands, cands, face_up, turns, policies, {}, {})
    return best, detective, solver.value(cands, START_UNSEEN)


_SOLVER: TableSolver | None = None


def solve_deals(turns: int | None, jobs: int) -> tuple[float, float, float]:
    """Average over all deals of :func:`_solve_deal`, spread over ``jobs`` processes."""
    orbits = middle_orbits(default_deck())
    work = [(triple, turns) for triple, _ in orbits]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_solve_deal, work))
    else:
        results = [_solve_deal(w) for w in work]
    total = sum(size for _, size in orbits)
    return (
        sum(size * r[0] for (_, size), r in zip(orbits, results, strict=True)) / total,
        sum(size * r[1] for (_, size), r in zip(orbits, results, strict=True)) / total,
        sum(size * r[2] for (_, size), r in zip(orbits, results, strict=True)) / total,
    )


def main(argv: list[str] | None = None) -> int:
    """Print the exact optimum, the detective's exact value, and its simulated mean."""
    parser = argparse.ArgumentParser(
        prog="python -m gangland.sim.gangster_city_optimum", description=main.__doc__
    )
    parser.add_argument("--games", type=int, default=1000, help="solo games to simulate")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulated games")
    parser.add_argument(
        "--turns", default="all",
        help="real turns before the open-choice game takes over: a number for a quicker "
             "lower bound, or 'all' (default) for the exact real game",
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    turns = None if args.turns == "all" else int(args.turns)
    what = "the real game" if turns is None else f"{turns} real turns, then open choice"
    model = "exact" if turns is None else "that model: a lower bound on the real game"

    t0 = time.perf_counter()
    best, detective, open_best = solve_deals(turns, args.jobs)
    t1 = time.perf_counter()
    turns_played, times = simulate_solo(args.games, args.seed)
    times.sort()
    mean = fmean(turns_played)
    half = 1.96 * stdev(turns_played) / sqrt(len(turns_played))
    print(f"lone detective, turns to solve the first case, averaged over all deals"
          f" ({what}; {t1 - t0:.0f} s, {args.jobs} processes):")
    print(f"  optimum ({model}):  {best:.4f}")
    print(f"  detective (exact, same model):  {detective:.4f}"
          f"  (+{detective - best:.4f}, {100 * (detective / best - 1):.2f}%)")
    print(f"  detective (simulated, real game):  {mean:.4f} +- {half:.4f}"
          f"  (95% CI, {len(turns_played)} games, seed {args.seed})")
    print(f"  open-choice optimum (a lower bound):  {open_best:.4f}")
    print(f"decision time: mean {fmean(times) * 1000:.3f} ms,"
          f" 99th percentile {times[int(0.99 * (len(times) - 1))] * 1000:.3f} ms,"
          f" max {times[-1] * 1000:.3f} ms over {len(times)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())

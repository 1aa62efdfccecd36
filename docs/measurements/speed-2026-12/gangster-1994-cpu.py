"""Gangster (1994)'s bench figures in CPU seconds: fixed work, the best of five repeats.

On a machine shared with other work, wall-clock figures (what ``gangland bench`` reports)
swing by 2x from run to run; ``time.process_time`` much less. Run from a checkout:

    PYTHONPATH=src taskset -c 0 python docs/measurements/speed-2026-12/gangster-1994-cpu.py

Prints JSON: decisions, iterations and steps per second, and microseconds per call.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

import gangland
from gangland.bots import decide, make_bot
from gangland.engine import Rng, State
from gangland.sim.bench import mid_positions, random_playout

GAME = gangland.load("gangster-1994")
REPEATS = 5
HARD = "playout=default/model=default/prior=default"  # ismcts.tuned_spec's options


def best(work: Callable[[], int]) -> tuple[float, int]:
    """The least CPU time of ``REPEATS`` runs of ``work``, and what it counted."""
    runs = []
    for _ in range(REPEATS):
        start = time.process_time()
        count = work()
        runs.append((time.process_time() - start, count))
    return min(runs)


def reference_steps() -> int:
    """Steps of 400 random games of OpenSpiel's Python tic-tac-toe."""
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers it)

    game, rng, steps = pyspiel.load_game("python_tic_tac_toe"), random.Random(0), 0
    for _ in range(400):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def playouts() -> int:
    """Bench's 10 random playouts at 3 players: the decisions made."""
    return sum(random_playout(GAME.new_game(3, seed), Rng(seed)) for seed in range(10))


POSITIONS = [p for p in mid_positions(GAME, 3) if not p.is_terminal]
CHOICES = [p for p in POSITIONS if len(p.legal_actions()) > 1][:6]


def search(spec: str) -> Callable[[], int]:
    """A search of ``spec`` at each of the first 6 mid-game positions: its iterations."""
    def work() -> int:
        bot, rng, iterations = make_bot(spec, GAME, 1), Rng(3), 0
        for p in CHOICES:
            decide(bot, p, rng)
            iterations += bot.iterations  # type: ignore[attr-defined]
        return iterations
    return work


def per_call(call: Callable[[State], object], rounds: int) -> Callable[[], int]:
    """``call`` on every mid-game position, ``rounds`` times: the calls made."""
    def work() -> int:
        for _ in range(rounds):
            for p in POSITIONS:
                call(p)
        return rounds * len(POSITIONS)
    return work


def fresh_legal(state: State) -> None:
    state._legal_cache = None
    state.legal_actions()


def main() -> None:
    out: dict[str, float] = {}
    spent, steps = best(reference_steps)
    out["python_tic_tac_toe steps per s"] = steps / spent
    spent, decisions = best(playouts)
    out["playout decisions per s"] = decisions / spent
    out["playout vs tic-tac-toe (x)"] = decisions / spent / out["python_tic_tac_toe steps per s"]
    spent, iterations = best(search("ismcts:100"))
    out["ismcts iterations per s (100 a move)"] = iterations / spent
    spent, iterations = best(search(f"ismcts:100/{HARD}"))
    out["hard level iterations per s (100 a move)"] = iterations / spent
    calls: list[tuple[str, Callable[[State], object], int]] = [
        ("clone() us", lambda p: p.clone(), 200),
        ("view(seat) us", lambda p: p.view(p.current_player), 200),
        ("legal_actions() us", fresh_legal, 200),
        ("resample us", lambda p: p.resample(p.current_player, Rng(1)), 20)]
    for name, call, rounds in calls:
        spent, count = best(per_call(call, rounds))
        out[name] = spent / count * 1e6
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

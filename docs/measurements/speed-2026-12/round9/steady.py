"""Random playouts of one game, cold and warm, against OpenSpiel's Python tic-tac-toe in the
same process: what ``gangland bench --reference`` measures since round 9, written out so
that a tree without that bench (the base, the round's start) is measured the same way.

    PYTHONPATH=TREE python steady.py GAME SECONDS [WARM_GAMES]

Prints one JSON line: tic-tac-toe's steps/s (the faster of a run before and one after the
games), the decisions/s of the process's first games for SECONDS (``first``: the memos a
map's games share fill as they go), then, after WARM_GAMES more untimed games (default 0),
the decisions/s of new seeds for SECONDS (``steady``), and each as a multiple of
tic-tac-toe. Seeds never repeat within a run.
"""

import json
import random
import sys
import time

import pyspiel
from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers it)

from gangland.engine import Rng
from gangland.engine.registry import load
from gangland.sim.bench import random_playout


def reference(seconds: float) -> float:
    game, rng = pyspiel.load_game("python_tic_tac_toe"), random.Random(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


name, seconds = sys.argv[1], float(sys.argv[2])
warm_games = int(sys.argv[3]) if len(sys.argv) > 3 else 0
game, seeds = load(name), iter(range(1_000_000))
players = min(max(3, game.min_players), game.max_players)


def playouts(budget: float) -> float:
    decisions, start = 0, time.perf_counter()
    while decisions == 0 or time.perf_counter() - start < budget:
        seed = next(seeds)
        decisions += random_playout(game.new_game(players, seed), Rng(seed))
    return decisions / (time.perf_counter() - start)


before = reference(seconds)
first = playouts(seconds)
for _ in range(warm_games):
    playouts(0)
steady = playouts(seconds)
ttt = max(before, reference(seconds))
print(json.dumps({"game": name, "tic_tac_toe": round(ttt), "first": round(first),
                  "steady": round(steady), "first_x": round(first / ttt, 2),
                  "steady_x": round(steady / ttt, 2), "warm_games": warm_games}))

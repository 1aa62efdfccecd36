"""Measure observation-tensor encodes per second, per game (docs/rl.md).

Plays a seeded random game of each game, keeps the views of every seat at every position
(up to ``--positions``), then times (best of three) ``Game.encode_view`` over them, and
``State.observation_tensor`` (the view built, then encoded) over the same positions.
Timings depend on the machine: note it with the figures. Run from the checkout:

    PYTHONPATH=src python scripts/measure_tensors.py [--players 3] [--positions 300]
"""

from __future__ import annotations

import argparse
import platform
import time

import gangland
from gangland.engine import Rng, State

REPEATS = 3


def _positions(game_id: str, players: int, count: int) -> list[State]:
    game = gangland.load(game_id)
    state = game.new_game(players, 1)
    rng = Rng(2)
    states = []
    while len(states) < count and not state.is_terminal:
        states.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {platform.processor() or platform.system()}, "
          f"Python {platform.python_version()}; {args.players} players")
    print("| game | values | encode_view per second | observation_tensor per second |")
    print("|---|---|---|---|")
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        states = _positions(game_id, args.players, args.positions)
        views = [s.view(seat) for s in states for seat in range(args.players)]
        size = game.observation_shape(args.players)[0]
        game.encode_view(views[0], args.players)  # numpy imported, the layout cached
        encode = full = 0.0
        for _ in range(REPEATS):  # the best of a few: other jobs on the machine only slow it
            start = time.perf_counter()
            for view in views:
                game.encode_view(view, args.players)
            encode = max(encode, len(views) / (time.perf_counter() - start))
            start = time.perf_counter()
            for s in states:
                for seat in range(args.players):
                    s.observation_tensor(seat)
            full = max(full, len(views) / (time.perf_counter() - start))
        print(f"| {game_id} | {size} | {encode:,.0f} | {full:,.0f} |")


if __name__ == "__main__":
    main()

"""Measure the fixed action index (docs/rl.md "Action index"): how fast a position's legal
actions are numbered, and what building an index costs once.

Plays seeded random games of every game at its largest player count, keeping each
position's legal actions (worked out before the clock starts, as a state caches them),
then times ``legal_action_indices`` and ``legal_action_mask`` over those positions, and
reports legal actions indexed per second. Timings depend on the machine; say which.

    PYTHONPATH=src python scripts/measure_action_index.py [--games 3] [--positions 4000]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import gangland
from gangland.engine import State, actionindex


def positions(game_id: str, games: int, most: int) -> list[State]:
    """Up to ``most`` positions of seeded random games, their legal actions cached."""
    game = gangland.load(game_id)
    out: list[State] = []
    for seed in range(1, games + 1):
        state = game.new_game(game.max_players, seed=seed,
                              options=game.conformance_options[0])
        rng = random.Random(seed)
        while not state.is_terminal and len(out) < most * seed // games:
            legal = state.legal_actions()
            kept = state.clone()
            kept.legal_actions()
            out.append(kept)
            state.apply(rng.choice(legal))
    return out


def measure(game_id: str, games: int, most: int) -> str:
    game = gangland.load(game_id)
    options = game.conformance_options[0]
    actionindex._CACHE.clear()
    start = time.perf_counter()
    index = game.action_index(game.max_players, options)
    build = time.perf_counter() - start
    states = positions(game_id, games, most)
    actions = sum(len(s.legal_actions()) for s in states)
    start = time.perf_counter()
    for s in states:
        s.legal_action_indices()
    numbered = time.perf_counter() - start
    states[0].legal_action_mask()  # numpy's import is not the mask's cost
    start = time.perf_counter()
    for s in states:
        s.legal_action_mask()
    masked = time.perf_counter() - start
    return (f"{game_id:17} {game.max_players}p size {index.size:6}  build {build * 1e3:6.1f} ms"
            f"  {len(states):5} positions, {actions:7} legal actions: "
            f"{actions / numbered:12,.0f} actions/s indexed, "
            f"{len(states) / numbered:9,.0f} positions/s, "
            f"{len(states) / masked:9,.0f} masks/s")


def machine() -> str:
    """The processor's name where Linux tells it, for the report."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            names = [ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")]
    except OSError:
        names = []
    return f"{names[0]} ({len(names)} cores)" if names else platform.machine()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--positions", type=int, default=4000)
    args = parser.parse_args()
    print(f"{machine()}, Python {platform.python_version()}")
    for game_id in gangland.game_ids():
        print(measure(game_id, args.games, args.positions))


if __name__ == "__main__":
    main()

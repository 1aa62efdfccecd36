"""A random agent for every seat of a Gangland game, through PettingZoo's AEC loop.

    pip install -e '.[rl]'
    python examples/pettingzoo_random.py gangster-city --players 3 --seed 1
"""

from __future__ import annotations

import argparse

import numpy as np

from gangland.rl.pettingzoo import env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="gangster-city")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    e = env(args.game, players=args.players, render_mode="ansi")
    e.reset(seed=args.seed)
    rng = np.random.default_rng(args.seed)
    moves = 0
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:  # any legal action: the mask marks them in the fixed action index
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            moves += 1
        e.step(action)
    print(e.render())
    print(f"{moves} moves; returns: " + ", ".join(f"{a} {r:+.2f}" for a, r in totals.items()))


if __name__ == "__main__":
    main()

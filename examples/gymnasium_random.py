"""One seat of a Gangland game against the game's own bots, through Gymnasium: a random
masked agent, to show the loop.

    pip install -e '.[rl]'
    python examples/gymnasium_random.py gangster-city --opponents heuristic --games 20
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np

import gangland.rl  # noqa: F401  (registers the gangland/<game>-v0 ids)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="gangster-city")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponents", default="random", help="a bot spec, as --bots takes")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    e = gym.make(f"gangland/{args.game}-v0", seat=0, opponents=args.opponents,
                 players=args.players)
    rng = np.random.default_rng(args.seed)
    wins = 0
    for game in range(args.games):
        _, info = e.reset(seed=args.seed + game)
        done, reward = False, 0.0
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, done, _, info = e.step(action)
        wins += reward > 0
    print(f"{args.game}: a random agent won {wins} of {args.games} games against "
          f"{args.players - 1} x {args.opponents}")


if __name__ == "__main__":
    main()

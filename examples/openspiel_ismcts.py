"""OpenSpiel's own ISMCTS against Gangland's hard level, on a Gangland game registered
with OpenSpiel, played by OpenSpiel's ``evaluate_bots``.

    pip install -e '.[rl]'
    python examples/openspiel_ismcts.py gangster-city --games 4 --simulations 200

OpenSpiel's Python ISMCTS bot builds its tree afresh at every move, but does not say so
to ``evaluate_bots``, which asks every bot to ``restart_at`` the first position: the small
subclass below answers that it has nothing to restart.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

from gangland.bots.ismcts import tuned_spec
from gangland.rl.openspiel import GanglandBot, register, short_name


class Restartable(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS, which keeps nothing between moves."""

    def restart_at(self, state: pyspiel.State) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="gangster-city")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=200,
                        help="OpenSpiel ISMCTS's simulations a move")
    parser.add_argument("--budget", default="250ms", help="our hard level's time a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    register()
    game = pyspiel.load_game(short_name(args.game), {"players": 2, "seed": args.seed})
    rng = np.random.RandomState(args.seed)
    ours = tuned_spec(args.game, args.budget)
    score = {"openspiel": 0.0, "gangland": 0.0}
    for n in range(args.games):
        theirs = Restartable(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                             max_simulations=args.simulations,
                             random_state=np.random.RandomState(args.seed + n))
        mine = GanglandBot(game, ours, seed=args.seed + n)
        bots = [theirs, mine] if n % 2 == 0 else [mine, theirs]  # seats alternate
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        first, second = ("openspiel", "gangland") if n % 2 == 0 else ("gangland", "openspiel")
        score[first] += returns[0] > 0
        score[second] += returns[1] > 0
        print(f"game {n + 1}: {first} {returns[0]:+.0f}, {second} {returns[1]:+.0f}")
    print(f"wins: OpenSpiel ISMCTS ({args.simulations} simulations) {score['openspiel']:.0f}, "
          f"Gangland {ours} {score['gangland']:.0f}, of {args.games}")


if __name__ == "__main__":
    main()

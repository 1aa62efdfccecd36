"""One side of ab.py: builds its fixed work once, then times one round per line read.

playout: 30 seeded random games at 3 players (bench's ``random_playout``, by ``step``);
view: 50 views of each of 20 mid-game positions; bot: the heuristic's every decision with
two or more moves in 15 seeded heuristic games (a fresh bot each round, so a cold memo);
hard: the hard level's search (``tuned_spec``) at 40 iterations on 2 mid-game positions;
ismcts: plain ``ismcts`` at 200 iterations on the same. Prints seconds per unit of work.
"""

import sys
import time

import gangland
from gangland.bots import decide, make_bot
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Observation, Rng
from gangland.sim import bench

what = sys.argv[1]
game = gangland.load("chicago-gangster")
if what == "playout":
    def work():
        return sum(bench.random_playout(game.new_game(3, seed), Rng(seed)) for seed in range(30))
elif what == "bot":
    seen = []
    for seed in range(15):
        state, bot = game.new_game(3, seed), make_bot("heuristic", game, seed)
        while not state.is_terminal:
            obs = Observation.of(state, state.current_player)
            if len(obs.legal_actions) > 1:
                seen.append(obs)
            state.step(bot.choose(obs))

    def work():
        bot = make_bot("heuristic", game, 1)
        for obs in seen:
            bot.choose(obs)
        return len(seen)
elif what == "view":
    positions = bench.mid_positions(game, 3, 20)

    def work():
        for _ in range(50):
            for p in positions:
                p.view(p.current_player)
        return 50 * len(positions)
else:
    iterations = 40 if what == "hard" else 200
    spec = tuned_spec(game.id, str(iterations)) if what == "hard" else f"ismcts:{iterations}"
    positions = [p for p in bench.mid_positions(game, 3, 6) if len(p.legal_actions()) > 1][:2]

    def work():
        search, rng = make_bot(spec, game, 1), Rng(3)
        for p in positions:
            decide(search, p, rng)
        return len(positions) * iterations
work()
for _ in sys.stdin:
    start = time.perf_counter()
    done = work()
    print((time.perf_counter() - start) / done, flush=True)

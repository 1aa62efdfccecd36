"""Fixed seeded work for instruction counts: ``w.py search K`` (the hard level at K
iterations at t.py's 6 positions) or ``w.py play K`` (K seeded random playouts).

The figure of record is ``w.py search 50`` less ``w.py search 0`` (the same setup with
no search), counted by ``ir.sh``.
"""
import sys
import gangland
from gangland.bots import make_bot, decide
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Rng
from gangland.sim.bench import mid_positions, random_playout

what, k = sys.argv[1], int(sys.argv[2])
game = gangland.load("gangster-city")
if what == "play":
    print(sum(random_playout(game.new_game(3, s), Rng(s)) for s in range(k)))
else:
    states = [p for p in mid_positions(game, 3) if len(p.legal_actions()) > 1][:6]
    if k:
        bot, rng = make_bot(tuned_spec("gangster-city", str(k)), game, 1), Rng(3)
        print([str(decide(bot, s.clone(), rng)) for s in states])

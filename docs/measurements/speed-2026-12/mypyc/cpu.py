"""CPU time of fixed seeded work: random playouts, or the hard level's search."""
import os
import sys
import time
import gangland
from gangland.bots import make_bot, decide
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Rng
from gangland.sim.bench import mid_positions, random_playout, default_players
gid, what, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = gangland.load(gid); n = default_players(game)
if what == "play":
    t = time.process_time()
    out = sum(random_playout(game.new_game(n, s), Rng(s)) for s in range(k))
else:
    count = int(os.environ.get("POSITIONS", "6"))
    states = [p for p in mid_positions(game, n, count) if len(p.legal_actions()) > 1][:2]
    spec = tuned_spec(gid, str(k)) if what == "hard" else f"ismcts:{k}"
    bot, rng = make_bot(spec, game, 1), Rng(3)
    t = time.process_time()
    out = [str(decide(bot, s.clone(), rng)) for s in states]
print(f"{time.process_time() - t:.3f}", out, gangland.engine.state.__file__.rsplit('/', 4)[-4])

import os
import sys
import gangland
from gangland.bots import make_bot, decide
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Rng
from gangland.sim.bench import mid_positions, random_playout, default_players
gid, what, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = gangland.load(gid); n = default_players(game)
if what == "play":
    print(sum(random_playout(game.new_game(n, s), Rng(s)) for s in range(k)))
else:
    count = int(os.environ.get("POSITIONS", "6"))  # 1 for Gangsters (its games are long)
    keep = int(os.environ.get("KEEP", "2"))  # 12, with POSITIONS=12: bench's positions
    states = [p for p in mid_positions(game, n, count) if len(p.legal_actions()) > 1][:keep]
    if k:
        spec = tuned_spec(gid, str(k)) if what == "hard" else f"ismcts:{k}"
        bot, rng = make_bot(spec, game, 1), Rng(3)
        print([str(decide(bot, s.clone(), rng)) for s in states])

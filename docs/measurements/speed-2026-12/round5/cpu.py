"""CPU time of a game's hard level at every bench position: a measure for issue 30.

    PYTHONPATH=CHECKOUT/src PYTHONHASHSEED=0 taskset -c 0 python cpu.py GAME K [REPEATS]

plays the hard level (``tuned_spec(GAME, str(K))``, one bot, as ``gangland bench`` asks it)
once at each of ``mid_positions``' twelve positions with two or more legal moves, and
prints the best CPU time (``time.process_time``) of REPEATS runs and an MD5 of every move
and the root visits after it (the same on every side: the same search). Run base and new
one after the other on one core: a ratio of their times is the speed-up at K iterations a
move, every position weighed by its cost.
"""

import hashlib
import sys
import time

import gangland
from gangland.bots import decide, make_bot
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Rng
from gangland.sim.bench import default_players, mid_positions

gid, k = sys.argv[1], int(sys.argv[2])
repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 1
game = gangland.load(gid)
n = default_players(game)
states = [p for p in mid_positions(game, n, 12) if len(p.legal_actions()) > 1]
best, digest = float("inf"), ""
for _ in range(repeats):
    bot, rng = make_bot(tuned_spec(gid, str(k)), game, 1), Rng(3)
    md5 = hashlib.md5()
    start = time.process_time()
    for s in states:
        action = decide(bot, s.clone(), rng)
        md5.update(f"{action} {bot.root_visits()}\n".encode())  # type: ignore[attr-defined]
    best = min(best, time.process_time() - start)
    digest = md5.hexdigest()
print(f"{gid} hard {k} x {len(states)}: {best:.3f} s {digest}")

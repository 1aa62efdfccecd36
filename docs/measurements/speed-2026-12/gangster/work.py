"""Gangster's fixed work for the speed rounds (issue 30): the hard level at mid-game positions.

    python work.py hard K NPOS [REPEATS]

plays the hard level (``tuned_spec("gangster", str(K))``) once at each of the first NPOS of
``mid_positions(game, n, 12)`` with two or more legal moves, and prints the best CPU time of
REPEATS runs (``time.process_time``) and an MD5 of every move and the root visits that
followed it (the same digest on every side: the same search). K = 0 does everything but
the search (the run to subtract under valgrind).
"""

import hashlib
import sys
import time

import gangland
from gangland.bots import decide, make_bot
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Rng
from gangland.sim.bench import default_players, mid_positions

what, k, npos = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
repeats = int(sys.argv[4]) if len(sys.argv) > 4 else 1
game = gangland.load("gangster")
n = default_players(game)
states = [p for p in mid_positions(game, n, 12) if len(p.legal_actions()) > 1][:npos]
best, digest = float("inf"), ""
for _ in range(repeats if k else 0):
    spec = tuned_spec("gangster", str(k)) if what == "hard" else f"ismcts:{k}"
    bot, rng = make_bot(spec, game, 1), Rng(3)
    md5 = hashlib.md5()
    start = time.process_time()
    for s in states:
        action = decide(bot, s.clone(), rng)
        md5.update(f"{action} {bot.root_visits()}\n".encode())  # type: ignore[attr-defined]
    best = min(best, time.process_time() - start)
    digest = md5.hexdigest()
print(f"{what} {k} x {len(states)}: {best:.3f} s {digest}")

"""CPU time of fixed work: 300 seeded random playouts, and the hard level at 6 positions.

Run from a checkout's root: ``PYTHONPATH=src taskset -c 1 python PATH/t.py``.
"""
import sys, time
import gangland
from gangland.bots import make_bot, decide
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Rng
from gangland.sim.bench import mid_positions, random_playout

game = gangland.load("gangster-city")
def best(f, reps=3):
    ts = []
    for _ in range(reps):
        t = time.process_time(); r = f(); ts.append(time.process_time() - t)
    return min(ts), r
def play():
    return sum(random_playout(game.new_game(3, s), Rng(s)) for s in range(300))
states = [p for p in mid_positions(game, 3) if len(p.legal_actions()) > 1][:6]
def search():
    bot, rng = make_bot(tuned_spec("gangster-city", "100"), game, 1), Rng(3)
    return [str(decide(bot, s.clone(), rng)) for s in states]
if "search" not in sys.argv[1:]:
    t, n = best(play); print(f"playouts: {n} decisions {t:.3f}s  {n/t:,.0f}/s")
t, r = best(search, 2); print(f"search: 600 it {t:.3f}s {600/t:,.0f} it/s", r)

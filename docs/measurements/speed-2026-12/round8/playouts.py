"""Random playouts of seeded games, as ``gangland bench`` plays them: fixed work to profile.

    PYTHONPATH=build/compiled perf record -e cpu-clock -F 2000 -o perf.data \
        python playouts.py gangsters 20
    perf report -i perf.data --no-children --sort symbol     # or --sort dso

Prints the decisions made. With the compiled build first on the path, ``perf`` names the
compiled functions (``CPyDef_...``) and the interpreter's own (``_Py_dict_lookup``...),
which a Python profiler cannot see.
"""

import sys

from gangland.engine import Rng
from gangland.engine.registry import load
from gangland.sim.bench import random_playout

game = load(sys.argv[1])
decisions = 0
for seed in range(int(sys.argv[2])):
    decisions += random_playout(game.new_game(3, seed), Rng(seed))
print(decisions)

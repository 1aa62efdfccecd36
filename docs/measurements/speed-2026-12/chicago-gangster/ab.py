"""A/B timing of two checkouts on a loaded machine: one worker process per checkout, both
pinned to the same core, timed in strict alternation (a round of one, then a round of the
other), so that the other engineers' load falls on both alike; the best round of each.

    python ab.py WORK [ROUNDS] [BASE_ROOT] [NEW_ROOT]

WORK is ``playout``, ``view``, ``bot``, ``hard`` or ``ismcts`` (see ab_worker.py).
Two processes, not one: a second copy of the package imported into one process still
loads the game from whichever copy was imported last (the registry imports by name).
"""

import os
import subprocess
import sys

what = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
roots = {"base": sys.argv[3] if len(sys.argv) > 3 else "/work/base-speed",
         "new": sys.argv[4] if len(sys.argv) > 4 else "/work/wt-speed-chicago"}
worker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ab_worker.py")
procs = {}
for side, root in roots.items():
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "src"))
    procs[side] = subprocess.Popen(["taskset", "-c", "1", sys.executable, worker, what],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                   env=env, cwd="/tmp")
best = {side: float("inf") for side in roots}
for _ in range(rounds):
    for side, proc in procs.items():
        proc.stdin.write("go\n")
        proc.stdin.flush()
        best[side] = min(best[side], float(proc.stdout.readline()))
for proc in procs.values():
    proc.stdin.close()
    proc.wait()
rates = {side: f"{1 / best[side]:.0f}/s" for side in roots}
print(what, rates, f"new/base {best['base'] / best['new']:.2f}x")

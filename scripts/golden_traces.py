"""Check or regenerate the golden traces (tests/engine/golden/<game-id>.json).

The traces hold what every game, its bots and the search did, step by step, when they
were written (``tests/engine/golden.py`` says what a step covers). Checking (the default)
replays them and prints, per game, the first step that differs in each trace and which
aspect of it, exiting 1 if anything differs; ``tests/engine/test_golden_traces.py`` does
the same in the test suite.

WARNING: ``--write`` is only for an intended change of behaviour (a rule fixed, a bot
improved), and the commit that carries the new files must say so and why. Speed work must
never need it: a faster engine, game or search plays exactly the same games.

    PYTHONPATH=src python scripts/golden_traces.py [GAME ...]          # check
    PYTHONPATH=src python scripts/golden_traces.py --write [GAME ...]  # regenerate
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # for tests.engine.golden

from tests.engine import golden  # noqa: E402  (after the path is set)

import gangland  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--write", action="store_true",
                        help="regenerate the files (only for an intended change of behaviour)")
    args = parser.parse_args()
    games = args.games or gangland.game_ids()
    unknown = sorted(set(games) - set(gangland.game_ids()))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; games are: {', '.join(gangland.game_ids())}")
    failed = False
    for game_id in games:
        start = time.perf_counter()
        if args.write:
            path = golden.write(game_id)
            size = path.stat().st_size
            print(f"{game_id}: wrote {path.relative_to(ROOT)} ({size:,} bytes, "
                  f"{time.perf_counter() - start:.1f} s)")
            data = golden.load_golden(game_id)
            if data["never_legal"]:
                print(f"  never legal in these traces: {', '.join(data['never_legal'])}")
            if data["never_ended"]:
                print(f"  endings no trace reaches: {'; '.join(data['never_ended'])}")
            continue
        problems = golden.compare(game_id)
        failed = failed or bool(problems)
        verdict = "differs" if problems else "as golden"
        print(f"{game_id}: {verdict} ({time.perf_counter() - start:.1f} s)")
        for problem in problems:
            print(f"  {problem}")
    if failed:
        print(f"Regenerate only if the change is intended: {golden.REGENERATE}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

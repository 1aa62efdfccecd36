"""The examples run, end to end, with tiny budgets: an example that rots misleads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.mark.parametrize(("script", "args", "expected"), [
    ("pettingzoo_random.py", ["gangster-city", "--players", "3"], "moves; returns: player_0"),
    ("gymnasium_random.py", ["chicago-gangster", "--games", "2"], "won"),
    ("openspiel_ismcts.py", ["gangster-city", "--games", "1", "--simulations", "5",
                             "--budget", "20ms"], "wins: OpenSpiel ISMCTS (5 simulations)"),
])
def test_example_runs(script, args, expected):
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout

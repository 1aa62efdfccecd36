"""``scripts/profile_game.py``: the profile of a game's playouts and of its search, as the
Markdown tables of docs/measurements/speed-profile/README.md."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def profile(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "profile_game.py"), *args],
                            capture_output=True, text=True, env=env, check=False, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_playout_profile_says_where_the_time_goes():
    # Legal-move generation is about a tenth of a City playout: at 50 samples it was
    # missed about once in 70 runs (a CI failure); at 500 the chance is below 1e-18.
    out = profile("gangster-city", "--games", "3", "--samples", "500", "--top", "3")
    assert out.startswith("### gangster-city: random playouts\n")
    assert "| apply | " in out and "| legal moves | " in out
    assert "Top 3 by cumulative time" in out and "Top 3 by own time" in out


def test_a_search_profile_splits_the_search_into_its_parts():
    out = profile("gangster-city", "--search", "--positions", "1", "--iterations", "5",
                  "--samples", "50", "--top", "3")
    assert "`ismcts:5/playout=default/model=default/prior=default` at 1 mid-game" in out
    assert "By part of the search:" in out and "| playouts | " in out

"""``import gangland`` loads none of the research extra (nor numpy): a player who never
trains an agent pays nothing for it."""

from __future__ import annotations

import subprocess
import sys


def test_import_gangland_loads_no_research_library():
    code = ("import sys, gangland; gangland.load('gangster-city').new_game(3, seed=1); "
            "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"

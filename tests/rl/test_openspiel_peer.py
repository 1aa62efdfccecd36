"""``scripts/openspiel_peer.py`` (the peer comparison in docs/bots.md) runs end to end on a
tiny budget, and carries on from its own output instead of starting again."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "openspiel_peer.py"
TINY = ["--games", "gangster-city", "--positions", "1", "--seconds", "0.005",
        "--move-seconds", "0.002", "--games-per-pair", "gangster-city=2"]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("openspiel_peer", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_peer_comparison_runs_and_resumes(tmp_path: Path) -> None:
    peer, out = _script(), tmp_path / "peer.json"
    result = peer.main([*TINY, "--out", str(out)])
    assert json.loads(out.read_text()) == result
    arms = {row["arm"] for row in result["rates"]["gangster-city"]}
    assert arms == {"openspiel", "ismcts", "to the end", "hard"}
    assert "| gangster-city |" in peer.markdown(result)
    assert result["summary"]["gangster-city"]["ismcts"]["ratio"] > 0
    pair = result["head_to_head"]["gangster-city"]
    assert pair["openspiel_simulations"] >= 2
    assert [g["our_seat"] for g in pair["games"]] == [0, 1]  # seats swapped
    for g in pair["games"]:
        assert sorted(g["returns"]) == [-1.0, 1.0]  # Gangster City always has a winner
    low, high = pair["result"]["wilson95"]
    assert 0 <= low <= pair["result"]["score"] <= high <= 1
    again = peer.main([*TINY, "--out", str(out)])
    assert again["rates"] == result["rates"]  # nothing measured twice
    assert again["head_to_head"]["gangster-city"]["games"] == pair["games"]


def test_other_settings_do_not_resume(tmp_path: Path) -> None:
    peer, out = _script(), tmp_path / "peer.json"
    out.write_text(json.dumps({"settings": {"seed": 99}}))
    with pytest.raises(SystemExit):
        peer.main([*TINY, "--out", str(out)])

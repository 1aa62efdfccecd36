"""The benchmark runs quickly with a tiny budget and reports every figure."""

from __future__ import annotations

import json

import pytest

import gangland
from gangland.bots import evaluations
from gangland.engine import KeyedRng
from gangland.sim.bench import bench_game, keyed_copies, mid_positions


def test_mid_positions_are_unfinished_and_uncached():
    for state in mid_positions(gangland.load("gangster-city"), 3, count=3):
        assert not state.is_terminal
        assert state.history


def test_bench_game_measures_everything():
    measures = bench_game(gangland.load("gangster-city"), seconds=0.005)
    names = [m.measure for m in measures]
    for name in ("playout decisions", "playout decisions first", "playout games", "clone()",
                 "view(seat)", "legal_actions()"):
        assert name in names
    assert all(m.samples > 0 and m.value > 0 for m in measures)


def test_the_hard_level_is_measured_where_it_differs_from_plain_search(monkeypatch):
    """Gangster's hard level plays the greedy bot inside the search: its own figure. A game
    whose hard level is plain search (as a new game's is) gets one figure."""
    names = [m.measure for m in bench_game(gangland.load("gangster"), seconds=0.005)]
    assert "ismcts iterations" in names and "hard level iterations" in names
    monkeypatch.delitem(evaluations.TUNED, "gangster-city")
    city = [m.measure for m in bench_game(gangland.load("gangster-city"), seconds=0.005)]
    assert "ismcts iterations" in city and "hard level iterations" not in city


def test_keyed_chance_is_measured_beside_the_plain_figures():
    """clone() and the searches again with the generators of an unseeded table."""
    names = [m.measure for m in bench_game(gangland.load("gangster"), seconds=0.005)]
    for name in ("clone() keyed", "ismcts iterations keyed", "hard level iterations keyed"):
        assert name in names
    keyed = keyed_copies(mid_positions(gangland.load("gangster"), 3, count=2))
    assert all(isinstance(p.rng, KeyedRng) for p in keyed)


def test_bench_command(invoke):
    result = invoke("bench", "gangster-city", "--seconds", "0.005", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["machine"]["cpus"]
    assert data["machine"]["compiled"] == []  # the pure package, the reference
    assert {r["game"] for r in data["results"]} == {"gangster-city"}
    table = invoke("bench", "--seconds", "0.005")
    assert table.exit_code == 0
    assert "clone()" in table.output
    assert "pure Python" in table.output


def test_bench_reference_gives_each_playout_as_a_multiple_of_tic_tac_toe(invoke):
    pytest.importorskip("pyspiel")
    result = invoke("bench", "chicago-gangster", "--seconds", "0.01", "--reference", "--json")
    assert result.exit_code == 0, result.output
    rows = {(r["game"], r["measure"]): r for r in json.loads(result.stdout)["results"]}
    reference = rows[("openspiel", "python_tic_tac_toe steps")]
    playout = rows[("chicago-gangster", "playout decisions")]
    ratio = rows[("chicago-gangster", "playout vs tic-tac-toe")]
    assert reference["value"] > 0 and ratio["unit"] == "x"
    assert ratio["value"] == pytest.approx(playout["value"] / reference["value"])


def test_bench_reference_without_openspiel_is_refused(invoke, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if it were not installed
    result = invoke("bench", "chicago-gangster", "--seconds", "0.01", "--reference")
    assert result.exit_code == 2
    assert "--reference needs OpenSpiel: pip install -e '.[rl]'" in result.output

"""``gangland review``: the table and summary, the JSON file, stopping and resuming."""

from __future__ import annotations

import json
from pathlib import Path

import gangland
from gangland.sim.runner import play_game

from .conftest import one_error_line

SMALL = ("--budget", "12", "--samples", "6")


def _save(path: str = "g.json", game_id: str = "gangster-city") -> dict:
    final, _ = play_game(gangland.load(game_id), ["heuristic", "random", "random"], seed=3)
    record = final.record()
    with open(path, "w") as f:
        json.dump(record, f)
    return record


def test_a_review_prints_its_summary_and_writes_every_figure(invoke):
    _save()
    result = invoke("review", "g.json", "--seat", "1", *SMALL, "--json", "r.json", "--all")
    assert result.exit_code == 0, result.output
    assert "P1's decisions" in result.output and "accuracy" in result.output
    data = json.loads(Path("r.json").read_text())
    assert data["complete"] is True and data["seat"] == 0  # as in views: P1 is seat 0
    assert data["budget"] == {"iterations": 12, "samples": 6}
    first = data["decisions"][0]
    for key in ("ply", "played", "best", "played_value", "played_error", "best_value",
                "best_error", "cost", "cost_error", "samples", "iterations", "mark"):
        assert key in first
    # The same seed and budget: the same figures.
    invoke("review", "g.json", "--seat", "1", *SMALL, "--json", "again.json")
    assert json.loads(Path("again.json").read_text()) == data


def test_a_stopped_review_resumes_to_the_same_figures(invoke):
    _save()
    invoke("review", "g.json", "--seat", "2", *SMALL, "--json", "whole.json")
    whole = json.loads(Path("whole.json").read_text())
    # What a review stopped after three decisions leaves behind.
    part = {k: whole[k] for k in ("record", "seat", "seed", "budget")}
    part |= {"complete": False, "decisions": whole["decisions"][:3]}
    part["decisions"][0] = {**part["decisions"][0], "best": "kept, not judged again"}
    with open("part.json", "w") as f:
        json.dump(part, f)
    result = invoke("review", "g.json", "--seat", "2", *SMALL, "--json", "part.json",
                    "--resume")
    assert result.exit_code == 0, result.output
    resumed = json.loads(Path("part.json").read_text())
    assert resumed["decisions"][0]["best"] == "kept, not judged again"
    assert resumed["decisions"][1:] == whole["decisions"][1:]


def test_review_refuses_a_mismatched_resume_and_bad_arguments(invoke):
    record = _save()
    invoke("review", "g.json", "--seat", "1", *SMALL, "--json", "r.json")
    line = one_error_line(invoke("review", "g.json", "--seat", "2", *SMALL, "--json", "r.json",
                                 "--resume"))
    assert "another game, seat, seed or budget" in line and "seat differs" in line
    assert "--resume needs --json" in one_error_line(
        invoke("review", "g.json", "--seat", "1", "--resume"))
    assert "seat 4 is not at this table" in one_error_line(
        invoke("review", "g.json", "--seat", "4", *SMALL))
    with open("half.json", "w") as f:
        json.dump({**record, "actions": record["actions"][:10]}, f)
    assert "not finished" in one_error_line(invoke("review", "half.json", "--seat", "1"))

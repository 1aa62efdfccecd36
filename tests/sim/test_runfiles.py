"""A simulation's files: the results table, the records, and resuming a stopped run."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from gangland.engine import load_record, replay
from gangland.sim.runfiles import extract_record, read_records
from tests.cli.conftest import one_error_line

RUN = ("simulate", "gangster-city", "--games", "6", "--bots", "detective,random,random",
       "--seed", "9", "--workers", "1", "--json")


def rows(out: Path) -> list[dict[str, str]]:
    with (out / "results.csv").open(newline="") as fh:
        return list(csv.DictReader(fh))


def test_a_run_writes_a_tidy_table_a_summary_and_replayable_records(invoke, tmp_path):
    out = tmp_path / "run"
    result = invoke(*RUN, "--out", str(out), "--records")
    assert result.exit_code == 0, result.output
    table = rows(out)
    assert len(table) == 6 * 3 and {r["bot"] for r in table} == {"detective", "random"}
    summary = json.loads((out / "summary.json").read_text())
    assert summary == json.loads(result.stdout)
    wins = sum(float(r["win"]) for r in table if r["bot"] == "detective")
    assert wins == summary["by_bot"][0]["wins"]
    records = list(read_records(out / "records.jsonl.gz"))
    assert sorted(r["index"] for r in records) == list(range(6))
    saved = extract_record(out / "records.jsonl.gz", 2, tmp_path / "game2.json")
    state = replay(load_record(saved))
    mine = [r for r in table if r["index"] == "2"]
    assert state.is_terminal and [float(r["win"]) > 0 for r in mine] == [
        s in state.winners() for s in range(3)]


def test_resume_plays_only_what_a_stopped_run_lacks(invoke, tmp_path):
    whole = json.loads(invoke(*RUN).stdout)
    out = tmp_path / "run"
    assert invoke(*RUN, "--out", str(out)).exit_code == 0
    # As if the run had stopped: game 5 never finished, game 4 was cut mid-row.
    lines = (out / "results.csv").read_text().splitlines()
    kept = [line for line in lines if not line.startswith(("5,", "4,"))]
    cut = [line for line in lines if line.startswith("4,")][:2]
    (out / "results.csv").write_text("\n".join([*kept, *cut, "4,123"]) + "\n")
    resumed = invoke(*RUN, "--out", str(out), "--resume")
    assert resumed.exit_code == 0, resumed.output
    again = json.loads(resumed.stdout)
    for summary in (whole, again):
        summary.pop("seconds")
    assert again == whole
    assert sorted({int(r["index"]) for r in rows(out)}) == list(range(6))
    assert len(rows(out)) == 6 * 3


def test_a_run_folder_is_not_overwritten_nor_resumed_with_other_arguments(invoke, tmp_path):
    out = tmp_path / "run"
    assert invoke(*RUN, "--out", str(out)).exit_code == 0
    assert "--resume it" in one_error_line(invoke(*RUN, "--out", str(out)))
    other = [*RUN[:-4], "--seed", "10", "--workers", "1", "--json"]
    assert "seed" in one_error_line(invoke(*other, "--out", str(out), "--resume"))
    assert "--records DIR" in one_error_line(invoke(*RUN, "--records"))
    assert "--out" in one_error_line(invoke(*RUN, "--resume"))


def test_records_may_go_to_their_own_folder_without_a_results_table(invoke, tmp_path):
    kept = tmp_path / "records"
    assert invoke(*RUN, "--records", str(kept)).exit_code == 0
    assert sorted(r["index"] for r in read_records(kept / "records.jsonl.gz")) == list(
        range(6))
    assert not (kept / "results.csv").exists()


def test_replay_reads_a_game_from_the_records(invoke, tmp_path):
    out = tmp_path / "run"
    assert invoke(*RUN, "--out", str(out), "--records").exit_code == 0
    shown = invoke("replay", str(out / "records.jsonl.gz"), "--game", "3", "--at", "2")
    assert shown.exit_code == 0, shown.output
    assert "many games" in one_error_line(invoke("replay", str(out / "records.jsonl.gz")))

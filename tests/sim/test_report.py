"""``gangland report``: a simulation's figures as a page with plots."""

from __future__ import annotations

import json

from gangland.sim.gamestats import game_stats
from gangland.sim.runfiles import read_records
from tests.cli.conftest import one_error_line


def test_a_small_run_renders_with_its_figures(invoke, tmp_path):
    run, out = tmp_path / "run", tmp_path / "report"
    made = invoke("simulate", "gangster-city", "--games", "6", "--bots",
                  "detective,random,random", "--seed", "3", "--workers", "1", "--out",
                  str(run), "--records")
    assert made.exit_code == 0, made.output
    result = invoke("report", str(run), "--out", str(out))
    assert result.exit_code == 0, result.output
    for name in ("index.html", "win-rate.png", "scores.png", "length.png", "endings.png"):
        assert (out / name).stat().st_size > 500
    figs = json.loads((out / "figures.json").read_text())
    summary = json.loads((run / "summary.json").read_text())
    assert [s["wins"] for s in figs["seats"]] == [s["wins"] for s in summary["seats"]]
    assert sum(figs["endings"].values()) == 6 and len(figs["lengths"]) == 6
    solve = figs["game_stats"]["decisions to the first solve"]
    assert 1 <= solve["min"] <= solve["mean"] <= solve["max"]
    page = (out / "index.html").read_text()
    assert "detective" in page and "win-rate.png" in page and "figures.json" in page


def test_gangsters_stats_name_the_victory_condition(invoke, tmp_path):
    run = tmp_path / "run"
    assert invoke("simulate", "gangsters", "--games", "2", "--bots",
                  "heuristic,random", "--seed", "1", "--workers", "1", "--out", str(run),
                  "--records").exit_code == 0
    stats = game_stats("gangsters", read_records(run / "records.jsonl.gz"))
    assert sum(stats["endings"].values()) == 2
    assert set(stats["endings"]) <= {"cash", "ten joints", "The turn limit is reached"} | {
        f"every {c} joint" for c in ("red", "purple", "blue", "green", "yellow", "orange")}


def test_a_folder_without_results_is_refused(invoke, tmp_path):
    assert "results.csv" in one_error_line(invoke("report", str(tmp_path), "--out",
                                                  str(tmp_path / "r")))


def test_each_games_own_figures(invoke, tmp_path):
    for game, bots, key in (("gangster", "greedy,random,random",
                             "mean influence a reckoning, by equipment held"),
                            ("chicago-gangster", "heuristic,random,random",
                             "survival by seat"),
                            ("gangster-1994", "heuristic,random,random",
                             "money gained by space")):
        run = tmp_path / game
        assert invoke("simulate", game, "--games", "2", "--bots", bots, "--seed", "1",
                      "--workers", "1", "--out", str(run), "--records").exit_code == 0
        stats = game_stats(game, read_records(run / "records.jsonl.gz"))
        assert stats[key] and sum(stats["endings"].values()) == 2, (game, stats)
        made = invoke("report", str(run), "--out", str(run / "report"))
        assert made.exit_code == 0 and (run / "report" / "game-1.png").stat().st_size > 500


def test_a_rotated_run_labels_its_seats_as_shared(invoke, tmp_path):
    run, out = tmp_path / "run", tmp_path / "report"
    assert invoke("simulate", "gangster-city", "--games", "3", "--bots",
                  "detective,random,random", "--seed", "3", "--workers", "1", "--out",
                  str(run), "--rotate").exit_code == 0
    assert invoke("report", str(run), "--out", str(out)).exit_code == 0
    figs = json.loads((out / "figures.json").read_text())
    assert [s["bot"] for s in figs["seats"]] == ["rotated"] * 3
    summary = json.loads((run / "summary.json").read_text())
    for mine, theirs in zip(figs["by_bot"], summary["by_bot"], strict=True):
        assert (mine["bot"], mine["seat_games"], mine["wins"]) == (
            theirs["bot"], theirs["seat_games"], theirs["wins"])
    assert "Seats rotated" in (out / "index.html").read_text()


def test_replay_of_a_game_the_run_lacks_names_the_games_it_has(invoke, tmp_path):
    run = tmp_path / "run"
    assert invoke("simulate", "chicago-gangster", "--games", "4", "--bots", "random",
                  "--seed", "2", "--workers", "1", "--out", str(run),
                  "--records").exit_code == 0
    result = invoke("replay", str(run / "records.jsonl.gz"), "--game", "99")
    assert "has no game 99; it holds 4 games: 0-3" in one_error_line(result)

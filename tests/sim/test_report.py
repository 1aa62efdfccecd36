"""``gangland report``: a simulation's figures as a page with plots, for one run or several."""

from __future__ import annotations

import json
import re
from pathlib import Path

import gangland
from gangland.sim.gamestats import WHO_WON, game_stats
from gangland.sim.runfiles import read_records
from tests.cli.conftest import one_error_line


def simulate(invoke, run: Path, *args: str, game: str = "gangster-city",
             games: int = 6) -> None:
    """A small seeded run in ``run``, played in this process."""
    made = invoke("simulate", game, "--games", str(games), "--workers", "1", "--out",
                  str(run), *args)
    assert made.exit_code == 0, made.output


def figures(folder: Path) -> dict:
    return json.loads((folder / "figures.json").read_text())


def declared(game: str) -> set[str]:
    return {e.name for e in gangland.load(game).endings}


def test_a_small_run_renders_with_its_figures(invoke, tmp_path):
    run, out = tmp_path / "run", tmp_path / "report"
    simulate(invoke, run, "--bots", "detective,random,random", "--seed", "3", "--records")
    result = invoke("report", str(run), "--out", str(out))
    assert result.exit_code == 0, result.output
    for name in ("index.html", "win-rate-by-bot.png", "win-rate.png", "scores.png",
                 "length.png", "endings.png"):
        assert (out / name).stat().st_size > 500
    figs = figures(out)
    summary = json.loads((run / "summary.json").read_text())
    assert [s["wins"] for s in figs["seats"]] == [s["wins"] for s in summary["seats"]]
    assert sum(figs["endings"].values()) == 6 and len(figs["lengths"]) == 6
    solve = figs["game_stats"]["decisions to the first solve"]
    assert 1 <= solve["min"] <= solve["mean"] <= solve["max"]
    page = (out / "index.html").read_text()
    assert "detective" in page and "win-rate-by-bot.png" in page and "figures.json" in page


def test_gangster_citys_endings_and_decisions_to_the_win_are_read(invoke, tmp_path):
    """Every game of this run has a winner: each is counted under one of City's own
    endings, and the decisions to the win are those of its games (they were empty)."""
    run = tmp_path / "run"
    simulate(invoke, run, "--bots", "random", "--records", games=20)
    assert invoke("report", str(run)).exit_code == 0
    figs = figures(run / "report")
    assert figs["who_won"] == {"one winner": 20, "shared win": 0, "nobody won": 0}
    assert sum(figs["endings"].values()) == 20 and set(figs["endings"]) <= declared(
        "gangster-city")
    assert sum(sum(w.values()) for w in figs["endings_by_who_won"].values()) == 20
    win = figs["game_stats"]["decisions to the win"]
    assert (win["min"], win["max"]) == (min(figs["lengths"]), max(figs["lengths"]))
    page = (run / "report" / "index.html").read_text()
    assert "{}" not in page and "cases solved" in page


def test_the_page_is_written_for_a_person_not_as_json(invoke, tmp_path):
    plain, varied = tmp_path / "plain", tmp_path / "varied"
    simulate(invoke, plain, "--bots", "random", "--records")
    simulate(invoke, varied, "--bots", "random", "--records", "-o", "experienced=true",
             "-o", "cases_to_win=2")  # the default: not a change from the standard game
    assert invoke("report", str(plain)).exit_code == 0
    assert invoke("report", str(varied)).exit_code == 0
    for run in (plain, varied):
        page = (run / "report" / "index.html").read_text()
        text = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
        assert "&quot;" not in text and "{" not in text and "}" not in text
    assert "Options: none (the standard game)." in (plain / "report" / "index.html").read_text()
    varied_page = (varied / "report" / "index.html").read_text()
    assert "Options: experienced = yes." in varied_page
    assert "Decisions to the first solve: mean " in varied_page
    assert figures(varied / "report")["options"] == {"experienced": True}


def test_money_is_in_dollars_and_scores_in_the_games_unit(invoke, tmp_path):
    run = tmp_path / "run"
    simulate(invoke, run, "--bots", "heuristic,random,random", "--seed", "1", "--records",
             game="gangster-1994", games=2)
    assert invoke("report", str(run)).exit_code == 0
    page = (run / "report" / "index.html").read_text()
    assert "mean assets" in page and re.search(r"\$\d{1,3}(,\d{3})+<", page)
    assert not re.search(r"\d\.\d{2}\d*</td>", page), "money to the dollar"
    assert figures(run / "report")["score"] == {"name": "assets", "unit": "$", "whole": True}


def test_gangsters_endings_are_its_declared_victory_conditions(invoke, tmp_path):
    run = tmp_path / "run"
    simulate(invoke, run, "--bots", "heuristic,random", "--seed", "1", "--records",
             game="gangsters", games=2)
    stats = game_stats("gangsters", read_records(run / "records.jsonl.gz"))
    assert sum(stats["endings"].values()) == 2
    assert set(stats["endings"]) <= declared("gangsters")


def test_a_folder_that_is_not_a_run_is_refused(invoke, tmp_path):
    line = one_error_line(invoke("report", str(tmp_path), "--out", str(tmp_path / "r")))
    assert line == (f"Error: {tmp_path} is not a simulation run: it holds no run.json or "
                    "results.csv (write one with gangland simulate --out)")
    assert not (tmp_path / "r").exists()


def test_each_games_own_figures(invoke, tmp_path):
    for game, bots, key in (("gangster", "greedy,random,random",
                             "mean influence a reckoning, by equipment held"),
                            ("chicago-gangster", "heuristic,random,random",
                             "survival by seat"),
                            ("gangster-1994", "heuristic,random,random",
                             "money gained by space")):
        run = tmp_path / game
        simulate(invoke, run, "--bots", bots, "--seed", "1", "--records", game=game, games=2)
        stats = game_stats(game, read_records(run / "records.jsonl.gz"))
        assert stats[key] and sum(stats["endings"].values()) == 2, (game, stats)
        assert set(stats["endings"]) <= declared(game), stats["endings"]
        made = invoke("report", str(run), "--out", str(run / "report"))
        assert made.exit_code == 0 and (run / "report" / "game-1.png").stat().st_size > 500


def test_a_rotated_run_is_plotted_by_bot_not_by_seat(invoke, tmp_path):
    run, out = tmp_path / "run", tmp_path / "report"
    simulate(invoke, run, "--bots", "detective,random,random", "--seed", "3", "--rotate",
             games=3)
    assert invoke("report", str(run), "--out", str(out)).exit_code == 0
    figs = figures(out)
    assert [s["bot"] for s in figs["seats"]] == ["rotated"] * 3
    summary = json.loads((run / "summary.json").read_text())
    for mine, theirs in zip(figs["by_bot"], summary["by_bot"], strict=True):
        assert (mine["bot"], mine["seat_games"], mine["wins"]) == (
            theirs["bot"], theirs["seat_games"], theirs["wins"])
    assert (out / "win-rate-by-bot.png").exists() and not (out / "win-rate.png").exists()
    page = (out / "index.html").read_text()
    assert "Seats rotated" in page and "Final cases solved by bot" not in page
    assert "simulate with --records" in page  # no records: who won, and how to see more


def test_report_without_out_writes_beside_the_run(invoke, tmp_path):
    run = tmp_path / "run"
    simulate(invoke, run, "--bots", "random")
    result = invoke("report", str(run))
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"Report written: {run / 'report' / 'index.html'}"
    assert figures(run / "report")["endings"] == {}  # no records: no endings guessed
    # one bot in every seat: a by-bot plot would be flat by construction; by seat it is
    assert not (run / "report" / "win-rate-by-bot.png").exists()
    assert (run / "report" / "win-rate.png").exists()


def test_several_runs_are_compared_side_by_side(invoke, tmp_path):
    base, det, exp = tmp_path / "base", tmp_path / "det", tmp_path / "exp"
    simulate(invoke, base, "--bots", "random", "--records")
    simulate(invoke, det, "--bots", "detective,random,random", "--records")
    simulate(invoke, exp, "--bots", "random", "-o", "experienced=yes")
    result = invoke("report", str(base), str(det), str(exp))
    assert result.exit_code == 0, result.output
    out = tmp_path / "compare-base-det-exp"
    assert result.output.strip() == f"Report written: {out / 'index.html'}"
    data = figures(out)
    assert data["game"] == "gangster-city" and data["differ"] == ["bots", "options"]
    assert [r["label"] for r in data["runs"]] == [
        "random x3; standard game", "detective, random, random; standard game",
        "random x3; experienced = yes"]
    assert [r["folder"] for r in data["runs"]] == [str(base), str(det), str(exp)]
    assert [len(r["lengths"]) for r in data["runs"]] == [6, 6, 6]
    assert data["runs"][1]["by_bot"][0]["bot"] == "detective"
    assert [bool(r["endings"]) for r in data["runs"]] == [True, True, False]
    for name in ("win-rate-by-bot.png", "length.png", "endings.png", "who-won.png"):
        assert (out / name).stat().st_size > 500
    page = (out / "index.html").read_text()
    assert "3 runs compared" in page and "random x3; experienced = yes" in page
    assert "no records" in page


def test_runs_alike_but_for_the_seed_are_labelled_by_it(invoke, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    simulate(invoke, one, "--bots", "random", "--seed", "1")
    simulate(invoke, two, "--bots", "random", "--seed", "2")
    out = tmp_path / "cmp"
    assert invoke("report", str(one), str(two), "--out", str(out)).exit_code == 0
    assert [r["label"] for r in figures(out)["runs"]] == ["seed 1", "seed 2"]


def test_a_comparison_gives_each_runs_own_game_figures(invoke, tmp_path):
    three, four = tmp_path / "three", tmp_path / "four"
    simulate(invoke, three, "--bots", "random", "--records", game="chicago-gangster",
             games=3)
    simulate(invoke, four, "--bots", "random", "--players", "4", "--records",
             game="chicago-gangster", games=3)
    assert invoke("report", str(three), str(four)).exit_code == 0
    page = (tmp_path / "compare-three-four" / "index.html").read_text()
    assert "<h3>Survival by seat</h3>" in page and "Share of games its gang survived." in page
    assert re.search(r"<td>P4</td><td>-</td><td class=n>\d+%</td>", page)  # P4: 4 seats only


def test_runs_of_different_games_are_refused(invoke, tmp_path):
    city, chicago = tmp_path / "city", tmp_path / "chicago"
    simulate(invoke, city, "--bots", "random")
    simulate(invoke, chicago, "--bots", "random", game="chicago-gangster", games=2)
    line = one_error_line(invoke("report", str(city), str(chicago)))
    assert line == (f"Error: runs of different games cannot be compared ({city} is "
                    f"gangster-city; {chicago} is chicago-gangster): give runs of one game")
    assert not (tmp_path / "compare-city-chicago").exists()


def test_a_run_given_twice_or_a_folder_among_runs_is_refused(invoke, tmp_path):
    run = tmp_path / "run"
    simulate(invoke, run, "--bots", "random")
    assert "is given twice" in one_error_line(invoke("report", str(run), str(run)))
    (tmp_path / "empty").mkdir()
    line = one_error_line(invoke("report", str(run), str(tmp_path / "empty")))
    assert "empty is not a simulation run" in line
    started = tmp_path / "started"  # stopped before its first game finished
    started.mkdir()
    (started / "run.json").write_text((run / "run.json").read_text())
    (started / "results.csv").write_text("index,seed,seat,bot,win,score,moves\n")
    assert one_error_line(invoke("report", str(started))) == (
        f"Error: {started} holds no finished game yet")


def test_who_won_is_kept_apart_from_how_games_ended(invoke, tmp_path):
    run = tmp_path / "run"
    simulate(invoke, run, "--bots", "random", "--records", game="chicago-gangster", games=4)
    assert invoke("report", str(run)).exit_code == 0
    figs = figures(run / "report")
    assert set(figs["who_won"]) == set(WHO_WON)
    assert not set(figs["endings"]) & set(WHO_WON)
    assert set(figs["endings"]) <= declared("chicago-gangster")


def test_replay_of_a_game_the_run_lacks_names_the_games_it_has(invoke, tmp_path):
    run = tmp_path / "run"
    simulate(invoke, run, "--bots", "random", "--seed", "2", "--records",
             game="chicago-gangster", games=4)
    result = invoke("replay", str(run / "records.jsonl.gz"), "--game", "99")
    assert "has no game 99; it holds 4 games: 0-3" in one_error_line(result)

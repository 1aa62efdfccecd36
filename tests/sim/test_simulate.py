"""Many seeded games between bots: deterministic, summarized, and ready for worker pools."""

from __future__ import annotations

import json
import re

import pytest

import gangland
from gangland.engine import OptionError
from gangland.sim.pool import process_map
from gangland.sim.runner import play_game
from gangland.sim.simulate import (
    game_seed,
    make_tasks,
    one_against,
    run_task,
    seat_specs,
    simulate,
)
from tests.cli.conftest import one_error_line

GAME = gangland.load("gangster-city")


def test_each_game_has_its_own_derived_seed():
    tasks = make_tasks("gangster-city", ["random"] * 3, 5, seed=4)
    assert [t.seed for t in tasks] == [game_seed(4, i) for i in range(5)]
    assert len({t.seed for t in tasks}) == 5
    assert game_seed(4, 0) != game_seed(5, 0)


def test_a_task_replays_as_the_plain_runner_would():
    task = make_tasks("gangster-city", ["random", "random"], 1, seed=1)[0]
    index, result, record = run_task(task)
    state, direct = play_game(GAME, ["random", "random"], task.seed)
    assert index == 0 and record is None
    assert result == direct
    kept = make_tasks("gangster-city", ["random", "random"], 1, seed=1, record=True)[0]
    assert run_task(kept)[2] == state.record()


def test_summary_figures_add_up_and_repeat():
    summary = simulate("gangster-city", ["random"] * 3, 12, seed=3).to_json()
    again = simulate("gangster-city", ["random"] * 3, 12, seed=3).to_json()
    summary.pop("seconds"), again.pop("seconds")
    assert summary == again
    wins = sum(seat["wins"] for seat in summary["seats"])
    assert wins + summary["no_winner"] == pytest.approx(12)
    (bot,) = summary["by_bot"]
    assert bot["bot"] == "random" and bot["seat_games"] == 36
    assert bot["wins"] == pytest.approx(wins)
    for seat in summary["seats"]:
        low, high = seat["win_rate_ci95"]
        assert low <= seat["win_rate"] <= high
    assert summary["moves"]["min"] <= summary["moves"]["mean"] <= summary["moves"]["max"]


def test_any_map_function_gives_the_same_figures():
    def backwards(fn, tasks):
        return [fn(t) for t in reversed(list(tasks))]

    plain = simulate("gangster-city", ["random"] * 2, 6, seed=8).to_json()
    pooled = simulate("gangster-city", ["random"] * 2, 6, seed=8, map_fn=backwards).to_json()
    plain.pop("seconds"), pooled.pop("seconds")
    assert plain == pooled


def test_seat_specs():
    assert seat_specs(GAME, ["random"], 4) == ["random"] * 4
    assert seat_specs(GAME, ["random", "random"], None) == ["random", "random"]
    with pytest.raises(OptionError):
        seat_specs(GAME, ["random", "random"], 3)
    with pytest.raises(OptionError):
        seat_specs(GAME, [""], 3)


def test_an_empty_bot_entry_is_refused_not_dropped(invoke):
    with pytest.raises(OptionError, match="--bots: entry 2 of 3 is empty"):
        seat_specs(GAME, ["detective", "", "random"], None)
    result = invoke("simulate", "gangster-city", "--games", "2", "--bots", "detective,,random")
    assert result.exit_code != 0
    assert "entry 2 of 3 is empty" in result.output + result.stderr


def test_simulate_command_json(invoke):
    result = invoke("simulate", "gangster-city", "--games", "10", "--bots", "random",
                    "--players", "4", "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 10 and data["players"] == 4
    assert [s["bot"] for s in data["seats"]] == ["random"] * 4
    assert sum(s["wins"] for s in data["seats"]) + data["no_winner"] == pytest.approx(10)
    for key in ("game", "seed", "options", "bots", "by_bot", "moves", "seconds"):
        assert key in data
    assert set(data["moves"]) == {"mean", "stderr", "min", "max"}


def test_simulate_command_table_and_options(invoke):
    result = invoke("simulate", "gangster-city", "-g", "4", "--bots", "random,random",
                    "--option", "cases_to_win=1")
    assert result.exit_code == 0, result.output
    for words in ("Per seat", "Per bot", "95% interval", "Game length"):
        assert words in result.output
    line = one_error_line(invoke("simulate", "gangster-city", "--option", "cases_to_win=0"))
    assert "cases_to_win" in line


def test_worker_processes_give_the_same_figures():
    """Every core plays, and the summary is the serial one (seeds travel with the tasks)."""
    serial = simulate("gangster-city", ["detective", "random", "random"], 12, seed=4)
    pooled = simulate("gangster-city", ["detective", "random", "random"], 12, seed=4,
                      map_fn=process_map(2))
    for summary in (serial, pooled):
        summary.data.pop("seconds")
    assert pooled.data == serial.data and not pooled.data["interrupted"]


def test_an_interrupted_run_sums_up_the_games_that_finished():
    def stop_after_five(run, tasks):
        for k, task in enumerate(tasks):
            if k == 5:
                raise KeyboardInterrupt
            yield run(task)

    summary = simulate("gangster-city", ["detective", "random", "random"], 20, seed=4,
                       map_fn=stop_after_five)
    assert summary.data["interrupted"] and summary.data["games"] == 5
    assert summary.data["planned"] == 20
    with pytest.raises(KeyboardInterrupt):  # nothing finished: nothing to report
        simulate("gangster-city", ["random"] * 3, 5, seed=4,
                 map_fn=lambda run, tasks: (_ for _ in ()).throw(KeyboardInterrupt))


def test_rotated_seats_share_out_the_seat_advantage():
    """With --rotate each bot plays every seat equally often; per-bot figures count each
    game's own seating, and the seats say they were shared."""
    tasks = make_tasks("gangster-city", ["detective", "random", "random"], 6, seed=2,
                       rotate=True)
    assert [t.specs.index("detective") for t in tasks] == [0, 2, 1, 0, 2, 1]
    assert len({t.seed for t in tasks}) == 6  # the deals are those of an unrotated run
    summary = simulate("gangster-city", ["detective", "random", "random"], 30, seed=2,
                       rotate=True).to_json()
    assert summary["rotate"] is True
    assert [s["bot"] for s in summary["seats"]] == ["rotated"] * 3
    detective, rand = summary["by_bot"]
    assert (detective["seat_games"], rand["seat_games"]) == (30, 60)
    wins = sum(seat["wins"] for seat in summary["seats"])
    assert detective["wins"] + rand["wins"] == pytest.approx(wins)
    assert detective["win_rate"] > 0.8  # the detective wins from every seat


def test_simulate_command_rotates_and_resumes(invoke, tmp_path):
    out = tmp_path / "run"
    args = ("simulate", "gangster-city", "-g", "6", "--bots", "detective,random,random",
            "--seed", "3", "--rotate", "--out", str(out), "--json", "--workers", "1")
    first = invoke(*args)
    assert first.exit_code == 0, first.output
    assert json.loads((out / "run.json").read_text())["rotate"] is True
    again = invoke(*args, "--resume")
    assert again.exit_code == 0, again.output
    a, b = json.loads(first.stdout), json.loads(again.stdout)
    assert a["by_bot"] == b["by_bot"]
    plain = invoke("simulate", "gangster-city", "-g", "6", "--bots", "detective,random,random",
                   "--seed", "3", "--out", str(out), "--resume", "--json")
    assert plain.exit_code != 0  # a rotated run is not resumed as an unrotated one


def test_one_against_is_the_rotated_runs_row_for_that_bot():
    row = one_against("gangster-city", "detective", "random", 8, seed=2)
    summary = simulate("gangster-city", ["detective", "random", "random", "random"], 8, 2,
                       rotate=True)
    assert row == next(r for r in summary.data["by_bot"] if r["bot"] == "detective")
    assert row["seat_games"] == 8


def test_a_tournament_refuses_an_empty_bot_entry_too(invoke):
    result = invoke("tournament", "gangster-city", "--bots", "detective,,random")
    assert result.exit_code != 0
    assert "entry 2 of 3 is empty" in result.output + result.stderr


def test_the_table_gives_money_in_dollars_and_names_the_score(invoke, tmp_path):
    out = tmp_path / "run"
    result = invoke("simulate", "gangster-1994", "-g", "3", "--bots", "random", "--seed", "2",
                    "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "mean assets" in result.output and "mean score" not in result.output
    summary = json.loads((out / "summary.json").read_text())
    money = gangland.load("gangster-1994").score
    for seat in summary["seats"]:
        assert isinstance(seat["mean_score"], float)  # the JSON keeps the raw figure
        shown = f"{money.format(seat['mean_score'])} ± {money.format(seat['score_stderr'])}"
        assert shown in result.output
    assert re.search(r"\$\d{1,3}(,\d{3})* ± \$\d", result.output)
    assert not re.search(r"\d\.\d\d ± ", result.output)  # no cents, no bare numbers
    counts = invoke("simulate", "gangster-city", "-g", "4", "--bots", "random", "--seed", "2",
                    "--workers", "1", "--json")
    plain = invoke("simulate", "gangster-city", "-g", "4", "--bots", "random", "--seed", "2",
                   "--workers", "1")
    assert "mean cases solved" in plain.output and "$" not in plain.output
    for seat in json.loads(counts.stdout)["seats"]:
        assert f"{seat['mean_score']:.2f} ± {seat['score_stderr']:.2f}" in plain.output

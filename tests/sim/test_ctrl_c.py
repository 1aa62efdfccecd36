"""Ctrl-C in ``gangland simulate``: a clean stop, the finished games' figures, and the
command that plays the rest. Played for real, in a terminal, with a pool of workers."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys

from gangland.sim.pool import process_map
from gangland.sim.simulate import simulate
from tests.cli.ptyrun import SRC, PtyRun

#: Random bots keep it quick: 200 games of gangster are about 4 s on one core.
ARGS = ["simulate", "gangster", "--games", "200", "--bots", "random", "--workers", "2"]


def figures(summary: dict) -> dict:
    """A summary less what differs between runs of the same games."""
    return {k: v for k, v in summary.items() if k not in ("seconds", "interrupted")}


def ctrl_c_in_a_worker(index: int) -> str:
    """A task that gets the Ctrl-C a terminal sends every process of its group."""
    try:
        os.kill(os.getpid(), signal.SIGINT)
        return "played on"
    except KeyboardInterrupt:  # what would print a traceback and lose the task
        return "interrupted"


def test_workers_leave_ctrl_c_to_the_parent():
    assert list(process_map(2)(ctrl_c_in_a_worker, range(4))) == ["played on"] * 4


def test_ctrl_c_stops_without_tracebacks_and_resume_finishes_the_run(tmp_path):
    out = tmp_path / "run"
    args = [*ARGS, "--out", str(out)]
    run = PtyRun(args, tmp_path, columns=200, rows=40)
    run.read_until(r"\b[1-9]\d*/200\b")  # the progress bar: some games have finished
    assert (out / "results.csv").read_text().count("\n") > 1
    run.press_ctrl_c()
    assert run.wait() == 0
    text = run.output.replace("\r", "")
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    stopped = json.loads((out / "summary.json").read_text())
    assert stopped["interrupted"] and 0 < stopped["games"] < 200
    assert f"Interrupted: {stopped['games']} of 200 games finished" in text
    assert "Per seat" in text and "Game length:" in text
    left = 200 - stopped["games"]
    hint = re.search(rf"To play the {left} games? left: (gangland simulate .*)", text)
    assert hint, text
    command = shlex.split(hint.group(1))
    assert command == ["gangland", *args, "--resume"]  # as given, in the command's order

    done = subprocess.run([sys.executable, "-m", "gangland", *command[1:]], cwd=tmp_path,
                          env={"PYTHONPATH": str(SRC)}, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "200 games of gangster" in done.stdout and "Interrupted" not in done.stdout
    resumed = json.loads((out / "summary.json").read_text())
    whole = simulate("gangster", ["random"] * 3, 200, seed=0).to_json()
    assert figures(resumed) == figures(whole)


def test_without_out_the_summary_says_nothing_was_kept(tmp_path):
    run = PtyRun(ARGS, tmp_path, columns=200, rows=40)
    run.read_until(r"\b[1-9]\d*/200\b")
    run.press_ctrl_c()
    assert run.wait() == 0
    text = run.output.replace("\r", "")
    assert "Traceback" not in text and "Interrupted:" in text
    assert "Nothing was kept" in text and "--out DIR" in text


def test_ctrl_c_before_any_game_finished_says_so_and_how_to_start_again(tmp_path):
    """Stopped while the first games are still playing (a search of ten seconds a move
    finishes none for a while): one line, no traceback, and the command that starts the
    run again in its folder."""
    out = tmp_path / "run"
    args = ["simulate", "gangster-city", "--games", "4", "--bots", "ismcts:10s",
            "--workers", "2", "--out", str(out)]
    run = PtyRun(args, tmp_path, columns=200, rows=40)
    run.read_until(r"\b0/4\b")  # the progress bar is up, and no game has finished
    run.press_ctrl_c()
    assert run.wait() == 130
    text = run.output.replace("\r", "")
    assert "Traceback" not in text and "Aborted" not in text
    hint = re.search(r"Stopped before any game finished: nothing to sum up\. "
                     r"To start again: (gangland simulate .*)", text)
    assert hint, text
    assert shlex.split(hint.group(1)) == ["gangland", *args, "--resume"]

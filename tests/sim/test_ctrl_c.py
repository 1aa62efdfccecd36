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
import time

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


def test_a_stop_signal_stops_a_background_run_as_ctrl_c_does(tmp_path):
    """``kill PID`` on a run started in the background (deaf to Ctrl-C, as a shell makes
    it): the finished games summed up and kept, the command that plays the rest, and no
    worker left playing. Before, it died at once with no summary, its workers orphaned."""
    out = tmp_path / "run"
    args = [*ARGS, "--out", str(out)]
    run = subprocess.Popen(  # its own session: a stray signal reaches only this run
        [sys.executable, "-c", "import signal, sys; signal.signal(signal.SIGINT, "
         "signal.SIG_IGN); from gangland.cli import main; sys.argv[0] = 'gangland'; main()",
         *args], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(SRC)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    results = out / "results.csv"
    deadline = time.monotonic() + 60
    while not (results.exists() and results.read_text().count("\n") > 2):
        assert run.poll() is None and time.monotonic() < deadline, run.communicate()
        time.sleep(0.05)
    run.send_signal(signal.SIGTERM)
    stdout, stderr = run.communicate(timeout=60)
    assert run.returncode == 0, stderr
    assert "Traceback" not in stdout + stderr
    stopped = json.loads((out / "summary.json").read_text())
    assert stopped["interrupted"] and 0 < stopped["games"] < 200
    assert f"Interrupted: {stopped['games']} of 200 games finished" in stdout
    assert f"To play the {200 - stopped['games']} games" in stdout + stderr
    # The pool's workers ended with it: nothing of its session is left once the forkserver
    # and the resource tracker, which end when they find their parent gone, have gone.
    deadline = time.monotonic() + 30
    while (left := subprocess.run(["pgrep", "-a", "-s", str(run.pid)], capture_output=True,
                                  text=True).stdout) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert left == "", left

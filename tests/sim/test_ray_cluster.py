"""``gangland simulate --ray ADDRESS`` as a user runs it: against a real cluster of two
nodes started with ``ray start`` on this machine, the command in a process of its own.

The cluster (:mod:`tests.sim.raycluster`) takes about ten seconds to start and is shared
by the tests of this module; they are slow, and skipped where Ray is not installed. A
wrong address needs no cluster, nor Ray: it is refused before Ray is asked.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gangland.sim.simulate import simulate
from tests.cli.conftest import Invoke, one_error_line
from tests.sim.raycluster import Cluster, free_port, leftovers, two_node_cluster

BOTS = ["detective", "random", "random"]
#: Enough games (a few seconds on two CPUs) that the worker node's first worker is up
#: long before the run is over, so both nodes play.
GAMES = 1000


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A head node and a worker node, one CPU each; no process of theirs outlives it."""
    pytest.importorskip("ray", reason="the cluster tests need Ray: pip install 'gangland[ray]'")
    with two_node_cluster() as running:
        sessions = running.sessions
        yield running
    assert leftovers(sessions) == []


def gangland(cluster: Cluster, *args: str, env: dict[str, str] | None = None
             ) -> subprocess.CompletedProcess[str]:
    """``gangland simulate gangster-city ARGS --ray ADDRESS --json`` in a new process."""
    return subprocess.run([sys.executable, "-m", "gangland", "simulate", "gangster-city",
                           *args, "--ray", cluster.address, "--json"],
                          env=env or cluster.env, capture_output=True, text=True, timeout=120)


def figures(summary: dict) -> dict:
    """A summary as JSON gives it back, less the one figure that depends on the clock."""
    data = json.loads(json.dumps(summary))
    data.pop("seconds")
    return data


@pytest.mark.slow
def test_a_cluster_of_two_nodes_gives_the_figures_of_a_serial_run(cluster: Cluster):
    done = gangland(cluster, "--games", str(GAMES), "--bots", ",".join(BOTS), "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no warnings or log lines from Ray
    serial = simulate("gangster-city", BOTS, GAMES, seed=3).to_json()
    assert figures(json.loads(done.stdout)) == figures(serial)
    assert cluster.nodes_that_ran("play_batch") == {"h", "w"}


@pytest.mark.slow
def test_a_cluster_that_wants_a_token_says_so_in_one_line(cluster: Cluster, tmp_path: Path):
    env = {k: v for k, v in cluster.env.items() if not k.startswith("RAY_AUTH")}
    env["HOME"] = str(tmp_path)  # no ~/.ray/auth_token of this machine's either
    done = gangland(cluster, "--games", "5", env=env)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"Error: --ray {cluster.address}: the cluster wants its token: set "
        "RAY_AUTH_MODE=token, with the head node's ~/.ray/auth_token here too "
        "(or RAY_AUTH_TOKEN_PATH=FILE)"]


@pytest.mark.slow
def test_ctrl_c_on_a_cluster_sums_up_the_finished_games(cluster: Cluster, tmp_path: Path):
    run = subprocess.Popen([sys.executable, "-m", "gangland", "simulate", "gangster-city",
                            "--games", "1000000", "--ray", cluster.address, "--json",
                            "--out", str(tmp_path / "run")], env=cluster.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        results = tmp_path / "run" / "results.csv"
        deadline = time.monotonic() + 60
        while not (results.exists() and results.read_text().count("\n") > 30):
            assert run.poll() is None and time.monotonic() < deadline, "no games played"
            time.sleep(0.2)
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    summary = json.loads(out)
    assert summary["interrupted"] and 0 < summary["games"] < summary["planned"]
    deadline = time.monotonic() + 30  # and the cluster stops playing the run's games
    while any("play_batch" in p for p in leftovers(cluster.sessions)):
        assert time.monotonic() < deadline, leftovers(cluster.sessions)
        time.sleep(0.2)


def test_a_wrong_address_is_refused_at_once_in_one_line(invoke: Invoke, tmp_path: Path):
    address = f"127.0.0.1:{free_port()}"
    result = invoke("simulate", "gangster-city", "--games", "2", "--ray", address,
                    "--out", str(tmp_path / "run"))
    assert one_error_line(result) == (
        f"Error: --ray {address}: no Ray cluster answers there (Connection refused); "
        "start one with 'ray start --head' and give the address it prints")
    assert not (tmp_path / "run").exists()  # and nothing was written


def test_an_address_without_a_port_is_refused(invoke: Invoke):
    result = invoke("simulate", "gangster-city", "--ray", "10.0.0.5")
    assert "HOST:PORT, as 'ray start --head' prints it" in one_error_line(result)


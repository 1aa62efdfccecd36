"""A real Ray cluster of two nodes on this machine, for the tests of ``simulate --ray``.

Each node is one ``ray start --block`` in a session of its own, with its own temp dir
(short, under /tmp: Ray's unix sockets must fit in ~107 characters) and free ports, so
a test's cluster shares nothing with any other Ray on the machine. It is stopped by
signalling those two sessions only: ``ray stop`` would stop every Ray on the machine,
other people's included. ``--block`` makes each ``ray start`` stop the processes it
started when it is terminated; whatever is still alive in its session after that is
killed, and :func:`leftovers` lets a test check that nothing is.

Token authentication is on (as ``ray start --head`` turns it on by default once a
token exists), with the cluster's own token file, so every process that talks to the
cluster gets ``RAY_AUTH_MODE=token`` and ``RAY_AUTH_TOKEN_PATH`` in :attr:`Cluster.env`.
Drivers get ``PYTHONPATH`` for this checkout's ``gangland``; the nodes do not, as a node
on another machine would not: the driver ships its ``gangland`` to them with the run.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[2] / "src")
RAY = Path(sys.executable).parent / "ray"
START_S = 60  # a node that is not up in a minute will not come up


#: A driver that waits until the cluster has ``nodes`` alive nodes.
WAIT_FOR_NODES = """
import time, ray
ray.init(address="{address}", logging_level="ERROR", log_to_driver=False)
deadline = time.monotonic() + {limit}
while sum(n["Alive"] for n in ray.nodes()) < {nodes}:
    assert time.monotonic() < deadline, "fewer than {nodes} nodes after {limit} s"
    time.sleep(0.2)
"""


@dataclass(frozen=True)
class Cluster:
    """A running cluster: the address ``ray start --head`` prints, the folder of its
    nodes' temp dirs (``h`` and ``w``), the environment a process needs to join it, and
    the sessions its processes run in."""

    address: str
    root: Path
    env: dict[str, str]
    sessions: tuple[int, ...]

    def python(self, code: str, timeout: float = 90) -> str:
        """Run ``code`` in a new Python process (a driver of its own); its output."""
        done = subprocess.run([sys.executable, "-c", code], env=self.env,
                              capture_output=True, text=True, timeout=timeout)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def nodes_that_ran(self, task: str) -> set[str]:
        """The nodes (``h``, ``w``) with a worker that ran a task named ``task``: Ray's
        worker logs name each task they start (``:task_name:NAME``), in the temp dir of
        the node they run on."""
        marker = f":task_name:{task}"
        return {node for node in ("h", "w")
                for log in (self.root / node).glob("session_*/logs/worker-*.out")
                if marker in log.read_text(errors="replace")}


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen([str(RAY), "start", "--block", "--disable-usage-stats",
                                 "--num-cpus", "1", "--object-store-memory", "100000000",
                                 "--dashboard-agent-listen-port", str(free_port()),
                                 *args], env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)


def _wait_for(what: str, ready: Callable[[], bool], nodes: list[subprocess.Popen[bytes]],
              logs: list[Path]) -> None:
    deadline = time.monotonic() + START_S
    while not ready():
        for node, log in zip(nodes, logs, strict=True):
            if node.poll() is not None:
                raise RuntimeError(f"a Ray node stopped while waiting for {what}:\n"
                                   + log.read_text(errors="replace")[-3000:])
        if time.monotonic() > deadline:
            raise RuntimeError(f"no {what} after {START_S} s")
        time.sleep(0.5)


def leftovers(sessions: tuple[int, ...]) -> list[str]:
    """The processes still alive in these sessions (``pid command``), zombies aside."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name, rest = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:]
        fields = rest.split()
        if fields[0] != "Z" and int(fields[3]) in sessions:
            found.append(f"{stat.parent.name} {name}")
    return found


def _stop(nodes: list[subprocess.Popen[bytes]]) -> None:
    """Worker node first, then the head: ``ray start --block`` stops what it started when
    terminated; then whatever is left in its session is killed."""
    for node in reversed(nodes):
        node.terminate()
        with suppress(subprocess.TimeoutExpired):
            node.wait(timeout=20)
    sessions = tuple(n.pid for n in nodes)
    deadline = time.monotonic() + 5
    while leftovers(sessions) and time.monotonic() < deadline:
        time.sleep(0.2)
    for node in nodes:
        with suppress(ProcessLookupError):
            os.killpg(node.pid, signal.SIGKILL)
        node.wait()


@contextmanager
def two_node_cluster() -> Iterator[Cluster]:
    """A head node and one worker node, one CPU each; stopped and removed afterwards."""
    root = Path(tempfile.mkdtemp(prefix="r", dir="/tmp"))
    token = root / "token"
    token.write_text(secrets.token_hex(32))
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN_PATH=str(token),
               RAY_USAGE_STATS_ENABLED="0")
    env.pop("PYTHONPATH", None)
    nodes: list[subprocess.Popen[bytes]] = []
    logs = [root / "head.log", root / "worker.log"]
    try:
        nodes.append(_start(["--head", "--port", str(free_port()), "--temp-dir",
                             str(root / "h"), "--include-dashboard", "false"], env, logs[0]))
        current = root / "h" / "ray_current_cluster"
        _wait_for("head node", current.exists, nodes, logs[:1])
        address = current.read_text().strip()
        nodes.append(_start(["--address", address, "--temp-dir", str(root / "w")], env,
                            logs[1]))
        cluster = Cluster(address, root, {**env, "PYTHONPATH": SRC},
                          tuple(n.pid for n in nodes))
        cluster.python(WAIT_FOR_NODES.format(address=address, nodes=2, limit=START_S))
        yield cluster
    finally:
        _stop(nodes)
        shutil.rmtree(root, ignore_errors=True)

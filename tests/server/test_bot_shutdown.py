"""A real ``gangland serve`` whose bots are searching: SIGTERM stops it within seconds, and
after SIGKILL no process of its bot pool lives on (issue 24)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from .conftest import ServerProcess

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid``, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rpartition(")")[2].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Running (a zombie waiting for its parent counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def searching_server(sqlite_url: str) -> tuple[ServerProcess, set[int]]:
    """A server whose two tables' bots search for ten minutes a move (allowed by its cap),
    and its processes once the workers have started."""
    server = ServerProcess(sqlite_url, "--bot-pool", "process", "--bot-max-seconds", "600")
    with server.http() as http:
        for _ in range(2):
            r = http.post("/api/tables", json={
                "game": "gangster-city", "players": 2, "seat": 1,
                "seats": [{"kind": "bot", "bot": "ismcts:600s"}, {"kind": "human"}]})
            assert r.status_code == 200, r.text
    ends = time.monotonic() + 30
    while time.monotonic() < ends:  # the forkserver, the resource tracker, two workers
        below = descendants(server.proc.pid)
        if len(below) >= 4:
            break
        time.sleep(0.1)
    time.sleep(0.5)  # (the workers are thinking)
    return server, descendants(server.proc.pid)


def wait_gone(pids: set[int], seconds: float) -> set[int]:
    ends = time.monotonic() + seconds
    while (left := {p for p in pids if alive(p)}) and time.monotonic() < ends:
        time.sleep(0.05)
    return left


def test_sigterm_stops_a_server_whose_bots_are_searching(sqlite_url):
    server, below = searching_server(sqlite_url)
    try:
        assert len(below) >= 4, below
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(15)
        assert time.monotonic() - started < 5.0
        assert not wait_gone(below, 3.0)
    finally:
        if server.proc.poll() is None:
            server.kill()
        for pid in below:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_after_sigkill_the_bot_pool_exits_too(sqlite_url):
    server, below = searching_server(sqlite_url)
    try:
        assert len(below) >= 4, below
        server.kill()
        assert not wait_gone(below, 5.0)
    finally:
        for pid in below:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)

"""The load of ``gangland bench server``: scripted clients playing tables over WebSocket.

Each client is one person at one table at a time, in this process's asyncio loop: it
creates a table over HTTP (seat 0 its own, the other seats bots), says ``hello`` on the
table's WebSocket, and whenever a ``state`` offers it legal actions it sends one, chosen by
its own seeded generator, timing the wait until the ``state`` that includes its move. A
finished game is replaced by a new table, so the number of tables in play stays constant.

Two ways to load the server, because they answer different questions:

- *as fast as possible* (``rate=None``): every client acts the moment it may. This finds
  the most actions per second the server sustains; but then the server is saturated by
  construction, and a client's wait is the queue's length (Little's law: with ``N``
  clients each waiting ``W`` for its own move and the bots', ``N = X_client * W``), not
  the cost of one action.
- *at a given rate* (``rate`` actions per second in all): each table's actions are spaced
  ``tables / rate`` seconds apart, so the latency measured is the one people would see
  at that load, as long as the server keeps up (when it cannot, the rate reached falls
  short and says so). A table that falls behind its schedule acts at once until it is
  back on it, so the load offered stays the one asked for; but it never makes up more
  than ``MAX_BACKLOG_S`` of lost time, so one stall does not become a burst.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SETUP_TIMEOUT_S = 120.0
MAX_BACKLOG_S = 1.0
MAX_ERROR_SAMPLES = 5


class BenchFailed(Exception):
    """The server would not start or answer: the run has no figures."""


@dataclass
class Tally:
    """What every scripted client saw. Rates and latencies count only what *arrived*
    inside the window ``[start, end)`` (``perf_counter`` seconds), so warm-up and the
    last unanswered sends are left out alike."""

    start: float = math.inf
    end: float = math.inf
    actions: int = 0
    client_actions: int = 0
    latencies: list[float] = field(default_factory=list)
    #: Actions arrived in each whole second of the window: a falling rate shows a server
    #: that slows as its tables grow, which one average would hide.
    timeline: list[int] = field(default_factory=list)
    games: int = 0
    tables: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    error_samples: list[str] = field(default_factory=list)

    def in_window(self, when: float) -> bool:
        return self.start <= when < self.end

    def count_actions(self, count: int, when: float) -> None:
        """``count`` actions seen at ``when`` (ignored outside the window)."""
        if not self.in_window(when):
            return
        self.actions += count
        second = int(when - self.start)
        if second >= len(self.timeline):
            self.timeline.extend([0] * (second + 1 - len(self.timeline)))
        self.timeline[second] += count

    def error(self, kind: str, message: str) -> None:
        self.errors[kind] += 1
        if len(self.error_samples) < MAX_ERROR_SAMPLES:
            self.error_samples.append(f"{kind}: {message}"[:300])


@dataclass
class Load:
    """The shared parameters of one run's scripted clients."""

    base: str
    game: str
    players: int
    bot: str
    seed: int
    clients: int
    #: Actions per second each table is held to (None: as fast as the server goes).
    table_rate: float | None = None
    compression: bool = True
    tally: Tally = field(default_factory=Tally)
    started: asyncio.Event = field(default_factory=asyncio.Event)
    playing: set[int] = field(default_factory=set)
    stopping: bool = False

    def first_state(self, index: int) -> None:
        """Client ``index`` is at a table; once every client is, the warm-up may start."""
        self.playing.add(index)
        if len(self.playing) == self.clients:
            self.started.set()


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """One JSON POST (run in a thread: the standard library, since httpx is a test extra).

    Proxies are ignored: the server is on loopback.
    """
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with opener.open(request, timeout=30) as response:
            answer: dict[str, Any] = json.loads(response.read())
            return answer
    except urllib.error.HTTPError as exc:
        raise BenchFailed(f"POST {url}: {exc.code} {exc.read().decode(errors='replace')}") from None


async def play_one_table(load: Load, index: int, rng: random.Random) -> None:
    """Create a table, play it to the end over its WebSocket, tallying as it goes."""
    from websockets.asyncio.client import connect

    tally = load.tally
    created = await asyncio.to_thread(post_json, f"{load.base}/api/tables", {
        "game": load.game, "players": load.players, "seat": 0, "think_ms": 0,
        "name": f"bench {index}",
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": load.bot}] * (load.players - 1),
    })
    tally.tables += 1
    # With a rate, version v of this table is due at t0 + v / rate; a random phase keeps
    # the tables from moving in step.
    t0 = time.perf_counter() + (rng.random() / load.table_rate if load.table_rate else 0.0)
    url = "ws" + load.base.removeprefix("http") + f"/ws/tables/{created['table']['id']}"
    # Compression stays on by default (browsers ask for it); proxies and pings are off.
    async with connect(url, proxy=None, ping_interval=None, max_size=None, open_timeout=30,
                       compression="deflate" if load.compression else None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": created["token"]}))
        seen = 0  # the table's version when it was created
        first = True
        sent_at: float | None = None
        sent_version = -1
        async for raw in ws:
            now = time.perf_counter()
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "error":
                tally.error(str(message.get("code")), str(message.get("message")))
                sent_at = None
                continue
            if kind != "state":
                continue
            if first:
                first = False
                load.first_state(index)
            version = int(message["version"])
            if version > seen:
                tally.count_actions(version - seen, now)
            seen = max(seen, version)
            if sent_at is not None and version > sent_version:
                if tally.in_window(now):
                    tally.client_actions += 1
                    tally.latencies.append(now - sent_at)
                sent_at = None
            if message["table"]["status"] == "finished":
                tally.games += 1
                return
            if message["legal"] and sent_at is None and not load.stopping:
                action = rng.choice(message["legal"])["text"]
                if load.table_rate:
                    late = time.perf_counter() - (t0 + version / load.table_rate)
                    if late > MAX_BACKLOG_S:
                        t0 += late - MAX_BACKLOG_S  # catch up at most this much at once
                    elif late < 0:
                        await asyncio.sleep(-late)
                sent_version = version
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action, "version": version}))


async def scripted_client(load: Load, index: int) -> None:
    """One person at one table at a time, for as long as the run lasts."""
    rng = random.Random(load.seed * 1_000_003 + index)
    while not load.stopping:
        try:
            await play_one_table(load, index, rng)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # counted and retried: one failure must not end the load
            load.tally.error(type(exc).__name__, str(exc))
            await asyncio.sleep(0.2)


async def drive(load: Load, seconds: float, warmup: float,
                server_pid: int | None = None) -> dict[str, Any]:
    """Run the clients: set up, warm up, measure into ``load.tally``; the setup time and
    the CPU cores each side used during the window."""
    tally = load.tally
    began = time.perf_counter()
    tasks = [asyncio.create_task(scripted_client(load, i)) for i in range(load.clients)]
    try:
        try:
            await asyncio.wait_for(load.started.wait(), SETUP_TIMEOUT_S)
        except TimeoutError:
            raise BenchFailed(f"only {len(load.playing)} of {load.clients} tables started in "
                              f"{SETUP_TIMEOUT_S:g} s; errors: {tally.error_samples}") from None
        setup = time.perf_counter() - began
        await asyncio.sleep(warmup)
        cpu_before = cpu_times(server_pid)
        tally.start = time.perf_counter()
        tally.end = tally.start + seconds
        await asyncio.sleep(seconds)
        cpu_after = cpu_times(server_pid)
    finally:
        load.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    # Processes that ended inside the window take their time with them: never below 0.
    cpu = {k: round(max(0.0, cpu_after[k] - cpu_before[k]) / seconds, 3) for k in cpu_before}
    return {"setup_s": round(setup, 3), "cpu_cores": cpu}


# ----- CPU accounting (Linux /proc) -------------------------------------------------------


def _proc_tree() -> dict[int, tuple[int, float]]:
    """Every process: ``pid -> (parent pid, CPU seconds used)``; empty without ``/proc``."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    result: dict[int, tuple[int, float]] = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                text = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = text[text.rindex(")") + 2:].split()
            result[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    return result


def _children(tree: dict[int, tuple[int, float]]) -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in tree.items():
        children.setdefault(parent, []).append(pid)
    return children


def descendants(pid: int) -> dict[int, bytes]:
    """The processes below ``pid`` (bot workers, the fork server), with their command
    lines, so that any left behind after it exits can be recognised and stopped."""
    tree = _proc_tree()
    children = _children(tree)
    found: dict[int, bytes] = {}
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        with contextlib.suppress(OSError):
            found[child] = Path(f"/proc/{child}/cmdline").read_bytes()
        todo.extend(children.get(child, []))
    return found


def cpu_times(server_pid: int | None) -> dict[str, float]:
    """CPU seconds so far: the server process, its descendants (bot workers), this process,
    and PostgreSQL's processes (zero when it does not run here).

    Only live processes count, which is right here: the pool's workers live for the run.
    """
    here = time.process_time()
    tree = _proc_tree()
    if server_pid is None or server_pid not in tree:
        return {"client": here}
    children = _children(tree)
    below = 0.0
    todo = list(children.get(server_pid, []))
    while todo:
        pid = todo.pop()
        below += tree[pid][1]
        todo.extend(children.get(pid, []))
    postgres = sum(cpu for pid, (_, cpu) in tree.items() if _is_postgres(pid))
    return {"server": tree[server_pid][1], "bot_workers": below, "client": here,
            "postgres": postgres}


def _is_postgres(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip() in ("postgres", "postmaster")
    except OSError:
        return False

"""``gangland bench server``: the web table under load, measured from outside.

Why from outside: the figures must include everything a browser waits for (uvicorn,
WebSocket framing and compression, FastAPI, the hub, the database commit, the bot pool),
so the server runs as ``gangland serve`` does, in its own process, on a free loopback port,
with a fresh database: an SQLite file in a temporary folder, or a new PostgreSQL database
(``gangland_bench_<random>``, dropped afterwards). Every table's bots get no think time,
so the server is the only brake. The load itself is :mod:`gangland.sim.bench_load`.

What is reported per backend, over a measuring window that starts once every client has
its first table, after a warm-up (bot workers started, caches filled):

- ``actions_per_s``: every action stored, the clients' and the bots', counted from the
  ``version`` numbers the clients receive (a version is the number of actions played);
- ``client_actions_per_s``: the scripted clients' own actions;
- ``latency_ms``: p50 / p99 / max from a client's send to the next view it receives;
- ``errors``: refusals and failures over the whole run (warm-up included), by kind;
- ``cpu_cores``: where the machine's cores went (the server, its bot workers, this
  client, PostgreSQL), from ``/proc`` on Linux, to tell a slow server from a starved one;
  ``server_cpu_ms_per_action``: the server's CPU time per action, steadier than a rate on
  a shared machine (one interpreter lock: the rate cannot pass about 1000 / that);
- ``load_average_before`` and ``server_stop`` (how the server ended, and whether any of
  its bot pool's processes outlived it): what a reader needs to trust the rest.

Speed is measured, never asserted: the aim (``AIM_*``) is only compared against.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from .bench import machine
from .bench_load import BenchFailed, Load, descendants, drive

#: The issue's aim on a 2-core machine: 500 actions/s at 100 tables, p99 under 50 ms.
AIM_ACTIONS_PER_S = 500.0
AIM_P99_MS = 50.0
BACKENDS = ("sqlite", "postgresql")
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
HOST = "127.0.0.1"
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 15.0
LEFTOVER_GRACE_S = 5.0


class Skipped(Exception):
    """A backend that cannot be measured here (no PostgreSQL): reported, not an error."""


# ----- the server and its database --------------------------------------------------------


def free_port() -> int:
    """A loopback port nobody listens on now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def _tail(path: Path, lines: int = 15) -> str:
    with contextlib.suppress(OSError):
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    return ""


@contextlib.contextmanager
def running_server(db: str, bot_pool: str, log_path: Path,
                   stop: dict[str, Any] | None = None) -> Iterator[tuple[str, int]]:
    """``gangland serve`` on a free loopback port with no think time; ``(base url, pid)``.

    It is the real command (``gangland.cli.main``) in a new interpreter, so what is
    measured is what a person starts. How it stopped goes into ``stop``: seconds from
    SIGTERM to exit, exit code, whether it had to be killed, and how many of its bot
    pool's processes outlived it (those are stopped: a benchmark leaves nothing behind).
    """
    port = free_port()
    command = [sys.executable, "-c", "from gangland.cli import main; main()", "serve",
               "--host", HOST, "--port", str(port), "--db", db, "--think-ms", "0",
               "--min-think-ms", "0", "--bot-pool", bot_pool,
               # every client here is this process, on one address: no address limits
               "--create-burst", "1000000", "--connect-burst", "1000000"]
    base = f"http://{HOST}:{port}"
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    try:
        _wait_ready(process, base, log_path)
        yield base, process.pid
    finally:
        below = descendants(process.pid)
        began = time.monotonic()
        # On SIGTERM uvicorn runs the lifespan shutdown (the hub stops), then raises the
        # signal again: exit code -15 is the normal end, not a crash.
        process.terminate()
        killed = False
        try:
            process.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            killed = True
            process.kill()
            process.wait()
        if stop is not None:
            stop.update(seconds=round(time.monotonic() - began, 2),
                        exit_code=process.returncode, killed=killed)
        outlived = _stop_leftovers(below)
        if stop is not None:
            stop["outliving_processes"] = len(outlived)


def _stop_leftovers(processes: dict[int, bytes]) -> list[int]:
    """Stop the server's former children still running ``LEFTOVER_GRACE_S`` after it
    exited (the same pid *and* command line, so a recycled pid is never touched); the
    ids of those found. Bot workers notice their parent is gone by themselves, a little
    later: only those that do not are a leak."""
    def alive() -> list[int]:
        return [pid for pid, cmdline in processes.items() if _cmdline(pid) == cmdline]

    deadline = time.monotonic() + LEFTOVER_GRACE_S
    while (left := alive()) and time.monotonic() < deadline:
        time.sleep(0.1)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in alive():
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
        time.sleep(0.3)
    return left


def _cmdline(pid: int) -> bytes | None:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None


def _wait_ready(process: subprocess.Popen[bytes], base: str, log_path: Path) -> None:
    """Until the server answers ``GET /api/games`` (or dies, or takes a minute)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise BenchFailed(f"the server exited with status {process.returncode}:\n"
                              f"{_tail(log_path)}")
        try:
            with opener.open(f"{base}/api/games", timeout=5) as response:
                if response.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.1)
    raise BenchFailed(f"the server did not answer in {START_TIMEOUT_S:g} s:\n{_tail(log_path)}")


@contextlib.contextmanager
def database(backend: str, folder: Path, pg_admin: str = PG_ADMIN) -> Iterator[tuple[str, str]]:
    """A fresh database: ``(what to pass to serve --db, a description)``; dropped after."""
    if backend == "sqlite":
        yield str(folder / "tables.db"), "SQLite file in a temporary folder"
        return
    import psycopg

    name = f"gangland_bench_{secrets.token_hex(4)}"
    try:
        with psycopg.connect(pg_admin, autocommit=True, connect_timeout=5) as conn:
            row = conn.execute("SHOW server_version").fetchone()
            conn.execute(f"CREATE DATABASE {name}")
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise Skipped(f"PostgreSQL at {pg_admin.split('@')[-1]} is not usable: {reason}") from None
    try:
        version = row[0] if row else "?"
        yield f"{pg_admin.rsplit('/', 1)[0]}/{name}", f"PostgreSQL {version}"
    finally:
        with psycopg.connect(pg_admin, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


# ----- one backend, all backends ----------------------------------------------------------


def _load_average() -> float | None:
    """The 1-minute load average (None where the OS has none)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank percentile (a value that occurred); NaN for no values.

    >>> percentile([5, 1, 3, 2, 4], 50), percentile([5, 1, 3, 2, 4], 99)
    (3, 5)
    """
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def _ms(seconds: float) -> float | None:
    return None if math.isnan(seconds) else round(seconds * 1000, 3)


def bench_backend(backend: str, tables: int = 100, seconds: float = 20.0,
                  game: str = "gangster-city", players: int = 2, bot: str = "random",
                  bot_pool: str = "process", rate: float | None = None, seed: int = 0,
                  warmup: float | None = None, compression: bool = True,
                  pg_admin: str = PG_ADMIN) -> dict[str, Any]:
    """One backend's report; ``status`` is ``ok``, ``skipped`` (with a reason) or ``failed``.

    ``rate``: the actions per second (all tables together) the clients hold to; None for
    as fast as the server goes. ``compression``: the clients ask for permessage-deflate,
    as browsers do (off only to measure what it costs).
    """
    warm = min(3.0, seconds / 4) if warmup is None else warmup
    report: dict[str, Any] = {
        "backend": backend, "tables": tables, "game": game, "players": players, "bot": bot,
        "bot_pool": bot_pool, "think_ms": 0, "rate": rate, "compression": compression,
        "warmup_s": warm, "seconds": seconds,
    }
    load = Load("", game, players, bot, seed, tables, rate / tables if rate else None,
                compression)
    stop: dict[str, Any] = {}
    # Other work on the machine skews every figure: say how busy it was when we began.
    report["load_average_before"] = _load_average()
    try:
        with tempfile.TemporaryDirectory(prefix="gangland-bench-") as tmp, \
                database(backend, Path(tmp), pg_admin) as (db, described), \
                running_server(db, bot_pool, Path(tmp) / "server.log", stop) \
                as (base, pid):
            report["database"] = described
            load.base = base
            extra = asyncio.run(drive(load, seconds, warm, pid))
    except Skipped as exc:
        return {**report, "status": "skipped", "reason": str(exc)}
    except BenchFailed as exc:
        return {**report, "status": "failed", "reason": str(exc), "server_stop": stop}
    tally = load.tally
    server_cpu = extra["cpu_cores"].get("server")
    return {
        **report, **extra, "status": "ok",
        # CPU per action is steadier than actions/s on a shared machine, and with one
        # interpreter lock it bounds the rate: about 1000 / (ms per action) actions/s.
        "server_cpu_ms_per_action": (round(server_cpu * seconds / tally.actions * 1000, 3)
                                     if server_cpu is not None and tally.actions else None),
        "server_stop": stop,
        "actions": tally.actions,
        "actions_per_second_of_window": tally.timeline,
        "actions_per_s": round(tally.actions / seconds, 1),
        "client_actions": tally.client_actions,
        "client_actions_per_s": round(tally.client_actions / seconds, 1),
        "latency_ms": {
            "p50": _ms(percentile(tally.latencies, 50)),
            "p99": _ms(percentile(tally.latencies, 99)),
            "max": _ms(max(tally.latencies, default=math.nan)),
            "samples": len(tally.latencies),
        },
        "games_finished": tally.games,
        "tables_created": tally.tables,
        "errors": sum(tally.errors.values()),
        "errors_by_kind": dict(tally.errors),
        "error_samples": tally.error_samples,
    }


def bench_server(backends: Sequence[str] = BACKENDS, **options: Any) -> dict[str, Any]:
    """Every backend's report (see :func:`bench_backend` for ``options``), with the machine
    and the aim they are read against."""
    results = [bench_backend(b, **options) for b in backends]
    return {
        "machine": machine(),
        "aim": {"actions_per_s": AIM_ACTIONS_PER_S, "p99_ms": AIM_P99_MS},
        "results": results,
    }


def meets_aim(result: dict[str, Any]) -> bool:
    """500 actions/s with p99 under 50 ms (the issue's aim); False for a run with no figures."""
    p99 = result.get("latency_ms", {}).get("p99")
    return (result.get("status") == "ok" and p99 is not None
            and result["actions_per_s"] >= AIM_ACTIONS_PER_S and p99 < AIM_P99_MS)


def _latency(ms: float | None) -> str:
    """``7.7``, ``373``, ``1,351``: a tenth of a millisecond only where it matters."""
    if ms is None:
        return "-"
    return f"{ms:.1f}" if ms < 100 else f"{ms:,.0f}"


def print_report(console: Console, report: dict[str, Any]) -> None:
    """The figures as one table, a row per backend, like the engine bench's output."""
    info = report["machine"]
    first = report["results"][0]
    pace = f"held to {first['rate']:g} actions/s" if first["rate"] else "as fast as it goes"
    table = Table(title=f"gangland bench server: {info['processor']}, {info['cpus']} CPUs, "
                        f"{info['python']}; {first['tables']} tables of {first['game']} "
                        f"({first['players']} players, {first['bot']} bots, "
                        f"{first['bot_pool']} pool), {pace}, {first['seconds']:g} s after "
                        f"{first['warmup_s']:g} s warm-up")
    table.box = box.SIMPLE_HEAVY  # no vertical rules: the row fits 80 columns
    table.show_edge = False
    table.pad_edge = False
    for column in ("backend", "actions/s", "client/s", "p50 ms", "p99", "max", "errors",
                   "aim"):
        table.add_column(column, justify="left" if column == "backend" else "right",
                         no_wrap=True)
    notes = []
    for r in report["results"]:
        if r["status"] != "ok":
            table.add_row(r["backend"], *["-"] * 6, r["status"])
            notes.append(f"{r['backend']} {r['status']}: {r['reason']}")
            continue
        lat = r["latency_ms"]
        cpu = ", ".join(f"{k} {v:.2f}" for k, v in r["cpu_cores"].items())
        table.add_row(r["backend"], f"{r['actions_per_s']:,.0f}",
                      f"{r['client_actions_per_s']:,.0f}",
                      *(_latency(lat[k]) for k in ("p50", "p99", "max")), str(r["errors"]),
                      "met" if meets_aim(r) else "no")
        notes.append(f"{r['backend']} ({r['database']}): {r['games_finished']} games "
                     f"finished; server CPU "
                     f"{r['server_cpu_ms_per_action']} ms per action; CPU cores used: {cpu}; "
                     f"load average before the run {r['load_average_before']}")
        stopped = r["server_stop"]
        if stopped.get("killed"):
            notes.append(f"{r['backend']}: the server ignored SIGTERM for "
                         f"{STOP_TIMEOUT_S:g} s and was killed")
        if stopped.get("outliving_processes"):
            notes.append(f"{r['backend']}: {stopped['outliving_processes']} process(es) of "
                         f"the server's bot pool were still running {LEFTOVER_GRACE_S:g} s "
                         "after it exited (the benchmark stopped them)")
        notes.extend(f"{r['backend']} error {s}" for s in r["error_samples"])
    console.print(table)
    console.print(f"  aim: {report['aim']['actions_per_s']:g} actions/s (clients' and bots') "
                  f"with p99 under {report['aim']['p99_ms']:g} ms, from a client's send to "
                  "the view after its move", markup=False, highlight=False)
    if not first["rate"]:
        console.print("  as fast as it goes, the server is saturated and a client's wait is "
                      "the queue's length (tables / rate); --rate R measures latency at R "
                      "actions/s", markup=False, highlight=False)
    for note in notes:
        console.print(f"  {note}", markup=False, highlight=False)

"""``gangland bench server`` runs a real server and reports every figure, tiny here.

Speed is measured, never asserted: these tests check the report's shape, that actions were
counted and that latencies are positive, on SQLite (PostgreSQL is optional here).
"""

from __future__ import annotations

import json
import math

import pytest

from gangland.sim.bench_server import (
    AIM_ACTIONS_PER_S,
    bench_backend,
    database,
    meets_aim,
    percentile,
)


def check_ok(result: dict) -> None:
    assert result["status"] == "ok", result.get("reason")
    assert result["actions"] > 0
    assert result["actions_per_s"] > 0
    assert 0 < result["client_actions"] <= result["actions"]
    lat = result["latency_ms"]
    assert lat["samples"] == result["client_actions"]
    assert 0 < lat["p50"] <= lat["p99"] <= lat["max"]
    assert sum(result["actions_per_second_of_window"]) == result["actions"]
    assert result["errors"] == 0, result["error_samples"]
    assert result["tables_created"] >= result["tables"]
    assert result["cpu_cores"]["client"] >= 0


def test_bench_backend_sqlite_tiny():
    result = bench_backend("sqlite", tables=3, seconds=1.0, warmup=0.2, bot_pool="thread")
    check_ok(result)
    assert result["backend"] == "sqlite" and result["tables"] == 3
    assert isinstance(meets_aim(result), bool)


def test_bench_command_json(invoke):
    # Bots in threads: a worker process can take a second to start on a busy machine.
    result = invoke("bench", "server", "--tables", "2", "--seconds", "1", "--db", "sqlite",
                    "--rate", "40", "--bot-pool", "thread", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["machine"]["cpus"]
    assert report["aim"]["actions_per_s"] == AIM_ACTIONS_PER_S
    (only,) = report["results"]
    check_ok(only)
    assert only["rate"] == 40 and only["bot_pool"] == "thread" and only["game"] == "gangster-city"
    assert only["server_stop"]["killed"] is False


def test_server_only_options_are_refused_for_the_engine_bench(invoke):
    result = invoke("bench", "gangster-city", "--tables", "3")
    assert result.exit_code != 0
    assert "only for 'gangland bench server'" in result.output


def test_unreachable_postgresql_is_skipped(tmp_path):
    from gangland.sim.bench_server import Skipped

    with pytest.raises(Skipped, match="not usable"), \
            database("postgresql", tmp_path, "postgresql://postgres@127.0.0.1:1/postgres"):
        pass  # pragma: no cover


def test_percentile_is_nearest_rank():
    assert percentile([0.004, 0.001, 0.003, 0.002], 50) == 0.002
    assert percentile([0.004, 0.001, 0.003, 0.002], 99) == 0.004
    assert math.isnan(percentile([], 50))


def test_print_report_shows_figures_and_skips():
    import io

    from rich.console import Console

    from gangland.sim.bench import machine
    from gangland.sim.bench_server import print_report

    ok = {"backend": "sqlite", "status": "ok", "tables": 100, "game": "gangster-city",
          "players": 2, "bot": "random", "bot_pool": "process", "rate": None, "seconds": 20,
          "warmup_s": 3, "actions_per_s": 512.3, "client_actions_per_s": 256.1,
          "latency_ms": {"p50": 12.5, "p99": 40.0, "max": 80.0, "samples": 5000},
          "games_finished": 7, "errors": 0, "error_samples": [], "database": "SQLite file",
          "cpu_cores": {"server": 0.9}, "server_cpu_ms_per_action": 1.8,
          "load_average_before": 0.5, "server_stop": {"killed": False}}
    skipped = {**ok, "backend": "postgresql", "status": "skipped", "reason": "no server"}
    out = io.StringIO()
    print_report(Console(file=out, width=200), {"machine": machine(), "aim": {
        "actions_per_s": AIM_ACTIONS_PER_S, "p99_ms": 50.0}, "results": [ok, skipped]})
    text = out.getvalue()
    assert "512" in text and "40.0" in text and "met" in text
    assert "postgresql skipped: no server" in text
    assert meets_aim(ok) and not meets_aim(skipped)

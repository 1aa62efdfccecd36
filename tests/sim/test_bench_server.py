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
    result = invoke("bench", "server", "--tables", "2", "--seconds", "1", "--db", "sqlite",
                    "--rate", "40", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["machine"]["cpus"]
    assert report["aim"]["actions_per_s"] == AIM_ACTIONS_PER_S
    (only,) = report["results"]
    check_ok(only)
    assert only["rate"] == 40 and only["bot_pool"] == "process" and only["game"] == "gangster-city"


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

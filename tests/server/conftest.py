"""Fixtures for the web table: apps on a fresh SQLite file or a fresh PostgreSQL database."""

from __future__ import annotations

import json
import secrets
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gangland.server.app import create_app
from gangland.server.config import Settings

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


def _pg_available() -> bool:
    """PostgreSQL exists here (the test command starts it when it is installed)."""
    if shutil.which("pg_isready") is None:
        return False
    return subprocess.run(["pg_isready", "-q", "-h", "127.0.0.1"], check=False).returncode == 0


@pytest.fixture(scope="session")
def pg_server() -> str:
    if not _pg_available():
        pytest.skip("no PostgreSQL on this machine")
    return PG_ADMIN


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped afterwards."""
    import psycopg

    name = f"gangland_test_{secrets.token_hex(4)}"
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(pg_server, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


def settings(url: str, **kw: Any) -> Settings:
    """Test settings: bots in threads and without think time, unless asked otherwise."""
    return Settings(db_url=url, **{"bot_pool": "thread", "think_ms": 0, **kw})


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """Each storage test runs on both backends."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings(sqlite_url))) as c:
        yield c


def hello(ws: Any, token: str | None = None, **extra: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Say hello; the welcome and the first state (chat lines skipped)."""
    ws.send_text(json.dumps({"type": "hello", **({"token": token} if token else {}), **extra}))
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return welcome, message


def next_state(ws: Any) -> dict[str, Any]:
    """The next ``state`` message (chat lines skipped; errors fail the test)."""
    while True:
        message = ws.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message

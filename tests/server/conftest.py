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
    """Test settings: bots in threads and without think time, and no address limits
    (every test client has one address), unless asked otherwise."""
    return Settings(db_url=url, **{"bot_pool": "thread", "think_ms": 0, "min_think_ms": 0,
                                   **UNLIMITED, **kw})


#: Address limits too high to meet: the tests' clients all come from one address.
UNLIMITED = {"create_burst": 10**6, "connect_burst": 10**6}


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


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``gangland serve`` in a subprocess: for restarts, kills and several processes."""

    def __init__(self, db_url: str, *args: str) -> None:
        import sys
        import time

        import httpx

        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gangland", "serve", "--port", str(self.port),
             "--db", db_url, "--think-ms", "0", "--min-think-ms", "0", *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(self.proc.stderr.read().decode() if self.proc.stderr else "")
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not start")

    def http(self) -> Any:
        import httpx

        return httpx.Client(base_url=self.base, timeout=10)

    def ws(self, table_id: str) -> Any:
        from websockets.sync.client import connect

        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()

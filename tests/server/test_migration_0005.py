"""Migration 0005: watch keys, stored clocks and replay checkpoints, on an old database."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi.testclient import TestClient

from gangland.server.app import create_app
from gangland.server.live import token_hash
from gangland.server.migrate import upgrade

from .conftest import settings


def test_an_old_database_keeps_its_tables_and_invite_only_ones_stay_shut(db_url):
    """Tables made before 0005 have no watch key, no stored clock and no checkpoints:
    they load as before; an invite-only one is seen by its seats only."""
    engine = sa.create_engine(db_url)
    upgrade(engine, "0004")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO gl_tables (id, game, players, seed, options, status, version, "
            "think_ms, invite_only, created, updated) VALUES ('old1', 'gangster-city', 2, "
            "'7', '{}', 'running', 0, 0, true, '2026-01-01', '2026-01-01')"))
        for seat in (0, 1):
            conn.execute(sa.text(
                "INSERT INTO gl_seats (table_id, seat, kind, token_hash, claimed, away, "
                "auto_pass) VALUES ('old1', :s, 'human', :h, true, false, true)"),
                {"s": seat, "h": token_hash(f"token-{seat}")})
    engine.dispose()
    with TestClient(create_app(settings(db_url))) as client:
        with client.app.state.hub.store.engine.connect() as conn:
            version = conn.execute(sa.text("SELECT version_num FROM alembic_version"))
            assert version.scalar() >= "0005"  # (then on to the newest)
            row = conn.execute(sa.text(
                "SELECT watch_hash, clock_version, clock_deadline, timed_key, timed_until "
                "FROM gl_tables WHERE id = 'old1'")).one()
            assert tuple(row) == (None,) * 5
            assert conn.execute(sa.text("SELECT count(*) FROM gl_checkpoints")).scalar() == 0
        assert client.get("/api/tables/old1").status_code == 404
        assert "old1" not in [t["id"] for t in client.get("/api/tables").json()]
        seen = client.get("/api/tables/old1", headers={"X-Gangland-Key": "token-1"})
        assert seen.status_code == 200 and seen.json()["status"] == "running"
        listed = client.get("/api/tables", headers={"X-Gangland-Keys": "token-0"}).json()
        assert [t["id"] for t in listed] == ["old1"]


def test_migration_0005_goes_back_to_0004(db_url):
    engine = sa.create_engine(db_url)
    upgrade(engine)
    from alembic import command

    from gangland.server.migrate import alembic_config

    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0004")
    with engine.connect() as conn:
        names = set(sa.inspect(conn).get_table_names())
        columns = {c["name"] for c in sa.inspect(conn).get_columns("gl_tables")}
    assert "gl_checkpoints" not in names and "watch_hash" not in columns
    engine.dispose()

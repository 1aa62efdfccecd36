"""Bring a database to the newest schema with Alembic, from inside the package.

The server calls :func:`upgrade` at start, so a fresh SQLite file or an empty PostgreSQL
database is ready with no separate step, and an older one is migrated in place.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config() -> Config:
    """A configuration pointing at the packaged migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate ``engine``'s database to ``revision`` (several processes may race: the
    PostgreSQL advisory lock makes them take turns)."""
    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(718281828)")
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

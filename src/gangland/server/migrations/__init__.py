"""Alembic migrations for the web table's database (applied when the server starts)."""

"""The command-line fixtures, shared with tests/cli."""

from __future__ import annotations

from tests.cli.conftest import invoke

__all__ = ["invoke"]

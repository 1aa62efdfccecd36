"""Running the ``gangland`` command as a new user would, inside a scratch directory."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gangland.cli import cli

Invoke = Callable[..., Result]


@pytest.fixture
def invoke(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """``invoke("play", "gangster-city", input=...)`` in a fresh working directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")
    runner = CliRunner()

    def run(*args: str, input: str | Sequence[str] | None = None) -> Result:
        if input is not None and not isinstance(input, str):
            input = "".join(line + "\n" for line in input)
        return runner.invoke(cli, list(args), input=input, catch_exceptions=False)

    return run


def read_record(path: Path | str) -> dict:
    """A saved record file."""
    return json.loads(Path(path).read_text())


def one_error_line(result: Result) -> str:
    """Assert the command failed with exactly one line on stderr and no traceback."""
    assert result.exit_code != 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    return lines[0]

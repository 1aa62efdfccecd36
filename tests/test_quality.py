"""The code standards, enforced by the test command like any other promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 650  # "about 600": a module past this should be split by concern


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_ruff_is_clean():
    result = run("ruff", "check", "src", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_module_is_too_long():
    long = {
        str(p.relative_to(ROOT)): n
        for p in (ROOT / "src").rglob("*.py")
        if (n := len(p.read_text().splitlines())) > MAX_LINES
    }
    assert not long, f"split these modules: {long}"


def test_the_package_is_typed():
    assert (ROOT / "src" / "gangland" / "py.typed").exists()

"""The code standards, enforced by the test command like any other promise."""

from __future__ import annotations

import ast
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


def _gangland_imports(path: Path) -> set[str]:
    """Every ``gangland`` module ``path`` imports, at the top or inside a function,
    relative imports resolved."""
    package = path.relative_to(ROOT / "src").with_suffix("").parts[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                names.add(f"{base}.{node.module}" if node.module else base)
            else:
                names.add(node.module or "")
    return {n for n in names if n == "gangland" or n.startswith("gangland.")}


def test_games_import_only_the_engine():
    """Dependencies point inward: a game imports the engine and itself, never bots,
    sim, server or another game (shared/design/ARCHITECTURE.md). The bare package
    ``gangland`` is allowed: it re-exports the engine and nothing else."""
    games = ROOT / "src" / "gangland" / "games"
    wrong = {}
    for path in sorted(games.rglob("*.py")):
        rel = path.relative_to(games).parts
        own = f"gangland.games.{rel[0]}" if len(rel) > 1 else "gangland.games"
        bad = sorted(
            n for n in _gangland_imports(path)
            if not (n in ("gangland", "gangland.engine") or n.startswith("gangland.engine.")
                    or n == own or n.startswith(own + "."))
        )
        if bad:
            wrong[str(path.relative_to(ROOT))] = bad
    assert not wrong, f"games import only gangland.engine: {wrong}"

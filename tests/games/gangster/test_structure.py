"""The package's imports point one way: the helpers never reach back to the rules.

Imports under ``if TYPE_CHECKING:`` count too: a cycle hidden from the interpreter is
still one for a reader, and for the next person who needs the import at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import gangland.games.gangster as package

HERE = Path(package.__file__).parent
PREFIX = "gangland.games.gangster."


def _imports(path: Path) -> set[str]:
    """The package's own modules that ``path`` imports, anywhere in the file."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                found.add((node.module or "").split(".")[0])
            elif node.module and node.module.startswith(PREFIX):
                found.add(node.module[len(PREFIX):].split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(a.name[len(PREFIX):].split(".")[0] for a in node.names
                         if a.name.startswith(PREFIX))
    return found


GRAPH = {p.stem: _imports(p) for p in HERE.glob("*.py") if p.stem != "__init__"}


def test_no_helper_imports_the_rules():
    assert {m for m, deps in GRAPH.items() if "rules" in deps} == set()


def test_the_modules_import_each_other_without_a_cycle():
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for dep in GRAPH.get(module, ()):
            visit(dep, (*path, module))
        done.add(module)

    for module in sorted(GRAPH):
        visit(module, ())

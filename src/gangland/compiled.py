"""The optional compiled build: which modules mypyc compiles, and which run compiled here.

Gangland is pure Python, and pure Python is the reference: the README's commands install
and test it without a compiler. ``scripts/build_compiled.py`` builds a copy of the package
with the modules below compiled by mypyc (the project's own type checker compiles typed
Python to C extensions), for researchers and servers who want a faster search; put the
copy first on ``PYTHONPATH`` to use it (docs/speed.md). ``tests/test_compiled.py`` builds
it and plays every golden trace on it: each move, view, legal list, event, bot decision
and visit count must be the pure code's.

The modules are the hot ones: the search, the games' own bots, and the views, maps and
helpers their playouts read at every step; and the engine's ``State`` with every game's
whole state, so that the rules run compiled too. mypyc compiles a class only with its
bases and refuses a class with two, so each game's state is one chain of classes (no
mixins); ``State`` is compiled to allow interpreted subclasses, so a game that is not
listed here still runs, pure, on top of it.

>>> "gangland.bots.ismcts" in MODULES
True
"""

from __future__ import annotations

import importlib

__all__ = ["MODULES", "running"]

#: What ``scripts/build_compiled.py`` compiles, by module name.
MODULES: tuple[str, ...] = (
    "gangland.engine.state",
    "gangland.engine.rng",
    "gangland.games.chicago_gangster.cards",
    "gangland.games.chicago_gangster.table",
    "gangland.games.chicago_gangster.effects",
    "gangland.games.chicago_gangster.rules",
    "gangland.games.chicago_gangster.decisions",
    "gangland.games.chicago_gangster.moves",
    "gangland.games.gangster.components",
    "gangland.games.gangster.board",
    "gangland.games.gangster.table",
    "gangland.games.gangster.rules",
    "gangland.games.gangster.setup",
    "gangland.games.gangster.moves",
    "gangland.games.gangster.decisions",
    "gangland.games.gangster_city.cards",
    "gangland.games.gangster_city.rules",
    "gangland.games.gangster_city.moves",
    "gangland.games.gangster_city.snapshot",
    "gangland.games.gangster_city.decisions",
    "gangland.games.gangster_1994.components",
    "gangland.games.gangster_1994.table",
    "gangland.games.gangster_1994.market",
    "gangland.games.gangster_1994.spaces",
    "gangland.games.gangster_1994.rules",
    "gangland.games.gangster_1994.decisions",
    "gangland.games.gangster_1994.moves",
    "gangland.games.gangsters.table",
    "gangland.games.gangsters.crime",
    "gangland.games.gangsters.shootout",
    "gangland.games.gangsters.economy",
    "gangland.games.gangsters.police",
    "gangland.games.gangsters.moving",
    "gangland.games.gangsters.setup",
    "gangland.games.gangsters.rules",
    "gangland.games.gangsters.moves",
    "gangland.games.gangsters.decisions",
    "gangland.bots.ismcts",
    "gangland.bots.evaluations",
    "gangland.bots.chicago_gangster",
    "gangland.bots.chicago_gangster_eval",
    "gangland.bots.gangster",
    "gangland.bots.gangster_eval",
    "gangland.bots.gangster_1994",
    "gangland.bots.gangster_city",
    "gangland.bots.gangster_city_hunch",
    "gangland.bots.gangsters",
    "gangland.bots.gangsters_board",
    "gangland.bots.gangsters_police",
    "gangland.games.chicago_gangster.view",
    "gangland.games.gangsters.view",
    "gangland.games.gangsters.paths",
    "gangland.games.gangsters.acts",
    "gangland.games.gangster.view",
    "gangland.games.gangster.equipment",
    "gangland.games.gangster.reckoning",
    "gangland.games.gangster.tiles",
    "gangland.games.gangster_1994.view",
    "gangland.games.gangster_1994.count",
    "gangland.games.gangster_1994.recruits",
    "gangland.games.gangster_city.knowledge",
)


def running() -> list[str]:
    """The modules of :data:`MODULES` that this process loads compiled (it imports them):
    empty in a pure install, all of them in a compiled build's copy.

    ``gangland bench`` reports it beside its figures, which mean little without it.
    """
    return [name for name in MODULES
            if not str(importlib.import_module(name).__file__).endswith(".py")]

"""The optional compiled build (``scripts/build_compiled.py``) plays as the pure code.

The guard rail of the speed issue: the fast path and the reference path give identical
states, views, legal actions, events, bot decisions and visit counts. Here the fast path
is the mypyc-compiled copy of the package, and every golden trace of every game (the
same seeded games the pure code is held to) is played on it in a fresh interpreter.

The build needs a C compiler and Python's headers; where they are missing (never in CI,
whose machine has both) the build is skipped, as the README promises a pure install that
needs neither.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from gangland.compiled import MODULES, running
from gangland.engine import KeyedRng, Rng, rng

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "build_compiled.py"

_HEADERS = Path(sysconfig.get_paths()["include"]) / "Python.h"
needs_compiler = pytest.mark.skipif(
    not (shutil.which("cc") or shutil.which("gcc")) or not _HEADERS.exists(),
    reason="no C compiler or Python headers: the compiled build is optional")


#: The build's limit: about 4 minutes on a quiet 2-core machine, over 10 on one shared with
#: two strength-match workers (a 600-second limit failed so, with 60 modules to compile).
BUILD_SECONDS = 1500
#: The limit of a test that builds (the build is its module fixture, timed with the first
#: test that asks for it); the suite's own limit per test is 900 seconds.
builds = pytest.mark.timeout(BUILD_SECONDS + 300)


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("compiled")
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(out)],
                          capture_output=True, text=True, timeout=BUILD_SECONDS)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def _in(build: Path, code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter with the compiled copy first on the path."""
    env = {**os.environ, "PYTHONPATH": str(build), "PYTHONHASHSEED": "0"}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)


def test_a_pure_install_runs_nothing_compiled() -> None:
    # A compiled module left beside its source in src/ would run old code after an edit:
    # the build never writes there, and this says so of the tree under test.
    assert running() == []
    assert not list((ROOT / "src").rglob("*.so"))


@needs_compiler
@builds
def test_the_build_loads_every_module_compiled_and_records_its_sources(build: Path) -> None:
    done = _in(build, "import json; from gangland.compiled import running; "
                      "import gangland; print(json.dumps([running(), gangland.__file__]))")
    assert done.returncode == 0, done.stderr
    names, package = json.loads(done.stdout)
    assert names == list(MODULES)
    assert Path(package).is_relative_to(build)
    info = json.loads((build / "BUILD.json").read_text())
    assert list(info["modules"]) == list(MODULES)
    assert not (build / "build").exists()  # mypyc's C sources are cleaned away


@needs_compiler
@builds
def test_the_compiled_build_plays_every_golden_trace(build: Path) -> None:
    code = ("import sys, pytest; from gangland.compiled import running, MODULES; "
            "assert running() == list(MODULES); "
            "sys.exit(pytest.main(['-o', 'addopts=', '-q', '-p', 'no:cacheprovider', "
            "'tests/engine/test_golden_traces.py', '-k', 'plays_as_its_golden_traces']))")
    done = _in(build, code)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert "5 passed" in done.stdout  # one per game


@needs_compiler
@builds
def test_the_compiled_generator_draws_what_the_pure_one_does(build: Path) -> None:
    """The build's generator works on machine words (``rng.NATIVE``), a second statement
    of SplitMix64: the generators' own tests (pinned words, refusals near ``2**64``,
    copies, pickles, the keyed kind, a test's scripted dice) run on it, and a pickle
    crosses between the two builds."""
    code = ("import sys, pickle, pytest; from gangland.engine import rng, Rng, KeyedRng; "
            "assert rng.NATIVE; r, k = Rng(2**64 - 3), KeyedRng(2**130); r.next64(); "
            "print(pickle.dumps([r, k]).hex()); "
            "sys.exit(pytest.main(['-o', 'addopts=', '-q', '-p', 'no:cacheprovider', "
            "'tests/engine/test_rng.py', 'tests/engine/test_engine_speed.py']))")
    done = _in(build, code)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    r, k = pickle.loads(bytes.fromhex(done.stdout.splitlines()[0]))
    want = Rng(2**64 - 3)
    want.next64()
    assert not rng.NATIVE and r == want and k == KeyedRng(2**130)


def test_the_build_refuses_to_write_into_the_source_tree() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(ROOT / "src")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "refusing to build" in done.stderr
    assert (ROOT / "src" / "gangland" / "__init__.py").exists()


def test_every_game_s_state_is_one_chain_of_classes() -> None:
    # mypyc compiles a class only with its bases and refuses one with two: a mixin in a
    # game's state would take the whole state out of the build (docs/speed.md).
    from gangland.engine.registry import game_ids, load

    for game_id in game_ids():
        state = load(game_id).new_game(2, 1)
        for cls in type(state).__mro__[:-1]:
            assert len(cls.__bases__) == 1, (game_id, cls, cls.__bases__)
        assert type(state).__module__ in MODULES, game_id


def test_gangsters_phases_define_no_name_twice() -> None:
    # Its phases stack as one chain (rules.py says why) in the order of their imports,
    # which is not the order they were mixed in before: the same method defined twice
    # would make the order matter.
    from gangland.games.gangsters.rules import GangstersState
    from gangland.games.gangsters.table import TableBase

    chain = GangstersState.__mro__[:GangstersState.__mro__.index(TableBase)]
    seen: dict[str, type] = {}
    for cls in chain:
        for name, value in vars(cls).items():
            if callable(value) and not name.startswith("__"):
                assert name not in seen, (name, cls, seen[name])
                seen[name] = cls

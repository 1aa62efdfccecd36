"""Build the optional compiled copy of gangland: the hot modules compiled by mypyc.

    python scripts/build_compiled.py [--out build/compiled]
    PYTHONPATH=build/compiled gangland bench gangster      # then use it so

Copies ``src/gangland`` to ``OUT/gangland`` and compiles there the modules that
``gangland.compiled.MODULES`` names, each beside its source (mypyc puts a C extension next
to the ``.py``, and Python loads the extension first). The working tree is never written
to: a stale extension beside an edited source would run old code. So the copy is a
snapshot; ``OUT/BUILD.json`` records the commit and each compiled source's SHA-256, and a
rebuild after any change is one command. It needs a C compiler, Python's headers, mypy
(which brings mypyc) and setuptools (``pip install -e '.[compiled]'``); the pure package
needs none of them.

Why a copy and not a wheel: the project is installed editable, and a copy first on
``PYTHONPATH`` shadows it for one command or one shell, leaving the pure code the
reference everywhere else (docs/speed.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from gangland.compiled import MODULES  # noqa: E402

#: mypy's settings for the build: mypyc type-checks what it compiles, and the strictness
#: flags of the project's own check change nothing of what it emits.
MYPY_INI = """\
[mypy]
python_version = 3.11
ignore_missing_imports = True
"""


def build(out: Path) -> None:
    """Build the compiled copy in ``out`` (emptied first) and write its BUILD.json."""
    out = out.resolve()
    if ROOT.is_relative_to(out) or out.is_relative_to(ROOT / "src"):
        raise SystemExit(f"refusing to build in {out}: it holds the source tree")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(ROOT / "src" / "gangland", out / "gangland",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    (out / "mypy.ini").write_text(MYPY_INI)
    paths = [name.replace(".", "/") + ".py" for name in MODULES]
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *paths],
                          cwd=out, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if done.returncode:
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise SystemExit(f"mypyc failed (exit {done.returncode}); the copy in {out} is "
                         "not usable")
    shutil.rmtree(out / "build", ignore_errors=True)  # mypyc's C sources and objects
    (out / "mypy.ini").unlink()
    check = subprocess.run(
        [sys.executable, "-c", "from gangland.compiled import running; print(len(running()))"],
        cwd=out, env={**os.environ, "PYTHONPATH": str(out)}, capture_output=True, text=True)
    if check.returncode or check.stdout.strip() != str(len(MODULES)):
        raise SystemExit(f"the copy in {out} does not load its compiled modules: "
                         f"{check.stdout.strip()} {check.stderr[-2000:]}")
    info: dict[str, object] = {
        "commit": _commit(),
        "python": sys.version.split()[0],
        "seconds": round(seconds, 1),
        "modules": {name: hashlib.sha256((ROOT / "src" / path).read_bytes()).hexdigest()
                    for name, path in zip(MODULES, paths, strict=True)},
    }
    (out / "BUILD.json").write_text(json.dumps(info, indent=1) + "\n")
    print(f"compiled {len(MODULES)} modules in {seconds:.0f} s into {out}\n"
          f"use it:  PYTHONPATH={out} gangland bench")


def _commit() -> str:
    """The checkout's commit, marked ``+changes`` when the tree differs from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "src"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "compiled",
                        help="where the compiled copy goes (default: build/compiled)")
    build(parser.parse_args().out)


if __name__ == "__main__":
    main()

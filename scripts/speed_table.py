"""Before and after, from ``gangland bench --json`` runs: the Markdown table of issue 30.

A loaded machine moves a benchmark by more than the change being measured, so the runs
are taken in pairs in one sitting (base and new at the same time, each pinned to its own
core, the cores swapped from pair to pair) and each figure is the best of its side's runs:
the least disturbed. Usage::

    python scripts/speed_table.py DIR [NEW]  # DIR holds base-1.json, new-1.json, base-2.json...

``NEW`` names the other side's files (``new`` unless given): a sitting of three sides, such
as the base, the pure package and the compiled build (``base-1.json``, ``pure-1.json``,
``compiled-1.json``), gives one table per side against the base.

prints one table: per game, random playout decisions per second, the same against
OpenSpiel's Python tic-tac-toe stepped in the same process (the target is 6x), and the hard
level's search iterations per second (the target is twice the base's), each with new over
base. (Since round 9 the bench's ``playout decisions`` are the games after the process's
first ones, which it reports apart; a tree from before times its first games only, so
compare Gangsters' playouts across that change with ``round9/steady.py`` instead.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

#: (measure in the JSON, column title, higher is better)
MEASURES = [
    ("playout decisions", "random playout decisions/s", True),
    ("playout vs tic-tac-toe", "vs tic-tac-toe (x)", True),
    ("hard level iterations", "hard level iterations/s", True),
    ("ismcts iterations", "plain ismcts iterations/s", True),
    ("legal_actions()", "legal_actions() us", False),
    ("view(seat)", "view(seat) us", False),
    ("clone()", "clone() us", False),
]


def best(runs: list[dict[str, Any]]) -> dict[tuple[str, str], float]:
    """Each (game, measure)'s best value over the runs: the highest rate, the least time."""
    out: dict[tuple[str, str], float] = {}
    higher = {m: h for m, _, h in MEASURES}
    for run in runs:
        for row in run["results"]:
            key = (row["game"], row["measure"])
            value = float(row["value"])
            if key not in out:
                out[key] = value
            elif higher.get(row["measure"], True):
                out[key] = max(out[key], value)
            else:
                out[key] = min(out[key], value)
    return out


def table(folder: Path, name: str = "new") -> str:
    sides = {side: [json.loads(p.read_text()) for p in sorted(folder.glob(f"{side}-*.json"))]
             for side in ("base", name)}
    if not sides["base"] or not sides[name]:
        raise SystemExit(f"{folder}: no base-*.json or no {name}-*.json")
    sides["new"] = sides[name]
    base, new = best(sides["base"]), best(sides["new"])
    games = sorted({g for g, _ in new if g != "openspiel"})
    lines = [f"Runs: {len(sides['base'])} base, {len(sides['new'])} {name}; each figure the best "
             "of its side's.", "",
             f"| game | measure | base | {name} | {name}/base |", "|---|---|---:|---:|---:|"]
    for game in games:
        for measure, title, higher in MEASURES:
            b, n = base.get((game, measure)), new.get((game, measure))
            if b is None or n is None:
                continue
            ratio = n / b if higher else b / n
            lines.append(f"| {game} | {title} | {_fmt(b)} | {_fmt(n)} | {ratio:.2f} |")
    ttt_b, ttt_n = base.get(("openspiel", "python_tic_tac_toe steps")), new.get(
        ("openspiel", "python_tic_tac_toe steps"))
    if ttt_b and ttt_n:
        lines += ["", f"OpenSpiel's python_tic_tac_toe, steps/s (best run): base side "
                      f"{_fmt(ttt_b)}, {name} side {_fmt(ttt_n)}."]
    return "\n".join(lines)


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"


def main(argv: list[str]) -> None:
    if len(argv) not in (1, 2):
        raise SystemExit(__doc__)
    print(table(Path(argv[0]), *argv[1:]))


if __name__ == "__main__":
    main(sys.argv[1:])

"""Play the conformance suite's seeded bot games and write what they reached as a table.

The same games as ``tests/conformance/test_coverage.py`` (``tests/conformance/bulk.py``),
deterministic: counts of decisions, not seconds. Writes the coverage between the markers of
``docs/conformance.md`` and the JSON record to ``test-artifacts/conformance-coverage.json``.
Run from the checkout:

    PYTHONPATH=src python scripts/conformance_coverage.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conformance import bulk  # noqa: E402
from tests.conformance.coverage_data import RARE, SEATS_PENDING, UNREACHED  # noqa: E402

import gangland  # noqa: E402

BEGIN, END = "<!-- coverage:begin -->", "<!-- coverage:end -->"


def _counts(counts: dict[str, int], wanted: list[str]) -> str:
    return ", ".join(f"{name} {counts.get(name, 0)}" for name in wanted)


def table() -> str:
    cov = bulk.coverage()
    lines = ["### By game: endings and rare events (count of games, of events)", ""]
    lines += ["| game | endings reached | rare events reached |", "|---|---|---|"]
    for game_id in gangland.game_ids():
        ends = cov.total(game_id, "endings")
        names = [e.name for e in bulk.endings(game_id)]
        shown = [f"{n} {ends.get(n, 0)}" + (" (not required: "
                                             f"{UNREACHED[(game_id, n)]})"
                                             if (game_id, n) in UNREACHED else "")
                 for n in names]
        rare = _counts(cov.total(game_id, "rare"), list(RARE.get(game_id, ())))
        lines.append(f"| `{game_id}` | {', '.join(shown)} | {rare} |")
    lines += ["", "### By case: games played, decisions, wins per seat", ""]
    lines += ["| case | games | decisions | wins | endings |", "|---|---:|---:|---|---|"]
    for key, case in cov.to_json().items():
        wins = ", ".join(f"{s} {n}" for s, n in case["wins"].items())
        ends = ", ".join(f"{s} {n}" for s, n in case["endings"].items())
        lines.append(f"| {key} | {case['games']} | {case['decisions']} | {wins} | {ends} |")
    pending = [f"- {g} at {n} players: P{seat + 1} need not win ({why})"
               for (g, n), (seat, why) in SEATS_PENDING.items()]
    if pending:
        lines += ["", "Seats excused:", "", *pending]
    bulk.write_record(cov, ROOT / "test-artifacts" / "conformance-coverage.json")
    return "\n".join(lines)


def main() -> None:
    doc = ROOT / "docs" / "conformance.md"
    text = doc.read_text()
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    doc.write_text(f"{head}{BEGIN}\n{table()}\n{END}{tail}")
    print(f"wrote {doc.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

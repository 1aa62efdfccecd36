"""A simulation's files: the results table, the game records, and resuming a stopped run.

``gangland simulate ... --out DIR`` writes, as games finish (so an interrupted run keeps
every finished game):

- ``run.json``: what was asked (game, bots, games, seed, options), checked on ``--resume``;
- ``results.csv``: one row per game and seat (a tidy table: ``index, seed, seat, bot,
  win, score, moves``; ``win`` is the seat's share of the win, 1/k in a k-way tie);
- ``summary.json``: the run's summary, rewritten at the end;
- ``records.jsonl.gz`` with ``--records``: each game's record, one JSON object a line,
  gzip-compressed (``--records DIR`` puts it in another folder, and works without
  ``--out``); ``gangland replay records.jsonl.gz --game I`` replays one.

``--resume`` reads ``results.csv`` back and plays only the games it lacks: seeds come from
the base seed and the game's index, so nothing is repeated and nothing lost.
"""

from __future__ import annotations

import csv
import gzip
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from gangland.engine import OptionError, counted

from .runner import GameResult

FIELDS = ("index", "seed", "seat", "bot", "win", "score", "moves")


class RunFiles:
    """The files of one run in ``out`` (see the module docstring)."""

    def __init__(self, out: Path, params: Mapping[str, Any], resume: bool,
                 records: Path | None) -> None:
        self.out, self.records = out, records
        self.players = len(params["bots"])
        out.mkdir(parents=True, exist_ok=True)
        run = out / "run.json"
        wanted = json.loads(json.dumps(dict(params), sort_keys=True))
        if resume:
            if not run.exists():
                raise OptionError(f"--resume: {out} holds no run to resume (no run.json)")
            found = json.loads(run.read_text(encoding="utf-8"))
            if found != wanted:
                diff = sorted(k for k in wanted.keys() | found.keys()
                              if wanted.get(k) != found.get(k))
                raise OptionError(f"--resume: {out} holds a different run ({', '.join(diff)} "
                                  "differ); resume it with the same arguments")
        elif (out / "results.csv").exists():
            raise OptionError(f"{out} already holds a run: --resume it, or choose another "
                              "--out")
        run.write_text(json.dumps(wanted, indent=1, sort_keys=True) + "\n", encoding="utf-8")

    def done(self) -> dict[int, GameResult]:
        """The games already in ``results.csv``. A game cut off while its rows were being
        written (every seat's row must be there, each whole) is dropped from the file, to
        be played again."""
        path = self.out / "results.csv"
        if not path.exists():
            return {}
        rows: dict[int, list[dict[str, str]]] = {}
        with path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                if all(row.get(f) not in (None, "") for f in FIELDS):
                    rows.setdefault(int(row["index"]), []).append(row)
        whole = {i: seats for i, seats in rows.items()
                 if sorted(int(r["seat"]) for r in seats) == list(range(self.players))}
        with path.open("w", newline="", encoding="utf-8") as fh:  # keep only whole games
            writer = csv.DictWriter(fh, FIELDS)
            writer.writeheader()
            for index in sorted(whole):
                writer.writerows(whole[index])
        out = {}
        for index, seats in whole.items():
            seats.sort(key=lambda r: int(r["seat"]))
            wins = [float(r["win"]) for r in seats]
            out[index] = GameResult(
                seed=int(seats[0]["seed"]), bots=tuple(r["bot"] for r in seats),
                winners=tuple(s for s, w in enumerate(wins) if w > 0),
                scores=tuple(float(r["score"]) for r in seats), moves=int(seats[0]["moves"]))
        return out

    def add(self, index: int, result: GameResult, record: Mapping[str, Any] | None) -> None:
        """Append one finished game: its record first (when kept), then its rows, which
        mark it done (a game cut off in between is played again; the last record of an
        index is the one that counts)."""
        if self.records is not None and record is not None:
            append_record(self.records, index, record)
        path = self.out / "results.csv"
        new = not path.exists()
        share = 1.0 / len(result.winners) if result.winners else 0.0
        with path.open("a", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            if new:
                writer.writerow(FIELDS)
            for seat, bot in enumerate(result.bots):
                writer.writerow([index, result.seed, seat, bot,
                                 share if seat in result.winners else 0.0,
                                 result.scores[seat], result.moves])

    def finish(self, summary: Mapping[str, Any]) -> None:
        (self.out / "summary.json").write_text(
            json.dumps(dict(summary), indent=1, sort_keys=True) + "\n", encoding="utf-8")


def append_record(folder: Path, index: int, record: Mapping[str, Any]) -> None:
    """Add game ``index``'s record to ``folder/records.jsonl.gz``."""
    folder.mkdir(parents=True, exist_ok=True)
    with gzip.open(folder / "records.jsonl.gz", "at", encoding="utf-8") as fh:
        fh.write(json.dumps({"index": index, **record}, sort_keys=True) + "\n")


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    """Every record of a ``records.jsonl.gz``, in the order the games finished."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def number_ranges(numbers: list[int]) -> str:
    """Sorted numbers as runs: ``0-3, 7, 9-10``.

    >>> number_ranges([0, 1, 2, 3, 7, 9, 10])
    '0-3, 7, 9-10'
    """
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs)


def extract_record(path: Path, index: int, dest: Path) -> Path:
    """Save game ``index``'s record as a file ``gangland replay`` opens."""
    records = list(read_records(path))
    found = [r for r in records if r.get("index") == index]
    if not found:
        held = sorted({r["index"] for r in records if isinstance(r.get("index"), int)})
        raise OptionError(f"{path} has no game {index}; it holds "
                          f"{counted(len(held), 'game')}: {number_ranges(held) or 'none'}")
    data = {k: v for k, v in found[-1].items() if k != "index"}
    dest.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return dest

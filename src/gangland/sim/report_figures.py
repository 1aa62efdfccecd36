"""The numbers of a report, read off run folders: every figure a plot or a table shows.

A run folder is what ``gangland simulate --out`` writes (see :mod:`.runfiles`). One run
gives :func:`run_figures`; several runs of the same game give :func:`compare_figures`, each
run labelled by what sets it apart from the others (its bots, options, seed...), so a
designer comparing variants reads "short = yes" rather than a folder name.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gangland.engine import OptionError, counted, load, validate_options

from .gamestats import WHO_WON, game_stats, who_won
from .runfiles import read_records
from .stats import bot_rates, wilson


def load_run(run: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The run's parameters and its games (each with its seats' rows), or a precise error
    when ``run`` is not a run folder."""
    missing = [name for name in ("run.json", "results.csv") if not (run / name).is_file()]
    if missing:
        raise OptionError(f"{run} is not a simulation run: it holds no "
                          f"{' or '.join(missing)} (write one with gangland simulate --out)")
    try:
        params = json.loads((run / "run.json").read_text(encoding="utf-8"))
        games: dict[int, dict[str, Any]] = {}
        with (run / "results.csv").open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                g = games.setdefault(int(row["index"]), {
                    "index": int(row["index"]), "moves": int(row["moves"]), "seats": []})
                g["seats"].append({"seat": int(row["seat"]), "bot": row["bot"],
                                   "win": float(row["win"]), "score": float(row["score"])})
        game, bots = params["game"], list(params["bots"])
    except (ValueError, KeyError, TypeError) as error:
        raise OptionError(f"{run} holds a damaged run ({error})") from None
    if not games:
        raise OptionError(f"{run} holds no finished game yet")
    if not isinstance(game, str) or not bots:
        raise OptionError(f"{run}/run.json names no game and bots")
    return params, [games[i] for i in sorted(games)]


def load_records(run: Path, games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The run's kept records of the games in its results (for an index played twice, as a
    resumed run may, the last record counts); none when the run kept none."""
    path = run / "records.jsonl.gz"
    if not path.exists():
        return []
    wanted = {g["index"] for g in games}
    kept = {r["index"]: r for r in read_records(path) if r.get("index") in wanted}
    return [kept[i] for i in sorted(kept)]


def read_run(run: Path) -> dict[str, Any]:
    """The figures of the run folder ``run``."""
    params, games = load_run(run)
    figs = run_figures(params, games, load_records(run, games))
    figs["folder"] = str(run)
    return figs


def run_figures(params: Mapping[str, Any], games: list[dict[str, Any]],
                records: list[dict[str, Any]]) -> dict[str, Any]:
    """Every number the report of one run shows."""
    game = load(params["game"])
    n = len(games)
    players = len(params["bots"])
    rotate = bool(params.get("rotate"))
    seats = []
    for s in range(players):
        wins = sum(g["seats"][s]["win"] for g in games)
        low, high = wilson(wins, n)
        seats.append({"seat": s + 1, "bot": "rotated" if rotate else params["bots"][s],
                      "wins": wins, "win_rate": wins / n, "ci95": [low, high],
                      "scores": [g["seats"][s]["score"] for g in games]})
    by_bot = bot_rates(dict.fromkeys(params["bots"]),
                       ((x["bot"], x["win"]) for g in games for x in g["seats"]))
    for row in by_bot:
        row["scores"] = [x["score"] for g in games for x in g["seats"] if x["bot"] == row["bot"]]
    won = Counter(who_won(sum(1 for x in g["seats"] if x["win"] > 0)) for g in games)
    stats = game_stats(game.id, records) if records else {}
    return {
        "game": game.id, "title": game.title, "games": n, "players": players,
        "seed": params["seed"], "bots": list(params["bots"]), "rotate": rotate,
        "options": changed_options(game.id, params.get("options") or {}),
        "score": {"name": game.score.name, "unit": game.score.unit,
                  "whole": game.score.whole},
        "seats": seats, "by_bot": by_bot, "lengths": [g["moves"] for g in games],
        "who_won": {w: won[w] for w in WHO_WON},
        "records": len(records),
        "endings": stats.pop("endings", {}),
        "endings_by_who_won": stats.pop("endings by who won", {}),
        "game_stats": stats,
    }


def changed_options(game_id: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options a run set away from the standard game, as typed values (an option set
    to its default is the standard game, and is left out).

    >>> changed_options("gangster-1994", {"short": "true", "turn_limit": "600"})
    {'short': True}
    """
    specs = load(game_id).options
    values = validate_options(specs, given)
    return {o.name: values[o.name] for o in specs if values[o.name] != o.default}


def compare_figures(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The figures of several runs of one game, each labelled by what sets it apart."""
    games = {r["game"] for r in runs}
    if len(games) > 1:
        which = "; ".join(f"{r['folder']} is {r['game']}" for r in runs)
        raise OptionError(f"runs of different games cannot be compared ({which}): "
                          "give runs of one game")
    folders = [r["folder"] for r in runs]
    twice = sorted({f for f in folders if folders.count(f) > 1})
    if twice:
        raise OptionError(f"{twice[0]} is given twice; give each run once")
    differ = [k for k in ("bots", "options", "rotate", "seed", "games")
              if len({json.dumps(r[k], sort_keys=True) for r in runs}) > 1]
    labels = [run_label(r, differ) for r in runs]
    if len(set(labels)) < len(labels):  # the same parameters: the folders tell them apart
        labels = [f"{label} ({Path(r['folder']).name})" if label else Path(r["folder"]).name
                  for label, r in zip(labels, runs, strict=True)]
    for r, label in zip(runs, labels, strict=True):
        r["label"] = label
    first = runs[0]
    return {"game": first["game"], "title": first["title"], "score": first["score"],
            "differ": differ, "runs": list(runs)}


def run_label(figs: Mapping[str, Any], keys: Sequence[str]) -> str:
    """A run named by the parameters in ``keys`` (those that differ between the runs).

    >>> run_label({"bots": ["a", "b"], "options": {}, "seed": 3, "rotate": True},
    ...           ["bots", "options", "seed", "rotate"])
    'a, b; standard game; seed 3; rotated'
    """
    parts = []
    for key in keys:
        if key == "bots":
            parts.append(bots_text(figs["bots"]))
        elif key == "options":
            parts.append(options_text(figs["options"]) or "standard game")
        elif key == "seed":
            parts.append(f"seed {figs['seed']}")
        elif key == "rotate":
            parts.append("rotated" if figs["rotate"] else "fixed seats")
        elif key == "games":
            parts.append(counted(figs["games"], "game"))
    return "; ".join(parts)


def bots_text(bots: Sequence[str]) -> str:
    """The bots of a run, shortly: one name when every seat plays it.

    >>> bots_text(["random"] * 3), bots_text(["detective", "random", "random"])
    ('random x3', 'detective, random, random')
    """
    return f"{bots[0]} x{len(bots)}" if len(set(bots)) == 1 else ", ".join(bots)


def options_text(options: Mapping[str, Any]) -> str:
    """Options as a person reads them: yes/no for switches, "" for none.

    >>> options_text({"short": True, "turn_limit": 100})
    'short = yes, turn_limit = 100'
    """
    def value(v: Any) -> str:
        return ("yes" if v else "no") if isinstance(v, bool) else str(v)

    return ", ".join(f"{k} = {value(v)}" for k, v in options.items())

"""``gangland report RUN --out DIR``: a simulation's figures as an HTML page with plots.

It reads a run folder written by ``gangland simulate --out`` (``results.csv``, ``run.json``,
and ``records.jsonl.gz`` when the run kept records) and writes ``index.html``, one PNG per
plot (matplotlib, no screen needed) and ``figures.json``: the numbers behind every plot,
so nothing in a picture is without its figure.

- **Win rate by seat** with 95% (Wilson) intervals: the first player's advantage, if any.
- **Scores** by seat, and **game length**: distributions.
- **Endings**: lone winners, shared wins, games nobody won; with records, the game's own
  endings (``gamestats``): Gangsters' victory conditions, Gangster City's turns to solve...
"""

from __future__ import annotations

import csv
import html
import json
from collections import Counter
from pathlib import Path
from typing import Any

from gangland.engine import OptionError

from .gamestats import game_stats
from .runfiles import read_records
from .stats import bot_rates, wilson


def load_run(run: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The run's parameters and its games (each with its seats' rows)."""
    if not (run / "results.csv").exists():
        raise OptionError(f"{run} holds no results.csv (write one with simulate --out)")
    params = json.loads((run / "run.json").read_text(encoding="utf-8"))
    games: dict[int, dict[str, Any]] = {}
    with (run / "results.csv").open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            g = games.setdefault(int(row["index"]), {"index": int(row["index"]),
                                                      "moves": int(row["moves"]), "seats": []})
            g["seats"].append({"seat": int(row["seat"]), "bot": row["bot"],
                               "win": float(row["win"]), "score": float(row["score"])})
    return params, [games[i] for i in sorted(games)]


def figures(params: dict[str, Any], games: list[dict[str, Any]],
            records: list[dict[str, Any]]) -> dict[str, Any]:
    """Every number the report shows."""
    n = len(games)
    players = len(params["bots"])
    seats = []
    for s in range(players):
        wins = sum(g["seats"][s]["win"] for g in games)
        low, high = wilson(wins, n)
        bot = "rotated" if params.get("rotate") else params["bots"][s]
        seats.append({"seat": s + 1, "bot": bot, "wins": wins,
                      "win_rate": wins / n if n else 0.0, "ci95": [low, high],
                      "scores": [g["seats"][s]["score"] for g in games]})
    by_bot = bot_rates(dict.fromkeys(params["bots"]),
                       ((x["bot"], x["win"]) for g in games for x in g["seats"]))
    endings: Counter[str] = Counter()
    for g in games:
        winners = sum(1 for x in g["seats"] if x["win"] > 0)
        endings["nobody won" if not winners else "one winner" if winners == 1
                else f"{winners} share the win"] += 1
    return {"game": params["game"], "games": n, "seed": params["seed"],
            "bots": params["bots"], "options": params.get("options", {}), "seats": seats,
            "by_bot": by_bot, "rotate": bool(params.get("rotate")),
            "lengths": [g["moves"] for g in games], "endings": dict(endings),
            "game_stats": game_stats(params["game"], records) if records else {}}


def write_report(run: Path, out: Path) -> Path:
    """Write the report of ``run`` into ``out``; returns the page."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    params, games = load_run(run)
    kept = run / "records.jsonl.gz"
    records = list(read_records(kept)) if kept.exists() else []
    figs = figures(params, games, records)
    out.mkdir(parents=True, exist_ok=True)
    (out / "figures.json").write_text(json.dumps(figs, indent=1, sort_keys=True) + "\n",
                                      encoding="utf-8")
    seats = figs["seats"]
    labels = [f"P{s['seat']}\n{s['bot']}" for s in seats]
    plots: list[tuple[str, str]] = []

    fig, ax = plt.subplots(figsize=(6, 3.5))
    rates = [s["win_rate"] for s in seats]
    errors = [[r - s["ci95"][0] for r, s in zip(rates, seats, strict=True)],
              [s["ci95"][1] - r for r, s in zip(rates, seats, strict=True)]]
    ax.bar(labels, rates, yerr=errors, capsize=4, color="#0072B2")
    ax.axhline(1 / len(seats), color="#D55E00", linestyle="--", label="even share")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.legend()
    ax.set_title("Win rate by seat (95% intervals)")
    plots.append(("Win rate by seat", _save(fig, out, "win-rate.png", plt)))

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.boxplot([s["scores"] for s in seats], tick_labels=labels)
    ax.set_ylabel("final score")
    ax.set_title("Scores by seat")
    plots.append(("Scores by seat", _save(fig, out, "scores.png", plt)))

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist(figs["lengths"], bins=min(30, max(5, len(set(figs["lengths"])))), color="#009E73")
    ax.set_xlabel("decisions in the game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    plots.append(("Game length", _save(fig, out, "length.png", plt)))

    endings = figs["endings"] | {f"{k}": v for k, v in
                                 figs["game_stats"].get("endings", {}).items()}
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.barh(list(endings), list(endings.values()), color="#CC79A7")
    ax.set_xlabel("games")
    ax.set_title("Endings")
    plots.append(("Endings", _save(fig, out, "endings.png", plt)))

    for k, (title, values) in enumerate(_game_bars(figs["game_stats"])):
        fig, ax = plt.subplots(figsize=(6, max(2.5, 0.3 * len(values) + 1)))
        ax.barh(list(values), list(values.values()), color="#E69F00")
        ax.invert_yaxis()
        ax.tick_params(axis="x", labelrotation=30)
        ax.set_title(title)
        plots.append((title, _save(fig, out, f"game-{k + 1}.png", plt)))

    page = out / "index.html"
    page.write_text(_html(figs, plots), encoding="utf-8")
    return page


def _game_bars(stats: dict[str, Any]) -> list[tuple[str, dict[str, float]]]:
    """The game's own figures that read as bars: a number for each name (not the endings,
    already plotted, nor a spread of a number)."""
    spread = {"mean", "median", "min", "max"}
    return [(title.capitalize(), values) for title, values in stats.items()
            if title != "endings" and isinstance(values, dict) and values
            and set(values) != spread and set(values) - spread
            and all(isinstance(v, int | float) for v in values.values())]


def _save(fig: Any, out: Path, name: str, plt: Any) -> str:
    fig.tight_layout()
    fig.savefig(out / name, dpi=110)
    plt.close(fig)
    return name


def _html(figs: dict[str, Any], plots: list[tuple[str, str]]) -> str:
    e = html.escape
    rows = "".join(
        f"<tr><td>P{s['seat']}</td><td>{e(s['bot'])}</td><td>{s['wins']:g}</td>"
        f"<td>{s['win_rate']:.1%}</td><td>{s['ci95'][0]:.1%} - {s['ci95'][1]:.1%}</td></tr>"
        for s in figs["seats"])
    bots = "".join(
        f"<tr><td>{e(b['bot'])}</td><td>{b['seat_games']}</td><td>{b['wins']:g}</td>"
        f"<td>{b['win_rate']:.1%}</td><td>{b['win_rate_ci95'][0]:.1%} - "
        f"{b['win_rate_ci95'][1]:.1%}</td></tr>"
        for b in figs["by_bot"])
    seating = "Seats rotated each game." if figs["rotate"] else "Seat i played bot i."
    lengths = figs["lengths"]
    mean = sum(lengths) / len(lengths) if lengths else 0.0
    endings = "".join(f"<li>{e(k)}: {v}</li>" for k, v in figs["endings"].items())
    extra = "".join(f"<li>{e(k)}: {e(json.dumps(v))}</li>"
                    for k, v in figs["game_stats"].items())
    images = "".join(f'<figure><img src="{e(src)}" alt="{e(title)}"><figcaption>'
                     f"{e(title)}</figcaption></figure>" for title, src in plots)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(figs['game'])}: simulation report</title>
<style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
table{{border-collapse:collapse}}td,th{{border-bottom:1px solid #ccc;padding:.2rem .6rem}}
figure{{display:inline-block;margin:.5rem}}img{{max-width:100%}}</style></head><body>
<h1>{e(figs['game'])}: {figs['games']} games</h1>
<p>Bots: {e(', '.join(figs['bots']))}. Base seed {figs['seed']}. Options:
{e(json.dumps(figs['options']))}. {seating} Mean length {mean:.1f} decisions.
The numbers behind every plot are in <a href="figures.json">figures.json</a>.</p>
<h2>Win rate by seat</h2>
<table><tr><th>seat</th><th>bot</th><th>wins</th><th>win rate</th><th>95% interval</th></tr>
{rows}</table>
<h2>Win rate by bot</h2>
<table><tr><th>bot</th><th>seat-games</th><th>wins</th><th>win rate</th><th>95% interval</th>
</tr>{bots}</table>
<h2>Endings</h2><ul>{endings}</ul>
{f"<h2>This game</h2><ul>{extra}</ul>" if extra else ""}
<h2>Plots</h2>{images}
</body></html>
"""

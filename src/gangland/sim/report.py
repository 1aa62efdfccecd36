"""``gangland report RUN [RUN...]``: a simulation's figures as an HTML page with plots.

It reads run folders written by ``gangland simulate --out`` (``results.csv``, ``run.json``,
and ``records.jsonl.gz`` when the run kept records) and writes ``index.html``, one PNG per
plot and ``figures.json``: the numbers behind every plot, so nothing in a picture is
without its figure. Without ``--out`` the report goes beside the run, in ``RUN/report``.

One run's page shows:

- **Win rate by bot** with 95% (Wilson) intervals (when the seats held more than one bot),
  and **by seat** when the seats were not rotated (a first player's advantage, if any);
- **Scores** by seat (by bot when rotated), in the game's unit, and **game length**;
- **Endings**: how the games ended, by the game's own declared endings (with records),
  each split by who won that way: one winner, a shared win, nobody; and the game's own
  figures (``gamestats``): Gangster City's decisions to the first solve...

Several runs of one game (a designer's variants: other bots, options or seeds) make one
page comparing them side by side, each run labelled by what sets it apart.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gangland.engine import OptionError

from . import report_plots as rp
from .gamestats import MEASURES, UNITS, WHO_WON
from .report_figures import compare_figures, read_run
from .report_html import compare_page, run_page

INTERVAL = "its 95% (Wilson) interval"
BOXES = ("Boxes: the middle half of the games, the line their median; whiskers reach 1.5 "
         "box lengths; dots: games beyond.")


def default_out(runs: Sequence[Path]) -> Path:
    """Where a report goes without ``--out``: ``RUN/report`` for one run; for several,
    a folder beside the first run named for them all (``compare-a-b``).

    >>> default_out([Path("runs/a")]).as_posix()
    'runs/a/report'
    >>> default_out([Path("runs/a"), Path("runs/b")]).as_posix()
    'runs/compare-a-b'
    """
    first = runs[0]
    if len(runs) == 1:
        return first / "report"
    names = [(r.resolve().name if r.name in ("", ".", "..") else r.name) for r in runs]
    tail = "-".join(names) if len(runs) <= 3 else f"{names[0]}-and-{len(runs) - 1}-more"
    return first.parent / f"compare-{tail}"


def write_report(runs: Sequence[Path], out: Path | None = None) -> Path:
    """Write the report of ``runs`` (one, or several of one game) into ``out`` (default:
    :func:`default_out`); returns the page."""
    if not runs:
        raise OptionError("name at least one run folder to report on")
    figs = [read_run(run) for run in runs]
    data = compare_figures(figs) if len(figs) > 1 else figs[0]
    out = out if out is not None else default_out(runs)
    out.mkdir(parents=True, exist_ok=True)
    (out / "figures.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                                      encoding="utf-8")
    plots = rp.Plots(out)
    if len(figs) > 1:
        _compare_plots(plots, data)
        page = compare_page(data, plots.made)
    else:
        _run_plots(plots, data)
        page = run_page(data, plots.made)
    (out / "index.html").write_text(page, encoding="utf-8")
    return out / "index.html"


def _run_plots(plots: rp.Plots, figs: dict[str, Any]) -> None:
    seats, by_bot, even = figs["seats"], figs["by_bot"], 1 / figs["players"]
    if len(by_bot) > 1:  # one bot in every seat wins every game someone wins: no plot
        fig, ax = plots.new()
        rp.win_rates(ax, [b["bot"] for b in by_bot], by_bot, even, key="win_rate_ci95")
        ax.set_title("Win rate by bot, over every seat it played")
        plots.save(fig, "win", "win-rate-by-bot.png", "Bars: each bot's win rate over every "
                   f"seat it played; whiskers: {INTERVAL}; dashed: the even share.")
    seat_labels = [f"P{s['seat']}\n{s['bot']}" for s in seats]
    by_seat = not figs["rotate"] or len(by_bot) == 1  # rotating one bot changes nothing
    if by_seat:
        fig, ax = plots.new()
        rp.win_rates(ax, seat_labels, seats, even)
        ax.set_title("Win rate by seat")
        plots.save(fig, "win", "win-rate.png", "Bars: each seat's win rate; whiskers: "
                   f"{INTERVAL}. A first player's advantage shows here.")
    groups = ([(b["bot"], b["scores"]) for b in by_bot] if not by_seat else
              [(label.replace("\n", " "), s["scores"]) for label, s in zip(
                  seat_labels, seats, strict=True)])
    fig, ax = plots.new()
    rp.scores(ax, groups, figs["score"])
    ax.set_title(f"Final {figs['score']['name']} by {'seat' if by_seat else 'bot'}")
    every = [v for _, values in groups for v in values]
    shares = len({len(values) for _, values in groups}) > 1
    plots.save(fig, "scores", "scores.png", (
        "Bars: how often each bot's games ended on each score, as a share of its games "
        "(the bots filled different numbers of seats)." if shares else
        "Bars: how many games ended on each score.")
        if rp.few_values(every, figs["score"]["whole"]) else BOXES)
    fig, ax = plots.new()
    rp.lengths(ax, figs["lengths"])
    ax.set_title(f"Game length ({figs['games']} games)")
    plots.save(fig, "length", "length.png", "How many decisions the games took.")
    fig, ax = plots.new(max(2.2, 0.45 * len(figs["endings"]) + 1.4))
    if figs["endings"]:
        rp.stacked(ax, figs["endings_by_who_won"], WHO_WON, rp.WHO_COLOURS)
        ax.set_title("How the games ended, and who won")
    else:
        rp.stacked(ax, {"all games": figs["who_won"]}, WHO_WON, rp.WHO_COLOURS)
        ax.set_title("Who won")
    plots.save(fig, "endings", "endings.png", "Each bar an ending, split by who won that way."
               if figs["endings"] else "Games by who won (a run kept with --records also "
               "shows how they ended).")
    for k, (title, values) in enumerate(game_bars(figs["game_stats"])):
        fig, ax = plots.new(max(2.4, 0.3 * len(values) + 1.2))
        rp.named_values(ax, values, UNITS.get(title, ""), MEASURES.get(title, ""))
        ax.set_title(title[0].upper() + title[1:])
        caption = MEASURES.get(title, title)
        plots.save(fig, f"game:{title}", f"game-{k + 1}.png",
                   caption[0].upper() + caption[1:] + ".")


def _compare_plots(plots: rp.Plots, data: dict[str, Any]) -> None:
    runs = data["runs"]
    bots = list(dict.fromkeys(b["bot"] for r in runs for b in r["by_bot"]))
    fig, ax = plots.new(3.6 + 0.3 * len(runs), 6.4 + 0.3 * len(bots))
    rp.grouped_rates(ax, bots, runs, [1 / r["players"] for r in runs])
    ax.set_title("Win rate by bot, each run (dashed: the even share)")
    plots.save(fig, "win", "win-rate-by-bot.png", f"Bars: each bot's win rate in each run; "
               f"whiskers: {INTERVAL}.")
    fig, ax = plots.new(1.4 + 0.6 * len(runs))
    ax.boxplot([r["lengths"] for r in runs], tick_labels=[rp.wrapped(r["label"]) for r in runs],
               orientation="horizontal")
    ax.invert_yaxis()
    ax.set_xlabel("decisions in the game")
    rp.count_axis(ax, "x")
    ax.set_title("Game length, each run")
    plots.save(fig, "length", "length.png", BOXES)
    kept = [r for r in runs if r["endings"]]  # a run without records: who won, alone
    if kept:
        names = list(dict.fromkeys(k for r in kept for k in r["endings"]))
        fig, ax = plots.new(1.6 + 0.6 * len(kept))
        rp.stacked(ax, {r["label"]: r["endings"] for r in kept}, names, share=True)
        ax.set_title("How the games ended, each run")
        plots.save(fig, "endings", "endings.png", "How each run's games ended, as shares"
                   + (" (runs that kept records)." if len(kept) < len(runs) else "."))
    fig, ax = plots.new(1.6 + 0.6 * len(runs))
    rp.stacked(ax, {r["label"]: r["who_won"] for r in runs}, WHO_WON, rp.WHO_COLOURS,
               share=True)
    ax.set_title("Who won, each run")
    plots.save(fig, "endings", "who-won.png", "Who won each run's games, as shares.")


def game_bars(stats: dict[str, Any]) -> list[tuple[str, dict[str, float]]]:
    """The game's own figures that read as bars: a number for each name (not a spread of
    one number, which the page gives in words)."""
    spread = {"mean", "median", "min", "max"}
    return [(title, values) for title, values in stats.items()
            if isinstance(values, dict) and values and set(values) - spread
            and all(isinstance(v, int | float) for v in values.values())]

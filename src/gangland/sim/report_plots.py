"""The plots of a report, drawn with matplotlib (no screen needed) into PNG files.

Each plot is drawn as a designer reads it: money axes in dollars with thousands
separators, counts on whole-number ticks, whole-number scores with few values as bars of
how often each value came (a box plot of 0, 1 and 2 hides more than it shows), and how
the games ended kept apart from who won them: the endings are bars, each split by who
won that way, never alternatives in one list.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .gamestats import WHO_WON

#: Colour-blind-safe colours (Okabe-Ito), in the order series take them.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")
WHO_COLOURS = dict(zip(WHO_WON, ("#0072B2", "#E69F00", "#999999"), strict=True))
#: Whole-number scores with at most this many values are drawn as bars of counts.
FEW_VALUES = 12


class Plots:
    """Draws figures into ``out`` and keeps, in order, each one's section of the page
    (where it goes), file and caption (how to read it)."""

    def __init__(self, out: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        self.plt, self.out = plt, out
        self.made: list[tuple[str, str, str]] = []

    def new(self, height: float = 3.6, width: float = 6.4) -> tuple[Any, Any]:
        """A fresh figure and its axes."""
        return self.plt.subplots(figsize=(width, height))

    def save(self, fig: Any, section: str, name: str, caption: str) -> None:
        """Write ``fig`` as ``name``, for the page's ``section``, read as ``caption``."""
        fig.tight_layout()
        fig.savefig(self.out / name, dpi=110, bbox_inches="tight")  # legends beside
        self.plt.close(fig)
        self.made.append((section, name, caption))


def unit_axis(ax: Any, unit: str, axis: str = "y") -> None:
    """Ticks of ``axis`` in the unit: ``$1,200,000`` for money, ``40%`` for shares."""
    from matplotlib.ticker import FuncFormatter, PercentFormatter

    target = ax.yaxis if axis == "y" else ax.xaxis
    if unit == "$":
        target.set_major_formatter(FuncFormatter(
            lambda v, _: f"{'-' if v < 0 else ''}${abs(v):,.0f}"))
    elif unit == "%":
        target.set_major_formatter(PercentFormatter(1.0, decimals=0))


def count_axis(ax: Any, axis: str = "y") -> None:
    """Whole-number ticks with thousands separators, for counts of games and decisions."""
    from matplotlib.ticker import MaxNLocator, StrMethodFormatter

    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_locator(MaxNLocator(integer=True))
    target.set_major_formatter(StrMethodFormatter("{x:,.0f}"))


def win_rates(ax: Any, labels: Sequence[str], rows: Sequence[Mapping[str, Any]],
              even: float, key: str = "ci95") -> None:
    """Bars of win rates with their 95% intervals, against the even share."""
    rates = [r["win_rate"] for r in rows]
    errors = [[max(0.0, x - r[key][0]) for x, r in zip(rates, rows, strict=True)],
              [max(0.0, r[key][1] - x) for x, r in zip(rates, rows, strict=True)]]
    ax.bar(labels, rates, yerr=errors, capsize=4, color=PALETTE[0], label="win rate")
    ax.axhline(even, color="#D55E00", linestyle="--", label=f"even share ({even:.0%})")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    unit_axis(ax, "%")
    side_legend(ax)


def few_values(values: Sequence[float], whole: bool) -> bool:
    """Whether scores read best as bars of each value: whole numbers, from lowest to
    highest no more than :data:`FEW_VALUES` of them.

    >>> few_values([0, 1, 2, 1], True), few_values([0.5, 1], False), few_values([0, 90], True)
    (True, False, False)
    """
    return whole and bool(values) and all(float(v).is_integer() for v in values) and \
        max(values) - min(values) < FEW_VALUES


def scores(ax: Any, groups: Sequence[tuple[str, Sequence[float]]],
           score: Mapping[str, Any]) -> None:
    """The spread of final scores of each group (seat or bot): bars of how many games
    ended on each value when the scores are a few whole numbers, else box plots. Groups
    of different sizes (bots that filled more seats than others) are drawn as shares of
    their own games, so their bars compare."""
    every = [v for _, values in groups for v in values]
    name = score["name"]
    if few_values(every, bool(score["whole"])):
        values = list(range(int(min(every)), int(max(every)) + 1))  # no value skipped
        width = 0.8 / len(groups)
        shares = len({len(got) for _, got in groups}) > 1
        for k, (label, got) in enumerate(groups):
            counts = [sum(1 for v in got if int(v) == x) / (len(got) if shares else 1)
                      for x in values]
            ax.bar([x - 0.4 + width * (k + 0.5) for x in values], counts, width,
                   label=label, color=PALETTE[k % len(PALETTE)])
        ax.set_xticks(values)
        ax.set_xlabel(f"final {name}")
        if shares:
            ax.set_ylabel("share of its games")
            unit_axis(ax, "%")
        else:
            ax.set_ylabel("games")
            count_axis(ax)
        side_legend(ax)
    else:
        ax.boxplot([list(v) for _, v in groups], tick_labels=[g for g, _ in groups])
        ax.set_ylabel(f"final {name}" + (" ($)" if score["unit"] == "$" else ""))
        unit_axis(ax, score["unit"])


def length_bins(lengths: Sequence[int], most: int = 0) -> list[float]:
    """Histogram edges for whole-number lengths: each bin an equal whole number of
    decisions wide, edges between integers, at most ``most`` bins (default: twice the
    root of the number of games, from 8 to 30, so a few games are not spread thin).

    >>> length_bins([3, 4, 6])
    [2.5, 3.5, 4.5, 5.5, 6.5]
    >>> length_bins(list(range(0, 100)), most=10)
    [-0.5, 9.5, 19.5, 29.5, 39.5, 49.5, 59.5, 69.5, 79.5, 89.5, 99.5]
    """
    low, high = min(lengths), max(lengths)
    most = most or min(30, max(8, round(2 * math.sqrt(len(lengths)))))
    width = max(1, math.ceil((high - low + 1) / most))
    return [low - 0.5 + width * k for k in range(math.ceil((high - low + 1) / width) + 1)]


def lengths(ax: Any, values: Sequence[int]) -> None:
    """A histogram of game lengths on whole-number bins and ticks."""
    ax.hist(values, bins=length_bins(values), color=PALETTE[2], edgecolor="white")
    ax.set_xlabel("decisions in the game")
    ax.set_ylabel("games")
    count_axis(ax, "x")
    count_axis(ax)


def stacked(ax: Any, bars: Mapping[str, Mapping[str, float]], parts: Sequence[str],
            colours: Mapping[str, str] | None = None, share: bool = False) -> None:
    """Horizontal bars, each split into ``parts`` (a legend names them); with ``share``
    each bar is a share of its own total (runs of different sizes compared)."""
    names = list(bars)
    left = [0.0] * len(names)
    shown = [wrapped(name) for name in names]
    for k, part in enumerate(parts):
        sizes = []
        for name in names:
            total = sum(bars[name].values()) or 1
            sizes.append(bars[name].get(part, 0) / (total if share else 1))
        if not any(sizes):
            continue
        colour = (colours or {}).get(part, PALETTE[k % len(PALETTE)])
        ax.barh(shown, sizes, left=left, label=part, color=colour)
        left = [a + b for a, b in zip(left, sizes, strict=True)]
    ax.invert_yaxis()  # the first bar on top, as the tables list them
    if share:
        ax.set_xlim(0, 1)
        unit_axis(ax, "%", "x")
        ax.set_xlabel("share of the run's games")
    else:
        count_axis(ax, "x")
        ax.set_xlabel("games")
    side_legend(ax)


def wrapped(label: str, width: int = 26) -> str:
    """A long label (a run's parameters) on lines short enough to leave the plot room.

    >>> wrapped("detective, random, random; standard game; fixed seats")
    'detective, random, random;\\nstandard game; fixed seats'
    """
    return textwrap.fill(label, width)


def low_legend(ax: Any, entries: int) -> None:
    """The legend under the plot, for many or long entries (runs)."""
    ax.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.14),
              ncols=min(2, entries), frameon=False)


def side_legend(ax: Any) -> None:
    """The legend beside the plot, where it hides no bar."""
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)


def named_values(ax: Any, values: Mapping[str, float], unit: str, measure: str) -> None:
    """A game's own figure, one bar per name (a space, a district, a seat)."""
    ax.barh(list(values), list(values.values()), color=PALETTE[1])
    ax.invert_yaxis()
    unit_axis(ax, unit, "x")
    if unit == "%":
        ax.set_xlim(0, 1)
    if unit == "$":  # dollar ticks are long: slant them so they do not touch
        ax.tick_params(axis="x", labelrotation=30)
    ax.set_xlabel(measure)


def grouped_rates(ax: Any, bots: Sequence[str], runs: Sequence[Mapping[str, Any]],
                  even: Sequence[float]) -> None:
    """Win rate by bot, one bar per run beside the others, each with its interval."""
    width = 0.8 / len(runs)
    for k, run in enumerate(runs):
        rows = {r["bot"]: r for r in run["by_bot"]}
        xs = [i - 0.4 + width * (k + 0.5) for i, b in enumerate(bots) if b in rows]
        got = [rows[b] for b in bots if b in rows]
        rates = [r["win_rate"] for r in got]
        errors = [[max(0.0, x - r["win_rate_ci95"][0]) for x, r in zip(rates, got, strict=True)],
                  [max(0.0, r["win_rate_ci95"][1] - x) for x, r in zip(rates, got, strict=True)]]
        ax.bar(xs, rates, width, yerr=errors, capsize=3, label=wrapped(run["label"], 40),
               color=PALETTE[k % len(PALETTE)])
    for share in sorted(set(even)):
        ax.axhline(share, color="#D55E00", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(bots)), bots)
    ax.set_ylim(0, 1)
    unit_axis(ax, "%")
    ax.set_ylabel("win rate (95% interval)")
    low_legend(ax, len(runs))

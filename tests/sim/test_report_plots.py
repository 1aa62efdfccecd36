"""The report's plots read as a designer expects: units on the axes, whole-number ticks
for counts, bars of each value for a few whole-number scores."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from gangland.sim import report_plots as rp


@pytest.fixture
def ax():
    fig, axes = plt.subplots()
    yield axes
    plt.close(fig)


def tick_texts(ax, axis: str = "y") -> list[str]:
    ax.figure.canvas.draw()
    ticks = ax.get_yticklabels() if axis == "y" else ax.get_xticklabels()
    return [t.get_text() for t in ticks if t.get_text()]


def test_money_axes_are_dollars_with_thousands_separators(ax):
    ax.plot([0, 1], [0, 2_500_000])
    rp.unit_axis(ax, "$")
    texts = tick_texts(ax)
    assert "$1,000,000" in texts and all("$" in t for t in texts)
    assert not any("e" in t for t in texts)


def test_share_axes_are_percentages(ax):
    ax.plot([0, 1], [0, 1])
    rp.unit_axis(ax, "%")
    assert {"0%", "100%"} <= set(tick_texts(ax))


def test_game_lengths_have_whole_number_bins_and_ticks(ax):
    rp.lengths(ax, [3, 4, 4, 5, 7])
    edges = sorted({p.get_x() for p in ax.patches} | {p.get_x() + p.get_width()
                                                      for p in ax.patches})
    assert all(e % 1 == 0.5 for e in edges)  # each bin holds whole numbers
    ax.figure.canvas.draw()
    assert all(float(t.get_text()).is_integer() for t in ax.get_xticklabels() if t.get_text())
    assert all(float(t.get_text()).is_integer() for t in ax.get_yticklabels() if t.get_text())


def test_few_whole_scores_are_bars_of_each_value_wide_ones_boxes(ax):
    score = {"name": "cases solved", "unit": "", "whole": True}
    rp.scores(ax, [("P1", [0, 1, 2, 2]), ("P2", [1, 1, 0, 0])], score)
    assert len(ax.patches) == 6  # three values, two seats
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2"]
    fig, wide = plt.subplots()
    rp.scores(wide, [("P1", [30_000, 41_250.5]), ("P2", [12_000, 60_000])],
              {"name": "assets", "unit": "$", "whole": True})
    assert not wide.patches and wide.get_ylabel() == "final assets ($)"
    plt.close(fig)


def test_bots_in_more_seats_compare_by_shares(ax):
    rp.scores(ax, [("detective", [2, 2]), ("random", [0, 0, 1, 0])],
              {"name": "cases solved", "unit": "", "whole": True})
    assert ax.get_ylabel() == "share of its games"
    assert max(p.get_height() for p in ax.patches) == 1.0

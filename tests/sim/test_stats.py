"""Wilson intervals and standard errors."""

from __future__ import annotations

import math

import pytest

from gangland.sim.stats import mean_stderr, wilson


def test_wilson_matches_the_textbook_value():
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_stays_in_the_unit_interval_and_contains_the_rate():
    for trials in (1, 2, 7, 100):
        for wins in (0, trials / 3, trials / 2, trials):
            low, high = wilson(wins, trials)
            assert 0.0 <= low <= wins / trials <= high <= 1.0


def test_wilson_narrows_with_more_games():
    assert wilson(50, 100)[1] - wilson(50, 100)[0] > wilson(500, 1000)[1] - wilson(500, 1000)[0]


def test_wilson_edge_cases():
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_mean_and_standard_error():
    mean, se = mean_stderr([2.0, 4.0, 6.0, 8.0])
    assert mean == 5.0
    assert se == pytest.approx(math.sqrt(20 / 3 / 4))
    assert mean_stderr([3.0]) == (3.0, 0.0)
    with pytest.raises(ValueError):
        mean_stderr([])

"""Round robins and ratings: the fit against known cases, mostly on synthetic results."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gangland.engine import OptionError
from gangland.sim.ratings import ELO, bradley_terry, game_pairs, pairwise, rate
from gangland.sim.runner import GameResult
from gangland.sim.tournament import lineups, standings

BOTS = ["a", "b", "c", "d"]


def result(bots, winners):
    return GameResult(1, tuple(bots), tuple(winners), (0.0,) * len(bots), 10)


def duels(rng: np.random.Generator, elo: list[float], per_pair: int) -> list[GameResult]:
    """Two-player games between every pair of BOTS, won as Bradley-Terry says."""
    games = []
    for i in range(len(elo)):
        for j in range(i + 1, len(elo)):
            p = 1 / (1 + math.exp((elo[j] - elo[i]) / ELO))
            wins = int(rng.binomial(per_pair, p))
            games += [result((BOTS[i], BOTS[j]), [0])] * wins
            games += [result((BOTS[i], BOTS[j]), [1])] * (per_pair - wins)
    return games


def tables_of_four(rng: np.random.Generator, elo: list[float], games: int
                   ) -> list[GameResult]:
    """Four-player games of BOTS, one winner each, drawn in proportion to e^strength."""
    weight = np.exp(np.array(elo) / ELO)
    winners = rng.choice(4, size=games, p=weight / weight.sum())
    return [result(BOTS, [int(w)]) for w in winners]


def test_every_bot_sits_in_every_seat_equally_often():
    tables = lineups(["a", "b", "c", "d"], 3)
    assert len(tables) == 4 * 3
    for seat in range(3):
        assert sorted(t[seat] for t in tables) == sorted(["a", "b", "c", "d"] * 3)
    two = lineups(["a", "b"], 4)  # fewer bots than seats: each table repeats them
    assert all(sorted(set(t)) == ["a", "b"] for t in two)
    with pytest.raises(OptionError):
        lineups(["a", "a"], 2)


def test_a_bot_in_two_seats_plays_each_other_bot_once_a_game():
    assert game_pairs(result("aba", [0])) == [("a", "b", 1.0)]
    assert game_pairs(result("aba", [0, 2])) == [("a", "b", 1.0)]  # its own tie: a win
    assert game_pairs(result("abc", [0, 1])) == [("a", "b", 0.5), ("a", "c", 1.0),
                                                  ("b", "c", 1.0)]
    games = [result("aba", [1]), result("bab", [0, 1])]
    [a, b] = sorted(standings(["a", "b"], games), key=lambda s: s.bot)
    assert (a.games, a.seats, a.wins) == (2, 3, 0.5)  # the tie of a and b halves the game
    assert (b.games, b.seats, b.wins) == (2, 3, 1.5)


def test_ratings_order_a_chain_of_results_and_draws_split():
    games = ([result("ab", [0])] * 8 + [result("ba", [1])] * 2 + [result("bc", [0])] * 9
             + [result("cb", [1])] + [result("ac", [0, 1])] * 4)
    wins = pairwise(games)
    assert wins["a", "c"] == wins["c", "a"] == 2.0  # four shared wins are four draws
    fit = bradley_terry(["a", "b", "c"], wins)
    assert fit["a"].rating > fit["b"].rating > fit["c"].rating
    assert sum(r.rating for r in fit.ratings) / 3 == pytest.approx(1500)
    table = standings(["a", "b", "c"], games)
    assert [s.bot for s in table] == ["a", "b", "c"]
    assert all(s.low < s.rating < s.high for s in table)
    assert table == standings(["a", "b", "c"], games)  # nothing random: it repeats
    assert 0.5 < table[0].p_above_next < 1 and table[-1].p_above_next is None


def test_equal_bots_get_equal_ratings_inside_each_others_intervals():
    games = []
    for x, y in [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d")]:
        games += [result((x, y), [0])] * 5 + [result((y, x), [0])] * 5
    fit = rate(BOTS, games)
    for r in fit.ratings:
        assert r.rating == pytest.approx(1500)
        assert all(other.low < r.rating < other.high for other in fit.ratings)
    assert fit.p_stronger("a", "b") == pytest.approx(0.5)


def test_a_planted_gap_is_recovered_and_many_games_narrow_the_interval():
    truth = [1200.0, 1450.0, 1550.0, 1800.0]  # mean 1500, as the ratings are
    rng = np.random.default_rng(7)
    many, few = rate(BOTS, duels(rng, truth, 400)), rate(BOTS, duels(rng, truth, 10))
    for bot, elo in zip(BOTS, truth, strict=True):
        assert many[bot].low < elo < many[bot].high
        assert few[bot].high - few[bot].low > 3 * (many[bot].high - many[bot].low)
    covered = np.zeros(4)
    for _ in range(200):  # the 95% intervals hold the truth about 95% of the time
        fit = rate(BOTS, duels(rng, truth, 30))
        covered += [fit[b].low < e < fit[b].high for b, e in zip(BOTS, truth, strict=True)]
    assert all(0.9 <= c / 200 <= 0.99 for c in covered), covered


def test_perfect_separation_stays_finite_with_an_honest_interval():
    def unbeaten(games: int) -> tuple:
        fit = rate(["a", "b"], [result("ab", [0]), result("ba", [1])] * (games // 2))
        return fit["a"], fit["b"]

    for top, bottom in (unbeaten(16), unbeaten(2)):
        assert math.isfinite(top.rating) and top.rating > 1500 > bottom.rating
        for r in (top, bottom):
            assert r.low < r.rating < r.high  # inside, not on the edge
            assert r.rating - r.low == pytest.approx(r.high - r.rating)
    top16, top2 = unbeaten(16)[0], unbeaten(2)[0]
    assert top2.high - top2.low > top16.high - top16.low
    assert top2.rating < top16.rating < 2100  # 16 wins say more than 2, and not infinity


def test_intervals_match_the_spread_of_repeated_four_player_tournaments():
    """The pairs of a game of four are not independent: the interval must still be as
    wide as the ratings really vary from one tournament to the next."""
    rng = np.random.default_rng(11)
    for truth, tight in (([0.0] * 4, True), ([-400.0, -100.0, 100.0, 400.0], False)):
        runs = [tables_of_four(rng, truth, 100) for _ in range(300)]
        fits = [rate(BOTS, games) for games in runs]
        spread = np.std([[f[b].rating for b in BOTS] for f in fits], axis=0)
        shown = np.mean([[f[b].sd for b in BOTS] for f in fits], axis=0)
        assert all(spread < 1.1 * shown), (spread, shown)
        if tight:
            assert all(spread > 0.85 * shown), (spread, shown)
        else:  # counting each pair as a separate game would be too sure of the best bot
            plain = np.mean([bradley_terry(BOTS, pairwise(g))["d"].sd for g in runs])
            assert spread[3] > 1.2 * plain


win_tables = st.integers(2, 5).flatmap(lambda n: st.dictionaries(
    st.tuples(st.sampled_from("abcde"[:n]), st.sampled_from("abcde"[:n])),
    st.integers(0, 60).map(lambda h: h / 2), max_size=n * n).map(lambda w: (n, w)))


@settings(max_examples=150, deadline=None)
@given(win_tables)
def test_every_interval_contains_its_estimate(table):
    n, wins = table
    fit = bradley_terry(list("abcde"[:n]), wins)
    assert sum(r.rating for r in fit.ratings) / n == pytest.approx(1500)
    for r in fit.ratings:
        assert math.isfinite(r.rating) and r.low < r.rating < r.high


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from("abc"), min_size=2, max_size=4),
                          st.sets(st.integers(0, 3), max_size=2)), min_size=1, max_size=30))
def test_every_interval_from_games_contains_its_estimate(games):
    results = [result(bots, sorted(w for w in winners if w < len(bots)))
               for bots, winners in games]
    for r in rate(["a", "b", "c"], results).ratings:
        assert math.isfinite(r.rating) and r.low < r.rating < r.high


def test_tournament_command(invoke):
    args = ("tournament", "gangster-city", "--bots", "detective,random", "--players", "2",
            "--games", "3", "--seed", "2", "--workers", "1", "--json")
    first = invoke(*args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["games"] == 2 * 3 and data["seatings"] == 2
    assert [s["bot"] for s in data["standings"]] == ["detective", "random"]
    assert set(data["standings"][0]) == {"bot", "rating", "low", "high", "sd", "games",
                                         "seats", "wins", "p_above_next"}
    assert json.loads(invoke(*args).stdout) == data
    table = invoke(*args[:-1])
    assert "Bradley-Terry" in table.output and "detective" in table.output


def test_the_table_counts_games_not_seats(invoke):
    """Two bots at three seats: one of them sits twice at every game, once in the table."""
    args = ("tournament", "gangster-city", "--bots", "detective,random", "--games", "2",
            "--workers", "1")
    data = json.loads(invoke(*args, "--json").stdout)
    assert data["games"] == 12 and data["players"] == 3
    assert all((s["games"], s["seats"]) == (12, 18) for s in data["standings"])
    out = invoke(*args).output
    assert out.startswith("12 games of gangster-city, 3 players")
    rows = re.findall(r"│ (detective|random) +│ (\d+) +│ (\d+) - (\d+) +│ [^│]*│ (\d+) +│", out)
    assert [row[0] for row in rows] == [s["bot"] for s in data["standings"]]
    for _, rating, low, high, games in rows:
        assert games == "12" and int(low) < int(rating) < int(high)

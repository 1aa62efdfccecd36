"""Round robins and ratings."""

from __future__ import annotations

import json

import pytest

from gangland.engine import OptionError
from gangland.sim.runner import GameResult
from gangland.sim.tournament import bradley_terry, lineups, pairwise, standings


def result(bots, winners):
    return GameResult(1, tuple(bots), tuple(winners), (0.0,) * len(bots), 10)


def test_every_bot_sits_in_every_seat_equally_often():
    tables = lineups(["a", "b", "c", "d"], 3)
    assert len(tables) == 4 * 3
    for seat in range(3):
        assert sorted(t[seat] for t in tables) == sorted(["a", "b", "c", "d"] * 3)
    two = lineups(["a", "b"], 4)  # fewer bots than seats: each table repeats them
    assert all(sorted(set(t)) == ["a", "b"] for t in two)
    with pytest.raises(OptionError):
        lineups(["a", "a"], 2)


def test_ratings_order_a_chain_of_results_and_draws_split():
    games = ([result("ab", [0])] * 8 + [result("ba", [1])] * 2 + [result("bc", [0])] * 9
             + [result("cb", [1])] + [result("ac", [0, 1])] * 4)
    wins = pairwise(games)
    assert wins["a", "c"] == wins["c", "a"] == 2.0  # four shared wins are four draws
    rating = bradley_terry(["a", "b", "c"], wins)
    assert rating["a"] > rating["b"] > rating["c"]
    assert sum(rating.values()) / 3 == pytest.approx(1500)
    table = standings(["a", "b", "c"], games, seed=3)
    assert [s.bot for s in table] == ["a", "b", "c"]
    assert all(s.low <= s.rating <= s.high for s in table)
    assert table == standings(["a", "b", "c"], games, seed=3)  # the bootstrap repeats


def test_tournament_command(invoke):
    args = ("tournament", "gangster-city", "--bots", "detective,random", "--players", "2",
            "--games", "3", "--seed", "2", "--workers", "1", "--json")
    first = invoke(*args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["games"] == 2 * 3 and data["seatings"] == 2
    assert [s["bot"] for s in data["standings"]] == ["detective", "random"]
    assert json.loads(invoke(*args).stdout) == data
    table = invoke(*args[:-1])
    assert "Bradley-Terry" in table.output and "detective" in table.output

"""Gangsters' ``heuristic`` bot: legal, deterministic, and far ahead of random play."""

from __future__ import annotations

import pytest

import gangland
from gangland import OptionError
from gangland.bots import default_bot, make_bot
from gangland.bots.gangsters import Heuristic, _values
from gangland.sim.simulate import simulate
from tests.bots.checks import assert_deterministic, play_mixed_games

GAME = gangland.load("gangsters")


def heuristic(seed: int) -> Heuristic:
    return Heuristic(seed, _values())


def test_it_is_the_default_opponent_and_takes_no_argument():
    assert default_bot("gangsters") == "heuristic"
    assert make_bot("heuristic", GAME, 1).name == "heuristic"
    with pytest.raises(OptionError, match="no argument"):
        make_bot("heuristic:fast", GAME, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_only_legal_choices_in_whole_games(players):
    """Heuristic bots in every other seat, random in the rest, two games per table size
    (with five, one game has the bot as the Police Commissioner)."""
    play_mixed_games(GAME, players, 2, heuristic)


def test_the_same_seed_makes_the_same_game():
    assert_deterministic(GAME, heuristic)


def test_it_beats_three_random_players():
    """A floor that cannot flake: 30 seeded games, at least 50% (measured: see
    docs/games/gangsters.md, "Bots")."""
    summary = simulate("gangsters", ["heuristic", "random", "random", "random"], 30, seed=11)
    found = summary.data["by_bot"][0]
    assert found["bot"] == "heuristic" and found["wins"] >= 15

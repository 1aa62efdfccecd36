"""Gangster (1994)'s ``heuristic`` bot: legal, deterministic, sensible, and beats random."""

from __future__ import annotations

import pytest

from gangland import OptionError
from gangland.bots import decide, default_bot, make_bot
from gangland.bots.gangster_1994 import Heuristic
from gangland.engine import Rng
from gangland.sim.simulate import simulate
from tests.bots.checks import assert_deterministic, play_mixed_games
from tests.games.gangster_1994.scenario import GAME, card, give, play, script, table


def choice(state, seed: int = 1) -> str:
    """What a fresh heuristic bot chooses for the seat to move."""
    return str(decide(Heuristic(seed), state, Rng(seed)))


def test_it_is_the_default_opponent_and_takes_no_argument():
    assert default_bot("gangster-1994") == "heuristic"
    assert make_bot("heuristic", GAME, 1).name == "heuristic"
    with pytest.raises(OptionError, match="no argument"):
        make_bot("heuristic:fast", GAME, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_only_legal_choices_in_whole_games(players):
    """Heuristic bots in every other seat, random in the rest, two games per table size."""
    play_mixed_games(GAME, players, 2, Heuristic)


def test_the_same_seed_makes_the_same_game():
    assert_deterministic(GAME, Heuristic)


def test_it_makes_the_purchase_offer_when_it_leads():
    state = table(4)  # target $40,000
    assert choice(state) == "roll"
    state.cash[0] = 40000
    state.cash[2] = 39000
    give(state, 2, card("perle", 100), card("perle", 300))  # unknown to P1: ~ $3,900 more
    state._legal_cache = None
    assert choice(state) == "roll"  # P3 may well be ahead: not yet
    state.cash[2] = 30000
    state._legal_cache = None
    assert choice(state) == "offer"


def test_it_buys_from_the_dealer_with_a_cushion_only():
    state = table(3)
    script(state, 1)  # a 2: the Vendeur
    play(state, "roll")
    assert choice(state).startswith("buy ")
    state.cash[0] = 900
    state._legal_cache = None
    assert choice(state) == "pass"


def test_it_sells_its_most_valuable_item_to_the_expert():
    state = table(3)
    give(state, 0, card("perle", 500), card("perle", 7000))
    state.pos[0] = 20
    script(state, 1)  # a 2: the Expert
    play(state, "roll")
    assert choice(state) == "sell pearl 2"


def test_it_walks_away_from_a_theft_it_cannot_afford():
    state = table(3)
    state.pos[0] = 3
    script(state, 1, 0)  # a 2: the Vol space
    play(state, "roll")
    assert choice(state) == "rob"
    state.cash[0] = 500
    state._legal_cache = None
    assert choice(state) == "pass"


def test_it_beats_three_random_players():
    """A floor that cannot flake: 40 seeded games, at least 40% (measured: see
    docs/games/gangster-1994.md, "Bots")."""
    summary = simulate("gangster-1994", ["heuristic", "random", "random", "random"], 40,
                       seed=11)
    heuristic = summary.data["by_bot"][0]
    assert heuristic["bot"] == "heuristic" and heuristic["wins"] >= 16

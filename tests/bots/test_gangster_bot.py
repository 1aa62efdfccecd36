"""Gangster's ``greedy`` bot: legal, sees majorities and ranks, beats random, any table."""

from __future__ import annotations

import pytest

from gangland import OptionError
from gangland.bots import decide, default_bot, make_bot
from gangland.bots.gangster import Greedy, _TurnSearch
from gangland.bots.gangster_eval import Evaluator, Weights
from gangland.engine import Observation, Rng
from gangland.sim.simulate import simulate
from tests.games.gangster.scenario import (
    GAME,
    clear_tiles,
    fill,
    give,
    new,
    park,
    touched,
    turn,
    use_tile,
)


def choice(state, seed: int = 1) -> str:
    """What a fresh greedy bot plays for the seat to move."""
    return str(decide(Greedy(seed), state, Rng(seed)))


def away(state) -> None:
    """The other cars wait in North Side, so none of them threatens Little Italy."""
    for colour in ("yellow", "brown", "gray"):
        park(state, colour, "north-side")


def test_it_is_the_default_gangster_opponent_and_takes_no_argument():
    assert default_bot("gangster") == "greedy"
    assert make_bot("greedy", GAME, 1).name == "greedy"
    with pytest.raises(OptionError, match="no argument"):
        make_bot("greedy:fast", GAME, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_games_with_only_legal_choices_at_every_table_size(players):
    """Greedy bots in every seat, short rounds: every choice is one of the legal actions."""
    state = GAME.new_game(players, seed=players, options={"turn_limit": 8})
    bots = [Greedy(100 + s) for s in range(players)]
    rng = Rng(players)
    while not state.is_terminal:
        seat = state.current_player
        obs = Observation.of(state, seat, rng)
        action = bots[seat].choose(obs)
        assert action in state.legal_actions()
        state.apply(action)
    assert len(state.reckonings) == 3 and state.winners()


def test_unloading_that_takes_the_lead_by_rank():
    """Yellow 3, Blue 2; a third blue gangster ties on number and outranks yellow's."""
    state = new(4, seed=1)
    clear_tiles(state)
    use_tile(state, "little-italy", 3)  # 8 5 3 1
    fill(state, "little-italy", ["blue", "blue", "yellow", "yellow", "yellow"])
    park(state, "blue", "little-italy")
    away(state)
    give(state, "blue")
    turn(state, "blue")
    assert choice(state) == "unload blue"


def test_loading_the_right_gangster_takes_the_lead():
    """Yellow on spaces 1 and 3, Blue on 2, no blue gangster left to unload: only taking
    away yellow's space-3 gangster leaves Blue's the higher rank."""
    state = new(4, seed=1)
    clear_tiles(state)
    use_tile(state, "little-italy", 3)  # 8 5 3 1
    fill(state, "little-italy", ["yellow", "blue", "yellow"])
    park(state, "blue", "little-italy")
    away(state)
    give(state, "blue")
    state.reserve[0] += state.ride[0]
    state.ride[0] = 0
    touched(state)
    turn(state, "blue")
    assert choice(state) == "load 3"


def test_the_last_doubler_is_weighed_over_every_card_of_the_deck():
    """One doubler to go and one card left: each distinct top card is a weighted root."""
    state = new(4, seed=3)
    state.doublers = 7
    state.cards[0] = 0b0010  # only the 1 face up: driving turns the cards
    turn(state, "blue")
    search = _TurnSearch(Evaluator(), state.clone(), 0)
    weights = [w for w, _ in search.others]
    assert abs(sum(weights) - 1) < 1e-9
    assert len(weights) == len(set(state.deck))
    assert choice(state) in [str(a) for a in state.legal_actions()]


def test_the_same_seed_makes_the_same_choices():
    def moves(seed: int) -> list[str]:
        state = GAME.new_game(3, seed=5, options={"turn_limit": 6})
        bot = Greedy(seed)
        rng = Rng(9)
        out = []
        while not state.is_terminal and len(out) < 120:
            action = decide(bot, state, rng)
            out.append(str(action))
            state.apply(action)
        return out

    assert moves(1) == moves(1)


def test_weights_need_one_value_per_kind_of_equipment():
    with pytest.raises(ValueError, match="one per kind"):
        Evaluator(Weights(equipment=(1.0, 2.0)))


def test_it_beats_three_random_players():
    """20 seeded four-player games against random: it wins nearly all of them."""
    summary = simulate("gangster", ["greedy", "random", "random", "random"], 20, seed=3)
    greedy = summary.data["by_bot"][0]
    assert greedy["bot"] == "greedy" and greedy["wins"] >= 16


def test_two_colours_count_together_against_random():
    """Two players: the seat's two colours add up, and greedy wins the sample."""
    summary = simulate("gangster", ["random", "greedy"], 4, seed=2, options={"turn_limit": 12})
    assert summary.data["by_bot"][1]["wins"] >= 3

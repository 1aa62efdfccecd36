"""Every game registered with OpenSpiel passes its random simulation test, and OpenSpiel's
own ISMCTS bot and ``evaluate_bots`` play on it."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

from gangland.rl.openspiel import GanglandBot, register, short_name  # noqa: E402

GAMES = ["gangster", "gangster-1994", "gangsters", "gangster-city", "chicago-gangster"]


class Restartable(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS bot builds its tree afresh at every step, so it has
    nothing to restart; ``evaluate_bots`` asks every bot to, and the class does not say."""

    def restart_at(self, state):
        pass


def test_register_names_every_game_and_may_run_twice():
    names = register()
    assert names == register()
    assert set(names) == {short_name(g) for g in GAMES}
    assert "python_gangland_gangster_city" in pyspiel.registered_names()


# The long games are played short here (Gangsters for 8 rounds, Gangster (1994) to its short
# target): OpenSpiel's test checks every player's strings and tensors at every move, and a
# whole Gangsters game has thousands of moves. ``serialize=False``: OpenSpiel would rebuild
# a state from its actions alone, and with chance sampled inside the state (docs/rl.md)
# that replays another deal; Gangland's own record (``state.record()``) is the way.
SHORT: dict[str, dict[str, object]] = {"gangsters": {"rounds": 8},
                                       "gangster-1994": {"short": True}}


@pytest.mark.parametrize("game_id", GAMES)
def test_random_sim_test(game_id):
    register()
    params = {"players": 3, "seed": 7, **SHORT.get(game_id, {})}
    pyspiel.random_sim_test(pyspiel.load_game(short_name(game_id), params), num_sims=2,
                            serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_information_state_is_unchanged_by_resampling(game_id):
    register()
    game = pyspiel.load_game(short_name(game_id), {"players": 3, "seed": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    sample = state.resample_from_infostate(seat, sampler)
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert sample.observation_tensor(seat) == state.observation_tensor(seat)
    assert sample.legal_actions() == state.legal_actions()


def test_openspiel_ismcts_plays_a_whole_game_with_evaluate_bots():
    register()
    game = pyspiel.load_game("python_gangland_gangster_city", {"players": 2, "seed": 1})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    search = Restartable(game, evaluator, uct_c=2.0, max_simulations=20,
                         random_state=np.random.RandomState(2))
    bots = [search, GanglandBot(game, "random", seed=3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2 and sum(returns) == pytest.approx(0.0)
    assert sorted(returns) == [-1.0, 1.0]  # Gangster City always has a winner


def test_our_hard_level_plays_as_an_openspiel_bot():
    register()
    game = pyspiel.load_game("python_gangland_chicago_gangster", {"players": 3, "seed": 2})
    bots = [GanglandBot(game, spec, seed=s)
            for s, spec in enumerate(["heuristic", "random", "random"])]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                          np.random.RandomState(0))
    assert len(returns) == 3 and sum(returns) == pytest.approx(0.0)


def test_bad_parameters_are_refused():
    register()
    with pytest.raises(Exception, match="2 to 5 players"):
        pyspiel.load_game("python_gangland_gangster", {"players": 9})

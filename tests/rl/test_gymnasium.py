"""One seat against bots as a Gymnasium environment passes Gymnasium's own checker."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import gangland  # noqa: E402
import gangland.rl  # noqa: E402  (registers the ids)
from gangland.engine import IllegalAction, OptionError  # noqa: E402

GAMES = ["gangster", "gangster-1994", "gangsters", "gangster-city", "chicago-gangster"]


CASES = [(g, n) for g in GAMES
         for n in range(gangland.load(g).min_players, gangland.load(g).max_players + 1)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_check_env(game_id, players):
    e = gym.make(f"gangland/{game_id}-v0", seat=players - 1, opponents="random",
                 players=players)
    check_env(e.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_against_the_games_own_bots(game_id):
    e = gym.make(f"gangland/{game_id}-v0", seat=0, opponents="heuristic" if game_id != "gangster"
                 else "greedy", players=3)
    obs, info = e.reset(seed=3)
    rng = np.random.default_rng(3)
    terminated, reward = False, 0.0
    while not terminated:
        assert obs.dtype == np.float32 and obs.shape == e.observation_space.shape
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        assert not truncated
    assert "illegal_action" not in info
    assert reward == e.unwrapped.state_.returns()[0]


def test_an_illegal_action_loses_or_raises_and_changes_nothing():
    e = gym.make("gangland/gangster-city-v0", seat=0, opponents="detective", players=3)
    _, info = e.reset(seed=5)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = e.unwrapped.state_.to_json()
    _, reward, terminated, _, info = e.step(illegal)
    assert terminated and reward == -0.5
    assert info["illegal_action"].startswith(f"action {illegal} (")
    assert e.unwrapped.state_.to_json() == before
    strict = gym.make("gangland/gangster-city-v0", illegal="raise", players=3)
    strict.reset(seed=5)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_bad_settings_are_refused_precisely():
    with pytest.raises(OptionError, match="seat is a seat number from 0 to 2"):
        gym.make("gangland/gangster-v0", seat=3, players=3)
    with pytest.raises(OptionError, match="one for each of the other 2 seats"):
        gym.make("gangland/gangster-v0", opponents="random,,random", players=3)
    with pytest.raises(OptionError, match="unknown bot"):
        gym.make("gangland/gangster-v0", opponents="grandmaster", players=3)


def test_the_same_seed_plays_the_same_game():
    def run() -> list[float]:
        e = gym.make("gangland/chicago-gangster-v0", opponents="heuristic", players=4)
        obs, info = e.reset(seed=11)
        seen, done = [float(obs.sum())], False
        while not done:
            obs, _, done, _, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
            seen.append(float(obs.sum()))
        return seen
    assert run() == run()

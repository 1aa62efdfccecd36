"""Every game as a PettingZoo AEC environment passes PettingZoo's own test suites."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

import gangland
from gangland.engine import IllegalAction, OptionError
from gangland.rl.pettingzoo import env

GAMES = ["gangster", "gangster-1994", "gangsters", "gangster-city", "chicago-gangster"]


def counts(game_id: str) -> list[int]:
    """Every player count the game takes."""
    game = gangland.load(game_id)
    return list(range(game.min_players, game.max_players + 1))


CASES = [(g, n) for g in GAMES for n in counts(g)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api_test(game_id, players):
    api_test(env(game_id, players=players), num_cycles=300)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_seed_test(game_id, players):
    seed_test(lambda: env(game_id, players=players), num_cycles=200)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_ends_with_the_engines_returns(game_id):
    e = env(game_id, players=3)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 0 and not e.agents
    returns = e.state_.returns()
    assert [totals[a] for a in e.possible_agents] == pytest.approx(returns)
    assert sum(returns) == pytest.approx(0.0)


def test_an_illegal_index_is_refused_and_changes_nothing():
    e = env("gangster-city", players=3)
    e.reset(seed=2)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.state_.to_json()
    with pytest.raises(IllegalAction, match=f"action {illegal} "):
        e.step(illegal)
    with pytest.raises(OptionError, match="an action is an index"):
        e.step("investigate 3")
    assert e.state_.to_json() == before


def test_bad_players_options_and_render_modes_are_refused():
    with pytest.raises(OptionError, match="2 to 5 players"):
        env("gangster", players=9)
    with pytest.raises(OptionError):
        env("gangster", players=3, options={"turn_limit": "soon"})
    with pytest.raises(ValueError, match="render_mode"):
        env("gangster", render_mode="human")


def test_ansi_render_is_the_spectators_table():
    e = env("chicago-gangster", players=3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Gangs" in text

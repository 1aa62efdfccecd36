"""The learning example's pieces: the mask wiring MaskablePPO relies on, the evaluation
loop and the result line. Training itself is not run here (minutes of CPU, and torch);
the command and its result are in docs/rl.md."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_city_masked_ppo.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("train_city_masked_ppo", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def test_the_mask_is_the_one_info_last_reported(example):
    env = example.make_env(players=2)
    _, info = env.reset(seed=5)
    assert env.action_masks().dtype == bool
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    arrest = int(np.flatnonzero(info["action_mask"])[-1])  # the last legal arrest
    _, _, terminated, _, info = env.step(np.int64(arrest))
    assert "illegal_action" not in info
    if not terminated:
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        assert not env.action_masks()[arrest]  # a refuted arrest is not offered again


def test_a_masked_policy_only_plays_legal_actions(example):
    from sb3_contrib import MaskablePPO

    env = example.make_env(players=3)
    env.reset(seed=2)
    model = MaskablePPO("MlpPolicy", env, seed=2, n_steps=64, batch_size=32, n_epochs=1)
    model.learn(total_timesteps=64)
    act = example.policy_agent(model)
    obs, info = env.reset(seed=9)
    terminated = False
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(np.int64(act(obs, env.action_masks())))
        assert "illegal_action" not in info and not truncated
    assert reward == env.unwrapped.state_.returns()[0]


def test_play_counts_lone_wins_over_fixed_deals(example):
    env = example.make_env(players=2)
    first = example.play(env, example.random_agent(4), 6, seed=100)
    again = example.play(env, example.random_agent(4), 6, seed=100)
    assert first == again
    wins, mean = first
    assert 0 <= wins <= 6
    # two players: a lone win is +1 and a loss -1, so the mean return follows the wins
    assert mean == pytest.approx((wins - (6 - wins)) / 6)


def test_the_report_line_carries_the_wilson_interval(example):
    assert example.report("policy", 0, 10, -1.0) == (
        "policy  win rate 0.000 (95% CI 0.000-0.278) over 10 games, mean return -1.000")
    assert "0 games" in example.report("random", 0, 0, 0.0)


def test_the_candidate_flags_are_legal_arrests_narrowed_by_the_clues(example):
    env = example.make_env(players=2, features="candidates")
    raw = example.make_env(players=2)
    obs, info = env.reset(seed=7)
    assert obs.shape == env.observation_space.shape
    assert obs.shape[0] == raw.observation_space.shape[0] + 109 + 2
    counts = []
    for _ in range(3):  # investigate: the clues can only narrow the candidates
        flags = obs[-111:-2].astype(bool)
        assert not np.any(flags & ~info["action_mask"].astype(bool))  # only legal arrests
        assert not flags[:55].any() and flags.sum() == round(obs[-2] * 54)
        counts.append(int(flags.sum()))
        obs, _, terminated, _, info = env.step(np.int64(54))  # draw from the pile
        if terminated:
            break
    assert counts == sorted(counts, reverse=True) and counts[-1] < 54
    with pytest.raises(ValueError, match="features is one of raw, candidates"):
        example.make_env(players=2, features="tensor")


def test_the_notes_are_the_candidate_flags_alone(example):
    notes = example.make_env(players=2, features="notes")
    both = example.make_env(players=2, features="candidates")
    obs, _ = notes.reset(seed=7)
    full, _ = both.reset(seed=7)
    assert obs.shape == notes.observation_space.shape == (109 + 2,)
    assert np.array_equal(obs, full[-111:])
    assert notes.observation_space.contains(obs)

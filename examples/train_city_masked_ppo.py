"""Train a masked PPO policy for one seat of Gangster City on one CPU core, then show
whether it beats random players.

sb3-contrib's MaskablePPO only ever samples actions the game allows: the environment puts
the legal actions in ``info["action_mask"]`` and :class:`InfoMask` hands the latest one to
sb3-contrib's ``ActionMasker``. Without the mask the policy would spend its first
thousands of games learning which of the 109 actions are legal at all (an illegal one ends
the episode as a loss).

    pip install torch==2.13.0 sb3-contrib stable-baselines3 -e '.[rl]'
    python examples/train_city_masked_ppo.py --players 2 --features notes \
        --steps 100000 --eval-games 1000

The evaluation plays the trained policy (masked, deterministic) in seat 0 against random
opponents, then a random masked agent in the same seat over the same deals, and prints
both win rates with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Protocol

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

import gangland.rl  # noqa: F401  (registers the gangland/<game>-v0 ids)
from gangland.games.gangster_city.cards import NCARDS, cards_in, default_deck
from gangland.games.gangster_city.knowledge import own_candidates_from_view
from gangland.sim.stats import wilson

ENV_ID = "gangland/gangster-city-v0"


class InfoMask(gym.Wrapper[np.ndarray, np.int64, np.ndarray, np.int64]):
    """Remembers the legal actions the environment last reported in ``info``, because
    ``ActionMasker`` asks for the mask between steps, when no ``info`` is at hand."""

    def __init__(self, env: gym.Env[np.ndarray, np.int64]) -> None:
        super().__init__(env)
        self.mask = np.zeros(int(env.action_space.n), dtype=bool)  # type: ignore[attr-defined]

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self.mask = info["action_mask"].astype(bool)
        return obs, info

    def step(self, action: np.int64) -> tuple[np.ndarray, Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        self.mask = info["action_mask"].astype(bool)
        return obs, reward, terminated, truncated, info


class Candidates(gym.ObservationWrapper[np.ndarray, np.int64, np.ndarray]):
    """Adds what a player at the table would write down: which arrests could be right.

    The deduction (every clue's match count, every wrong arrest, every card in sight) is
    worked out from the seat's view alone by the game's own ``own_candidates_from_view``,
    and appended as one flag per action (``1`` on the arrest of each card the seat's case
    may still be) plus the number of such cards / 54 and whether only one is left. A raw
    tensor carries the same facts, but a small network needs far more games than a few
    minutes give to learn the match arithmetic from it.
    """

    def __init__(self, env: gym.Env[np.ndarray, np.int64], alone: bool = False) -> None:
        super().__init__(env)
        self.alone = alone  # the flags instead of the tensor, not after it
        table = env.unwrapped.table  # type: ignore[attr-defined]
        self.deck = default_deck()
        self.size = table.size
        self.arrest_at = np.array([table.index.index(self.deck.arrests[c])
                                   for c in range(NCARDS)])
        box = env.observation_space
        assert isinstance(box, gym.spaces.Box)
        extra = self.size + 2
        low, high = np.zeros(extra, np.float32), np.ones(extra, np.float32)
        if not alone:
            low, high = np.concatenate([box.low, low]), np.concatenate([box.high, high])
        self.observation_space = gym.spaces.Box(low, high, dtype=np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        seat_env = self.env.unwrapped
        view = seat_env.state_.view(seat_env.seat)  # type: ignore[attr-defined]
        candidates = list(cards_in(own_candidates_from_view(self.deck, view)))
        flags = np.zeros(self.size + 2, dtype=np.float32)
        flags[self.arrest_at[candidates]] = 1.0
        flags[-2] = len(candidates) / NCARDS
        flags[-1] = len(candidates) == 1
        return flags if self.alone else np.concatenate([observation, flags])


#: raw: the tensor; candidates: the tensor and the flags; notes: the flags alone (what a
#: player writes on the notepad), which a small network learns from in minutes.
FEATURES = ("raw", "candidates", "notes")


def last_mask(env: gym.Env[np.ndarray, np.int64]) -> np.ndarray:
    """The mask function ``ActionMasker`` calls with the env it wraps (an :class:`InfoMask`)."""
    assert isinstance(env, InfoMask)
    return env.mask


def make_env(players: int, opponents: str = "random", seat: int = 0,
             features: str = "raw") -> ActionMasker:
    """One seat of Gangster City against bots, with the mask where MaskablePPO looks;
    ``features="candidates"`` appends the :class:`Candidates` flags to the tensor,
    ``features="notes"`` gives the flags alone."""
    if features not in FEATURES:
        raise ValueError(f"features is one of {', '.join(FEATURES)}, not {features!r}")
    env = gym.make(ENV_ID, seat=seat, opponents=opponents, players=players)
    if features in ("candidates", "notes"):
        env = Candidates(env, alone=features == "notes")
    return ActionMasker(InfoMask(env), last_mask)


class Agent(Protocol):
    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int: ...


def random_agent(seed: int) -> Agent:
    """A uniformly random legal action: the baseline the policy has to beat."""
    rng = np.random.default_rng(seed)

    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return act


def policy_agent(model: MaskablePPO) -> Agent:
    """The trained policy's most likely legal action."""

    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    return act


def play(env: ActionMasker, agent: Agent, games: int, seed: int) -> tuple[int, float]:
    """Wins (a positive return: a lone win) and the mean return over ``games`` games, the
    deals and bots fixed by ``seed`` (game ``i`` is ``reset(seed=seed + i)``)."""
    wins, total = 0, 0.0
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        done, reward = False, 0.0
        while not done:
            obs, r, terminated, truncated, _ = env.step(np.int64(agent(obs, env.action_masks())))
            done, reward = terminated or truncated, float(r)
        wins += reward > 0
        total += reward
    return wins, total / max(games, 1)


def report(name: str, wins: int, games: int, mean_return: float) -> str:
    """One line of the result: the win rate and its Wilson 95% interval.

    >>> report("random", 43, 100, -0.14)
    'random  win rate 0.430 (95% CI 0.337-0.528) over 100 games, mean return -0.140'
    """
    low, high = wilson(wins, games)
    rate = wins / games if games else 0.0
    return (f"{name:<7} win rate {rate:.3f} (95% CI {low:.3f}-{high:.3f}) over {games} "
            f"games, mean return {mean_return:+.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000, help="training steps")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="a bot spec, as --bots takes")
    parser.add_argument("--features", choices=FEATURES, default="raw",
                        help="the tensor (raw), the tensor and the deduced candidate "
                             "arrests (candidates), or those alone (notes)")
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--save", metavar="PATH", help="where to save the trained model (.zip)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print training progress")
    args = parser.parse_args()

    torch.set_num_threads(1)  # one core: a small MLP gains nothing from more
    env = make_env(args.players, args.opponents, features=args.features)
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=int(args.verbose), n_steps=2048,
                        batch_size=256, n_epochs=10, learning_rate=3e-4, gamma=0.99,
                        ent_coef=0.01, policy_kwargs={"net_arch": [256, 256]})
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    trained = time.perf_counter() - start
    print(f"trained {args.steps} steps in {trained:.0f} s "
          f"({args.players} players, opponents {args.opponents})")
    if args.save:
        model.save(args.save)
        print(f"saved to {args.save}")

    eval_seed = 10**6 + args.seed  # the same deals for both agents
    wins, mean = play(env, policy_agent(model), args.eval_games, eval_seed)
    print(report("policy", wins, args.eval_games, mean))
    wins, mean = play(env, random_agent(args.seed), args.eval_games, eval_seed)
    print(report("random", wins, args.eval_games, mean))


if __name__ == "__main__":
    main()

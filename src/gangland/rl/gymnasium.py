"""One seat of any game as a Gymnasium environment, the other seats played by bots.

``gymnasium.make("gangland/gangster-city-v0", seat=0, opponents="heuristic", players=3)``,
once ``gangland.rl`` is imported (which registers the ids; or name the module in the id,
``gymnasium.make("gangland.rl:gangland/gangster-city-v0")``, and Gymnasium imports it).
``opponents`` is any bot spec the command line takes (``random``, ``heuristic``,
``ismcts:200``), one for every other seat or a comma-separated list with one per other
seat, P1 first. The observation is the seat's tensor (from its view alone); the
legal actions are in ``info["action_mask"]``, int8 over the game's fixed action index.

The reward is the seat's ``State.returns()`` once the game ends (zero-sum: +1 for a lone
win). An action the mask does not allow, which an unmasked agent (or Gymnasium's own
``check_env``) will send, ends the episode as a loss by default (``illegal="lose"``: the
reward is the worst return, the game is left as it was and ``info["illegal_action"]``
says precisely why); ``illegal="raise"`` raises the engine's ``IllegalAction`` instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from gangland.bots import Bot, bot_seeds, decide, make_bot
from gangland.engine import GanglandError, OptionError, Rng, State, game_ids

from .table import Table

ILLEGAL = ("lose", "raise")


class GanglandEnv(gym.Env[np.ndarray, np.int64]):
    """A seat of a game against bots."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's)

    def __init__(self, game_id: str, seat: int = 0, opponents: str | Sequence[str] = "random",
                 players: int | None = None, options: Mapping[str, Any] | None = None,
                 illegal: str = "lose", render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if illegal not in ILLEGAL:
            raise OptionError(f"illegal is 'lose' or 'raise', not {illegal!r}")
        self.table = Table(game_id, players, options)
        assert self.table.players is not None
        n = self.table.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise OptionError(f"seat is a seat number from 0 to {n - 1}, not {seat!r}")
        self.seat, self.illegal, self.render_mode = seat, illegal, render_mode
        specs = [s.strip() for s in opponents.split(",")] if isinstance(opponents, str) \
            else [str(s).strip() for s in opponents]
        if len(specs) == 1:
            specs *= n - 1
        if len(specs) != n - 1 or not all(specs):
            raise OptionError(f"opponents names one bot, or one for each of the other "
                              f"{n - 1} seats, not {opponents!r}")
        self.specs = specs
        for spec in specs:  # refused now, with the bots' own errors, not at the first reset
            make_bot(spec, self.table.game, 0)
        low, high = self.table.bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.size)
        self.state_: State | None = None
        self.bots: list[Bot | None] = []
        self.bot_rng = Rng.for_seed(0)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game (with ``seed``, the same deal, chance and bots' choices every time),
        played by the bots until this seat is to act."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2 ** 63))
        self.state_ = self.table.new_state(game_seed)
        seeds = bot_seeds(game_seed, len(self.specs) + 1)
        others = iter(self.specs)
        self.bots = [None if s == self.seat else make_bot(next(others), self.table.game,
                                                          seeds[s])
                     for s in range(len(self.specs) + 1)]
        self.bot_rng = Rng.for_seed(game_seed ^ 0x5EED)
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state_
        if state is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if state.is_terminal:
            raise gym.error.ResetNeeded("the game is over: call reset()")
        try:
            move = self.table.action(state, action)
        except GanglandError as refused:
            if self.illegal == "raise":
                raise
            info = {**self._info(), "illegal_action": str(refused)}
            return self._observation(), self._worst(), True, False, info
        state.apply(move)
        self._play_bots()
        reward = float(state.returns()[self.seat]) if state.is_terminal else 0.0
        return self._observation(), reward, state.is_terminal, False, self._info()

    def _play_bots(self) -> None:
        """The other seats' decisions, until this seat is asked or the game ends."""
        state = self.state_
        assert state is not None
        while not state.is_terminal and state.current_player != self.seat:
            bot = self.bots[state.current_player]  # type: ignore[index]
            assert bot is not None
            state.apply(decide(bot, state, self.bot_rng))

    def _observation(self) -> np.ndarray:
        assert self.state_ is not None
        return self.state_.observation_tensor(self.seat)

    def _info(self) -> dict[str, Any]:
        assert self.state_ is not None
        if self.state_.is_terminal:
            mask = np.zeros(self.table.size, dtype=np.int8)
        else:
            mask = self.table.mask(self.state_)
        return {"action_mask": mask}

    def _worst(self) -> float:
        """The least return a seat can get (a loss): -1 shared among the others' wins."""
        n = len(self.specs) + 1
        return -1.0 if n == 1 else -1.0 / (n - 1)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return self.table.text(self.state_)


def register_envs() -> None:
    """Every game's id, ``gangland/<game-id>-v0``, in Gymnasium's registry (done when
    :mod:`gangland.rl` is imported; again is harmless)."""
    for game_id in game_ids():
        env_id = f"gangland/{game_id}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="gangland.rl.gymnasium:GanglandEnv",
                         kwargs={"game_id": game_id})

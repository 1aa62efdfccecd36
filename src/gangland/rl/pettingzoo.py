"""Every game as a PettingZoo AEC environment: ``env("gangster-city", players=3)``.

Agents are ``player_0`` ... ``player_{N-1}``, one per seat. Whoever the game asks next is
``agent_selection``, so a seat may act twice in a row or answer out of turn (a counter
card, a bid), as the rules say. Each agent observes ``{"observation": tensor,
"action_mask": mask}``: the tensor is built from that seat's view alone
(``State.observation_tensor``), the mask marks the legal actions of the game's fixed index
(all zeros when the agent is not to act). Rewards come once, at the end, from
``State.returns()`` (zero-sum, +1 for a lone winner). A game stopped by its own turn limit
ends as the rules end it, with a result: nothing is truncated. ``render_mode="ansi"``
draws the table as the terminal does, as the spectators see it.

>>> from gangland.rl.pettingzoo import env
>>> e = env("gangster-city", players=2)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()) > 0, reward, terminated
(True, 0.0, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gangland.engine import Rng, State

from .table import Table


def env(game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None,
        render_mode: str | None = None) -> GanglandAEC:
    """A PettingZoo AEC environment for ``game_id`` (players and options as the game
    takes them; bad ones are refused with the engine's precise errors)."""
    return GanglandAEC(game_id, players, options, render_mode)


class GanglandAEC(AECEnv[str, dict[str, np.ndarray], int]):
    """One game, seat by seat, as PettingZoo's agent-environment cycle."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4,  # noqa: RUF012 (PettingZoo's)
                "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None,
                 options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.table = Table(game_id, players, options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"gangland_{game_id.replace('-', '_')}_v0"}
        assert self.table.players is not None
        self.possible_agents = [f"player_{s}" for s in range(self.table.players)]
        low, high = self.table.bounds()
        observation = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.size,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.size) for a in self.possible_agents}
        self.state_: State | None = None
        self._seeds = Rng.for_seed(Rng.fresh_seed())

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed``, the same deal and the same chance every time;
        without, the next game of this environment's own sequence (itself seeded by the
        last seed given)."""
        if seed is not None:
            self._seeds = Rng.for_seed(seed)
            for agent in self.possible_agents:
                self.action_spaces[agent].seed(seed)
        self.state_ = self.table.new_state(self._seeds.next_seed())
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.state_ is not None
        seat = self.state_.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state_ is not None
        seat = self.possible_agents.index(agent)
        if self.state_.current_player == seat:
            mask = self.table.mask(self.state_)
        else:
            mask = np.zeros(self.table.size, dtype=np.int8)
        return {"observation": self.state_.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent's action (an index its mask allows); ``None`` for an agent
        whose game is over, as PettingZoo's cycle has it. An illegal index is refused with
        a precise error and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state_ is not None
        move = self.table.action(self.state_, action)
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply(move)
        if self.state_.is_terminal:
            for agent_, value in zip(self.agents, self.state_.returns(), strict=True):
                self.rewards[agent_] = float(value)
                self.terminations[agent_] = True
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return self.table.text(self.state_)

    def close(self) -> None:
        self.state_ = None

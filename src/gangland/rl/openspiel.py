"""Every game registered with OpenSpiel: ``register()``, then
``pyspiel.load_game("python_gangland_gangster_city", {"players": 3})``.

**Chance stays inside the state.** The engine draws its dice, deals and shuffles from the
state's own generator while a move is applied, and a hidden draw is exactly what a seat
must not be able to enumerate or predict. So every game is declared
``ChanceMode.SAMPLED_STOCHASTIC`` (OpenSpiel's mode for games that sample chance
internally): there are no chance nodes, ``current_player()`` is always a seat or
``TERMINAL``, and ``max_chance_outcomes`` is 0. Each initial state of a loaded game gets
its own seed: drawn afresh (the default, ``seed=-1``), or the n-th from the ``seed``
parameter, so a run with a seed is repeatable and its games still differ.

**Information states come from the view.** ``information_state_string(p)`` and
``observation_string(p)`` are the seat's view (``State.view(p)``) as canonical JSON, and
the tensors are the game's observation tensor (``State.observation_tensor``). The view
holds all a seat may know (its own secrets, public facts, what it was shown), but not the
order in which it learned them: two histories that leave a seat the same view share one
string. That is what ISMCTS needs (and what our own search keys on); a CFR-family method
that assumes perfect recall treats it as an abstraction.

``resample_from_infostate(p, sampler)`` is :meth:`State.resample` with a generator seeded
from the sampler's draws: the hidden parts drawn afresh from what seat ``p`` knows.

Parameters: ``players`` and every option the game has (``gangland play GAME --help``),
plus ``seed``. Utilities are the engine's ``returns()``: zero-sum, +1 for a lone winner
(Gangster City is declared general-sum because it can be played alone).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import gangland
from gangland.bots import decide, make_bot
from gangland.engine import Game, Rng, State, game_ids

from .table import Table

PREFIX = "python_gangland_"


def short_name(game_id: str) -> str:
    """``gangster-city`` -> ``python_gangland_gangster_city``."""
    return PREFIX + game_id.replace("-", "_")


def register() -> list[str]:
    """Register every game with OpenSpiel (again is harmless); their short names."""
    names = []
    for game_id in game_ids():
        name = short_name(game_id)
        if name not in pyspiel.registered_names():
            game = gangland.load(game_id)
            pyspiel.register_game(_game_type(game), _creator(game_id))
        names.append(name)
    return names


def _game_type(game: Game) -> pyspiel.GameType:
    params: dict[str, Any] = {"players": max(game.min_players, 2), "seed": -1}
    params.update({o.name: o.default for o in game.options})
    utility = (pyspiel.GameType.Utility.GENERAL_SUM if game.min_players == 1
               else pyspiel.GameType.Utility.ZERO_SUM)
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Gangland {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _creator(game_id: str) -> type[OpenSpielGame]:
    """The class OpenSpiel makes the game with: one per game, taking only the parameters.

    A class, not a closure: OpenSpiel keeps its creators until the process ends and lets
    go of them after Python has finalized, and letting go of the last reference to a
    function there aborts the process, while a class outlives it harmlessly.
    """
    def init(self: OpenSpielGame, params: dict[str, Any] | None = None) -> None:
        OpenSpielGame.__init__(self, game_id, params or {})
    name = "OpenSpiel_" + game_id.replace("-", "_")
    return type(name, (OpenSpielGame,), {"__init__": init, "__module__": __name__})


class OpenSpielGame(pyspiel.Game):
    """A Gangland game at fixed players and options, as OpenSpiel sees it."""

    def __init__(self, game_id: str, params: dict[str, Any]) -> None:
        game = gangland.load(game_id)
        full = {**_game_type(game).parameter_specification, **params}
        players = int(full.pop("players"))
        seed = int(full.pop("seed"))
        self.table = Table(game_id, players, full)
        n = players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.size,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0 if n == 1 else -1.0 / (n - 1),
            max_utility=1.0,
            utility_sum=None if game.min_players == 1 else 0.0,
            max_game_length=game.move_bound(n, self.table.options or {}),
        )
        super().__init__(_game_type(game), info, {**params})
        self._seeds = Rng.for_seed(seed) if seed >= 0 else None

    def next_seed(self) -> int:
        """The seed of the next initial state: the parameter's n-th, or a fresh one."""
        return self._seeds.next_seed() if self._seeds is not None \
            else Rng.fresh_seed()

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return Observer(self.table.shape)


class _Holder:
    """The engine's state inside an OpenSpiel state: made on first use, so the fresh
    initial state that OpenSpiel's ``clone()`` builds and then overwrites costs nothing,
    and copied with the engine's own :meth:`State.clone` (never ``deepcopy``)."""

    __slots__ = ("_state", "game")

    def __init__(self, game: OpenSpielGame, state: State | None = None) -> None:
        self.game, self._state = game, state

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.game.table.new_state(self.game.next_seed())
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.game, self.state.clone())


class OpenSpielState(pyspiel.State):
    """A position of a Gangland game."""

    def __init__(self, game: OpenSpielGame, state: State | None = None) -> None:
        super().__init__(game)
        self.holder = _Holder(game, state)

    @property
    def engine(self) -> State:
        """The engine's state (the true position: never for a seat's eyes)."""
        return self.holder.state

    def current_player(self) -> int:
        seat = self.engine.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.engine.current_player:
            return []
        return list(self.engine.legal_action_indices())

    def _apply_action(self, action: int) -> None:
        self.engine.apply(self.holder.game.table.action(self.engine, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.holder.game.table.index.action(action))

    def is_terminal(self) -> bool:
        return self.engine.is_terminal

    def returns(self) -> list[float]:
        return [float(r) for r in self.engine.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A position drawn from what seat ``player_id`` knows (``State.resample``)."""
        bits = sum(int(probability_sampler() * 2 ** 32) << (32 * k) for k in range(4))
        game = self.holder.game
        return OpenSpielState(game, self.engine.resample(player_id, Rng.for_seed(bits)))

    def __str__(self) -> str:
        """The position as the spectators see it (nothing hidden), as JSON."""
        return _canonical(self.engine.view(None))


class GanglandBot(pyspiel.Bot):
    """One of Gangland's own bots (any ``--bots`` spec: ``ismcts:hard``, ``heuristic``) as
    an OpenSpiel bot, for ``evaluate_bots`` against OpenSpiel's. It decides from the seat's
    observation only, as it does everywhere (``gangland.bots.decide``)."""

    def __init__(self, game: OpenSpielGame, spec: str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.table = game.table
        self.bot = make_bot(spec, self.table.game, seed)
        self.rng = Rng.for_seed(seed ^ 0xB07)

    def step(self, state: OpenSpielState) -> int:
        action = decide(self.bot, state.engine, self.rng)
        return int(self.table.index.index(action))

    def restart_at(self, state: OpenSpielState) -> None:
        pass

    def inform_action(self, state: OpenSpielState, player_id: int, action: int) -> None:
        pass


class Observer:
    """OpenSpiel's Python observer: the seat's observation tensor and its view."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        self.tensor[...] = state.engine.observation_tensor(player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return _canonical(state.engine.view(player))


def _canonical(view: Any) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)

"""What the three adapters share: a game with its players and options, fixed for an
environment's life, and the sizes an agent's layers are built for."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import gangland
from gangland.engine import Action, Game, IllegalAction, OptionError, State

if TYPE_CHECKING:
    import numpy as np

    from gangland.engine.actionindex import ActionIndex


@dataclass
class Table:
    """One game at one player count and options: its action index and tensor shape."""

    game_id: str
    players: int | None = None
    options: Mapping[str, Any] | None = None
    game: Game = field(init=False)
    index: ActionIndex = field(init=False)
    shape: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.game = gangland.load(self.game_id)
        if self.players is None:
            self.players = max(self.game.min_players, 2)
        # A game made once validates players and options with the engine's own errors.
        probe = self.game.new_game(players=self.players, seed=0, options=self.options)
        self.options = dict(probe.options)
        self.index = self.game.action_index(self.players, self.options)
        self.shape = tuple(self.game.observation_shape(self.players, self.options))

    @property
    def size(self) -> int:
        """The number of actions: every legal action of every position has an index below."""
        return int(self.index.size)

    def new_state(self, seed: int) -> State:
        """A new game with this table's players and options."""
        assert self.players is not None
        return self.game.new_game(players=self.players, seed=seed, options=self.options)

    def action(self, state: State, index: object) -> Action:
        """The action an index names, if it is legal in ``state``; else a precise error
        (:class:`OptionError` for what is no index, ``IllegalAction`` for an action that
        is not legal now), and nothing changes."""
        import numpy as np
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise OptionError(f"an action is an index from 0 to {self.size - 1}, "
                              f"not {index!r}")
        action = self.index.action(int(index))
        if action not in state.legal_actions():
            raise IllegalAction(f"action {int(index)} ({action}) is not legal now: "
                                f"{state.why_illegal(action)}")
        return action

    def mask(self, state: State) -> np.ndarray:
        """The legal actions of ``state`` as 0/1 (int8), the shape PettingZoo's classic
        games use."""
        import numpy as np
        return np.asarray(state.legal_action_mask(), dtype=np.int8)


    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Each tensor entry's least and greatest value, from the game's documented layout
        (an entry whose slice gives none is unbounded)."""
        import numpy as np
        assert self.players is not None
        low = np.full(self.shape, -np.inf, dtype=np.float32)
        high = np.full(self.shape, np.inf, dtype=np.float32)
        flat_low, flat_high = low.reshape(-1), high.reshape(-1)
        for part in self.game.observation_layout(self.players, self.options or {}):
            lo, hi = getattr(part, "low", None), getattr(part, "high", None)
            if lo is not None:
                flat_low[part.start:part.start + part.size] = lo
            if hi is not None:
                flat_high[part.start:part.start + part.size] = hi
        return low, high

    def text(self, state: State, seat: int | None = None) -> str:
        """A position as the terminal draws it for ``seat`` (the spectators by default:
        what anyone may see), as plain text."""
        import io

        from rich.console import Console

        from gangland.terminal.render import renderer
        console = Console(width=100, record=True, color_system=None, file=io.StringIO())
        console.print(renderer(self.game)(state.view(seat), state.options))
        return console.export_text()

"""What a bot is given: one seat's view and legal actions, never the true state.

An :class:`Observation` is built from a state, but it keeps no reference to it. When the
bot needs to imagine the hidden parts (search does), the observation holds a
*determinization*: a state already resampled from the seat's own knowledge. Resampling that
again is distributed exactly like resampling the truth (``resample`` must not read hidden
values, and the conformance suite checks it), so the bot loses nothing, and it has no road
to the real hands, decks or future dice, however it pokes at the object.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .rng import Rng
from .state import JSON, State


@dataclass(frozen=True)
class Observation:
    """A seat's view, its legal actions, and a sampler of consistent full states."""

    seat: int
    view: JSON
    legal_actions: tuple[Action, ...]
    _determinization: State | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, state: State, seat: int, rng: Rng | None = None) -> Observation:
        """Observe ``state`` from ``seat``. With ``rng``, sampling is possible later."""
        base = state.resample(seat, rng) if rng is not None else None
        legal = tuple(state.legal_actions()) if state.current_player == seat else ()
        return cls(seat, state.view(seat), legal, base)

    def sample_state(self, rng: Rng) -> State:
        """A full state consistent with this view, hidden parts drawn from ``rng``."""
        if self._determinization is None:
            raise RuntimeError("this observation was made without sampling (no rng given)")
        return self._determinization.resample(self.seat, rng)

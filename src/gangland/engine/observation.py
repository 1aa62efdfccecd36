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


@dataclass(frozen=True, eq=False)
class Observation:
    """A seat's view, its legal actions, and a sampler of consistent full states.

    Made with a generator (for a bot that samples), the view is built on the first read
    of :attr:`view`, from the determinization the observation holds anyway: a
    determinization's view of the seat is the seat's view (``resample`` keeps it, and the
    conformance suite checks it), so the bot reads the very same dict, and a bot that only
    samples (Gangster's greedy, asked at every node of its search) never pays for a view.
    Made without one, the view is built at once: the observation keeps no road to the
    state it observes, so there is nothing to build it from later.
    """

    seat: int
    _view: JSON | None = field(repr=False)
    legal_actions: tuple[Action, ...]
    _determinization: State | None = field(default=None, repr=False)

    @classmethod
    def of(cls, state: State, seat: int, rng: Rng | None = None) -> Observation:
        """Observe ``state`` from ``seat``. With ``rng``, sampling is possible later."""
        legal = tuple(state.legal_actions()) if state.current_player == seat else ()
        if rng is None:
            return cls(seat, state.view(seat), legal)
        return cls(seat, None, legal, state.resample(seat, rng))

    @property
    def view(self) -> JSON:
        """All that the seat may know (see :meth:`State.view`); built once, on first read."""
        view = self._view
        if view is None:
            assert self._determinization is not None
            view = self._determinization.view(self.seat)
            object.__setattr__(self, "_view", view)
        return view

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return (self.seat, self.legal_actions, self.view) == (
            other.seat, other.legal_actions, other.view)

    __hash__ = None  # type: ignore[assignment]  # a view is a dict: never hashable

    def sample_state(self, rng: Rng) -> State:
        """A full state consistent with this view, hidden parts drawn from ``rng``."""
        if self._determinization is None:
            raise RuntimeError("this observation was made without sampling (no rng given)")
        return self._determinization.resample(self.seat, rng)

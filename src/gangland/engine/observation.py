"""What a bot is given: one seat's view and legal actions, never the true state.

An :class:`Observation` is built from a state, but it keeps no reference to it. When the
bot needs to imagine the hidden parts (search does), the observation holds a
*determinization* (:meth:`State.determinization`): a state already resampled from the
seat's own knowledge, or, where a game's redraw reads nothing of the order it finds, one
whose hidden piles are in their contents' own order (Gangster's). Resampling that
again is distributed exactly like resampling the truth (``resample`` must not read hidden
values, and the conformance suite checks it), so the bot loses nothing, and it has no road
to the real hands, decks or future dice, however it pokes at the object.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .rng import Rng
from .state import JSON, State

_new = object.__new__


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
    #: The view is the game's :meth:`State.brief_view`, a part of the whole view.
    brief: bool = False

    @classmethod
    def of(cls, state: State, seat: int, rng: Rng | None = None,
           brief: bool = False, mover: bool = False) -> Observation:
        """Observe ``state`` from ``seat``. With ``rng``, sampling is possible later; with
        ``brief``, the view is the game's brief one (:meth:`State.brief_view`).

        ``mover``: the caller knows that ``seat`` is the one to move (``bots.decide``,
        asked at every step of a search's playouts), so the state is not asked again.
        """
        legal = tuple(state.legal_actions()) if mover or state.current_player == seat else ()
        # The fields written straight into the instance's dict: what the frozen
        # dataclass's ``__init__`` does through five ``object.__setattr__`` calls, at a
        # third of the cost (a search's playouts observe tens of thousands of times a
        # second). The same object: ``__eq__``, ``repr`` and the fields read alike.
        obs = _new(cls)
        fields = obs.__dict__
        fields["seat"] = seat
        if rng is None:
            fields["_view"] = state.brief_view(seat) if brief else state.view(seat)
            fields["legal_actions"] = legal
            fields["_determinization"] = None
        else:
            fields["_view"] = None
            fields["legal_actions"] = legal
            fields["_determinization"] = state.determinization(seat, rng)
        fields["brief"] = brief
        return obs

    @property
    def view(self) -> JSON:
        """All that the seat may know (see :meth:`State.view`), or the part of it a brief
        observation holds; built once, on first read."""
        view = self._view
        if view is None:
            assert self._determinization is not None
            made = self._determinization
            view = made.brief_view(self.seat) if self.brief else made.view(self.seat)
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


def is_part(part: object, whole: object) -> bool:
    """Whether ``part`` is ``whole`` with some keys of its dicts left out, at any depth:
    each key kept holds what ``whole`` holds there, and lists match item by item. A brief
    view (:meth:`State.brief_view`) must be a part of the view, so it knows nothing more.

    >>> is_part({"me": {"cash": 3}}, {"me": {"cash": 3, "name": "P1"}, "news": []})
    True
    >>> is_part({"me": {"cash": 4}}, {"me": {"cash": 3}}), is_part({"x": 1}, {})
    (False, False)
    """
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            key in whole and is_part(value, whole[key]) for key, value in part.items())
    if isinstance(part, list | tuple):
        return (isinstance(whole, list | tuple) and type(whole) is type(part)
                and len(part) == len(whole)
                and all(is_part(a, b) for a, b in zip(part, whole, strict=True)))
    return type(part) is type(whole) and part == whole

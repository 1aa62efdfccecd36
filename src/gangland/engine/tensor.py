"""Observation tensors: a seat's view as a fixed-shape float32 vector, with its layout.

A learning agent needs a fixed-size numeric input; a game's view is nested JSON whose lists
grow and shrink. Each game writes one function that walks a view and appends named slices
to an :class:`Encoder` (a one-hot of whose turn it is, a count per card, a scaled amount of
money). The same function serves twice: run once on the view of a fresh game, the encoder
records the slices (name, start, size, meaning, bounds), which is the layout the docs
print; run on any view with the recorded size, it fills a ``numpy.zeros`` array. So the
layout is documented by construction and cannot drift from the code that fills it, and a
function whose slices depend on the view (a list it forgot to pad) is caught at once: the
fill ends short of, or past, the recorded size.

The tensor is built from the view alone, so it shows a seat nothing its view does not: it
is unchanged when the hidden parts are resampled. numpy is imported only here, lazily, so
``import gangland`` never loads it.

>>> enc = Encoder()
>>> enc.onehot("turn", "whose turn", 3, 1)
>>> enc.scalar("cash", "cash / $1,000", 2500, 1000, high=5)
>>> [(s.name, s.start, s.size) for s in enc.slices]
[('turn', 0, 3), ('cash', 3, 1)]
>>> filled = Encoder(enc.pos)
>>> filled.onehot("turn", "whose turn", 3, 1)
>>> filled.scalar("cash", "cash / $1,000", 2500, 1000, high=5)
>>> filled.finish("demo").tolist()
[0.0, 1.0, 0.0, 2.5]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import numpy

    from .game import Game
    from .state import JSON

    Array = numpy.ndarray[Any, numpy.dtype[numpy.float32]]


class Slice(NamedTuple):
    """One named stretch of an observation tensor: ``tensor[start:start + size]``.

    Every value written there lies in ``[low, high]`` (amounts are scaled and clipped so
    that an agent's input stays bounded; ``meaning`` says the scale).
    """

    name: str
    start: int
    size: int
    meaning: str
    low: float = 0.0
    high: float = 1.0


class Encoder:
    """Appends named slices to one observation tensor, recording or filling.

    ``Encoder()`` records: it writes nothing and keeps the :attr:`slices`. ``Encoder(size)``
    fills a fresh ``numpy.zeros(size, float32)``, the one allocation of an encode. Each
    method takes the slice's name and meaning first, so the code that fills a slice also
    documents it.
    """

    __slots__ = ("out", "pos", "slices")

    def __init__(self, size: int | None = None) -> None:
        self.pos = 0
        self.slices: list[Slice] = []
        self.out: Array | None = None
        if size is not None:
            import numpy

            self.out = numpy.zeros(size, dtype=numpy.float32)

    @property
    def recording(self) -> bool:
        """Whether this encoder records the layout rather than filling a tensor."""
        return self.out is None

    def _take(self, name: str, meaning: str, size: int, low: float, high: float) -> int:
        start = self.pos
        self.pos = start + size
        if self.out is None:
            self.slices.append(Slice(name, start, size, meaning, low, high))
        return start

    def flag(self, name: str, meaning: str, value: object) -> None:
        """One value: 1 when ``value`` is true."""
        start = self._take(name, meaning, 1, 0.0, 1.0)
        if self.out is not None and value:
            self.out[start] = 1.0

    def flags(self, name: str, meaning: str, values: Sequence[object]) -> None:
        """One 0/1 value per item (a fixed-length list of truths)."""
        start = self._take(name, meaning, len(values), 0.0, 1.0)
        if self.out is not None:
            out = self.out
            for i, value in enumerate(values):
                if value:
                    out[start + i] = 1.0

    def onehot(self, name: str, meaning: str, size: int, index: int | None) -> None:
        """``size`` values, 1 at ``index`` (all zero for ``None``).

        An index outside ``range(size)`` is a bug in the game's encoder and raises.
        """
        start = self._take(name, meaning, size, 0.0, 1.0)
        if index is not None:
            if not 0 <= index < size:
                raise ValueError(f"{name}: index {index} outside 0..{size - 1}")
            if self.out is not None:
                self.out[start + index] = 1.0

    def multihot(self, name: str, meaning: str, size: int, indices: Iterable[int]) -> None:
        """``size`` values, 1 at each of ``indices`` (a set of cards, of seats)."""
        self.counts(name, meaning, size, indices, 1)

    def counts(self, name: str, meaning: str, size: int, indices: Iterable[int],
               most: int) -> None:
        """``size`` values: how often each index occurs, divided by ``most`` (and clipped
        at 1), so a hand holding two of a card type whose most is 4 shows 0.5 there."""
        start = self._take(name, meaning, size, 0.0, 1.0)
        out = self.out
        step = 1.0 / most
        for index in indices:
            if not 0 <= index < size:
                raise ValueError(f"{name}: index {index} outside 0..{size - 1}")
            if out is not None:
                out[start + index] = min(1.0, float(out[start + index]) + step)

    def scalar(self, name: str, meaning: str, value: float, scale: float,
               low: float = 0.0, high: float = 1.0) -> None:
        """One amount as ``value / scale``, clipped to ``[low, high]``."""
        start = self._take(name, meaning, 1, low, high)
        if self.out is not None:
            self.out[start] = min(high, max(low, value / scale))

    def scalars(self, name: str, meaning: str, values: Sequence[float], scale: float,
                low: float = 0.0, high: float = 1.0) -> None:
        """One amount per item of a fixed-length list, each as :meth:`scalar` writes it."""
        start = self._take(name, meaning, len(values), low, high)
        if self.out is not None:
            out = self.out
            for i, value in enumerate(values):
                out[start + i] = min(high, max(low, value / scale))

    def finish(self, game: str) -> Array:
        """The filled tensor; raises if the slices did not cover it exactly (a layout
        that depends on the view is a bug in the game's encoder)."""
        if self.out is None:
            raise RuntimeError("a recording encoder has no tensor")
        if self.pos != len(self.out):
            raise RuntimeError(
                f"{game}: the view filled {self.pos} values of a {len(self.out)}-value tensor; "
                "its layout must not depend on the view"
            )
        return self.out


def relative(seat: int, observer: int | None, players: int) -> int:
    """``seat`` counted from the observer: 0 is the observer, 1 the next seat in seat
    order... (a spectator counts from seat 0). Agents learn one policy for every seat.

    >>> [relative(s, 2, 4) for s in range(4)]
    [2, 3, 0, 1]
    """
    return (seat - (observer or 0)) % players


def seat_names(players: int) -> list[str]:
    """How layouts name relative seats: ``you``, ``next``, ``+2``...

    >>> seat_names(3)
    ['you', 'next', '+2']
    """
    return ["you", "next", *(f"+{k}" for k in range(2, players))][:players]


def encode_seats(enc: Encoder, view: JSON, players: int) -> int | None:
    """The slices every game starts with, and the observer's seat (for :func:`relative`).

    ``seat``: the observer's own seat, absolute (seat order breaks ties and decides who
    starts, so it matters); ``to move``: whose decision it is, counted from the observer,
    all zero once the game is over; ``over``: whether it is.
    """
    observer = view.get("seat")
    enc.onehot("seat", "the observer's own seat (absolute)", players, observer)
    to_move = view.get("to_move")
    enc.onehot("to move", "whose decision it is, relative (you first); zero once over",
               players, None if to_move is None else relative(to_move, observer, players))
    enc.flag("over", "the game is over", view.get("terminal"))
    return observer


#: What a game's encoder is: it appends its slices for ``view`` to the encoder.
EncodeFn = Callable[[Encoder, "JSON", int, Mapping[str, Any]], None]


def options_key(options: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    """A hashable key for a mapping of options (for caches)."""
    return tuple(sorted(options.items()))


class Plan(NamedTuple):
    """What encoding needs for one game, player count and options: computed once."""

    size: int
    slices: tuple[Slice, ...]
    options: Mapping[str, Any]  # validated, defaults filled in


_PLANS: dict[tuple[str, int, tuple[tuple[str, object], ...]], Plan] = {}


def plan(game: Game, players: int, options: Mapping[str, object] | None) -> Plan:
    """The layout of ``game``'s tensors for these players and options (cached).

    It is recorded from seat 0's view of a new game (seed 0): the encoder's slices do not
    depend on the view, and :meth:`Encoder.finish` holds every later view to that.
    Bad players or options raise as :meth:`Game.new_game` does.
    """
    key = (game.id, players, options_key(options or {}))
    found = _PLANS.get(key)
    if found is None:
        state = game.new_game(players, 0, options)
        enc = Encoder()
        game._encode_observation(enc, state.view(0), players, state.options)
        found = Plan(enc.pos, tuple(enc.slices), state.options)
        _PLANS[key] = found
    return found


def encode(game: Game, view: JSON, players: int, options: Mapping[str, object] | None) -> Array:
    """``view`` as ``game``'s observation tensor for these players and options.

    A view of another game or player count is refused with a ``ValueError`` naming it.
    """
    if not isinstance(view, dict) or view.get("game") != game.id:
        got = view.get("game") if isinstance(view, dict) else type(view).__name__
        raise ValueError(f"encode_view: expected a {game.id} view, not {got!r}")
    if view.get("players") != players:
        raise ValueError(f"encode_view: the view is of a {view.get('players')}-player game, "
                         f"not {players}")
    found = plan(game, players, options)
    enc = Encoder(found.size)
    game._encode_observation(enc, view, players, found.options)
    return enc.finish(game.id)

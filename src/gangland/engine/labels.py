"""How texts name the seats: ``P1`` by default, a person's name while a table says so.

Events are written when a move is made, for every audience and every future reader (a
record, a log, a replay), so they always say ``P1``. A board drawn for a person is drawn
there and then, for one table; there the people's names read better, and the terminal
knows them (``--seat human:Ann``). The renderers are pure functions of a view and know
no table, so rather than thread a table's names through every renderer and helper, the
terminal draws inside :func:`named_seats`, and :func:`seat_label` consults it.

>>> seat_label(0), seat_label(None)
('P1', 'spectators')
>>> with named_seats({0: "Ann"}):
...     seat_label(0), seat_label(1)
('Ann', 'P2')
>>> seat_label(0)
'P1'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

_NAMES: ContextVar[Mapping[int, str] | None] = ContextVar("seat_names", default=None)


#: The fixed labels of the first seats, written once: events name a seat (often two) at
#: nearly every move, and formatting ``P1`` afresh was most of :func:`seat_label`'s cost.
_CODES: dict[int, str] = {seat: f"P{seat + 1}" for seat in range(16)}


def seat_code(seat: int) -> str:
    """A seat's fixed label, ``P1`` for seat 0, names or not: what goes beside a name
    (``Ann (P1)``) and what a record's texts say.

    >>> seat_code(0), seat_code(20)
    ('P1', 'P21')
    """
    return _CODES.get(seat) or f"P{seat + 1}"


def seat_label(seat: int | None) -> str:
    """How seats are named in texts: ``P1`` for seat 0 (or its person's name inside
    :func:`named_seats`); spectators for ``None``."""
    if seat is None:
        return "spectators"
    names = _NAMES.get()
    if names:
        name = names.get(seat)
        if name:
            return name
    return _CODES.get(seat) or f"P{seat + 1}"


@contextmanager
def named_seats(names: Mapping[int, str]) -> Iterator[None]:
    """Within the body, :func:`seat_label` gives the named seats' names (only there: a
    move made inside would write names into its events, so only drawing belongs here)."""
    token = _NAMES.set(dict(names))
    try:
        yield
    finally:
        _NAMES.reset(token)

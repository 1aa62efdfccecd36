"""Taking back a half-made move: the one mechanism every front end uses.

Some moves take two decisions, and the first tells nobody anything: in Gangster a driver
turns a movement card and is then asked where the car stops. A person who turned the wrong
card may take it back, as they would at a real table, before anything follows from it. A
state says when it is such a position (:meth:`State.half_made`); this module keeps, for the
one move in progress, the positions before each of its halves and hands back the last.

A take-back is not an action: it is never in ``legal_actions()`` (bots, search, simulation
and the research wrappers never see it) and never recorded. It returns the position kept
before the half move, so the record afterwards is exactly the record without it, and no
rule is written twice: the engine never undoes a move, it forgets one.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from .errors import GanglandError
from .events import Event
from .state import State

N = TypeVar("N")


class TakeBackRefused(GanglandError, ValueError):
    """There is no half-made move to take back now (the message says why)."""


def is_half_move(before: State, after: State, events: list[Event]) -> bool:
    """Whether the move from ``before`` to ``after`` (with ``events``) may be taken back.

    The game must declare ``after`` half made, and the engine checks what it can itself:
    the same player is still to move, the game goes on, the move told nobody anything (no
    event) and drew no chance (the generator is where it was). A game that declared a
    position wrongly is thus never offered a take-back that would undo information.
    """
    return (after.half_made() and not events and not after.is_terminal
            and after.current_player == before.current_player
            and after.rng == before.rng and len(after.history) == len(before.history) + 1)


class HalfMoves(Generic[N]):
    """The positions before the halves of the move in progress, each with a note (the
    server keeps the turn clock's deadline there; the terminal nothing).

    Call :meth:`played` after every move (a person's, a bot's, one from elsewhere); any
    move that is not a half move forgets them all. Keep ``before`` states that nobody
    changes: a clone made before applying the move is what the server and terminal have.
    """

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: list[tuple[State, N | None]] = []

    def played(self, before: State, after: State, events: list[Event],
               note: N | None = None) -> None:
        """Note the move just made from ``before`` (untouched) to ``after``."""
        if is_half_move(before, after, events):
            self._kept.append((before, note))
        else:
            self._kept.clear()

    def clear(self) -> None:
        """Forget every kept position (the table changed some other way)."""
        self._kept.clear()

    def why_not(self, state: State) -> str | None:
        """Why ``state``'s last move cannot be taken back now; ``None`` if it can."""
        if state.is_terminal:
            return "the game is over"
        if not state.half_made():
            return "the last move was a whole move (only the first half of a move is taken back)"
        if not self._kept:
            return "no half move made here is left to take back"
        before = self._kept[-1][0]
        if before.history != state.history[:-1]:  # (the table moved on some other way)
            return "the position has changed since the half move"
        return None

    def can_take_back(self, state: State) -> bool:
        return self.why_not(state) is None

    def before(self, state: State) -> tuple[State, N | None]:
        """The position a take-back of ``state``'s last move returns to, and its note,
        still kept (a caller that must store the take-back first pops it afterwards).

        Raises :class:`TakeBackRefused` when there is none to return to.
        """
        why = self.why_not(state)
        if why is not None:
            raise TakeBackRefused(why)
        return self._kept[-1]

    def take_back(self, state: State) -> tuple[State, N | None]:
        """The position before ``state``'s last move, and its note; the move is forgotten.

        Raises :class:`TakeBackRefused` (changing nothing) when there is none to return to.
        """
        kept = self.before(state)
        self._kept.pop()
        return kept

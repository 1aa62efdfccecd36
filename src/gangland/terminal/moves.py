"""A game's moves with their events, rebuilt from a record.

A record stores only action texts; the events (who drew what, how many elements matched)
are produced again by replaying it. The terminal needs them to show a resumed game's
history and to step through a replay, always filtered for one seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gangland.engine import Action, Event, GanglandError, RecordError, State, seat_label
from gangland.engine.record import check_record, new_from_record


@dataclass(frozen=True)
class Move:
    """One decision: its number (1-based), the seat that made it, the action, the events."""

    number: int
    seat: int
    action: Action
    events: tuple[Event, ...]

    def lines_for(self, seat: int | None) -> list[str]:
        """What ``seat`` may read about this move: the events visible to it.

        Other seats' action texts are never shown as such: in some games an action is a
        secret (a bid, a card chosen face down), and the events already say what is public.
        A seat's own action is named only when no event describes it.
        """
        lines = [e.text for e in self.events if e.visible_to(seat)]
        if seat == self.seat and not lines:
            lines.append(f"{seat_label(seat)} chose: {self.action}")
        return lines


def replay_moves(record: object, upto: int | None = None) -> tuple[State, list[Move]]:
    """The state after the record's moves (or its first ``upto``), with every move's events.

    Bad records raise :class:`RecordError` naming the move that does not replay.
    """
    rec = check_record(record)
    state = new_from_record(rec)
    texts: Sequence[str] = rec["actions"] if upto is None else rec["actions"][:upto]
    moves: list[Move] = []
    for number, text in enumerate(texts, 1):
        seat = state.current_player
        try:
            action = state.parse_action(text)
            events = state.apply(action)
        except GanglandError as exc:
            raise RecordError(f"record move {number} does not replay: {exc}") from None
        assert seat is not None  # parse_action refuses moves after the end
        moves.append(Move(number, seat, action, tuple(events)))
    return state, moves

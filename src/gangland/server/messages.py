"""What the server says to one seat: pure functions of the state, the seat and the log.

Everything a seat is sent goes through :func:`state_message` and :func:`log_for`, which is
why the hidden-information audit (``tests/server/test_audit.py``) can check them directly:
the view is ``view(seat)``, the legal actions go only to the seat to move, and the log
keeps only the events addressed to the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from gangland.engine import Action, Event, State, seat_label

Describe = Callable[[Action], str]
LogEntry = tuple[int, Event]  # the move number that produced the event, and the event


class Refused(Exception):
    """A message the server will not act on: a code for programs, a text for people."""

    STATUS: ClassVar[dict[str, int]] = {
        "bad_message": 400, "invalid": 400, "illegal": 400, "bad_option": 400,
        "bad_token": 403, "spectator": 403, "not_found": 404,
        "not_your_turn": 409, "stale": 409, "not_running": 409, "seat_taken": 409,
        "not_finished": 409, "unplayable": 409, "no_take_back": 409, "too_fast": 429,
        "busy": 503,
    }

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        """The HTTP status for this refusal."""
        return self.STATUS.get(self.code, 400)

    def to_json(self, version: int | None = None) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, "version": version}


def stored_event(event: Event) -> dict[str, Any]:
    """An event as the database keeps it (addressees included: it never leaves the server)."""
    return event.to_json()


def event_from_stored(data: dict[str, Any]) -> Event:
    to = data.get("to")
    return Event(data["kind"], data["text"], None if to is None else frozenset(to),
                 data.get("data") or {})


def moved_for_away(events: Sequence[Event], seat: int) -> list[Event]:
    """The events of a move a bot made for a person whose turn clock ran out, saying so.

    Without it the log would read as the player's own choice. Whose clock ran out is
    public (the seat is shown away), so the notice is public too: it goes before the first
    event when that one is public, and is an event of its own when the move begins with
    one addressed to some seats only (it must not be hidden from the others with it).
    """
    notice = f"The clock ran out: a bot moved for {seat_label(seat)}"
    if events and events[0].to is None:
        first = events[0]
        marked = Event(first.kind, f"{notice}: {first.text}", None,
                       {**first.data, "by_bot": True})
        return [marked, *events[1:]]
    return [Event("by-bot", f"{notice}.", None, {"seat": seat, "by_bot": True}), *events]


def log_for(log: Sequence[LogEntry], seat: int | None, start: int = 0) -> list[dict[str, Any]]:
    """The events of moves numbered above ``start`` that ``seat`` may see, without addressees."""
    return [
        {"version": n, "kind": e.kind, "text": e.text, "data": e.data}
        for n, e in log
        if n > start and e.visible_to(seat)
    ]


def legal_for(state: State, seat: int | None, describe: Describe) -> list[dict[str, str]]:
    """The seat's legal actions with a readable label each; empty unless it is to move."""
    if seat is None or state.current_player != seat:
        return []
    return [{"text": str(a), "label": describe(a)} for a in state.legal_actions()]


def state_message(
    state: State,
    seat: int | None,
    table: dict[str, Any],
    log: Sequence[LogEntry],
    log_from: int,
    deadline: float | None,
    describe: Describe,
    playing: bool = True,
    standing: dict[str, Any] | None = None,
    take_back: bool = False,
) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (``None``: a spectator).

    ``playing`` is false while the table waits for players: nobody may act yet.
    ``standing`` is the seat's own standing answer and those its game offers
    (``prefs.standing_entry``): private, so given for a seat's own messages only.
    ``take_back``: the seat's last move was half made and may be taken back
    (``takeback.py``); said only to that seat, while it is to move.
    """
    message = {
        "type": "state",
        "version": len(state.history),
        "table": table,
        "view": state.view(seat),
        "to_move": state.current_player,
        "legal": legal_for(state, seat, describe) if playing else [],
        "events": log_for(log, seat, log_from),
        "log_from": log_from,
        "deadline": None if deadline is None else int(deadline * 1000),
        # every seat's final score, once the game is over (its count is public by then)
        "scores": state.scores() if state.is_terminal else None,
    }
    if seat is not None and standing is not None:
        message["standing"] = standing
    if message["legal"]:  # (the seat to move: the rules of its decision, from its legal moves)
        message["decision_rules"] = state.decision_rules()
    if take_back and playing and seat is not None and seat == state.current_player:
        message["take_back"] = True
    return message

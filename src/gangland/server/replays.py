"""Replays of finished games and pages of a table's log: reads whose cost is bounded.

A replay step is rebuilt from the nearest stored checkpoint at or below it (the state
after every ``checkpoint_every``-th move), so it applies fewer than ``checkpoint_every``
actions however long the game; a table played before checkpoints were kept gets them all
built once, then stored. The work runs off the event loop, at most ``replay_workers``
steps at once, so that a loop of replay requests cannot starve the tables being played.

The log is sent in pages of at most :data:`LOG_PAGE` events: the first ``state`` a new
connection gets carries the newest page, and ``GET /api/tables/{id}/log?before=V`` the
page before any version, each filtered for the asking seat like every other message.
"""

from __future__ import annotations

import asyncio
import bisect
from collections.abc import Sequence
from typing import Any

from gangland.engine import RecordError, State

from .hub import Hub, checkpoint_json
from .live import LiveTable
from .messages import LogEntry, Refused, log_for

#: The most events one page of the log holds (the first state's, and each older page).
LOG_PAGE = 200


def log_start(log: Sequence[LogEntry], seat: int | None, before: int,
              limit: int = LOG_PAGE) -> int:
    """The version after which a page of the log ends at ``before``: whole moves only,
    at most ``limit`` events that ``seat`` may see (a single move with more is one page).
    0 means the page reaches the start of the game."""
    end = bisect.bisect_right(log, before, key=lambda entry: entry[0])
    count, start = 0, before
    i = end
    while i > 0:
        n = log[i - 1][0]
        j = bisect.bisect_left(log, n, key=lambda entry: entry[0])  # move n's first event
        seen = sum(1 for _, e in log[j:i] if e.visible_to(seat))
        if count and count + seen > limit:
            return start
        count, start, i = count + seen, n - 1, j
    return 0


def log_page(live: LiveTable, seat: int | None, before: int) -> dict[str, Any]:
    """The events of the moves up to ``before`` that ``seat`` may see, one page of them."""
    if isinstance(before, bool) or not isinstance(before, int) or not 0 <= before <= live.version:
        raise Refused("bad_message", f"before runs from 0 to {live.version}")
    start = log_start(live.log, seat, before)
    lo = bisect.bisect_right(live.log, start, key=lambda entry: entry[0])
    hi = bisect.bisect_right(live.log, before, key=lambda entry: entry[0])
    return {"events": log_for(live.log[lo:hi], seat, start), "log_from": start,
            "before": before}


def finished(live: LiveTable) -> LiveTable:
    if live.status != "finished":
        raise Refused("not_finished", "the record and replays open when the game is over")
    return live


async def replay_step(hub: Hub, live: LiveTable, seat: int | None, step: int
                      ) -> dict[str, Any]:
    """A finished game after its first ``step`` moves, as ``seat`` saw it."""
    finished(live)
    steps = live.version
    if seat is not None and not 0 <= seat < live.state.players:
        raise Refused("bad_message", f"seats are numbered 0 to {live.state.players - 1}")
    if not 0 <= step <= steps:
        raise Refused("bad_message", f"steps run from 0 to {steps}")
    async with hub.replay_slots:
        view, made = await asyncio.to_thread(view_at, hub, live, seat, step)
    if made:  # (stored through the writer, like every write)
        await hub.store.write(hub.store.add_checkpoints, live.id, made)
    lo = bisect.bisect_left(live.log, step, key=lambda entry: entry[0])
    hi = bisect.bisect_right(live.log, step, key=lambda entry: entry[0])
    return {
        "step": step,
        "steps": steps,
        "action": str(live.state.history[step - 1]) if step else None,
        "view": view,
        "events": log_for(live.log[lo:hi], seat, step - 1),
    }


def view_at(hub: Hub, live: LiveTable, seat: int | None, step: int
            ) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """The view after ``step`` moves of a finished table, and the checkpoints built on the
    way if it had too few (runs in a worker thread)."""
    state, made = state_at(hub, live, step)
    return state.view(seat), made


def state_at(hub: Hub, live: LiveTable, step: int
             ) -> tuple[State, list[tuple[int, dict[str, Any]]]]:
    """The state after ``step`` moves, from the nearest checkpoint at or below it."""
    every = hub.settings.checkpoint_every or hub.settings.snapshot_every or 100
    found = hub.store.checkpoint(live.id, step)
    made: list[tuple[int, dict[str, Any]]] = []
    if step - (0 if found is None else found[0]) >= every:  # (the start is one too)
        made = build_checkpoints(live, every, found)  # missing: built once, then stored
        found = max((c for c in made if c[0] <= step), default=found, key=lambda c: c[0])
    state = from_checkpoint(live, found)
    for action in live.state.history[len(state.history):step]:
        state.apply(action)
    return state, made


def from_checkpoint(live: LiveTable, found: tuple[int, dict[str, Any]] | None) -> State:
    """The state a checkpoint holds, its history taken from the record (the start of the
    game if there is none, or if it cannot be read)."""
    if found is not None:
        n, data = found
        try:
            state = live.game.state_from_json({**data, "history": []})
        except RecordError:
            pass
        else:
            state.history = list(live.state.history[:n])
            return state
    return live.game.new_game(live.state.players, live.state.seed, live.state.options)


def build_checkpoints(live: LiveTable, every: int, found: tuple[int, dict[str, Any]] | None
                      ) -> list[tuple[int, dict[str, Any]]]:
    """Replay a finished game once from its last checkpoint, making one every ``every``
    moves (a table played before checkpoints were kept, or with them switched off)."""
    state = from_checkpoint(live, found)
    made: list[tuple[int, dict[str, Any]]] = []
    for action in live.state.history[len(state.history):]:
        state.apply(action)
        if len(state.history) % every == 0:
            made.append((len(state.history), checkpoint_json(state)))
    return made

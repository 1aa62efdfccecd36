"""The hidden-information audit of the web table: every message a seat gets, checked blind.

The engine's conformance suite proves that ``view(seat)`` depends on nothing hidden. The
web table sends more than the view (legal actions, whose turn it is, the version, the
event log), so this audits the messages themselves, built by the very functions the hub
uses (:func:`messages.state_message`, :func:`messages.log_for`). The rule, from issue 4:
no message sent to a seat contains a fact that ``resample`` would change for that seat.

Two checks make that concrete:

- :func:`check_message`: the ``state`` message for a seat, built from the true state and
  from several of that seat's resamples, is the same JSON (events aside). A message that
  carried a hidden fact would differ for some resample.
- :func:`check_events`: the events a seat sees after an action must not depend on hidden
  facts of the position before it. The action is replayed on resamples of the earlier
  position (with the true generator, so chance agrees where it can); whenever a replay
  leaves the seat's view exactly as the truth did, the seat's events must be the same.
  Events that reveal something new legitimately differ, but then the view differs too.

:func:`audit_playout` runs both after every action of a random game. Everything here is a
pure function of states and generators (no server, no I/O), so tests, benchmarks and a
developer at a prompt can run it; each failure raises ``AssertionError`` naming the game,
the move, the seat and the first differing path of the message.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gangland.engine import Action, Event, Game, IllegalAction, Rng, State
from gangland.terminal.render import describer

from . import messages

Describe = Callable[[Action], str]

#: A stand-in table summary: the audit is about what the state puts in a message, so the
#: summary (public table facts, set by the lobby) is held fixed for truth and resamples.
TABLE: dict[str, Any] = {"id": "audit", "status": "running"}


@dataclass
class AuditCounts:
    """How much an audit compared: a check that never compared anything proves nothing."""

    positions: int = 0  # positions whose messages were audited
    messages: int = 0  # (seat, resample) message comparisons
    event_tries: int = 0  # (seat, resample) replays of an action
    events: int = 0  # replays whose view matched the truth, so events were compared

    def add(self, other: AuditCounts) -> None:
        self.positions += other.positions
        self.messages += other.messages
        self.event_tries += other.event_tries
        self.events += other.events


def seats_of(state: State) -> list[int | None]:
    """Every audience of a table: each seat and the spectators (``None``)."""
    return [None, *range(state.players)]


def describe_for(game: Game, state: State) -> Describe:
    """The action labeller exactly as the hub builds it (``Hub.message_for``)."""
    describe = describer(game)
    options = state.options
    return lambda action: describe(action, options)


def normal(data: Any) -> Any:
    """``data`` as it arrives over the wire (tuples become lists, keys strings)."""
    return json.loads(json.dumps(data))


def wire_text(data: Any) -> str:
    """A canonical JSON text: two messages are the same on the wire iff their texts are."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """The first path where two JSON values differ, with both values (for messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: present in only one"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path or '.'}: {a!r:.200} vs {b!r:.200}"


def has_key(data: Any, key: str) -> bool:
    """Whether ``key`` is a key anywhere in a JSON value (the seed must never be one).

    Searched in the JSON text: a key is the only place a quoted string meets a colon
    (a string value that merely contains the same characters is a false alarm, never a miss).
    """
    return f'"{key}":' in wire_text(data)


def state_part(state: State, seat: int | None, table: dict[str, Any],
               describe: Describe) -> dict[str, Any]:
    """The ``state`` message for ``seat`` without its events.

    Built through the ``messages`` module's attributes, so whatever the server would send
    (including a function replaced in a test) is what gets audited.
    """
    message = messages.state_message(state, seat, table, [], 0, None, describe)
    message.pop("events")
    return message


def check_protocol(state: State, seat: int | None, message: dict[str, Any], where: str) -> None:
    """What the protocol promises regardless of resampling: no seed, legal only to the mover.

    Legal actions are usually public facts, so resampling alone would not notice them sent
    to every seat; the protocol says only the seat to move gets them.
    """
    assert not has_key(message, "seed"), f"{where}: a message to seat {seat} carries a seed"
    mover = state.current_player
    legal = [entry["text"] for entry in message["legal"]]
    if seat is not None and seat == mover:
        expected = [str(a) for a in state.legal_actions()]
        assert legal == expected, f"{where}: seat {seat} to move is not sent its legal actions"
    else:
        assert legal == [], f"{where}: seat {seat} is sent legal actions while {mover} moves"
    assert message["version"] == len(state.history), f"{where}: wrong version"
    assert message["to_move"] == mover, f"{where}: wrong to_move"


def check_message(state: State, seat: int | None, rng: Rng, resamples: int,
                  describe: Describe, where: str = "", table: dict[str, Any] | None = None
                  ) -> int:
    """The seat's message is the same JSON for the truth and ``resamples`` resamples.

    Returns the number of comparisons made.
    """
    table = TABLE if table is None else table
    truth = state_part(state, seat, table, describe)
    check_protocol(state, seat, truth, where)
    text = wire_text(truth)
    for i in range(resamples):
        guess = wire_text(state_part(state.resample(seat, rng), seat, table, describe))
        if guess != text:
            raise AssertionError(
                f"{where}: the message to seat {seat} changes under resampling ({i + 1} of "
                f"{resamples}), so it carries a hidden fact: "
                f"{first_difference(json.loads(text), json.loads(guess))}"
            )
    return resamples


def seen_events(events: list[Event], seat: int | None) -> str:
    """The events of one action exactly as ``log_for`` hands them to ``seat`` (as JSON)."""
    return wire_text(messages.log_for([(1, e) for e in events], seat, 0))


def check_events(before: State, action: Action, after: State, events: list[Event],
                 seat: int | None, rng: Rng, resamples: int, where: str = "") -> tuple[int, int]:
    """Events the seat sees after ``action`` depend on nothing it could not see before.

    ``before`` is the position ``action`` was played in, ``after`` and ``events`` what it
    produced. Returns ``(replays, comparisons)``: the resamples on which the action could
    be replayed, and those whose resulting view matched the truth, so events were compared.
    """
    view = wire_text(after.view(seat))
    seen = seen_events(events, seat)
    replays = compared = 0
    for i in range(resamples):
        guess = before.resample(seat, rng)
        guess.rng = before.rng.copy()  # the same chance, where the position allows it
        try:
            guess_events = guess.apply(action)
        except IllegalAction:
            continue  # an action that depends on what the seat cannot see: nothing to compare
        replays += 1
        if wire_text(guess.view(seat)) != view:
            continue  # the action revealed something: the events may say it too
        compared += 1
        other = seen_events(guess_events, seat)
        if other != seen:
            raise AssertionError(
                f"{where}: after {str(action)!r} seat {seat} sees the same view but other "
                f"events on resample {i + 1}, so its events carry a hidden fact: "
                f"{first_difference(json.loads(seen), json.loads(other))}"
            )
    return replays, compared


def audit_position(state: State, describe: Describe, rng: Rng, resamples: int,
                   where: str) -> AuditCounts:
    """:func:`check_message` for every seat and the spectators at one position."""
    counts = AuditCounts(positions=1)
    for seat in seats_of(state):
        counts.messages += check_message(state, seat, rng, resamples, describe,
                                         f"{where} seat {seat}")
    return counts


def game_length(game: Game, players: int, options: dict[str, Any], seed: int) -> int:
    """How many actions the random game of :func:`audit_playout` with ``seed`` lasts.

    Random play is cheap and deterministic, so a caller can aim an audit window at the end
    of a game (reckonings, wins, reshuffles) as well as at its start.
    """
    state = game.new_game(players, seed, options)
    choose = Rng(seed + 1)
    while not state.is_terminal:
        state.apply(choose.choice(state.legal_actions()))
    return len(state.history)


def audit_playout(game: Game, players: int, options: dict[str, Any], seed: int,
                  max_actions: int = 60, resamples: int = 4, skip: int = 0) -> AuditCounts:
    """A random game (seeded), every message and every event audited after every action.

    The first ``skip`` actions are played unchecked (to reach the later phases of a long
    game at a modest cost); then the position and every action after it are audited, until
    the end of the game or ``max_actions`` audited actions. The counts say how much was
    compared, so a caller can insist that the event check really ran.
    """
    state = game.new_game(players, seed, options)
    describe = describe_for(game, state)
    choose = Rng(seed + 1)
    audit_rng = Rng(seed + 2)
    label = f"{game.id} {players}p {options} seed {seed}"
    for _ in range(skip):
        if state.is_terminal:
            break
        state.apply(choose.choice(state.legal_actions()))
    start = len(state.history)
    counts = audit_position(state, describe, audit_rng, resamples, f"{label} move {start}")
    for move in range(start + 1, start + max_actions + 1):
        if state.is_terminal:
            break
        action = choose.choice(state.legal_actions())
        before = state.clone()
        events = state.apply(action)
        where = f"{label} move {move} ({action})"
        for seat in seats_of(state):
            replays, compared = check_events(before, action, state, events, seat, audit_rng,
                                             resamples, f"{where} seat {seat}")
            counts.event_tries += replays
            counts.events += compared
        counts.add(audit_position(state, describe, audit_rng, resamples, where))
    return counts

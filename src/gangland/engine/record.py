"""Records: a game as its seed, options and actions; replaying one rebuilds it exactly.

Because all chance comes from the state's seeded RNG, a record is tiny and complete. It is
what the command line saves, what ``--resume`` reads and what the web table stores.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import GanglandError, RecordError
from .registry import load
from .state import State

RECORD_KEYS = ("game", "players", "seed", "options", "actions")


def check_record(record: object) -> dict[str, Any]:
    """The record as a dict if it is well-formed, else a precise :class:`RecordError`."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with game, players, seed, options, actions")
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)}")
    if not isinstance(record["actions"], list) or not all(
        isinstance(a, str) for a in record["actions"]
    ):
        raise RecordError("record actions must be a list of action texts")
    if record["seed"] is None:
        raise RecordError("record has no seed (a resampled state cannot be replayed)")
    if not isinstance(record["options"], dict):
        raise RecordError("record options must be an object")
    return record


def new_from_record(record: dict[str, Any]) -> State:
    """The record's starting position (before any action)."""
    try:
        game = load(record["game"])
        return game.new_game(record["players"], record["seed"], record["options"])
    except GanglandError as exc:
        raise RecordError(f"record cannot start: {exc}") from None


def replay(record: object, upto: int | None = None) -> State:
    """Rebuild the state a record describes (or the state after its first ``upto`` moves)."""
    rec = check_record(record)
    state = new_from_record(rec)
    actions = rec["actions"] if upto is None else rec["actions"][:upto]
    for i, text in enumerate(actions, 1):
        try:
            state.apply(state.parse_action(text))
        except GanglandError as exc:
            raise RecordError(f"record move {i} does not replay: {exc}") from None
    return state


def save_record(state: State, path: str | Path) -> None:
    """Write ``state.record()`` as JSON (atomically: a crash never leaves half a file)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(state.record(), indent=1) + "\n")
    tmp.replace(path)


def load_record(path: str | Path) -> dict[str, Any]:
    """Read and check a record file; unreadable or corrupt files raise :class:`RecordError`."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path} is not a JSON record: {exc}") from None
    return check_record(data)

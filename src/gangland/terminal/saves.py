"""Saved games of ``gangland play``: the record plus who sits where.

A record (seed, options, actions) rebuilds the game but says nothing about the people at
the table. Resuming from a record alone once seated the person at P1 whatever their seat
had been, handing their turn to a bot and showing them another seat's secrets. So a save
is the record with one more key, ``seats``: one entry per seat, ``"human"`` (or
``"human:Ann"``, with the name the person gave) or the bot
spec that played it (``"detective"``, ``"ismcts:1s"``), the default bot already resolved
so that a later change of default does not change an opponent.

>>> import gangland
>>> state = gangland.load("gangster-city").new_game(players=2, seed=5)
>>> save_data(state, ["random", "human"])["seats"]
['random', 'human']

A save stays a valid record (``gangland.replay`` and ``gangland replay`` read it), and a
record without ``seats`` (an older save, a web or simulation record) can still be resumed,
but only with every seat named by ``--seat``: the terminal never guesses where a person
sat. Files are written atomically (a new file renamed over the old one, after ``fsync``)
and readable by their owner only, since a save holds the seed and so every hidden card.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gangland.bots import default_bot, make_bot
from gangland.engine import Game, OptionError, RecordError, State, counted, seat_label
from gangland.engine.record import check_record

from .seats import check_names, describe_seats, is_human, normalize_spec

SEATS = "seats"


# ----- writing ------------------------------------------------------------------------


def save_data(state: State, specs: Sequence[str]) -> dict[str, Any]:
    """What a save file holds: the game's record and its seats."""
    record = state.record()
    if len(specs) != state.players:
        raise ValueError(f"{len(specs)} seats for {state.players} players")
    return {**record, SEATS: list(specs)}


def write_save(state: State, specs: Sequence[str], path: Path) -> None:
    """Write the save atomically: a crash or a signal leaves the old file or the new one.

    The data goes to a fresh temporary file beside ``path`` (created owner-only), is
    flushed to disk, then renamed over ``path``; a failure removes the temporary file.
    """
    text = json.dumps(save_data(state, specs), indent=1) + "\n"
    folder = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# ----- reading ------------------------------------------------------------------------


def read_save(path: Path) -> tuple[dict[str, Any], list[str] | None]:
    """The record in a save file and its seats (None for a record saved without them).

    Every flaw is a :class:`RecordError` naming the file: unreadable, not JSON, not a
    record, or seats that are not one string per player.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path} is not a JSON record: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} is not a game record (not a JSON object)")
    seats = data.pop(SEATS, None)
    try:
        record = check_record(data)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    if seats is None:
        return record, None
    players = record["players"]
    if not isinstance(players, int) or isinstance(players, bool):
        raise RecordError(f"{path}: players must be a whole number, not {players!r}")
    if (not isinstance(seats, list) or not all(isinstance(s, str) and s.strip() for s in seats)
            or len(seats) != players):
        shown = json.dumps(seats)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise RecordError(
            f"{path}: seats must be a list of {counted(players, 'seat')}, each \"human\" or a bot "
            f"spec, not {shown}"
        )
    return record, [_saved_spec(s) for s in seats]


def _saved_spec(spec: str) -> str:
    """A seat as saved: a bot's spec in lower case, a person's name as it was given."""
    kind, colon, name = spec.strip().partition(":")
    if colon and kind.lower() == "human" and name.strip():
        return f"human:{' '.join(name.split())}"
    return spec.strip().lower()


def check_bots(game: Game, specs: Sequence[str], given: int, path: Path | None = None
               ) -> None:
    """Refuse, before any play, a seat whose bot this version does not know.

    The first ``given`` seats came from ``--seat``, the others from the save at ``path``
    (or defaults); the message names where the bad spec came from.
    """
    for seat, spec in enumerate(specs):
        if is_human(spec):
            continue
        try:
            make_bot(spec, game, 0)
        except OptionError as exc:
            where = "--seat" if seat < given or path is None else str(path)
            raise OptionError(f"{where}: {seat_label(seat)}: {exc}") from None


def resume_seats(game: Game, path: Path, saved: list[str] | None, given: Sequence[str],
                 players: int) -> list[str]:
    """The seats of a resumed game: the saved ones, with ``--seat`` only as far as allowed.

    - Saved seats and no ``--seat``: exactly the saved seats.
    - Saved seats and ``--seat``: seat i takes the i-th ``--seat`` (seats not given keep
      theirs), but only a bot may replace a bot. A person given where a bot sat, or a bot
      where a person sat, is refused: it would show someone a view that is not theirs.
    - No saved seats (an older save, or a record from elsewhere): every seat must be given
      with ``--seat``; nobody is seated by default, least of all where a bot was.
    """
    if len(given) > players:
        raise OptionError(f"{len(given)} seats given for {players} players")
    typed = [normalize_spec(game, s) for s in given]
    if saved is None:
        check_names(typed)
        if len(typed) != players:
            raise OptionError(
                f"{path} does not say who sits where (it was saved without seats); "
                f"name all {players} seats with --seat, P1 first, each human or a bot "
                f"(such as {default_bot(game.id)}), as they were when it was saved"
            )
        return typed
    specs = list(saved)
    for seat, spec in enumerate(typed):
        was = saved[seat]
        if is_human(spec) != is_human(was):
            now = "a person" if is_human(spec) else f"the bot {spec}"
            raise OptionError(
                f"--seat makes {seat_label(seat)} {now}, but in {path} it is "
                f"{'a person' if is_human(was) else 'the bot ' + was} "
                f"({describe_seats(saved)}); a resumed game keeps its people in their "
                "seats (only a bot may be swapped for another bot)"
            )
        # "--seat human" where a named person sat keeps the name; human:NAME renames.
        specs[seat] = was if spec == "human" and is_human(was) else spec
    check_names(specs)
    return specs


def check_overwrite(path: Path, force: bool, own: Path | None = None) -> None:
    """Refuse to replace an existing file that is not this game's own save, unless forced.

    ``own`` is the file the game was resumed from: saving back to it is the point. Any
    other existing file (another game's save, or anything else) is kept unless ``--force``.
    """
    if force or not path.exists():
        return
    if own is not None and path.resolve() == own.resolve():
        return
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        what = (f"a saved game of {data['game']}" if isinstance(data, dict)
                and isinstance(data.get("game"), str) else "not a saved game")
    except (OSError, ValueError):
        what = "not a saved game"
    raise OptionError(f"{path} already exists ({what}); choose another --save file, "
                      "or add --force to overwrite it")

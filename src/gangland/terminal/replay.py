"""``gangland replay``: a saved game, move by move, as one seat or the spectators saw it.

Each move shows only the events visible to the chosen seat, and the view is that seat's,
so a replay from P2's chair never shows P2's own case card. Stepping (``--step``) shows
one position at a time: Enter goes forwards, ``b`` back, ``g N`` to the position after
move N; without it the whole game is printed, with the view at the start and end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console, RenderableType
from rich.text import Text

from gangland.engine import OptionError, State, counted, named_seats, seat_label

from .fit import fitted_parts, has_parts, print_screen, show_command
from .moves import Move, replay_moves
from .play import result_text
from .render import hook, make_console, renderer, rule
from .saves import read_save
from .screen import is_compact
from .seats import named_label, seat_names, with_names


def parse_seat(text: str, players: int) -> int | None:
    """``spectator`` -> None; ``2`` or ``P2`` -> seat index 1 (seats count from 1 as shown).

    >>> parse_seat("P2", 3), parse_seat("spectator", 3)
    (1, None)
    """
    word = text.strip().lower()
    if word in ("spectator", "spectators", "none", ""):
        return None
    number = word[1:] if word.startswith("p") else word
    if not number.isdigit() or not 1 <= int(number) <= players:
        raise OptionError(
            f"--seat is a player number from 1 to {players} (as in P1..P{players}) "
            f"or 'spectator', not {text!r}"
        )
    return int(number) - 1


def run_replay(path: Path, seat_text: str, step: bool, at: int | None,
               console: Console | None = None) -> int:
    """Show the record at ``path`` from one seat; returns the exit code."""
    console = console or make_console()
    # (a save's seats do not change whose view is shown; they give the people's names)
    record, specs = read_save(path)
    names = seat_names(specs or [])
    total = len(record["actions"])
    if at is not None and not 0 <= at <= total:
        raise OptionError(f"--at must be from 0 to {total} (the game has {total} moves)")
    state, moves = replay_moves(record)
    seat = parse_seat(seat_text, state.players)
    game = state.game
    render = renderer(game, is_compact(console), names)
    start = 0 if at is None else at
    console.print(Text(f"{game.title}, {counted(state.players, 'player')}, seed {record['seed']}, "
                       f"{counted(total, 'move')}; seen by {seen_by(seat, names)}.",
                       style="bold"))

    position, _ = replay_moves(record, upto=start)

    def show_view() -> None:
        k = len(position.history)
        rule(console, f"Position after {counted(k, 'move')}" if k else "Starting position")
        console.print(render(position.view(seat), position.options))

    if step:
        return step_through(console, record, moves, seat, start, names)
    if at is not None:
        if at:
            show_move(console, moves[at - 1], seat, names)
        show_view()
        return 0
    show_view()
    for move in moves:
        show_move(console, move, seat, names)
        position.apply(move.action)
    if moves:
        show_view()
    show_result(console, state, total)
    return 0


STEP_HELP = "Enter: next move, b: back, g N: go to move N, q: quit"
SHOW_STEP = ", show PART"  # in the help of a game whose table comes in parts


def step_through(console: Console, record: dict[str, Any], moves: Sequence[Move],
                 seat: int | None, start: int, names: Mapping[int, str]) -> int:
    """``--step``: from the position after ``start`` moves, forwards with Enter, back with
    ``b``, to any move with ``g N``, until ``q`` or the end of input.

    Going back replays the record from the start (a state is never copied), so each
    position is exactly the one the game had. On a terminal a table in parts is fitted to
    its height as at the game's own prompt (the move's lines under the table, as the news
    are there), and ``show PART`` prints a part whole (see :mod:`.fit`).
    """
    total = len(moves)
    position, _ = replay_moves(record, upto=start)
    game = position.game
    render = renderer(game, is_compact(console), names)
    extra = SHOW_STEP if has_parts(game) else ""

    def show(k: int, lead: Move | None) -> None:
        with named_seats(names):
            show_named(k, lead)

    def show_named(k: int, lead: Move | None) -> None:
        title = f"Position after {counted(k, 'move')}" if k else "Starting position"
        view = position.view(seat)
        below = [result_line(position, total)] if k == total else []
        parts = fitted_parts(console, game, view, position.options,
                             lambda: render(view, position.options), below)
        if parts is not None:
            news = move_lines(lead, seat, names) if lead is not None else []
            print_screen(console, title, parts, news, below)
            return
        if lead is not None:
            show_move(console, lead, seat, names)
        rule(console, title)
        console.print(render(view, position.options))
        for line in below:
            console.print(line)

    k = start
    show(k, None)
    while True:
        try:
            answer = click.prompt(STEP_HELP.replace(", q", extra + ", q") if k < total else
                                  f"The end: b: back, g N: go to move N{extra}, q: quit",
                                  default="", show_default=False)
        except click.Abort:
            return 0
        words = answer.strip().lower().split()
        if words in (["q"], ["quit"]):
            return 0
        if extra and words[:1] == ["show"]:
            for part in show_command(game, position.view(seat), position.options,
                                     " ".join(words[1:])):
                console.print(part)
            continue
        target = parse_step(words, k, total)
        if isinstance(target, str):
            console.print(Text(target, style="red"))
            continue
        if target == k + 1:
            position.apply(moves[k].action)
        elif target != k:
            position, _ = replay_moves(record, upto=target)
        k = target
        show(k, moves[k - 1] if k else None)


def parse_step(words: list[str], k: int, total: int) -> int | str:
    """The position (a move count) a step command asks for, or why it cannot be had.

    >>> parse_step([], 3, 10), parse_step(["b"], 3, 10), parse_step(["g", "7"], 3, 10)
    (4, 2, 7)
    >>> parse_step(["g", "11"], 3, 10)
    'g N goes to a move from 0 to 10 (the game has 10 moves)'
    """
    if not words or words == ["n"]:
        return k + 1 if k < total else "That was the last move (b: back, g N, q: quit)."
    if words == ["b"]:
        return k - 1 if k > 0 else "This is the starting position (Enter: next, q: quit)."
    if len(words) == 2 and words[0] == "g":
        if words[1].isdigit() and int(words[1]) <= total:
            return int(words[1])
        return f"g N goes to a move from 0 to {total} (the game has {counted(total, 'move')})"
    return f"Not a step command: {' '.join(words)!r} ({STEP_HELP})."


def show_result(console: Console, state: State, total: int) -> None:
    """The winner and scores of a finished game, or that it was left unfinished."""
    console.print(result_line(state, total))


def result_line(state: State, total: int) -> RenderableType:
    """What :func:`show_result` prints."""
    if state.is_terminal:
        return result_text(state, shown=hook(state.game, "render_view") is not None)
    return Text(f"The game is unfinished after {counted(total, 'move')}.")


def seen_by(seat: int | None, names: Mapping[int, str]) -> str:
    """Whose view the replay shows: ``Ann (P1)``, ``P2`` or ``spectators``."""
    return seat_label(seat) if seat is None else named_label(seat, names)


def move_lines(move: Move, seat: int | None,
               names: Mapping[int, str] | None = None) -> list[tuple[str, bool]]:
    """One move as (line, is a heading) pairs: its number, who made it, and what the seat
    was shown (with the people's names where the save gives them)."""
    names = names or {}
    lines = move.lines_for(seat) or ["(nothing you could see)"]
    who = seat_label(move.seat) if move.seat is None else named_label(move.seat, names)
    return [(f"Move {move.number} ({who}):", True),
            *(("  " + with_names(line, names), False) for line in lines)]


def show_move(console: Console, move: Move, seat: int | None,
              names: Mapping[int, str] | None = None) -> None:
    """:func:`move_lines`, printed (plain text: an event's brackets are no markup)."""
    for line, heading in move_lines(move, seat, names):
        console.print(Text(line, style="bold" if heading else ""))

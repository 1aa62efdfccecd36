"""``gangland replay``: a saved game, move by move, as one seat or the spectators saw it.

Each move shows only the events visible to the chosen seat, and the view is that seat's,
so a replay from P2's chair never shows P2's own case card. Stepping waits for Enter
between moves; without it the whole game is printed, with the view at the start and end.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

from gangland.engine import OptionError, counted, seat_label

from .moves import Move, replay_moves
from .play import result_text
from .render import hook, make_console, renderer, rule
from .saves import read_save


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
    record, _ = read_save(path)  # a save's seats do not change whose view is shown
    total = len(record["actions"])
    if at is not None and not 0 <= at <= total:
        raise OptionError(f"--at must be from 0 to {total} (the game has {total} moves)")
    state, moves = replay_moves(record)
    seat = parse_seat(seat_text, state.players)
    game = state.game
    render = renderer(game)
    start = 0 if at is None else at
    console.print(Text(f"{game.title}, {counted(state.players, 'player')}, seed {record['seed']}, "
                       f"{counted(total, 'move')}; seen by {seat_label(seat)}.", style="bold"))

    position, _ = replay_moves(record, upto=start)

    def show_view() -> None:
        k = len(position.history)
        rule(console, f"Position after {counted(k, 'move')}" if k else "Starting position")
        console.print(render(position.view(seat), position.options))

    if at is not None and not step:
        if at:
            show_move(console, moves[at - 1], seat)
        show_view()
        return 0
    show_view()
    for move in moves[start:]:
        if step:
            try:
                answer = click.prompt("Enter: next move, q: quit", default="",
                                      show_default=False)
            except click.Abort:
                return 0
            if answer.strip().lower() in ("q", "quit"):
                return 0
        show_move(console, move, seat)
        position.apply(move.action)
        if step:
            show_view()
    if not step and moves[start:]:
        show_view()
    if state.is_terminal:
        console.print(result_text(state, shown=hook(game, "render_view") is not None))
    else:
        console.print(f"The game is unfinished after {counted(total, 'move')}.")
    return 0


def show_move(console: Console, move: Move, seat: int | None) -> None:
    """One move: its number, who made it, and what the seat was shown."""
    lines = move.lines_for(seat) or ["(nothing you could see)"]
    console.print(Text(f"Move {move.number} ({seat_label(move.seat)}):", style="bold"))
    for line in lines:
        console.print(Text("  " + line))

"""Hot seat: handing the device from one person to the next.

Two screens stand between two people's tables. First the one who just played reads
their move's outcome (their roll, the card they drew) and presses Enter to hand over;
the screen is cleared; then the next person, told why the device comes to them, presses
Enter to see their table. When the move's outcome holds nothing private (everyone sees
the same lines, as with "P2 does not counter."), the first screen is left out and the
outcome is shown on the second, which everyone may read: one Enter instead of two.

Every seat a game asks is handed the device alike, even a rival whose only answer is
``pass``: skipping those who hold no counter card would tell the table who holds one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import click
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from .moves import Move

QUIT_WORDS = ("quit", "exit", "q")


class Quit(Exception):
    """Someone typed quit at a hand-over screen."""


def public_why(view: Mapping[str, Any]) -> str:
    """The spectators' line saying whose decision it is and why, where the game gives one
    (``view["why"]`` or ``view["decision"]["why"]``): public, so fit for the hand-over
    screen that everyone sees."""
    why = view.get("why")
    decision = view.get("decision")
    if not isinstance(why, str) and isinstance(decision, Mapping):
        why = decision.get("why")
    return why if isinstance(why, str) else ""


def is_private(move: Move) -> bool:
    """Whether the mover was shown more than everyone was: then they must read it alone."""
    return move.lines_for(move.seat) != move.lines_for(None)


def wait_for_enter(console: Console, prompt: str, refusal: str) -> None:
    """Read until an empty Enter; ``quit`` raises :class:`Quit`, other text is refused."""
    while True:
        answer = click.prompt(prompt, default="", show_default=False,
                              prompt_suffix=" ").strip().lower()
        if answer in QUIT_WORDS:
            raise Quit
        if not answer:
            return
        console.print(refusal)


def hand_over(console: Console, who: str, to: str) -> None:
    """The person ``who`` (a seat's label, with its name where known) has read their
    outcome (on screen) and gives the device up to ``to``."""
    console.print(Text(f"{who}: your move is done.", style="bold"))
    wait_for_enter(console, f"To hand over to {to} (or type quit), press Enter",
                   f"Only Enter hands over to {to}; or type quit.")


def pass_panel(to: str, why: str, outcome: Sequence[str]) -> Panel:
    """The screen everyone may see while the device goes to ``to`` (a seat's label): the
    last public outcome (when nobody read it yet), why the device comes to them, and what
    to do."""
    lines = [*outcome, ""] if outcome else []
    lines.append(f"Pass the device to {to}.")
    if why:
        lines.append(f"Why: {why}")
    lines.append("Everyone else: look away. Press Enter when ready (or type quit).")
    return Panel(Text("\n".join(lines)), title="Hot seat", expand=False)

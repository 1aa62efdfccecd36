"""Prompt commands beyond the loop's own: ``moves [PREFIX]``, a game's own commands, and
tab completion.

When a decision has more than a dozen legal actions the menu only says how to type the
crowded verbs (``move KIND SPACE FACING STATUS (98 legal)``); ``moves`` lists them all, or
those whose text starts with what follows it (``moves move thug``), each spelled out as
the menu would.

A game whose table comes in parts (see :mod:`.fit`) also gets ``show PART``, which prints
a part of the table whole: a small terminal may show only some of them.

A game may offer commands of its own at the prompt (Gangsters' ``buildings``) from its text
module, as the terminal's other per-game hooks (see :mod:`.render`)::

    def prompt_commands() -> Mapping[str, tuple[str, Callable[[View, Options, str],
                                                             RenderableType]]]

each name mapped to its one-line help and to a function of the seat's view, the game's
options and the text typed after the name. It sees only the view, so it can show nothing
the seat may not know, and the terminal holds no game-specific code.

Tab completion uses Python's :mod:`readline` where it is available and standard input is
a terminal: it completes the line typed so far to the next word of any legal action or
command. Nothing needs it: without it every line is typed in full.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from gangland.engine import Action, Game, clipped, counted

from .fit import SHOW_HELP, has_parts, show_command
from .render import Options, describer, hook

#: A game's prompt command: its help line and what it shows.
GameCommand = tuple[str, Callable[[Mapping[str, Any], Options, str], RenderableType]]

MOVES_HELP = "list the legal moves (moves PREFIX: those that start with PREFIX)"


def game_commands(game: Game) -> Mapping[str, GameCommand]:
    """The game's own prompt commands (none when its text module offers none)."""
    found = hook(game, "prompt_commands")
    return dict(found()) if found is not None else {}


def help_lines(game: Game) -> list[str]:
    """``moves`` and the game's commands, as the help's lines."""
    lines = [f"  {'moves':<8} {MOVES_HELP}"]
    if has_parts(game):
        lines.append(f"  {'show':<8} {SHOW_HELP}")
    lines += [f"  {name:<8} {what}" for name, (what, _) in game_commands(game).items()]
    return lines


def matching(actions: Sequence[Action], prefix: str) -> list[Action]:
    """The actions whose text starts with ``prefix`` (case and spacing forgiven)."""
    words = prefix.lower().split()
    if not words:
        return list(actions)
    typed = " ".join(words)  # the last word may be partial: "move th" lists the Thug's
    return [a for a in actions if str(a).startswith(typed)]


def list_moves(game: Game, actions: Sequence[Action], prefix: str,
               options: Options) -> list[Text]:
    """The lines ``moves PREFIX`` prints: a count, then each action spelled out."""
    found = matching(actions, prefix)
    shown = " ".join(prefix.lower().split())
    if not found:
        return [Text(f"No legal move starts with {clipped(shown)}. Type moves to list them all.",
                     style="red")]
    describe = describer(game)
    head = (f"{counted(len(found), 'legal move')}:" if not shown else
            f"{counted(len(found), 'legal move')} {'starts' if len(found) == 1 else 'start'}"
            f" with {shown!r}:")
    return [Text(head, style="bold"), *(Text("  " + describe(a, options)) for a in found)]


def run_command(game: Game, text: str, actions: Sequence[Action],
                view: Callable[[], Mapping[str, Any]], options: Options
                ) -> list[RenderableType] | None:
    """What the prompt command ``text`` shows, or None when it is no such command."""
    name, _, rest = text.strip().partition(" ")
    name = name.lower()
    if name == "moves":
        return list(list_moves(game, actions, rest, options))
    if name == "show" and has_parts(game):
        return show_command(game, view(), options, rest)
    command = game_commands(game).get(name)
    if command is None:
        return None
    return [command[1](view(), options, rest.strip().lower())]


def completions(typed: str, actions: Sequence[Action], commands: Sequence[str]) -> list[str]:
    """What ``typed`` may complete to: the next word of each legal action or command.

    >>> acts = [Action("move", ("thug", "8.3", "east", "criminal")), Action("done")]
    >>> completions("move t", acts, ["moves"])
    ['move thug ']
    >>> completions("mo", acts, ["moves"])
    ['move ', 'moves']
    >>> completions("moves move th", acts, ["moves"])
    ['moves move thug ']
    """
    typed = typed.lstrip().lower()
    if typed.startswith("moves "):  # "moves PREFIX": the prefix completes as an action
        return ["moves " + c for c in completions(typed[6:], actions, [])]
    out: dict[str, None] = {}
    for word in [*(str(a) for a in actions), *commands]:
        if not word.startswith(typed):
            continue
        cut = word.find(" ", len(typed))
        out[word if cut < 0 else word[:cut + 1]] = None
    return sorted(out)


@contextlib.contextmanager
def tab_completion(candidates: Callable[[str], list[str]]) -> Iterator[None]:
    """Complete the whole line at Tab while the block runs, where readline works on a
    terminal; elsewhere (no readline, input from a pipe or a test) do nothing."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: no completion, nothing else lost
        yield
        return
    if not sys.stdin.isatty():
        yield
        return
    old_completer, old_delims = readline.get_completer(), readline.get_completer_delims()
    # No history: in hot seat the next person's Up arrow would show the last one's secret
    # choice ("gang 4 3 1"). Not every readline can switch it off.
    auto = getattr(readline, "set_auto_history", None)
    if auto is not None:
        auto(False)
    found: list[str] = []

    def complete(text: str, index: int) -> str | None:
        if index == 0:
            found[:] = candidates(readline.get_line_buffer()[:readline.get_endidx()])
        return found[index] if index < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims("")  # the whole line is the word: actions have spaces
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    try:
        yield
    finally:
        readline.set_completer(old_completer)
        readline.set_completer_delims(old_delims)
        if auto is not None:
            auto(True)

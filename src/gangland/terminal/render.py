"""Finding and using each game's terminal renderer, plus shared console helpers.

Every game may ship ``gangland.games.<id with underscores>.text`` with

- ``render_view(view, options) -> RenderableType`` (required), and
- ``describe_action(action, options) -> str`` (optional: an action spelled out), and
- ``render_compact(view, options) -> RenderableType`` (optional: the same facts laid out
  for a small terminal, under 100 columns or 30 rows; the terminal chooses, see
  :func:`.screen.is_compact`, so a game never reads the terminal's size), and
- ``compact_parts(view, options)`` (optional: that table in named parts by priority, for
  the whole screen to fit the terminal's height; see :mod:`.fit`).

A game without one still plays: its view is shown as pretty-printed JSON. Looking the
module up by name keeps the terminal free of any game-specific import, so a new game needs
only its own folder.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.rule import Rule

from gangland.engine import Action, Event, Game, OptionValue, State, named_seats, seat_label

Options = Mapping[str, OptionValue]
ViewRenderer = Callable[[Mapping[str, Any], Options], RenderableType]
ActionDescriber = Callable[[Action, Options], str]


def text_module_name(game_id: str) -> str:
    """``gangster-city`` -> ``gangland.games.gangster_city.text``."""
    return f"gangland.games.{game_id.replace('-', '_')}.text"


@cache
def _text_module(game_id: str) -> ModuleType | None:
    """The game's text module, or None when the game ships none."""
    name = text_module_name(game_id)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None  # the module itself is missing, not something it imports
        raise


def _fallback_view(view: Mapping[str, Any], options: Options) -> RenderableType:
    """Any game's view, as data: better than nothing for a game without a renderer."""
    return Pretty(dict(view), expand_all=True)


def hook(game: Game, name: str) -> Callable[..., Any] | None:
    """A function the game's text module defines, or None."""
    module = _text_module(game.id)
    found = getattr(module, name, None) if module is not None else None
    return found if callable(found) else None


def renderer(game: Game, compact: bool = False,
             names: Mapping[int, str] | None = None) -> ViewRenderer:
    """The game's ``render_view`` (or the JSON fallback); when ``compact``, its
    ``render_compact`` where it has one. With ``names`` (the people's, by seat), the
    board calls those seats by name where it would say ``P1`` (:func:`.named_seats`)."""
    found = hook(game, "render_compact") if compact else None
    draw: ViewRenderer = found or hook(game, "render_view") or _fallback_view
    if not names:
        return draw
    table = dict(names)

    def named(view: Mapping[str, Any], options: Options) -> RenderableType:
        with named_seats(table):
            return draw(view, options)
    return named


def describer(game: Game) -> ActionDescriber:
    """The game's ``describe_action`` (or plain canonical text)."""
    return hook(game, "describe_action") or (lambda action, options: str(action))


def seat_colours(game: Game, state: State) -> dict[int, str]:
    """Each seat's colour (or colours) where the game has them, from the spectators' view
    by the game's ``seat_colours(view)``: public, so safe to print for anyone. Empty for a
    game without colours (or without the hook)."""
    colours = hook(game, "seat_colours")
    return dict(colours(state.view(None))) if colours is not None else {}


def make_console() -> Console:
    """A console on the *current* standard output (Click's test runner swaps it)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def show_events(console: Console, events: Sequence[Event], seat: int | None,
                heading: str | None = None) -> None:
    """Print the events ``seat`` may see (never the raw list)."""
    shown = [e for e in events if e.visible_to(seat)]
    if not shown:
        return
    if heading:
        console.print(heading, style="bold")
    for event in shown:
        console.print("  " + event.text)


def rule(console: Console, title: str) -> None:
    """A horizontal rule with a title: separates turns and moves."""
    console.print(Rule(title))


def who(seat: int | None, humans: Sequence[int] = ()) -> str:
    """``P2`` or, for a seat played at this terminal, ``P2 (you)`` when it is the only one."""
    label = seat_label(seat)
    if seat is not None and len(humans) == 1 and seat in humans:
        label += " (you)"
    return label

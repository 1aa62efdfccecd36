"""Chicago Gangster in the terminal: a seat's view drawn with Rich.

Renders a *view* (``state.view(seat)``), never a state, so whatever it prints is something
that seat may know. ``options`` give the components file, whose names the numbers refer to.

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("chicago-gangster").new_game(players=3, seed=7)
>>> console = Console(width=100, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_view(state.view(0), state.options))
>>> "Hit list" in console.export_text()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gangland.engine import Action, OptionValue, seat_label

from .cards import EFFECTS, Components, components_from

__all__ = ["describe_action", "mobster_label", "render_view"]

COLOURS = {"black": "bright_black", "purple": "magenta"}


def _comps(options: Mapping[str, OptionValue] | None) -> Components:
    return components_from(str((options or {}).get("components") or ""))


def mobster_label(number: int, options: Mapping[str, OptionValue] | None = None) -> str:
    """A mobster's number and name.

    >>> mobster_label(1)
    '#1 Al Capone'
    """
    return f"#{number} {_comps(options).mobster_name(number - 1)}"


def describe_action(action: Action, options: Mapping[str, OptionValue] | None = None) -> str:
    """The action's text with what it means spelled out.

    >>> describe_action(Action("pick", (10,)))
    'pick 10  (#10 Bugs Moran)'
    >>> describe_action(Action("discard", ("hit",)))
    'discard hit  (forgo its effect)'
    """
    kind = action.kind
    if kind == "pick":
        return f"{action}  ({mobster_label(int(action.args[0]), options)})"
    if kind == "play":
        return f"{action}  ({EFFECTS[str(action.args[0])]})"
    if kind == "discard":
        return f"{action}  (forgo its effect)"
    if kind == "target":
        return f"{action}  (aim at {seat_label(int(action.args[0]) - 1)})"
    if kind == "counter":
        return f"{action}  ({EFFECTS[str(action.args[0])]})"
    if kind == "pass":
        return "pass  (no counter)"
    return str(action)


def _names(numbers: list[int], comps: Components) -> str:
    return ", ".join(f"{n} {comps.mobster_name(n - 1)}" for n in numbers) or "-"


def render_view(view: Mapping[str, Any],
                options: Mapping[str, OptionValue] | None = None) -> RenderableType:
    """The whole table as the viewing seat may see it."""
    comps = _comps(options)
    viewer = view.get("seat")
    gangs = Table(title="Gangs", expand=True)
    for column in ("player", "gang", "in play", "listed", "cards"):
        gangs.add_column(column)
    for g in view["gangs"]:
        who = seat_label(g["seat"]) + (" (you)" if g["seat"] == viewer else "")
        style = "dim" if g["out"] else COLOURS.get(g["colour"], g["colour"])
        gangs.add_row(who, Text(g["gang"] + (" - out" if g["out"] else ""), style=style),
                      _names(g["in_play"], comps), _names(g["listed"], comps),
                      str(g["hand_size"]))
    hitlist = Text("Hit list (wall first): ", style="bold")
    for i, n in enumerate(view["hitlist"]):
        owner = view["owners"][n - 1]
        hitlist.append(f"{i + 1}. {comps.mobster_name(n - 1)} ({seat_label(owner)})  ",
                       style="bold red" if i == 0 else "")
    if not view["hitlist"]:
        hitlist.append("empty")
    war = view["war"]
    if war["rate"]:
        speed = "double speed" if war["rate"] == 2 else "normal speed"
        state = f"Gang war at {speed}" + (", never stopping" if war["permanent"] else "")
    else:
        state = "No war"
    lines: list[RenderableType] = [
        Text(view["decision"]["why"], style="bold"),
        Text(f"Turn {view['turn']}. {state}. Pile: {view['pile_size']} cards; "
             f"discards: {len(view['discard'])}" +
             (f" (top: {view['discard'][-1]})" if view["discard"] else "")),
        hitlist,
        Text("Dead: " + _names(view["dead"], comps), style="dim"),
        gangs,
    ]
    if view["hand"] is not None:
        lines.append(Text("Your hand: " + (", ".join(view["hand"]) or "empty")))
    if view["terminal"]:
        winners = ", ".join(seat_label(s) for s in view["winners"]) or "nobody"
        lines.insert(0, Text(f"Game over. Winner: {winners}.", style="bold green"))
    return Panel(Group(*lines), title="Chicago Gangster")

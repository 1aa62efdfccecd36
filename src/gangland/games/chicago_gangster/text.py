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

from collections.abc import Callable, Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gangland.engine import Action, OptionValue, counted, seat_label

from .cards import EFFECTS, Components, components_from

__all__ = ["describe_action", "mobster_label", "prompt_commands", "render_compact",
           "render_view", "seat_colours"]

View = Mapping[str, Any]
Options = Mapping[str, OptionValue] | None

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


def verdict(view: Mapping[str, Any]) -> str:
    """The end in one sentence: who won and why.

    >>> verdict({"winners": [1], "final": {"reason": "the last gang standing"}})
    'Game over: P2 wins, the last gang standing.'
    """
    winners = view["winners"]
    names = " and ".join(seat_label(s) for s in winners) or "nobody"
    reason = (view.get("final") or {}).get("reason") or ""
    wins = "wins" if len(winners) == 1 else "share the win"
    return f"Game over: {names} {wins}" + (f", {reason}." if reason else ".")


def final_table(view: Mapping[str, Any], comps: Components) -> Table:
    """Each seat's final count: living mobsters (in play and listed), the dead, the result."""
    viewer = view.get("seat")
    table = Table(title="Final count (score: living mobsters)", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    for column in ("player", "gang", "in play", "listed", "score", "R.I.P.", "out in turn"):
        table.add_column(column, no_wrap=True)
    for row in view["final"]["count"]:
        s = row["seat"]
        g = view["gangs"][s]
        who = seat_label(s) + (" (you)" if s == viewer else "")
        if row["winner"]:
            result = Text("winner", style="bold green")
        else:
            result = Text(str(row["out_turn"] or "still in"))
        table.add_row(who, Text(g["gang"], style=COLOURS.get(g["colour"], g["colour"])),
                      str(row["in_play"]), str(row["listed"]), Text(str(row["alive"]),
                                                                    style="bold"),
                      str(row["dead"]), result)
    return table


def _numbers(numbers: list[int]) -> str:
    return " ".join(str(n) for n in numbers) or "-"


def mobster_list(comps: Components, compact: bool) -> Callable[[list[int]], str]:
    """How a list of mobsters is written: by number and name, or by number alone when
    ``compact`` (``mobsters`` at the prompt names them)."""
    return _numbers if compact else lambda numbers: _names(numbers, comps)


def gangs_table(view: View, comps: Components, compact: bool) -> Table:
    """Each gang: its mobsters in play and listed (see :func:`mobster_list`) and its
    hand's size."""
    viewer = view.get("seat")
    mobsters = mobster_list(comps, compact)
    gangs = Table(title=None if compact else "Gangs", expand=True,
                  box=box.SIMPLE_HEAD if compact else box.HEAVY_HEAD, pad_edge=not compact)
    for column in ("player", "gang", "in play", "listed", "cards"):
        gangs.add_column(column)
    for g in view["gangs"]:
        who = seat_label(g["seat"]) + (" (you)" if g["seat"] == viewer else "")
        style = "dim" if g["out"] else COLOURS.get(g["colour"], g["colour"])
        gangs.add_row(who, Text(g["gang"] + (" - out" if g["out"] else ""), style=style),
                      mobsters(g["in_play"]), mobsters(g["listed"]), str(g["hand_size"]))
    return gangs


def render_compact(view: View, options: Options = None) -> RenderableType:
    """The table for a small terminal: the same facts, each gang's mobsters by number on
    one line (``mobsters`` at the prompt names every number)."""
    return render_view(view, options, compact=True)


def render_mobsters(view: View, options: Options, rest: str) -> RenderableType:
    """The prompt's ``mobsters``: every mobster's number and name, gang by gang."""
    comps = _comps(options)
    lines = [Text(f"{g['gang']}: " + _names(sorted([*g["in_play"], *g["listed"]]), comps),
                  style=COLOURS.get(g["colour"], g["colour"])) for g in view["gangs"]]
    if view["dead"]:
        lines.append(Text("Dead: " + _names(view["dead"], comps), style="dim"))
    return Group(*lines)


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: Chicago Gangster's own prompt commands (``terminal.listing``)."""
    return {"mobsters": ("every mobster's number and name, gang by gang", render_mobsters)}


def render_view(view: Mapping[str, Any],
                options: Mapping[str, OptionValue] | None = None,
                compact: bool = False) -> RenderableType:
    """The whole table as the viewing seat may see it; at the end, the final count."""
    comps = _comps(options)
    over = bool(view["terminal"] and view.get("final"))
    gangs = gangs_table(view, comps, compact)
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
    dead = (f"R.I.P.: {counted(len(view['dead']), 'mobster')}" if over
            else "Dead: " + mobster_list(comps, compact)(view["dead"]))
    lines: list[RenderableType] = [
        Text(verdict(view), style="bold green") if view["terminal"]
        else Text(view["decision"]["why"], style="bold"),
        Text(f"Turn {view['turn']}. {state}. Pile: {counted(view['pile_size'], 'card')}"
             + (f" (remade from {counted(len(view['new_deck']), 'discard')})"
                if view.get("new_deck") else "") + "; "
             f"discards: {len(view['discard'])}" +
             (f" (top: {view['discard'][-1]})" if view["discard"] else "")),
        hitlist,
        Text(dead, style="dim"),
        final_table(view, comps) if over else gangs,
    ]
    if view["hand"] is not None:
        lines.append(Text("Your hand: " + (", ".join(view["hand"]) or "empty")))
    if over:
        lines.append(Text("No other hand is shown: the rules reveal a card only when it is "
                          "played, and a beaten gang's cards went to the discard pile.",
                          style="dim"))
    return Panel(Group(*lines), title="Chicago Gangster")


def seat_colours(view: Mapping[str, Any]) -> dict[int, str]:
    """Each seat's gang colour, for the terminal to name the seat by it: "P1 (red)"."""
    return {g["seat"]: g["colour"] for g in view["gangs"]}

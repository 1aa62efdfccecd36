"""Gangster in the terminal: a seat's view drawn as a city map and a few tables.

This module renders a *view* (``state.view(seat)``), never a state, so whatever it prints
is something that seat may know. The command line finds it by importing
``gangland.games.gangster.text`` and calls

- ``render_view(view, options)``: the whole table as one Rich renderable;
- ``describe_action(action, options)``: an action followed by what it does, for menus.

What is shown, top to bottom: who is to decide what (for a drive, the districts where the
car may stop); the city map, the eleven districts and every road between them, with a
doubler marked ``x2`` and each car under its district; one row per district with its tile
(point values, then the spaces in rank order, four to a row as printed, each row numbered
by its first space, so ``load 7`` can be read off the screen) and what each colour would
score if the round ended now; each colour's tableau; influence, harbour and piles; the
past reckonings.

Colours are always written as two letters (``Bl`` blue, ``Ye`` yellow, ``Br`` brown,
``Gy`` gray, ``Gn`` green) as well as drawn in their colour, so nothing depends on telling
colours apart.

The map is drawn from fixed positions and hand-routed roads (:mod:`.text_map`).

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangster").new_game(players=3, seed=7)
>>> console = Console(width=100, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_view(state.view(1), state.options))
>>> "Blue (P1) to act at" in console.export_text()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import Action, OptionValue, counted, seat_label

from .text_final import render_final
from .text_map import CODES, ROUTES, STYLES, destinations, draw_map, layout_problems, tableau_of

__all__ = ["CODES", "ROUTES", "describe_action", "draw_map", "layout_problems",
           "prompt_commands", "render_compact", "render_view", "seat_colours"]

View = Mapping[str, Any]
Options = Mapping[str, OptionValue] | None

# ----- words and chips ---------------------------------------------------------------------


def _title(word: str) -> str:
    return word.replace("-", " ").title()


def _chip(colour: str | None) -> Text:
    """A colour's two letters, in its colour; an empty space as ``..``."""
    if colour is None:
        return Text("..", "dim")
    return Text(CODES.get(colour, colour[:2].title()), STYLES.get(colour, ""))


def _seat_name(view: View, seat: int) -> str:
    """``P2 (you)`` for the viewer's own seat, else ``P2``."""
    return seat_label(seat) + (" (you)" if seat == view.get("seat") else "")


def _colour_name(view: View, colour: str) -> str:
    """``Blue (P1)``: the colour and the seat that plays it."""
    return f"{_title(colour)} ({seat_label(tableau_of(view, colour)['seat'])})"


def _district_title(view: View, name: str) -> str:
    return next((d["title"] for d in view["districts"] if d["name"] == name), _title(name))


# ----- the pending decision --------------------------------------------------------------


def _heading(view: View) -> Text:
    """Round, doublers, turn: how far the game and the round are."""
    if view["terminal"]:
        return Text(f"Gangster  over after {view['rounds']} Days of Reckoning", style="bold")
    doublers = view["doublers"]
    head = Text(f"Gangster  round {view['round']} of {view['rounds']}", style="bold")
    # The turn cap is a safety rule that almost never bites: said as a limit, not as a
    # count that the terminal's own "move N" would seem to contradict.
    head.append(f"  doublers placed: {doublers['placed']} of {doublers['total']} (the last "
                f"ends the round)  turn {view['turns_taken'] + 1} this round "
                f"({view['turn_limit']} at most)")
    return head


def _pending(view: View) -> Text:
    """Who decides what now, in words."""
    if view["terminal"]:
        winners = view["winners"]
        names = " and ".join(_seat_name(view, s) for s in winners) or "nobody"
        best = max(view["influence"]) if view["influence"] else 0
        return Text(f"Game over: {names} {'win' if len(winners) > 1 else 'wins'} with "
                    f"{best} influence.", style="bold")
    phase = view["phase"]
    seat = view["to_move"]
    colour = view.get("colour")
    if phase == "choose-colour" or colour is None:
        mine = [t["colour"] for t in view["tableaus"] if t["seat"] == seat]
        return Text(f"{_seat_name(view, seat)} to choose which colour plays this turn: "
                    f"{' or '.join(_title(c) for c in mine)}.", style="bold")
    tableau = tableau_of(view, colour)
    who = _colour_name(view, colour)
    if seat == view.get("seat"):
        who = who[:-1] + ", you)"
    where = _district_title(view, tableau["car"])
    cards = ", ".join(str(k) for k in tableau["face_up"])
    card = view.get("drive_card") or 0
    motor = f" (or {card + 1} with the Motor)" if "motor" in tableau["equipment"] else ""
    texts = {
        "act": f"{who} to act at {where}: drive (card {cards}), or unload or load one "
               "gangster here.",
        "destination": f"{who} drives {view.get('drive_card')}{motor} from {where}; it may "
                       "stop at "
                       + ", ".join(_district_title(view, d)
                                   for d in destinations(view, tableau)) + ".",
        "bump": f"{who} stopped at {where}: push another car standing there one road on "
                "with the Bumper, or not.",
        "breakfast": f"{who} is at the Gold Coast: leave the trunk's gangsters at the "
                     "Sicilian Breakfast, or keep them.",
        "take": f"{who} is at the Gold Coast: take one of the harbour's tiles.",
        "door": f"{who} may unload a second gangster of its own with the Door, or stop.",
    }
    return Text(texts.get(phase, f"{who} to decide ({phase})."), style="bold")


# ----- districts ---------------------------------------------------------------------------


def _values_text(district: Mapping[str, Any]) -> str:
    tile = district["tile"]
    return " ".join(str(v) for v in tile["values"])


def _spaces_text(tile: Mapping[str, Any]) -> Text:
    """The tile's spaces four to a row as printed, each row numbered by its first space.

    Rows past the last one reached are left out (their count follows), to keep it short.
    """
    spaces: list[str | None] = tile["spaces"]
    used = max([i + 1 for i, x in enumerate(spaces) if x is not None] + [tile["frontier"]])
    rows = max(1, -(-used // 4))
    text = Text()
    for r in range(rows):
        if r:
            text.append("\n")
        text.append(f"{4 * r + 1:>2} ", "dim")
        for i in range(4 * r, min(4 * r + 4, len(spaces))):
            text.append_text(_chip(spaces[i]))
            if i < 4 * r + 3:
                text.append(" ")
    left = len(spaces) - 4 * rows
    if left > 0:
        text.append(f"  +{left} empty", "dim")
    return text


def _places(district: Mapping[str, Any]) -> list[tuple[str, int, str]]:
    """Each colour there, best placed first (more gangsters, then the higher space), with
    its gangsters and what that place pays now (``?``: a casino card, ``x2`` doubled)."""
    tile = district["tile"]
    count: dict[str, int] = {}
    top: dict[str, int] = {}
    for i, colour in enumerate(tile["spaces"]):
        if colour is not None:
            count[colour] = count.get(colour, 0) + 1
            top[colour] = i + 1
    values = tile["values"]
    factor = 2 if district["doubler"] else 1
    places = []
    for place, colour in enumerate(sorted(count, key=lambda c: (-count[c], -top[c]))):
        if place >= len(values):
            pays = "0"
        elif values[place] == "?":
            pays = "?" + (" x2" if factor == 2 else "")
        else:
            pays = str(values[place] * factor)
        places.append((colour, count[colour], pays))
    return places


def _standing(district: Mapping[str, Any]) -> Text:
    """Each colour's gangsters, best placed first, and what that place pays now."""
    text = Text()
    for place, (colour, count, pays) in enumerate(_places(district)):
        if place:
            text.append("\n")
        text.append_text(_chip(colour))
        text.append(f" {count}: ")
        text.append(pays, "dim" if pays == "0" else "")
    return text


def _districts_table(view: View) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    table.add_column("District")
    table.add_column("Values")
    table.add_column("Spaces in rank order")
    over = view["terminal"]
    if not over:  # a finished game scores nothing more: the final count says what it did
        table.add_column("If scored now")
    for district in view["districts"]:
        tile = district["tile"]
        if tile is None:
            continue
        name = Text(district["title"], "bold")
        if district["doubler"]:
            name.append(" x2", "bold")
        nxt = tile["next_space"]
        name.append(f"\ntile {tile['number']}, "
                    + ("full" if nxt is None else f"space {nxt} is next"), "dim")
        cells: list[RenderableType] = [name, _values_text(district), _spaces_text(tile)]
        if not over:
            cells.append(_standing(district))
        table.add_row(*cells)
    return table


# ----- tableaus, influence and piles -------------------------------------------------------


def _tableaus_table(view: View) -> Table:
    """Per colour: its car, the gangsters riding in it, the trunk, equipment, cards.

    The trunk shows one entry per space (``..`` free), so the Trunk's second space shows.
    Face-down movement cards are ``-``.
    """
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for header in ("Colour", "Car at", "In car", "Trunk", "Equipment", "Cards"):
        table.add_column(header)
    acting = None if view["terminal"] else view.get("colour")
    for t in view["tableaus"]:
        mark = "> " if t["colour"] == acting else "  "
        colour = Text.assemble(mark, _chip(t["colour"]), f" {t['colour']} ",
                               _seat_name(view, t["seat"]))
        trunk = list(t["trunk"]) + [None] * (t["trunk_spaces"] - len(t["trunk"]))
        cards = " ".join(str(k) if k in t["face_up"] else "-" for k in (1, 2, 3))
        table.add_row(colour, _district_title(view, t["car"]), str(t["in_car"]),
                      Text(" ").join([_chip(x) for x in trunk]),
                      ", ".join(t["equipment"]) or "-", cards)
    return table


def _reserves(view: View) -> Text:
    """Gangsters in the supply for the next rounds (rules: 6 more each before round 2,
    5 before round 3), and those at the Sicilian Breakfast."""
    text = Text("Gangsters in the supply for later rounds: ", "bold")
    text.append(", ".join(f"{CODES.get(t['colour'], t['colour'])} {t['in_box']}"
                          for t in view["tableaus"]))
    eaten = [t for t in view["tableaus"] if t["breakfast"]]
    text.append("   at the Sicilian Breakfast: ", "bold")
    text.append(", ".join(f"{CODES.get(t['colour'], t['colour'])} {t['breakfast']}"
                          for t in eaten) or "nobody")
    return text


def _influence(view: View) -> Text:
    text = Text("Influence: ", "bold")
    parts = []
    for seat, points in enumerate(view["influence"]):
        colours = " ".join(CODES.get(t["colour"], t["colour"]) for t in view["tableaus"]
                           if t["seat"] == seat)
        parts.append(f"{_seat_name(view, seat)} [{colours}] {points}")
    text.append("   ".join(parts))
    return text


def _piles(view: View) -> Text:
    harbour = ", ".join(k if k else "(empty)" for k in view["harbour"])
    deck = view["district_deck"]
    police = deck["contents"].count("police")
    casino = view["casino_deck"]["contents"]
    text = Text()
    text.append("Gold Coast harbour: ", "bold")
    text.append(f"{harbour}   equipment supply {view['equipment_supply']['size']} face down\n")
    text.append("District deck: ", "bold")
    text.append(f"{counted(deck['size'], 'card')} ({police} police)   ")
    text.append("casino cards left: ", "bold")
    text.append(" ".join(str(v) for v in casino) or "none")
    return text


def _reckonings(view: View) -> Text | None:
    if not view["reckonings"]:
        return None
    lines = []
    for r in view["reckonings"]:
        gains = ", ".join(f"{seat_label(s)} +{p}" for s, p in enumerate(r["points"]))
        lines.append(f"Reckoning {r['round']} (casino {r['casino']}, {r['why']}): {gains}")
    return Text("\n".join(lines))


def render_view(view: View, options: Options = None) -> RenderableType:
    """The whole table as the viewing seat sees it (everything in Gangster is public but the
    order of the face-down piles, so every seat sees the same, spectators too)."""
    city, missing = draw_map(view)
    parts: list[RenderableType] = [_heading(view), _pending(view), Text(""), city]
    if missing:
        parts.append(Text("Also joined by a road (not drawn): " + ", ".join(
            f"{_district_title(view, a)} - {_district_title(view, b)}" for a, b in missing)))
    parts += [_districts_table(view), _tableaus_table(view), _reserves(view), _influence(view),
              _piles(view)]
    past = render_final(view) if view["terminal"] else _reckonings(view)
    if past is not None:
        parts.append(past)
    return Group(*parts)


# ----- actions -------------------------------------------------------------------------------

_KIND_HELP = {
    "bodyguard": "nobody else loads your gangsters where your car stands",
    "trunk": "room for two other colours' gangsters",
    "motor": "drive one road further if you like",
    "bumper": "after a drive, push a car standing there one road on",
    "tommy-gun": "load from a neighbouring district",
    "door": "unload a second gangster of your own per turn",
}


def describe_action(action: Action, options: Options = None) -> str:
    """The action's text, then what it does in words.

    >>> describe_action(Action("load", (7,)))
    'load 7  (take the gangster on space 7 here)'
    >>> describe_action(Action("tommy-gun", ("stickney", 2)))
    'tommy-gun stickney 2  (load the gangster on space 2 of Stickney into the trunk)'
    """
    spelled = _spelled(action.kind, [str(a) for a in action.args])
    return f"{action}  ({spelled})" if spelled else str(action)


def _spelled(kind: str, args: list[str]) -> str:
    """What an action does, in words ("" for an unknown kind)."""
    match kind:
        case "play":
            return f"play {_title(args[0])} this turn"
        case "drive":
            return f"turn movement card {args[0]} face down and drive"
        case "to":
            return f"stop in {_title(args[0])}"
        case "bump":
            return f"push the {args[0]} car to {_title(args[2])}"
        case "no-bump":
            return "leave the other cars where they are"
        case "breakfast":
            return "the trunk's gangsters go to the Sicilian Breakfast"
        case "keep-trunk":
            return "keep them in the trunk"
        case "take":
            return f"{_title(args[0])}: {_KIND_HELP.get(args[0], '')}"
        case "unload":
            return f"a {args[0]} gangster onto the next space here"
        case "load":
            return f"take the gangster on space {args[0]} here"
        case "tommy-gun":
            return f"load the gangster on space {args[1]} of {_title(args[0])} into the trunk"
        case "done":
            return "no second gangster; end the turn"
    return ""


def seat_colours(view: View) -> dict[int, str]:
    """Each seat's colours (two each at a table of two), for the terminal to name the
    seat by them: "P1 (blue and brown)".

    >>> seat_colours({"tableaus": [{"colour": "blue", "seat": 0}, {"colour": "red", "seat": 1},
    ...                            {"colour": "brown", "seat": 0}]})
    {0: 'blue and brown', 1: 'red'}
    """
    colours: dict[int, list[str]] = {}
    for t in view["tableaus"]:
        colours.setdefault(t["seat"], []).append(t["colour"])
    return {s: " and ".join(c) for s, c in colours.items()}


# The compact table's module reads this one's helpers, so it is imported when first used.
def render_compact(view: View, options: Options = None) -> RenderableType:
    """The table for a small terminal, every fact in fewer lines (see :mod:`.text_compact`)."""
    from .text_compact import render_compact as compact
    return compact(view, options)


def compact_parts(view: View, options: Options = None) -> list[Any]:
    """The terminal's hook: the compact table in named parts (see :mod:`.text_compact`)."""
    from .text_compact import compact_parts as parts
    return list(parts(view, options))


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: this game's own prompt commands (see :mod:`.text_compact`)."""
    from .text_compact import prompt_commands as commands
    return commands()

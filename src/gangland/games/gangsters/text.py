"""Gangsters in the terminal: a seat's view drawn as the city grid and a few tables.

This module renders a *view* (``state.view(seat)``), never a state, so whatever it prints
is something that seat may know. The command line finds it by importing
``gangland.games.gangsters.text`` and calls

- ``render_view(view, options)``: the whole table as one Rich renderable;
- ``describe_action(action, options)``: an action followed by what it does, for menus;
- ``prompt_commands()``: the prompt's ``buildings`` command, the building reference
  (``textref``).

What is shown, top to bottom: the turn, the decision in words (with the offer on the table
and the shootout being fought); the city map, the grid of ``city.txt`` with every piece
drawn over its cell, and a legend; who stands where (each piece with its strength, facing
and side), every gang's cash, joints, equipment and badges (and your own badges); the dice,
the crime level and the cops in play.

On the map every cell is two characters, as in ``city.txt`` (column numbers above, staggered
on two lines, row numbers on the left, so a street space's token ``ROW.COL`` is read off the
screen; any cell of a space and a subway's ``#N`` are taken too, see ``moves.aliases``). A gang
piece is its gang's letter and its kind, ``rT`` the red Thug; the gang letter is a capital
when the piece stands criminal (white) side up, ``RT``, and the piece is drawn inverse. A
cop is ``C`` and its strength (``CX`` for 10), a public piece ``x`` and its multiplier
(``x2``: ``P2`` is a player). A
joint shows its owner's letter and its level, ``r2``, on one of its cells. A street space
with more pieces than fit shows ``+3`` and is spelled out under the map. Nothing depends on
colour alone.

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangsters").new_game(players=2, seed=7)
>>> console = Console(width=100, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_view(state.view(1), state.options))
>>> text = console.export_text()
>>> "P2 (you) picks a starting joint." in text, " 5 ....." in text
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import Action, OptionValue, counted, seat_label, with_article

from .table import gang_words
from .textmap import (
    GANG_STYLES,
    _city,
    _cop_code,
    _piece_code,
    _place,
    draw_map,
    gang_letter,
    public_code,
)
from .textmap import legend as _legend

__all__ = ["describe_action", "gang_letter", "prompt_commands", "render_compact", "render_view",
           "seat_colours"]

View = Mapping[str, Any]
Options = Mapping[str, OptionValue] | None

DICE = ("blue", "white", "green", "red", "black")
DICE_USE = ("cops", "public", "Racketeer", "Vamp", "Thug")
DICE_STYLES = ("bold white on blue", "bold black on white", "bold white on green",
               "bold white on red", "bold white on grey11")


# ----- words -------------------------------------------------------------------------------


def _money(n: int | None) -> str:
    """``$1,200``; ``hidden`` for another player's cash under the secret-cash option."""
    return "hidden" if n is None else f"${n:,}"


def _seat_name(view: View, seat: int) -> str:
    """``P2 yellow (you)`` for the viewer's own seat, else ``P2 yellow``; the Police
    Commissioner of the five-player game is ``P5 Commissioner``."""
    gang = next((g["gang"] for g in view["gangs"] if g["seat"] == seat), "Commissioner")
    return f"{seat_label(seat)} {gang}" + (" (you)" if seat == view.get("seat") else "")


def _heading(view: View) -> Text:
    text = Text("Gangsters", style="bold")
    order = " ".join(seat_label(s) for s in view["order"])
    text.append(f"  turn {view['turn']}  order {order}  crime level {view['crime']}  "
                f"cops in play {sum(1 for c in view['cops'] if c['at'] is not None)}  "
                f"badges in the cup {view['badge_cup']}")
    if view.get("pawns") is not None and not view["terminal"]:
        text.append("  pawns in the cup: " + (" ".join(seat_label(s) for s in view["pawns"])
                                              or "none"))
    return text


def _decision(view: View, options: Options) -> Text:
    """Who decides what now, in words, with the offer and the shootout."""
    d = view["decision"]
    if view["terminal"]:
        names = " and ".join(_seat_name(view, s) for s in view["winners"]) or "nobody"
        why = (view.get("final") or {}).get("why")
        return Text(f"Game over: {names} {'win' if len(view['winners']) > 1 else 'wins'}"
                    + (f": {why}." if why and view["winners"] else "."), style="bold")
    why = str(d["why"])
    seat = d["seat"]
    if seat is not None and seat == view.get("seat"):
        why = why.replace(seat_label(seat), f"{seat_label(seat)} (you)", 1)
    text = Text(why, style="bold")
    if d.get("cop") is not None:
        text.append(f"  (cop {d['cop']})")
    if d["active"] != seat and seat is not None:
        text.append(f"  It is {_seat_name(view, d['active'])}'s turn.")
    if d.get("deal"):
        text.append("\n")
        text.append_text(_deal(view, d["deal"], options))
    if d.get("fight"):
        text.append("\n")
        text.append_text(_fight(view, d["fight"], options))
    return text


def _deal(view: View, deal: Mapping[str, Any], options: Options) -> Text:
    """The trade offer on the table, in words."""
    active = view["decision"]["active"]
    give = ", ".join(f"{t} ({_place(t, options)})" for t in deal["give"]) or "no joint"
    take = ", ".join(f"{t} ({_place(t, options)})" for t in deal["take"]) or "no joint"
    text = Text("Offer: ", "bold")
    text.append(f"{_seat_name(view, active)} to {_seat_name(view, deal['with'])}: gives "
                f"{give} and {_money(deal['pay'])}; asks for {take} and "
                f"{_money(deal['ask'])}.")
    return text


def _side_name(view: View, side: int | str) -> str:
    return "the cops" if side == "cops" else _seat_name(view, int(side))


def _piece_name(view: View, piece: Mapping[str, Any]) -> str:
    """``{"seat", "kind"}`` as ``Red Thug 4``."""
    gang = next((g for g in view["gangs"] if g["seat"] == piece["seat"]), None)
    if gang is None:
        return f"{piece['kind']} of {_seat_name(view, piece['seat'])}"
    found = next(p for p in gang["pieces"] if p["kind"] == piece["kind"])
    name = f"{gang['gang'].title()} {piece['kind'].title()}"
    return name if piece["kind"] == "vamp" else f"{name} {found['strength']}"


def _fight(view: View, fight: Mapping[str, Any], options: Options) -> Text:
    """The shootouts being resolved (the view's ``decision.fight``)."""
    text = Text("Shootout: ", "bold red")
    parts = []
    if fight["to_declare"]:
        parts.append("to declare: " + ", ".join(_piece_name(view, p)
                                                for p in fight["to_declare"]))
    parts += [f"{_piece_name(view, d)} hits {_side_name(view, d['target'])}"
              for d in fight["declared"]]
    if fight["to_bust"]:
        parts.append("cops to choose: " + ", ".join(f"Cop {c}" for c in fight["to_bust"]))
    parts += [f"Cop {b['cop']} goes after {_piece_name(view, b)}" for b in fight["busts"]]
    if fight["spaces"]:
        parts.append("at " + "; ".join(f"{t} ({_place(t, options)})" for t in fight["spaces"]))
    for unit in fight["units"]:
        if unit["unit"] == "piece":
            who = _piece_name(view, unit)
        elif unit["unit"] == "guard":
            who = f"the {_seat_name(view, unit['seat'])} Guard of {unit['space']}"
        else:
            who = f"Cop {unit['cop']}"
        target = "?" if unit["aim"] is None else _side_name(view, unit["aim"])
        parts.append(f"{who}: {counted(unit['dice'], 'die', 'dice')}, hits on "
                     f"{unit['need']}+, at {target}")
    if fight["hits_left"]:
        parts.append(f"{counted(fight['hits_left'], 'hit')} to place")
    text.append("; ".join(parts) or "under way")
    return text


# ----- tables ------------------------------------------------------------------------------


def _pieces_table(view: View, options: Options) -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, title_justify="left")
    for header in ("Piece", "", "Str", "At", "Facing", "Side"):
        table.add_column(header)
    for gang in view["gangs"]:
        style = GANG_STYLES.get(gang["gang"], "")
        for piece in gang["pieces"]:
            if not piece["strength"]:
                continue
            code = _piece_code(gang["gang"], piece)
            at = piece["at"]
            table.add_row(Text(code, style + (" reverse" if piece["criminal"] else "")),
                          f"{gang['gang']} {piece['kind']}", str(piece["strength"]),
                          f"{at} {_place(at, options)}" if at else "off the board",
                          piece["facing"] or ("inside" if at else "-"),
                          "criminal" if piece["criminal"] else "citizen")
    for cop in view["cops"]:
        if cop["at"] is not None:
            donut = cop.get("donut")
            table.add_row(Text(_cop_code(cop["cop"]), "bold white on blue"), "cop",
                          str(cop["cop"]), f"{cop['at']} {_place(cop['at'], options)}",
                          cop["facing"] or "inside",
                          f"donut {seat_label(donut[0])} {donut[1]}" if donut else "")
    for k, pub in enumerate(view["public"]):
        if pub["at"] is not None:
            table.add_row(Text(public_code(pub["strength"]), "bold black on white"),
                          f"public {k + 1}", f"x{pub['strength']}",
                          f"{pub['at']} {_place(pub['at'], options)}",
                          pub["facing"] or "inside", "")
    return table if table.row_count else Text("Nobody is on the board yet.")


_GEAR = ("Wheels", "Heaters", "Siren")


def _gangs_table(view: View) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for header in ("Gang", "Cash", "Worth", "Strength R/T/V", "Joints (level)", "Gear",
                   "Badges"):
        table.add_column(header)
    decision = view["decision"]
    # (in the opening each player decides in turn: the one deciding is the one to play)
    acting = None if view["terminal"] else decision["seat"] if decision["kind"] in (
        "pick", "gang", "place") else decision["active"]
    worth = view.get("worth") or []
    for gang in view["gangs"]:
        seat = gang["seat"]
        mark = "> " if seat == acting else "  "
        name = Text(mark)
        name.append(f"{gang_letter(gang['gang'])} {_seat_name(view, seat)}",
                    GANG_STYLES.get(gang["gang"], ""))
        if gang["out"]:
            name.append(" (out)")
        strengths = "/".join(str(p["strength"]) for p in gang["pieces"])
        if "gang" in (gang.get("secret") or {}):  # your own, not on the board yet
            strengths = "/".join(str(n) for n in gang["secret"]["gang"].values()) + " secret"
        joints = " ".join(f"{tok}{level}" for tok, level in gang["joints"]) or "-"
        gear = ", ".join(_GEAR[k] for k in gang["gear"]) or "-"
        table.add_row(name, _money(gang["cash"]),
                      _money(worth[seat]) if seat < len(worth) else "",
                      strengths, joints, gear, str(gang["badges"]))
    police = view.get("commissioner")
    if police:
        mark = "> " if police["seat"] == acting else "  "
        table.add_row(Text(mark + _seat_name(view, police["seat"]), "bold"),
                      _money(police["cash"]), "", "cops", "-", "-", str(police["badges"]))
    return table


def _final_table(view: View) -> Table:
    """The final count (15.2): cash, joints with improvements, net worth, the winners."""
    table = Table(title="Final count", title_justify="left", box=box.SIMPLE_HEAD,
                  padding=(0, 1), show_edge=False)
    for header in ("Player", "Cash", "Joints", "Net worth", ""):
        table.add_column(header, justify="left" if header in ("Player", "") else "right")
    for row in view["final"]["rows"]:
        note = "wins" if row["won"] else "out" if row["out"] else ""
        table.add_row(_seat_name(view, row["seat"]), _money(row["cash"]),
                      _money(row["joints"]), _money(row["worth"]), note)
    return table


def _own(view: View, options: Options = None) -> Text | None:
    """This seat's secrets: its own badges and a setup choice written down."""
    seat = view.get("seat")
    police = view.get("commissioner") or {}
    gang = next((g for g in view["gangs"] if g["seat"] == seat), None)
    if seat is not None and police.get("seat") == seat:
        gang = police
    if gang is None:
        return None
    badges = gang.get("my_badges") or []
    cops = [str(b) for b in badges if b]
    text = Text("Your Bribe badges: ", "bold")
    words = (f"cop{'s' if len(cops) > 1 else ''} {', '.join(cops)}" if cops else "")
    if 0 in badges:
        words += (" and " if words else "") + "the Untouchable"
    text.append(words or "none")
    secret = gang.get("secret") or {}
    if "gang" in secret:
        g = secret["gang"]
        text.append("   Your gang, written down: ", "bold")
        text.append(gang_words(g["racketeer"], g["thug"], g["vamp"]))
    elif "start" in secret:
        text.append("   Your gang starts, written down: ", "bold")
        text.append(", ".join(f"{kind.title()} in {_place(tok, options)}"
                              for kind, tok in secret["start"].items() if tok) or "nowhere")
    others = [seat_label(g["seat"]) for g in view["gangs"]
              if g.get("choosing") and g["seat"] != seat]
    if others:
        text.append(f"   {', '.join(others)} wrote a choice down")
    return text


def _dice(view: View) -> Text:
    text = Text("Dice: ", "bold")
    if not any(view["dice"]):
        text.append("not rolled yet this turn")
        return text
    for i, value in enumerate(view["dice"]):
        text.append(f" {DICE[i]} {value} ", DICE_STYLES[i])
        text.append(f" {DICE_USE[i]}  ")
    return text


def render_view(view: View, options: Options = None) -> RenderableType:
    """The whole table as the viewing seat sees it."""
    city, crowded = draw_map(view, options)
    parts: list[RenderableType] = [_heading(view), _decision(view, options), _dice(view),
                                   Text(""), city, _legend(view)]
    if crowded:
        parts.append(Text("Crowded: " + "; ".join(crowded)))
    parts += [_pieces_table(view, options), _gangs_table(view)]
    if view.get("final"):
        parts.append(_final_table(view))
    own = _own(view, options)
    if own is not None:
        parts.append(own)
    return Group(*parts)


# ----- actions -------------------------------------------------------------------------------

_SIMPLE = {
    "buy": "buy the building your Racketeer stands in",
    "improve": "improve the joint your Racketeer stands in by one level",
    "propose": "put the offer on the table",
    "cancel": "withdraw the offer",
    "accept": "accept the offer",
    "decline": "decline the offer",
    "discard": "discard the Untouchable badge",
    "roll": "roll the five dice",
    "bribe": "bribe a cop: $100 x the blue die, for a secret badge",
    "patrol": "start a patrol at the subway of the blue die",
    "pass": "leave the cops alone",
    "allow": "let the cop move",
    "reveal": "reveal your bribe: the cop stays put",
    "newpublic": "bring a new public piece onto the board",
    "done": "end your moves",
    "hold": "hold fire",
    "defer": "leave the cops to the Police Commissioner",
    "flip": "keep your cop at his donuts (flip the Donut marker)",
}


def _who(args: Sequence[str]) -> str:
    return "the cops" if args[0] == "cops" else f"P{args[0]}"


def describe_action(action: Action, options: Options = None) -> str:
    """The action's text, then what it does in words.

    >>> describe_action(Action("move", ("thug", "8.3", "east", "criminal")))
    'move thug 8.3 east criminal  (Thug to Riverside Drive 3, facing east, criminal side up)'
    >>> describe_action(Action("joint", ("hh",)))
    'joint hh  (start with the Hawthorne Hotel, a red joint worth $600)'
    """
    spelled = _spelled(action.kind, [str(a) for a in action.args], options)
    return f"{action}  ({spelled})" if spelled else str(action)


def _building(tok: str, options: Options) -> str:
    """A building's name as a sentence needs it: ``the Hawthorne Hotel``, ``the
    Ambassadors' Club``, but ``Lou's Diner``, ``Grinders'``, ``Shop 'n' Save``."""
    name = _place(tok, options)
    own = "'s" in name or name.endswith("'")  # named after its owner: no article
    return name if own or name.startswith(("St. ", "Shop ")) else f"the {name}"


def _to(tok: str, facing: str, options: Options) -> str:
    where = _place(tok, options)
    return f"to {where}" + ("" if facing == "inside" else f", facing {facing}")


def _spelled(kind: str, args: list[str], options: Options) -> str:
    """What an action does, in words ("" for an unknown kind)."""
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    match kind:
        case "joint":
            city, index, _ = _city(options)
            b = index.get(args[0], -1)
            if b < 0:
                return ""
            return (f"start with {_building(args[0], options)}, "
                    f"{with_article(city.colour[b])} joint worth {_money(city.value[b])}")
        case "gang":
            r, t, v = (int(a) for a in args[:3])
            return f"a gang of {gang_words(r, t, v)}; kept secret"
        case "start":
            where = [f"{w} in joint {n}" if n != "0" else f"no {w}"
                     for w, n in zip(("Racketeer", "Thug", "Vamp"), args, strict=False)]
            return ", ".join(where) + "; kept secret"
        case "sell":
            return f"sell {_building(args[0], options)}"
        case "offer":
            return f"put a trade together for P{args[0]}"
        case "give":
            return f"offer {_building(args[0], options)}"
        case "take":
            return f"ask for {_building(args[0], options)}"
        case "pay":
            return f"add {_money(int(args[0]))} to the offer"
        case "ask":
            return f"ask for {_money(int(args[0]))}"
        case "equip":
            return {"wheels": "buy Wheels for the Racketeer",
                    "heaters": "buy Heaters for the Thug",
                    "siren": "buy the Siren's outfit for the Vamp"}.get(args[0], "")
        case "move" | "wheels":
            side = "criminal side up" if args[3] == "criminal" else "citizen side up"
            ride = " with Wheels" if kind == "wheels" else ""
            return f"{args[0].title()}{ride} {_to(args[1], args[2], options)}, {side}"
        case "cop":
            return f"Cop {args[0]} {_to(args[1], args[2], options)}"
        case "transfer":
            return f"Cop {args[0]} goes down {_place(args[1], options)} to another subway"
        case "release":
            return f"return Cop {args[0]}'s badge to call him off his donuts"
        case "exit":
            return f"the cop comes up at Subway {args[0]}"
        case "public":
            return f"public piece {args[0]} {_to(args[1], args[2], options)}"
        case "recruit":
            plural = "s" if args[1] != "1" else ""
            return f"recruit {args[1]} {args[0].title()}{plural}"
        case "place":
            return f"the new gangster enters at {_building(args[0], options)}"
        case "seduce":
            return f"the Vamp seduces a level of P{args[0]}'s {args[1].title()}"
        case "hit":
            return f"declare a hit on {_who(args)}"
        case "bust":
            return f"the cop goes after P{args[0]}'s {args[1].title()}"
        case "aim":
            return f"fire at {_who(args)}"
        case "absorb":
            return ("the joint's Guard takes the hit" if args[0] == "guard"
                    else f"your {args[0].title()} takes the hit")
    return ""


def seat_colours(view: View) -> dict[int, str]:
    """Each seat's gang colour, for the terminal to name the seat by it: "P1 (red)"."""
    return {g["seat"]: g["gang"] for g in view["gangs"]}


# The compact table's module reads this one's helpers, so it is imported when first used.
def render_compact(view: View, options: Options = None) -> RenderableType:
    """The table for a small terminal, every fact in fewer lines (see :mod:`.textcompact`)."""
    from .textcompact import render_compact as compact
    return compact(view, options)


def compact_parts(view: View, options: Options = None) -> list[Any]:
    """The terminal's hook: the compact table in named parts (see :mod:`.textcompact`)."""
    from .textcompact import compact_parts as parts
    return list(parts(view, options))


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: this game's own prompt commands (see :mod:`.textcompact`)."""
    from .textcompact import prompt_commands as commands
    return commands()

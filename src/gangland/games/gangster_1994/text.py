"""Gangster (1994) in the terminal: a seat's view drawn with Rich.

Renders a *view* (``state.view(seat)``), never a state, so whatever it prints is something
that seat may know.

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangster-1994").new_game(players=3, seed=7)
>>> console = Console(width=100, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_view(state.view(0), state.options))
>>> "1 Refuge | 2 Aventure | 3 Dealer" in console.export_text()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gangland.engine import Action, OptionValue, counted, seat_label

from .components import BANQUE, COMMERCE, JUSTICE, NAMES, Components, components_from, space_name
from .count import dollars, verdict

__all__ = ["describe_action", "format_value", "prompt_commands", "render_compact", "render_view",
           "theft_figures", "theft_odds"]

_SIMPLE = {
    "roll": "roll the die and move",
    "offer": "announce the purchase offer",
    "pass": "no, thanks",
    "done": "sell nothing more",
    "rob": "go through with the theft: its odds and fine are just above",
    "protect": "return a Protection card instead",
    "take": "take the card",
}


def describe_action(action: Action, options: Mapping[str, OptionValue] | None = None) -> str:
    """The action's text with what it means spelled out, in English (the canonical text
    says pearl and diamond; a space keeps its printed name, followed by its English one).

    >>> describe_action(Action("sell", ("pearl", 2)))
    'sell pearl 2  (your pearl number 2 to the Expert)'
    >>> describe_action(Action("choose", ("vendeur",)))
    'choose vendeur  (play the Dealer half)'
    """
    kind, args = action.kind, action.args
    if kind in _SIMPLE:
        return f"{action}  ({_SIMPLE[kind]})"
    comps = components_from(str((options or {}).get("components") or ""))
    if kind == "play":
        return f"{action}  (open your starred Aventure card number {args[0]})"
    if kind == "choose":
        return f"{action}  (play the {space_name(str(args[0]))} half)"
    if kind == "buy":
        if args[0] == "protection":
            return f"{action}  (pay ${comps.protection_price:,} for a Protection card)"
        return f"{action}  (pay ${comps.vendeur_price:,} for an unseen {args[0]})"
    if kind == "sell":
        return f"{action}  (your {args[0]} number {args[1]} to the Expert)"
    if kind == "do":
        return f"{action}  (carry out your mission number {args[0]})"
    if kind == "goto":
        space = int(args[0])
        where = f" ({space_name(comps.track[space - 1])})" if space <= len(comps.track) else ""
        return f"{action}  (secret passage to space {space}{where})"
    if kind == "trade":
        return f"{action}  (exchange a {args[1]} with {seat_label(int(args[0]) - 1)})"
    if kind == "give":
        return f"{action}  (give your item number {args[0]})"
    if kind == "auction":
        return f"{action}  (auction a {args[0]})"
    if kind == "bid":
        return f"{action}  (offer ${int(args[0]):,})"
    return str(action)


def _name(kind: str) -> str:
    """A view's item key (``perle``, ``diamant``) in words."""
    return NAMES.get(kind, kind).lower()


def _items(values: list[int | None]) -> str:
    return ", ".join("?" if v is None else f"${v:,}" for v in values) or "-"


def render_view(view: Mapping[str, Any],
                options: Mapping[str, OptionValue] | None = None) -> RenderableType:
    """The whole table as the viewing seat may see it."""
    viewer = view.get("seat")
    track = view["track"]
    over = bool(view["terminal"])
    table = Table(title="Players", expand=True)
    # At the end the pawns' spaces no longer matter and the men are in the final count.
    columns = ("player", "cash", "pearls", "diamonds", "cards") if over else (
        "player", "space", "cash", "men", "pearls", "diamonds", "cards")
    for column in columns:
        table.add_column(column)
    for p in view["table"]:
        who = seat_label(p["seat"]) + (" (you)" if p["seat"] == viewer else "")
        if p["out"]:
            who += " - in prison"
        if over and "hand" in p:  # the final count lays every hand on the table
            cards = "; ".join(_card_text(c) for c in p["hand"]) or "-"
        else:
            cards = ", ".join(f"{NAMES.get(k, k)} {n}" for k, n in p["cards"].items()
                              if k not in ("perle", "diamant")) or "-"
        pearls, diamonds = _items(p["items"]["perle"]), _items(p["items"]["diamant"])
        if over:
            table.add_row(who, f"${p['cash']:,}", pearls, diamonds, cards)
        else:
            table.add_row(who, f"{p['pos']} {space_name(track[p['pos'] - 1])}",
                          f"${p['cash']:,}", _men(p), pearls, diamonds, cards)
    lines: list[RenderableType] = [] if over else [Text(view["decision"]["why"], style="bold")]
    lines.append(Text(f"Turn {view['turn']}. Target ${view['target']:,}. Last dice: "
                      f"{' + '.join(str(d) for d in view['roll']) or '-'}." + (
                          f" Purchase offer by {seat_label(view['offer'])}."
                          if view["offer"] is not None else "")))
    if not over:
        lines.append(Text("Track: " + " | ".join(f"{i + 1} {space_name(s)}"
                                                 for i, s in enumerate(track)), style="dim"))
    lines.append(table)
    decision = view["decision"]
    if decision["lot"]:
        high = decision["high"]
        lines.append(Text(f"Auction of a {_name(decision['lot'])}: " + (
            f"${high:,} by {seat_label(decision['bidder'])}" if high else "no bid yet")))
    if view.get("race"):
        race = view["race"]
        tickets = ", ".join(f"{seat_label(s)} {h}" for s, h in race["tickets"]) or "none"
        lines.append(Text(f"Last race: horse {race['horse']} won (tickets: {tickets})."))
    if view.get("exchange"):
        ex = view["exchange"]
        lines.append(Text(f"Last exchange: {seat_label(ex['seat'])} swapped a "
                          f"{_name(ex['kind'])} with {seat_label(ex['with'])}."))
    me = next((p for p in view["table"] if p["seat"] == viewer), None)
    if me is not None and "hand" in me and not over:
        hand = "; ".join(_card_text(c) for c in me["hand"]) or "no cards"
        lines.append(Text(f"You have {counted(me['men'], 'man', 'men')} (yourself counted). "
                          f"Your cards: {hand}"))
    if not over and view["decision"]["kind"] == "vol" and view["decision"]["vol"]:
        # last in the panel, right above the menu's "rob" that points to it
        comps = components_from(str((options or {}).get("components") or ""))
        lines.append(Text(theft_odds(comps, view["decision"]["vol"]), style="bold"))
    if over:
        counts = [c for c in view.get("count") or [] if c is not None]
        if counts:
            lines.append(_count_table(counts))
        lines.insert(0, Text("Game over. " + _verdict(counts, view["winners"]),
                             style="bold green"))
    return Panel(Group(*lines), title="Gangster (1994)")


class TheftFigures(NamedTuple):
    """What a theft risks, read from the printed decks: where (``shop`` or ``bank``), how
    many of its cards say "caught" of how many, the loot of the others (least, most,
    average to the $100) and the Justice cards' fines for that kind of theft."""

    place: str
    caught: int
    cards: int
    least: int
    most: int
    average: int
    fine_least: int
    fine_most: int

    @property
    def odds(self) -> str:
        """``1 time in 3``, or ``never``."""
        odds = Fraction(self.caught, self.cards)
        return f"{counted(odds.numerator, 'time')} in {odds.denominator}" if odds else "never"


def theft_figures(comps: Components, deck: str) -> TheftFigures:
    """The figures of :func:`theft_odds` (the compact table words them more tersely).

    >>> from .components import components_from
    >>> theft_figures(components_from(""), "commerce")[:3]
    ('shop', 8, 24)
    """
    d = COMMERCE if deck == "commerce" else BANQUE
    loot = [comps.a[c] for c in comps.cards(d)]
    gains = [v for v in loot if v] or [0]
    fines = [(comps.a if d == COMMERCE else comps.b)[c] for c in comps.cards(JUSTICE)]
    return TheftFigures("shop" if d == COMMERCE else "bank",
                        len(loot) - len([v for v in loot if v]), len(loot), min(gains),
                        max(gains), int(round(sum(gains) / len(gains), -2)), min(fines),
                        max(fines))


def theft_odds(comps: Components, deck: str) -> str:
    """What a theft risks, from the printed decks (rules, Vol): how often the Commerce or
    Banque card says "caught", what the others yield, and the Justice card's fine for
    that kind of theft. Public facts: every seat may read the cards' list.

    >>> from .components import components_from
    >>> theft_odds(components_from(""), "commerce")[:62]
    'Robbing the shop: caught 1 time in 3 (8 of its 24 cards), else'
    """
    f = theft_figures(comps, deck)
    take = (f"${f.least:,} to ${f.most:,} (${f.average:,} on average)"
            if f.most else "nothing")
    return (f"Robbing the {f.place}: caught {f.odds} ({f.caught} of its {f.cards} cards), "
            f"else {take}. Caught: an alibi card sets you free; without one, a Justice "
            f"card's fine of ${f.fine_least:,} to ${f.fine_most:,}, or a Dossier card if "
            "you cannot pay it.")


def format_value(verb: str, arg: str, value: int) -> str:
    """An argument's value as the menu sums up a range of them: a bid in dollars.

    >>> format_value("bid", "amount", 1800), format_value("do", "mission", 2)
    ('$1,800', '2')
    """
    return f"${value:,}" if verb == "bid" else str(value)


def _verdict(counts: list[Mapping[str, Any]], winners: list[int]) -> str:
    """How the game was won: the last one free, or the count and its tie-break."""
    if not winners:
        return "Nobody wins."
    if len(counts) == 1:
        return f"{seat_label(winners[0])} is the last player free and wins."
    return verdict(counts, winners)


def _count_table(counts: list[Mapping[str, Any]]) -> Table:
    """The final count term by term: cash, half the jewels (of their total), the Dossiers'
    cost, the assets (never below $0: the sum before the floor in brackets) and the men."""
    table = Table(title="Final count", box=box.SIMPLE_HEAD, expand=True, pad_edge=False,
                  show_edge=False)
    for column in ("player", "cash", "+ half the jewels", "- Dossiers", "= assets", "men"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for c in counts:
        jewels = f"{dollars(c['half'])} of {dollars(c['jewels'])}" if c["jewels"] else "-"
        dossiers = (f"{dollars(c['penalty'])} ({c['dossiers']})" if c["dossiers"] else "-")
        assets = dollars(c["assets"]) + (f" ({dollars(c['total'])})" if c["total"] < 0 else "")
        table.add_row(seat_label(c["seat"]), dollars(c["cash"]), jewels, dossiers, assets,
                      str(c["men"]))
    return table


def _men(player: Mapping[str, Any]) -> str:
    """Your own men; a rival's as the Refuge last counted them (``+N`` cards since)."""
    if "men" in player:
        return str(player["men"])
    if player.get("men_paid") is None:
        return "?"
    since = player["cards"].get("recrutement", 0) - player["recruits_paid"]
    return f"{player['men_paid']}" + (f" + {since} new" if since else "")


def _card_text(card: Mapping[str, Any]) -> str:
    deck = card["deck"]
    if deck == "recrutement":
        return f"recruits ({counted(card['a'], 'man', 'men')})"
    if deck == "course":
        return f"ticket on horse {card['a']}"
    if deck == "mission":
        return f"mission ({counted(card['a'], 'man', 'men')}, ${card['b']:,})"
    if deck == "aventure":
        return f"starred Aventure ({card['text']})"
    return str(deck).capitalize()


# The compact table's module reads this one's helpers, so it is imported when first used.
def render_compact(view: Mapping[str, Any],
                   options: Mapping[str, OptionValue] | None = None) -> RenderableType:
    """The table for a small terminal, every fact in fewer lines (see :mod:`.text_compact`)."""
    from .text_compact import render_compact as compact
    return compact(view, options)


def prompt_commands() -> dict[str, tuple[str, Callable[..., RenderableType]]]:
    """The terminal's hook: this game's own prompt commands (see :mod:`.text_compact`)."""
    from .text_compact import prompt_commands as commands
    return commands()

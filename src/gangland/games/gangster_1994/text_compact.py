"""Gangster (1994) on a small terminal: the table of :mod:`.text` in fewer lines.

The terminal asks for it (``render_compact``) under 100 columns or 30 rows, where the full
table (a nine-line track, a boxed table whose cells wrap, a sentence per fact) takes 21 to
55 lines at 80 columns. Every fact of the full table is kept, more tersely:

- the turn's sentence, the turn, the target, the last dice and the purchase offer, packed
  into as few lines as they fit;
- the track in two-letter codes (``Th`` Theft, ``ExDe`` the Expert / Dealer double space),
  ten spaces to a group led by the group's first number, the mover's space reversed;
- one line per player: space, cash, men, pearls, diamonds, and cards by kind (``Re3``
  three Recruitment cards);
- the auction, the last race (each seat's tickets together) and the last exchange packed
  the same way; your own cards, grouped by kind in the order you hold them (so the N of
  ``do N`` and ``play N`` can be counted off); at a theft its odds and fine, in one line
  or two.

``legend`` at the prompt says what every code means.

>>> import io
>>> from rich.console import Console
>>> import gangland
>>> state = gangland.load("gangster-1994").new_game(players=6, seed=7)
>>> console = Console(width=80, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_compact(state.view(0), state.options))
>>> lines = console.export_text().splitlines()
>>> len(lines) <= 12 and max(map(len, lines)) <= 80
True
>>> lines[1]
' 1 Rf Av De Co Mi Th ExDe Re Au AvTh 11 Pa Pr Ra MiRe Xc Av Co De Th Au'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gangland.engine import OptionValue, counted, seat_label

from . import text as full
from .components import NAMES, components_from

View = Mapping[str, Any]
Options = Mapping[str, OptionValue] | None
LINE = 80  # the width the compact table is laid out for
GROUP = 10  # spaces of the track to a group, led by the group's first number

#: Each space kind's and deck's code: two letters, a capital then a small one, so that a
#: double space's two codes read apart when written together (``ExDe``).
CODES = {
    "refuge": "Rf", "aventure": "Av", "vendeur": "De", "collecte": "Co", "mission": "Mi",
    "vol": "Th", "expert": "Ex", "recrutement": "Re", "enchere": "Au", "passage": "Pa",
    "protection": "Pr", "course": "Ra", "echange": "Xc", "banque": "Bk", "commerce": "Sh",
    "diamant": "Di", "dossier": "Do", "justice": "Ju", "perle": "Pe",
}


def code(kind: str) -> str:
    """A space's (or a deck's) code; a double space's two codes together.

    >>> code("expert/vendeur"), code("vol")
    ('ExDe', 'Th')
    """
    return "".join(CODES.get(k, k[:2].capitalize()) for k in kind.split("/"))


Part = tuple[list[str], str]  # a sentence as the pieces it may break between, its style


def words(sentence: str, style: str = "") -> Part:
    """A sentence that may break between any two words."""
    return sentence.split(), style


def packed(parts: Iterable[Part], width: int = LINE) -> Text:
    """Short sentences two spaces apart, on as few lines as they fit in ``width`` columns.

    A sentence that does not fit in what is left of a line starts the next one; one longer
    than a line breaks only between its pieces (a seat and its race tickets stay
    together), its next lines indented by two.

    >>> print(packed([words("You may roll the die."), words("Turn 3.")]).plain)
    You may roll the die.  Turn 3.
    >>> print(packed([words("Turn 3."), (["Last race:", "P1 3 8,", "P2 2 10."], "")], 20))
    Turn 3.
    Last race: P1 3 8,
      P2 2 10.
    """
    text, used = Text(), 0
    for pieces, style in parts:
        whole = " ".join(pieces)
        if not whole:
            continue
        if used and used + 2 + len(whole) <= width:
            text.append("  ")
            used += 2
        elif used:
            text.append("\n")
            used = 0
        for i, piece in enumerate(pieces):
            if i and used + 1 + len(piece) > width:
                text.append("\n  ")
                used = 2
            elif i:
                text.append(" ")
                used += 1
            text.append(piece, style)
            used += len(piece)
    return text


def _track(view: View) -> Text:
    """The spaces in codes, a group of ten to a number; a group goes to the next line
    rather than leave its number at the end of one. The mover's space is reversed."""
    track: list[str] = view["track"]
    mover = None if view["terminal"] else view["decision"]["player"]
    here = next((p["pos"] for p in view["table"] if p["seat"] == mover), None)
    width = len(str(len(track)))
    groups = []
    for start in range(0, len(track), GROUP):
        group = Text(f"{start + 1:>{width}}")
        for i in range(start, min(start + GROUP, len(track))):
            group.append(" ")
            group.append(code(track[i]), "reverse" if i + 1 == here else "")
        groups.append(group)
    text, used = Text(), 0
    for group in groups:
        if used and used + 1 + len(group) > LINE:
            text.append("\n")
            used = 0
        elif used:
            text.append(" ")
            used += 1
        text.append_text(group)
        used += len(group)
    return text


def thousands(value: int) -> str:
    """A jewel's value in thousands of dollars, exactly: the table's jewels run to a dozen
    a player, and ``4.5k`` is two thirds of ``$4,500``.

    >>> thousands(4500), thousands(800), thousands(10000), thousands(4250)
    ('4.5k', '0.8k', '10k', '4.25k')
    """
    rest = f".{value % 1000:03d}".rstrip("0") if value % 1000 else ""
    return f"{value // 1000}{rest}k"


def _jewels(values: list[int | None]) -> str:
    return " ".join("?" if v is None else thousands(v) for v in values) or "-"


def _men(player: Mapping[str, Any]) -> str:
    """``7`` (yours), ``6+1`` (a rival's at the last Refuge count, plus cards since)."""
    return full._men(player).replace(" + ", "+").replace(" new", "")


def _cards_by_kind(player: Mapping[str, Any]) -> str:
    """The cards held, by kind: ``Re3 Pr2`` (pearls and diamonds have their columns)."""
    return " ".join(f"{code(k)}{n}" for k, n in player["cards"].items()
                    if k not in ("perle", "diamant")) or "-"


def hand_text(hand: list[Mapping[str, Any]]) -> str:
    """A hand grouped by kind, each kind's cards in the order held: ``recruits 1, 3 men;
    missions 3 men $3,000, 6 men $7,500; starred $1,000, alibi``.

    >>> hand_text([{"deck": "recrutement", "a": 1}, {"deck": "course", "a": 7},
    ...            {"deck": "recrutement", "a": 3}, {"deck": "dossier"}])
    'recruits 1, 3 men; horse 7; 1 Dossier'
    """
    kinds: dict[str, list[Mapping[str, Any]]] = {}
    for card in hand:
        kinds.setdefault(card["deck"], []).append(card)
    parts = []
    for deck, cards in kinds.items():
        if deck == "recrutement":
            figures = ", ".join(str(c["a"]) for c in cards)
            parts.append(f"recruits {figures} " + ("man" if figures == "1" else "men"))
        elif deck == "course":
            parts.append(("horses " if len(cards) > 1 else "horse ")
                         + ", ".join(str(c["a"]) for c in cards))
        elif deck == "mission":
            parts.append(("missions " if len(cards) > 1 else "mission ") + ", ".join(
                f"{counted(c['a'], 'man', 'men')} ${c['b']:,}" for c in cards))
        elif deck == "aventure":
            parts.append("starred " + ", ".join(
                f"${c['a']:,}" if c.get("effect") == "bonus" else str(c.get("effect", "?"))
                for c in cards))
        else:
            parts.append(counted(len(cards), NAMES.get(deck, deck.capitalize())))
    return "; ".join(parts) or "no cards"


def _players(view: View) -> Table:
    over = bool(view["terminal"])
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="bold")
    headers = ("player", "cash", "pearls", "diamonds", "cards") if over else (
        "player", "at", "cash", "men", "pearls", "diamonds", "cards")
    for header in headers:
        table.add_column(header, no_wrap=header in ("player", "at", "cash", "men"))
    mover = None if over else view["decision"]["player"]
    for p in view["table"]:
        who = (">" if p["seat"] == mover else " ") + seat_label(p["seat"])
        if p["seat"] == view.get("seat"):
            who += " you"
        if p["out"]:
            who += " prison"
        pearls, diamonds = _jewels(p["items"]["perle"]), _jewels(p["items"]["diamant"])
        if over:
            cards = hand_text(p["hand"]) if "hand" in p else _cards_by_kind(p)
            table.add_row(who, f"${p['cash']:,}", pearls, diamonds, cards)
        else:
            table.add_row(who, f"{p['pos']} {code(view['track'][p['pos'] - 1])}",
                          f"${p['cash']:,}", _men(p), pearls, diamonds, _cards_by_kind(p))
    return table


def _figures(view: View) -> Part:
    """The turn, the target, the last dice and the purchase offer."""
    dice = "+".join(str(d) for d in view["roll"]) or "-"
    offer = view["offer"]
    return words(f"Turn {view['turn']}, target ${view['target']:,}, dice {dice}."
                 + (f" Purchase offer by {seat_label(offer)}." if offer is not None else ""))


def _heading(view: View) -> Part:
    """The turn's sentence, or the verdict."""
    if view["terminal"]:
        counts = [c for c in view.get("count") or [] if c is not None]
        return words("Game over. " + full._verdict(counts, view["winners"]), "bold green")
    return words(view["decision"]["why"], "bold")


def _news(view: View, options: Options, figures: bool) -> Text:
    """Under the players: the auction under way, the last race, the turn's ``figures``
    when they did not fit beside its sentence, the last exchange, your own cards and, at
    a theft, its odds and fine (bold, right above the menu's ``rob``)."""
    decision = view["decision"]
    parts: list[Part] = []
    if decision["lot"]:
        high = decision["high"]
        parts.append(words(f"Auction of a {full._name(decision['lot'])}: " + (
            f"${high:,} by {seat_label(decision['bidder'])}." if high else "no bid yet.")))
    if view.get("race"):
        race = view["race"]
        tickets: dict[int, list[str]] = {}
        for seat, horse in race["tickets"]:
            tickets.setdefault(seat, []).append(str(horse))
        held = [f"{seat_label(s)} {' '.join(h)}," for s, h in tickets.items()] or ["none,"]
        held[-1] = held[-1][:-1] + ")."
        parts.append(([f"Race: horse {race['horse']} won (tickets", *held], ""))
    if figures:
        parts.append(_figures(view))
    if view.get("exchange"):
        ex = view["exchange"]
        parts.append(words(f"Last exchange: {seat_label(ex['seat'])} swapped a "
                           f"{full._name(ex['kind'])} with {seat_label(ex['with'])}."))
    over = bool(view["terminal"])
    me = next((p for p in view["table"] if p["seat"] == view.get("seat")), None)
    if me is not None and "hand" in me and not over:
        parts.append(words(f"Your cards: {hand_text(me['hand'])}."))
    if not over and decision["kind"] == "vol" and decision["vol"]:
        parts += [words(line, "bold") for line in theft_lines(options, decision["vol"])]
    return packed(parts)


def theft_lines(options: Options, deck: str) -> tuple[str, str]:
    """A theft's odds, then what being caught costs (:func:`.text.theft_odds` in full).

    >>> for line in theft_lines(None, "banque"):
    ...     print(line)
    Bank theft: caught 1 in 2 (12 of 24 cards), else $2,500-$7,100 ($4,800 average).
    Caught: an alibi frees you, else a fine of $1,000-$2,700 (a Dossier if unpaid).
    """
    f = full.theft_figures(components_from(str((options or {}).get("components") or "")),
                           deck)
    take = f"${f.least:,}-${f.most:,} (${f.average:,} average)" if f.most else "nothing"
    odds = f.odds.replace(" times", "").replace(" time", "")
    return (f"{f.place.capitalize()} theft: caught {odds} ({f.caught} of {f.cards} cards), "
            f"else {take}.", f"Caught: an alibi frees you, else a fine of ${f.fine_least:,}-"
            f"${f.fine_most:,} (a Dossier if unpaid).")


def render_compact(view: View, options: Options = None) -> RenderableType:
    """The whole table for a small terminal: every fact of ``render_view``, in fewer lines
    (``legend`` at the prompt explains the codes)."""
    over = bool(view["terminal"])
    heading, figures = _heading(view), _figures(view)
    apart = len(" ".join(heading[0])) + 2 + len(" ".join(figures[0])) > LINE
    parts: list[RenderableType] = [packed([heading] if apart else [heading, figures])]
    if not over:
        parts.append(_track(view))
    parts.append(_players(view))
    news = _news(view, options, apart)
    if news.plain:
        parts.append(news)
    if over:
        counts = [c for c in view.get("count") or [] if c is not None]
        if counts:
            parts.append(full._count_table(counts))
    return Group(*parts)


def legend_text() -> str:
    """The prompt's ``legend``: the codes from :data:`CODES`, so it cannot fall behind."""
    names = [f"{c} {NAMES.get(k, k.capitalize())}" for k, c in CODES.items()]
    codes, line = [], "  Codes     "
    for name in names:
        if len(line) + len(name) + 2 > LINE - 1:
            codes.append(line.rstrip())
            line = "            "
        line += name + ", "
    codes.append(line.rstrip(", "))
    return "\n".join([
        "The compact table (under 100 columns or 30 rows):",
        *codes,
        "  Track     the spaces in codes, ten to a group led by its first number;",
        "            ExDe is a double space (Expert / Dealer); the mover's space is",
        "            reversed",
        "  player    > the player whose turn it is; you; prison: out of the game",
        "  at        the space the pawn stands on (26 Pa: space 26, Passage)",
        "  men       yourself counted; a rival's as the Refuge last counted them, +1:",
        "            Recruitment cards drawn since (? before the first count)",
        "  pearls,   each one's value in thousands of dollars where you know it (4.5k:",
        "  diamonds  $4,500), ? where you do not; in the order held (sell pearl N)",
        "  cards     the cards held by kind: Re3 three Recruitment cards",
        "  Your      your cards grouped by kind, in the order you hold them (play N",
        "  cards     and do N count them): recruits 1, 2 men; horse 7 (a race",
        "            ticket); mission 3 men $3,000 (men needed, reward); starred",
        "            $1,000 (a sum to open at the start of a turn) or alibi",
    ])


def render_legend(view: View, options: Options, rest: str) -> RenderableType:
    """The prompt's ``legend``: what the compact table's codes mean."""
    return Text(legend_text())


def prompt_commands() -> dict[str, tuple[str, Callable[[View, Options, str], RenderableType]]]:
    """The terminal's hook: the prompt's ``legend`` (see ``terminal.listing``)."""
    return {"legend": ("what the compact table's codes mean", render_legend)}

"""The compact table of Gangster (1994) on a small terminal (80x24): the whole screen fits,
no line is wider than 80, and every fact of the view is there.

A screen at 80x24 is the rule line, the table, the recap of news (at least three lines),
"Your choices:", the menu and the prompt: the table and the menu get 24 - 6 = 18 rows.
The facts are derived from ``view(seat)`` itself, so a fact the table drops fails here.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

import gangland
from gangland.engine import State, seat_label
from gangland.games.gangster_1994.components import NAMES
from gangland.games.gangster_1994.text import theft_figures
from gangland.games.gangster_1994.text_compact import CODES, code, thousands
from gangland.terminal.listing import run_command
from gangland.terminal.menu import build_menu
from gangland.terminal.play import Session, Setup
from gangland.terminal.render import renderer
from gangland.terminal.screen import MIN_RECAP, recap_lines

from .positions import random_position

GAME = gangland.load("gangster-1994")
ROWS, COLUMNS = 24, 80
#: the screen's rows besides the table and the menu: rule, recap, "Your choices:", prompt
AROUND = 1 + MIN_RECAP + 1 + 1

View = Mapping[str, Any]


def played(players: int, seed: int, moves: int, short: bool = False) -> State:
    """A position of random play that makes the purchase offer as soon as it is open (so
    that a game reaches its end)."""
    return random_position(GAME.id, players, seed, moves, {"short": short}, prefer="offer")


def until(players: int, seed: int, wanted: Callable[[View], bool]) -> State:
    """The first position of random play (as :func:`played`) whose view is ``wanted``."""
    state = GAME.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if wanted(state.view(state.current_player)):
            return state
        state.apply(rng.choice(list(state.legal_actions())))
    raise AssertionError("no such position in 400 moves")


def printed(renderable: RenderableType) -> list[str]:
    console = Console(width=COLUMNS, height=ROWS, record=True, color_system=None,
                      file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


def table(state: State, compact: bool = True) -> list[str]:
    """The table of the player to move (seat 0 once the game is over) at 80 columns."""
    seat = state.current_player if state.current_player is not None else 0
    return printed(renderer(GAME, compact)(state.view(seat), state.options))


def kind(name: str) -> Callable[[View], bool]:
    return lambda view: view["decision"]["kind"] == name and bool(
        name != "bid" or view["decision"]["high"])


POSITIONS = {
    "opening": lambda: played(3, 7, 0),
    "middle": lambda: played(4, 5, 60),
    "late, the purchase offer made": lambda: played(2, 9, 363, short=True),
    "6 players, one in prison": lambda: played(6, 6, 145),
    "6 players at a theft": lambda: until(6, 0, kind("vol")),
    "an auction under way": lambda: until(4, 0, kind("bid")),
    "an auction of 6 players": lambda: until(6, 3, kind("bid")),
    "an exchange under way": lambda: until(5, 0, kind("give")),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_whole_screen_fits_80x24(name):
    state = POSITIONS[name]()
    compact, full = table(state), table(state, compact=False)
    menu = printed(build_menu(GAME, state.legal_actions()).render(state.options))
    assert len(compact) + len(menu) + AROUND <= ROWS, "\n".join(compact + menu)
    assert len(full) > len(compact) + 10  # what the compact table saves
    assert max(len(line) for line in compact + menu) <= COLUMNS


def session_screen(state: State) -> list[str]:
    """What a person at an 80x24 terminal sees of their turn, the news aside."""
    out = io.StringIO()
    console = Console(file=out, width=COLUMNS, height=ROWS, force_terminal=True,
                      color_system=None)
    seats = ["human"] * state.view(None)["players"]
    Session(Setup(state, seats, Path("x.json")), console).show_table(state.current_player)
    return out.getvalue().splitlines()


@pytest.mark.parametrize("name", ["opening", "6 players, one in prison", "6 players at a theft"])
def test_the_session_draws_the_compact_table_at_80x24(name):
    shown = session_screen(POSITIONS[name]())
    assert shown[0].startswith("─") and "Gangster (1994): move" in shown[0]
    assert any(re.match(r"^ 1 Rf Av ", line) for line in shown)  # the track in codes
    assert "Your choices:" in shown
    assert len(shown) + MIN_RECAP + 1 <= ROWS  # the prompt's line


def rows(lines: list[str], players: int) -> dict[int, str]:
    """Each player's row of the compact table, with its cells' wrapped lines."""
    found: dict[int, str] = {}
    current = None
    for line in lines:
        match = re.match(r"^[> ]P(\d) ", line)
        if match and int(match.group(1)) <= players:
            current = int(match.group(1)) - 1
            found[current] = line
        elif current is not None and line.startswith(" " * 8):  # a cell wrapped
            found[current] += "\n" + line
        else:
            current = None
    return found


def hand_facts(hand: list[Mapping[str, Any]]) -> list[str]:
    """What a hand's cards say, each card's figures in the order held by kind."""
    facts = []
    by_kind: dict[str, list[Mapping[str, Any]]] = {}
    for card in hand:
        by_kind.setdefault(card["deck"], []).append(card)
    for deck, cards in by_kind.items():
        if deck == "recrutement":
            facts.append("recruits " + ", ".join(str(c["a"]) for c in cards))
        elif deck == "course":
            facts.append(" " + ", ".join(str(c["a"]) for c in cards))
        elif deck == "mission":
            facts.append(", ".join(f"{c['a']} {'man' if c['a'] == 1 else 'men'} ${c['b']:,}"
                                   for c in cards))
        elif deck == "aventure":
            facts.append("starred " + ", ".join(
                f"${c['a']:,}" if c["effect"] == "bonus" else c["effect"] for c in cards))
        else:
            facts.append(NAMES[deck])
    return facts


def facts_missing(view: View, lines: list[str], options: Mapping[str, Any]) -> list[str]:
    """Every fact of ``view`` that the compact ``lines`` do not show."""
    text = " ".join(" ".join(lines).split())
    missing = []

    def need(fact: str, where: str = text) -> None:
        if fact not in where:
            missing.append(fact)

    over = view["terminal"]
    need(f"Turn {view['turn']}, target ${view['target']:,}, dice "
         + ("+".join(map(str, view["roll"])) or "-"))
    if view["offer"] is not None:
        need(f"Purchase offer by {seat_label(view['offer'])}")
    if not over:
        need(view["decision"]["why"])
        track = [w for line in lines if re.match(r"^ ?1 Rf |^\d\d [A-Z]", line)
                 for w in line.split() if not w.isdigit()]
        if track != [code(space) for space in view["track"]]:
            missing.append("the track")
    found = rows(lines, view["players"])
    for p in view["table"]:
        row = " ".join(found.get(p["seat"], "").split())
        who = seat_label(p["seat"]) + (" you" if p["seat"] == view["seat"] else "") + (
            " prison" if p["out"] else "")
        need(who + " ", row + " ")
        need(f"${p['cash']:,}", row)
        if not over:
            need(f" {p['pos']} {code(view['track'][p['pos'] - 1])} ", row)
            men = str(p["men"]) if "men" in p else "?" if p["men_paid"] is None else str(
                p["men_paid"])
            need(f" {men}", row)
            since = p["cards"].get("recrutement", 0) - p["recruits_paid"]
            if "men" not in p and p["men_paid"] is not None and since:
                need(f"{p['men_paid']}+{since} ", row)
        for jewels in (p["items"]["perle"], p["items"]["diamant"]):
            need(" ".join("?" if v is None else thousands(v) for v in jewels) or "-", row)
        if over and "hand" in p:
            for fact in hand_facts(p["hand"]):
                need(fact, row)
        else:
            for deck, n in p["cards"].items():
                if deck not in ("perle", "diamant"):
                    need(f"{code(deck)}{n}", row)
    decision = view["decision"]
    if decision["lot"]:
        lot = NAMES[decision["lot"]].lower()
        need(f"Auction of a {lot}: " + (f"${decision['high']:,} by "
                                        f"{seat_label(decision['bidder'])}"
                                        if decision["high"] else "no bid yet"))
    if view["race"]:
        need(f"horse {view['race']['horse']} won")
        for seat in {s for s, _ in view["race"]["tickets"]}:
            horses = " ".join(str(h) for s, h in view["race"]["tickets"] if s == seat)
            need(f"{seat_label(seat)} {horses}")
    if view["exchange"]:
        ex = view["exchange"]
        need(f"{seat_label(ex['seat'])} swapped a {NAMES[ex['kind']].lower()} with "
             f"{seat_label(ex['with'])}")
    me = next(p for p in view["table"] if p["seat"] == view["seat"])
    if not over:
        hand = next((line for line in text.split("Your cards: ")[1:]), "")
        for fact in hand_facts(me["hand"]) or ["no cards"]:
            need(fact, hand)
    if not over and decision["kind"] == "vol":
        f = theft_figures(GAME.components(options), decision["vol"])
        need(f"({f.caught} of {f.cards} cards)")
        need(f"${f.least:,}-${f.most:,} (${f.average:,} average)")
        need(f"${f.fine_least:,}-${f.fine_most:,}")
    if over:
        for c in view["count"]:
            if c is not None:
                need(f"${c['assets']:,}" if c["assets"] else "$0")
                if c["jewels"]:
                    need(f"of ${c['jewels']:,}")
    return missing


def finished() -> State:
    state = GAME.new_game(players=4, seed=2, options={"turn_limit": 60})
    rng = random.Random(2)
    while state.current_player is not None:
        state.apply(rng.choice(list(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", POSITIONS)
def test_every_fact_of_the_view_is_in_the_compact_table(name):
    state = POSITIONS[name]()
    view = state.view(state.current_player)
    lines = table(state)
    assert facts_missing(view, lines, state.options) == [], "\n".join(lines)


def test_a_finished_game_shows_every_hand_and_the_final_count():
    state = finished()
    view = state.view(0)
    lines = table(state)
    assert lines[0].startswith("Game over. ")
    assert facts_missing(view, lines, state.options) == [], "\n".join(lines)
    assert max(len(line) for line in lines) <= COLUMNS
    assert len(lines) < len(table(state, compact=False))


def test_dropping_a_fact_fails_the_check():
    """The check itself can fail: a view with a fact the table does not show."""
    state = until(5, 0, kind("give"))
    view = dict(state.view(state.current_player))
    lines = table(state)
    view["exchange"] = {"seat": 4, "with": 2, "kind": "perle"}
    view["turn"] += 1
    assert facts_missing(view, lines, state.options) == [
        f"Turn {view['turn']}, target ${view['target']:,}, dice "
        + "+".join(map(str, view["roll"])), "P5 swapped a pearl with P3"]


def test_legend_names_every_code_and_fits_80_columns():
    state = played(6, 6, 145)
    view = state.view(state.current_player)
    shown = run_command(GAME, "legend", state.legal_actions(), lambda: view, state.options)
    assert shown is not None
    lines = printed(shown[0])
    text = " ".join(" ".join(lines).split())
    for kind_, short in CODES.items():
        assert f"{short} {NAMES[kind_]}" in text
    assert "ExDe" in text and "4.5k" in text and "Re3" in text and "+1" in text
    assert max(len(line) for line in lines) <= COLUMNS


def test_no_menu_line_of_gangster_1994_wraps_at_80_columns():
    """Every decision's menu at 80 columns: a line a choice, none broken."""
    for players, seed in ((2, 1), (6, 3)):
        state = GAME.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            actions = list(state.legal_actions())
            menu = build_menu(GAME, actions)
            lines = printed(menu.render(state.options))
            assert all(re.match(r"^ +(\d+\. |Type: | {6}\w+: | {8}\S)", line)
                       for line in lines), "\n".join(lines)
            assert len(lines) == len(menu.numbered) + sum(
                1 + sum(1 for a in verb.args if a.choices) + len(menu.ranges[verb.name])
                for verb, _ in menu.crowded), "\n".join(lines)
            state.apply(rng.choice(actions))


def test_a_long_recap_leaves_the_whole_screen_in_view_at_80x24():
    """Six players' news is cut to the rows the table and the menu leave, so the rule
    above the table is still on the screen when the prompt waits."""
    state = played(6, 6, 145)
    out = io.StringIO()
    console = Console(file=out, width=COLUMNS, height=ROWS, force_terminal=True,
                      color_system=None)
    session = Session(Setup(state, ["human"] * 6, Path("x.json")), console)
    news = [f"P{n % 5 + 2} does thing {n}." for n in range(30)]
    session.show_table(state.current_player, recap_lines([], news))
    shown = out.getvalue().splitlines()
    assert "Gangster (1994): move" in shown[0]
    assert any(line.startswith("(") and "more: type history" in line for line in shown)
    assert f"  {news[-1]}" in shown  # the newest news line kept
    assert len(shown) + 1 <= ROWS  # and the prompt


def test_an_auction_of_a_dozen_bids_keeps_the_table_in_view_at_80x24():
    """Eleven bids and a pass under the 22-line table would push its top off the screen:
    the choices come as typed, side by side, and the whole screen fits."""
    state = random_position(GAME.id, 3, 1, 192)
    assert len(list(state.legal_actions())) == 12
    assert {a.kind for a in state.legal_actions()} == {"bid", "pass"}
    shown = session_screen(state)
    assert shown[0].startswith("─")  # the rule, then the table's first line
    assert "Your choices (moves spells them out):" in shown
    menu = shown[shown.index("Your choices (moves spells them out):") + 1:]
    assert "1. " in menu[0] and "2. " in menu[0]  # side by side
    assert len(shown) + 1 <= ROWS  # and the prompt's line

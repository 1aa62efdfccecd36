"""Gangster City's compact table on a small terminal (80x24): the whole screen in 24 rows
(rule, table, recap, menu, prompt), no line wider than 80, and every fact of the view.

The positions are those of ordinary games: the seats played by the casual ``heuristic``
bot, seeded, so the same every run. The facts are read from ``view(seat)`` itself, so a
fact the table drops fails a test.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import gangland
from gangland.bots import make_bot
from gangland.bots.base import decide
from gangland.engine import OptionValue, Rng, State
from gangland.games.gangster_city.cards import ALL, cards_in, default_deck
from gangland.games.gangster_city.knowledge import visible_mask
from gangland.games.gangster_city.text_compact import card_code
from gangland.terminal.listing import run_command
from gangland.terminal.play import Session, Setup
from gangland.terminal.render import renderer
from gangland.terminal.screen import recap_lines

GAME = gangland.load("gangster-city")
DECK = default_deck()


def played(players: int, seed: int, moves: int,
           options: Mapping[str, OptionValue] | None = None) -> tuple[State, list[str]]:
    """A position after ``moves`` moves of heuristic bots, and the news of the last
    round of moves as the player to move saw it."""
    state = GAME.new_game(players=players, seed=seed, options=dict(options or {}))
    bots = [make_bot("heuristic", GAME, seed + s) for s in range(players)]
    rng = Rng.for_seed(seed)
    news: list[list[Any]] = []
    for _ in range(moves):
        if state.is_terminal:
            break
        news.append(state.apply(decide(bots[state.current_player], state, rng)))
    seat = state.current_player if state.current_player is not None else 0
    texts = [e.text for events in news[-players:] for e in events if e.visible_to(seat)]
    return state, texts


def seat_of(state: State) -> int:
    return state.current_player if state.current_player is not None else 0


def table(state: State, compact: bool = True, spectator: bool = False) -> list[str]:
    """The table of the player to move (or a spectator's), as printed at 80 columns."""
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    view = state.view(None if spectator else seat_of(state))
    console.print(renderer(GAME, compact)(view, state.options))
    return [line.rstrip() for line in console.export_text().splitlines()]


def screen(state: State, news: list[str], width: int, height: int) -> list[str]:
    """What a person at a terminal of that size sees before the prompt."""
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, force_terminal=True,
                      color_system=None)
    specs = ["human"] * state.view(None)["players"]
    Session(Setup(state, specs, Path("x.json")), console).show_table(
        seat_of(state), recap_lines([], news))
    return out.getvalue().splitlines()


# (players, seed, moves, options, most lines of the compact table, of the full one at least)
CASES = [
    (3, 7, 0, {}, 6, 22),  # the opening
    (3, 7, 10, {}, 7, 30),  # the middle: clue cards on the stands, a solved case
    (4, 5, 20, {}, 8, 45),  # late: a solved case each, the discards run on
    (5, 3, 25, {}, 10, 55),  # five detectives, wrong arrests
    (5, 5, 20, {}, 9, 55),
    (2, 4, 14, {"experienced": True}, 6, 30),
    (4, 8, 24, {"experienced": True}, 9, 50),
    (1, 5, 0, {"case": "medium"}, 7, 11),  # solo
    (3, 5, 0, {"case": "hard", "experienced": True}, 8, 13),  # co-op
]


@pytest.mark.parametrize(("players", "seed", "moves", "options", "most", "full_least"), CASES)
def test_the_compact_table_is_short_and_fits_80_columns(players, seed, moves, options, most,
                                                       full_least):
    state, _ = played(players, seed, moves, options)
    compact, full = table(state), table(state, compact=False)
    assert len(compact) <= most, "\n".join(compact)
    assert len(full) >= full_least  # what the compact table saves
    assert max(len(line) for line in compact) <= 80, "\n".join(compact)


@pytest.mark.parametrize(("players", "seed", "moves", "options", "most", "full_least"), CASES)
def test_the_whole_screen_fits_80x24(players, seed, moves, options, most, full_least):
    state, news = played(players, seed, moves, options)
    if state.is_terminal:
        pytest.skip("no menu at the end")
    shown = screen(state, news, 80, 24)
    assert len(shown) <= 23, "\n".join(shown)  # the prompt takes the 24th row
    assert max(len(line.rstrip()) for line in shown) <= 80
    assert shown[0].startswith("─") and "Gangster City: move" in shown[0]
    body = [line.rstrip() for line in shown]
    assert all(line in body for line in table(state))  # the whole table, none cut
    if news:  # at least three lines of news, the newest last
        start = body.index("Your choices:")
        assert body[start - 1].strip().endswith(news[-1].split()[-1])
        room = start - len(table(state)) - 1 + 23 - len(shown)  # (a line may wrap to 2)
        assert room >= 3 and start - len(table(state)) - 1 >= 2


def test_a_large_terminal_keeps_the_full_table():
    state, news = played(3, 7, 10)
    assert any("Case card:" in line for line in screen(state, news, 120, 45))
    assert not any("Case card:" in line for line in screen(state, news, 80, 24))


def test_the_menu_does_not_wrap_at_80_columns():
    state, _ = played(4, 5, 12)
    shown = screen(state, [], 80, 24)
    menu = shown[shown.index("Your choices:") + 1:]
    assert len(menu) == 7, "\n".join(menu)  # 3 investigations, draw, arrest and its words
    assert all(re.match(r"  \d\. (investigate \d+  \(take #|draw  \()", line)
               for line in menu[:4]), menu
    assert menu[5].split() == ["suspect:", "entertainer,", "scientist,", "thug", "weapon:",
                               "revolver,", "knife,", "syringe"]


# ----- every fact of the view -------------------------------------------------------------

def rows(lines: list[str], players: int) -> dict[int, str]:
    """Each detective's row of the compact table, with the lines its cells wrap onto."""
    found: dict[int, str] = {}
    current = None
    for line in lines:
        head = re.match(r"^[> ]P(\d) ", line)
        if head:
            current = int(head.group(1)) - 1
            found[current] = line
        elif current is not None and line.startswith("   "):
            found[current] += " " + line.strip()
        else:
            current = None
    assert sorted(found) == list(range(players)), lines
    return found


def check_table_facts(view: Mapping[str, Any], lines: list[str]) -> None:
    text = " ".join(line.strip() for line in lines)
    viewer = view["seat"]
    k = view["cases_to_win"]
    assert f"first to {k} case{'s' if k != 1 else ''} wins" in text
    assert ("2nd wrong arrest: out" in text) == bool(view["experienced"])
    if view["terminal"]:
        assert f"Game over after {view['turn']} turn" in text
        for s in view["winners"]:
            assert f"Winner: P{s + 1}" in text or f", P{s + 1}" in text
    else:
        assert f"Turn {view['turn'] + 1}: P{view['to_move'] + 1}" in text
    for s, row in rows(lines, view["players"]).items():
        stand = view["stands"][s]
        cells = row.split()
        assert (row[0] == ">") == (s == view["to_move"] and not view["terminal"])
        assert ("you" in cells[:2]) == (s == viewer)
        if stand["out"]:
            assert " out " in row
        elif stand["case"] is not None:
            assert f" {card_code(stand['case'], DECK)} " in row
        else:
            hidden = s == viewer or viewer is None  # (spectators see no case in play)
            assert (" hidden " if hidden and not view["terminal"] else " none ") in row
        after_case = row.split(card_code(stand["case"], DECK), 1)[-1] if stand["case"] else \
            re.split(r" (hidden|none|out) ", row, maxsplit=1)[-1]
        tokens = after_case.split()
        solved = [str(n) for n in stand["solved"]] or ["-"]
        assert tokens[:len(solved)] == solved, (row, stand)
        assert tokens[len(solved)] == str(stand["wrong_arrests"])
        for number, count in stand["clues"]:
            shown = card_code(number, DECK) if s == viewer else str(number)
            assert f" {shown}={count}" in f" {row}", (row, number)
        for number in stand["refuted"]:
            assert f" x{number}" in row
    paragraph = text.split("Middle ", 1)[1]
    for number in view["middle"]:
        assert (card_code(number, DECK) if number is not None else " - ") in paragraph
    pile = view["pile"]
    assert re.search(rf"\bPile {pile['size']}\b", paragraph)
    if pile["cards"] is not None:
        assert " ".join(map(str, pile["cards"])) in paragraph
        for s in pile["with_cases_of"]:
            assert ("your case" if s == viewer else f"P{s + 1}'s case") in paragraph
    discard = view["discard"]
    assert (f"Discard ({len(discard)}) " + " ".join(map(str, discard)) if discard
            else "Discard empty") in paragraph
    arrests = view["arrests"][-10:]
    said = ", ".join(f"P{s + 1} {n} {'ok' if ok else 'wrong'}" for s, n, ok in arrests)
    assert (said or "Arrests none yet") in paragraph
    if len(view["arrests"]) > 10:
        assert f"Arrests ({len(view['arrests'])}, the last 10)" in paragraph


@pytest.mark.parametrize(("players", "seed", "moves", "options"),
                         [(c[0], c[1], c[2], c[3]) for c in CASES if not c[3].get("case")]
                         + [(3, 2, 200, {}), (5, 9, 200, {"experienced": True})])
def test_the_compact_table_keeps_every_fact_of_the_view(players, seed, moves, options):
    state, _ = played(players, seed, moves, options)
    view = state.view(seat_of(state))
    check_table_facts(view, table(state))


def test_many_clue_cards_run_on_with_none_broken_apart():
    state = GAME.new_game(players=3, seed=4)
    for _ in range(24):  # eight clue cards each
        state.apply(state.parse_action("draw"))
    view = state.view(0)
    lines = table(state)
    assert max(len(line) for line in lines) <= 80
    check_table_facts(view, lines)
    for number, count in view["stands"][0]["clues"]:
        assert any(f"{card_code(number, DECK)}={count}" in line for line in lines)
    for number, count in view["stands"][1]["clues"]:
        assert any(re.search(rf"(^| ){number}={count}( |$)", line) for line in lines)


def _a_case_dealt_from_a_public_pile() -> State:
    """One detective draws the pile out, takes the middle and solves; the new case comes
    from the pile rebuilt of the discards, whose cards are then known."""
    state = GAME.new_game(players=1, seed=3)
    while state.view(0)["pile"]["size"]:
        state.apply(state.parse_action("draw"))
    for number in list(state.view(0)["middle"]):
        state.apply(state.parse_action(f"investigate {number}"))
    (unseen,) = cards_in(ALL & ~visible_mask(state.view(0)))
    state.apply(DECK.arrests[unseen])
    state.apply(state.parse_action("draw"))
    return state


def test_a_public_pile_and_many_arrests_keep_their_facts():
    state = _a_case_dealt_from_a_public_pile()
    for _ in range(12):  # wrong arrests: more than the ten the table lists
        state.apply(next(a for a in state.legal_actions() if a.kind == "arrest"
                         and DECK.arrest_of[a] != state.cases[0]))
    view = state.view(0)
    assert view["pile"]["cards"] and view["pile"]["with_cases_of"] == [0]
    lines = table(state)
    assert max(len(line) for line in lines) <= 80
    check_table_facts(view, lines)
    assert state.view(None)["stands"][0]["case"] is None
    check_table_facts(state.view(None), table(state, spectator=True))  # a spectator's


@pytest.mark.parametrize(("players", "seed", "moves", "options"),
                         [(1, 5, 0, {"case": "medium"}), (3, 5, 0, {"case": "hard",
                                                                 "experienced": True}),
                          (1, 2, 3, {"case": "easy"})])
def test_a_compact_case_keeps_every_fact(players, seed, moves, options):
    state, _ = played(players, seed, moves, options)
    view = state.view(seat_of(state))
    text = " ".join(table(state))
    assert f"Unsolved case ({view['difficulty']})" in text
    assert ("2nd wrong arrest" in text) == bool(view["experienced"])
    for number, count in view["clues"]:
        assert f"{count} of 4  {DECK.label(number - 1)}" in text
    said = ", ".join(f"P{s + 1} {n} {'solved!' if ok else 'wrong'}"
                     for s, n, ok in view["arrests"])
    assert (said or "Arrests none yet") in text
    if view["experienced"] and view["players"] > 1:
        for s, (wrong, out) in enumerate(zip(view["wrong_arrests"], view["out"],
                                             strict=True)):
            assert re.search(rf"P{s + 1}( \(you\))?: " + ("out" if out else f"{wrong} wrong"),
                             text)
    if view["terminal"]:
        assert f"The culprit was {DECK.label(view['solution'] - 1)}." in text
    elif view["players"] > 1:
        assert f"P{view['to_move'] + 1} (you) to make the next arrest" in text


# ----- the prompt's legend and cards --------------------------------------------------------

def prompt(command: str) -> list[str]:
    state = GAME.new_game(players=3, seed=1)
    shown = run_command(GAME, command, state.legal_actions(), lambda: state.view(0),
                        state.options)
    assert shown is not None
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    for part in shown:
        console.print(part)
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert max(len(line) for line in lines) <= 80
    return lines


def test_legend_explains_every_code_letter():
    text = "\n".join(prompt("legend"))
    for category, words in zip(("suspect", "weapon", "scene", "motive"), DECK.elements,
                               strict=True):
        line = next(x for x in text.splitlines() if x.startswith(f"  {category} "))
        for word in words:
            assert f"{word[0].upper()} {word.replace('-', ' ')}" in line
    for term in ("Case", "Solved", "Wrong", "Clues", "Middle", "Pile", "Arrests"):
        assert f"\n  {term} " in text
    assert "; Discard: the discard pile" in text


def test_cards_lists_each_card_under_its_elements():
    lines = prompt("cards")
    scenes, motives = lines[0].split(), lines[1].split()
    assert motives == ["money", "love"] * 3 and scenes.count("theater") == 2
    suspect = ""
    seen = set()
    for line in lines[2:]:
        cells = line.split()
        if not line.startswith(" "):
            suspect, cells = cells[0], cells[1:]
        weapon, numbers = cells[0], [int(n) for n in cells[1:]]
        for (scene, motive), number in zip([(p, m) for p in DECK.elements[2]
                                            for m in DECK.elements[3]], numbers, strict=True):
            assert DECK.words(number - 1) == (suspect, weapon, scene, motive)
            seen.add(number)
    assert seen == set(range(1, 55))

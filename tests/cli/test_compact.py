"""The compact table of Gangster and Gangsters on a small terminal (80x24): shorter than
the full one, no line wider than 80, and the same facts."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

import gangland
from gangland.engine import State
from gangland.games.gangster.text import CODES
from gangland.games.gangster.text_compact import DISTRICT_CODES
from gangland.terminal.listing import run_command
from gangland.terminal.play import Session, Setup
from gangland.terminal.render import renderer

from .positions import random_position


def played(game_id: str, players: int, seed: int, moves: int) -> State:
    return random_position(game_id, players, seed, moves)


def table(game_id: str, state: State, compact: bool) -> list[str]:
    """The table of the player to move, as the lines printed at 80 columns."""
    console = Console(width=80, height=24, record=True, color_system=None,
                      file=io.StringIO())
    seat = state.current_player if state.current_player is not None else 0
    render = renderer(gangland.load(game_id), compact)
    console.print(render(state.view(seat), state.options))
    return console.export_text().splitlines()


# (game, players, seed, moves, most lines of the compact table, of the full one at least)
CASES = [
    ("gangster", 3, 7, 0, 20, 55),  # the opening
    ("gangster", 3, 7, 30, 21, 55),
    ("gangster", 5, 4, 315, 34, 66),  # five colours in round 3, most tiles crowded
    ("gangsters", 3, 7, 12, 34, 48),  # the map alone is 22 of these lines
    ("gangsters", 4, 5, 504, 48, 71),  # 19 pieces on the board
]


@pytest.mark.parametrize(("game_id", "players", "seed", "moves", "most", "full_least"), CASES)
def test_the_compact_table_is_shorter_and_fits_80_columns(game_id, players, seed, moves,
                                                         most, full_least):
    state = played(game_id, players, seed, moves)
    compact, full = table(game_id, state, True), table(game_id, state, False)
    assert len(compact) <= most, "\n".join(compact)
    assert len(full) >= full_least  # the full table: what the compact one saves
    assert max(len(line) for line in compact) <= 80


@pytest.mark.parametrize(("players", "seed", "moves"), [(3, 7, 30), (5, 4, 315), (2, 1, 90)])
def test_compact_gangster_keeps_every_district_and_colour(players, seed, moves):
    state = played("gangster", players, seed, moves)
    view = state.view(state.current_player)
    text = "\n".join(table("gangster", state, True))
    lines = text.splitlines()
    rows = {line[:2]: line + " " + lines[i + 1] for i, line in enumerate(lines[:-1])}
    for district in view["districts"]:
        line = rows[DISTRICT_CODES[district["name"]]]  # with the next (a cell may wrap)
        assert district["title"] in line
        for road in district["roads"]:
            assert f" {DISTRICT_CODES[road]} " in line
        for colour in district["cars"]:
            assert CODES[colour] in line
        tile = district["tile"]
        if tile is None:
            continue
        assert f"{tile['number']}:" in line and " ".join(map(str, tile["values"])) in line
        chips = "".join(CODES[c] if c else ".." for c in tile["spaces"])
        used = re.sub(r"(\.\.)+$", "", chips)
        for group in range(0, len(used), 8):  # four spaces to a group, in rank order
            assert chips[group:group + 8] in text
    for t in view["tableaus"]:
        line = next(x for x in text.splitlines() if x[1:3] == CODES[t["colour"]]
                    and f" P{t['seat'] + 1}" in x)
        cards = " ".join(str(k) if k in t["face_up"] else "-" for k in (1, 2, 3))
        assert f" {DISTRICT_CODES[t['car']]} " in line and cards in line
        assert f" {t['in_car']} " in line and f" {t['in_box']} " in line
        assert f" {view['influence'][t['seat']]} " in line + " "
        for kind in t["equipment"]:
            assert kind in line
    assert f"{view['district_deck']['size']} card" in text
    harbour = next(line for line in lines if line.startswith("Harbour "))
    for tile in view["harbour"]:
        assert (tile or "(empty)") in harbour


@pytest.mark.parametrize(("players", "seed", "moves"), [(3, 7, 12), (4, 5, 504), (2, 3, 200)])
def test_compact_gangsters_keeps_the_map_every_piece_and_gang(players, seed, moves):
    state = played("gangsters", players, seed, moves)
    view = state.view(state.current_player)
    compact, full = table("gangsters", state, True), table("gangsters", state, False)
    grid = [line for line in full if re.match(r"^\s?\d+ [.~A-Za-z#|=+0-9]", line)]
    assert grid and all(line in compact for line in grid)  # the same map, row for row
    text = " ".join(compact)
    for gang in view["gangs"]:
        for piece in gang["pieces"]:
            if piece["strength"] and piece["at"]:
                assert f" {piece['strength']} at {piece['at']} " in text
        if gang["cash"] is not None:
            assert f"${gang['cash']:,}" in text
        for tok, level in gang["joints"]:
            assert f"{tok}{level}" in text
    for cop in view["cops"]:
        if cop["at"] is not None:
            assert f" at {cop['at']} " in text
    assert "Racketeer, Thug, Vamp" not in text  # the legend is at the prompt instead
    legend = run_command(gangland.load("gangsters"), "legend", [], lambda: view,
                         state.options)
    assert legend is not None
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(*legend)
    shown = console.export_text().splitlines()  # one mark to a line: none broken apart
    assert "  #1 subway" in shown and "  C5 cop 5 (CX: 10)" in shown
    assert max(len(line) for line in shown) <= 80


def session_table(state: State, width: int, height: int, terminal: bool = True) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, force_terminal=terminal,
                      color_system=None)
    Session(Setup(state, ["human"] * len(state.view(None)["tableaus"]), Path("x.json")),
            console).show_table(0)
    return out.getvalue()


def test_the_terminal_chooses_the_layout_by_its_size_and_a_pipe_keeps_the_full_one():
    state = gangland.load("gangster").new_game(players=3, seed=7)
    assert "Roads" in session_table(state, 80, 24)
    assert "Roads" in session_table(state, 120, 24)  # under 30 rows
    # 120x45 is large, but the full table (55 lines) is not: it is fitted (see test_fit)
    assert "Roads" in session_table(state, 120, 45)
    assert "Spaces in rank order" in session_table(state, 120, 90)
    assert "Spaces in rank order" in session_table(state, 80, 24, terminal=False)


def test_legend_explains_the_compact_gangster_table():
    state = gangland.load("gangster").new_game(players=3, seed=7)
    shown = run_command(gangland.load("gangster"), "legend", [], lambda: state.view(0),
                        state.options)
    assert shown is not None and "LI Little Italy" in str(shown[0])
    assert max(len(line) for line in str(shown[0]).splitlines()) <= 80


def test_a_replay_on_a_small_terminal_shows_the_compact_table(invoke):
    from gangland.terminal.replay import run_replay

    played = invoke("play", "gangster", "--seed", "3", "--seat", "random", "--seat", "random",
                    "--save", "g.json")
    assert played.exit_code == 0, played.output
    shown = {}
    for size, terminal in (((80, 24), True), ((120, 45), True), ((80, 24), False)):
        out = io.StringIO()
        console = Console(file=out, width=size[0], height=size[1], force_terminal=terminal,
                          color_system=None)
        run_replay(Path("g.json"), "1", False, 4, console)
        shown[size, terminal] = out.getvalue()
    assert "Roads" in shown[(80, 24), True]
    assert "Roads" not in shown[(120, 45), True] and "Roads" not in shown[(80, 24), False]


# ----- Chicago Gangster: the gangs by number, named by ``mobsters`` ---------------------

CHICAGO = [(3, 4, 0, 14, 29), (3, 4, 20, 15, 39), (5, 4, 40, 18, 56)]


@pytest.mark.parametrize(("players", "seed", "moves", "most", "full_least"), CHICAGO)
def test_chicago_gangsters_compact_table_lists_the_mobsters_by_number(players, seed, moves,
                                                                      most, full_least):
    state = played("chicago-gangster", players, seed, moves)
    compact, full = table("chicago-gangster", state, True), table("chicago-gangster", state,
                                                                  False)
    assert len(compact) <= most, "\n".join(compact)
    assert len(full) >= full_least
    assert max(len(line) for line in compact) <= 80
    view = state.view(state.current_player)
    text = "\n".join(compact)
    for gang in view["gangs"]:  # every gang's row holds its numbers in play, in order
        row = next(line for line in compact if gang["gang"] in line)
        assert " ".join(str(n) for n in gang["in_play"]) in row
    assert "Your hand: " in text and all(card in text for card in view["hand"])


def test_mobsters_names_every_number_of_the_compact_table():
    state = played("chicago-gangster", 3, 4, 20)
    game = gangland.load("chicago-gangster")
    view = state.view(state.current_player)
    shown = run_command(game, "mobsters", state.legal_actions(), lambda: view, state.options)
    assert shown
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    for part in shown:
        console.print(part)
    out = " ".join(console.export_text().split())
    comps = state.comps
    for gang in view["gangs"]:
        for n in [*gang["in_play"], *gang["listed"]]:
            assert f"{n} {comps.mobster_name(n - 1)}" in out
    for n in view["dead"]:
        assert f"{n} {comps.mobster_name(n - 1)}" in out

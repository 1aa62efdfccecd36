"""The terminal renderer: every view draws, the map shows every road, colours have letters."""

from __future__ import annotations

import copy
import io

import pytest
from rich.console import Console

from gangland.engine import Rng
from gangland.games.gangster import text_map
from gangland.games.gangster.text import (
    CODES,
    ROUTES,
    describe_action,
    draw_map,
    layout_problems,
    render_view,
)
from gangland.terminal.menu import build_menu
from gangland.terminal.render import describer, renderer

from .scenario import GAME, clear_tiles, fill, give, new, park, play, turn, use_tile


def text_of(renderable, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_the_terminal_finds_the_renderer_and_the_describer():
    assert renderer(GAME) is render_view
    assert describer(GAME) is describe_action


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_kind_of_view_of_a_short_game_renders(players):
    """A whole seeded game with short rounds, to the end.

    Every view of the rarer phases (bump, breakfast, take, door, a colour to choose, the
    end) is drawn, and every fourth of the common ones (act, destination), which keeps the
    test to a few seconds; every legal action is described.
    """
    state = GAME.new_game(players, seed=11, options={"turn_limit": 5})
    rng = Rng(players)
    phases = set()
    step = 0
    while True:
        view = state.view(state.current_player)
        phase = view["phase"]
        if phase not in ("act", "destination") or step % 4 == 0:
            out = text_of(render_view(view, state.options))
            assert out.startswith("Gangster  round" if phase != "over" else "Gangster  over")
            phases.add(phase)
        if state.is_terminal:
            break
        for action in state.legal_actions():
            assert describe_action(action, state.options).startswith(str(action))
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    assert {"act", "destination", "over"} <= phases
    assert "Game over:" in out and "Final count" in out and "If scored now" not in out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_map_draws_every_district_and_every_road(players):
    state = GAME.new_game(players, seed=4)
    view = state.view(0)
    city, missing = draw_map(view)
    assert missing == []
    drawn = city.plain
    for district in view["districts"]:
        assert district["title"] in drawn
    roads = {frozenset((d["name"], r)) for d in view["districts"] for r in d["roads"]}
    assert roads == {frozenset(pair) for pair in ROUTES}
    assert len(roads) == 16
    assert layout_problems([tuple(r) for r in roads]) == []
    out = text_of(render_view(view, state.options))
    assert "Also joined" not in out
    for district in view["districts"]:
        assert district["title"] in out


def test_every_road_is_drawn_where_its_route_says():
    """Each route's cells hold road characters on the drawn map, ending beside both ends."""
    state = GAME.new_game(4, seed=4)
    city, _ = draw_map(state.view(0))
    lines = city.plain.split("\n")
    for (a, b), points in ROUTES.items():
        for (x, y), _char in text_map._route_cells(points):
            assert lines[y][x] in "-|+", f"{a}-{b} is not drawn at {(x, y)}"


def test_a_bad_layout_is_caught(monkeypatch):
    crossing = dict(ROUTES)
    crossing[("north-side", "the-loop")] = ((49, 3), (49, 7), (62, 7))  # through Greek Town's
    monkeypatch.setattr(text_map, "ROUTES", crossing)
    problems = layout_problems()
    assert any("north-side-the-loop" in p for p in problems)
    crooked = dict(ROUTES)
    crooked[("little-italy", "chinatown")] = ((49, 11), (62, 12))
    monkeypatch.setattr(text_map, "ROUTES", crooked)
    assert any("neither along a row" in p for p in layout_problems())
    monkeypatch.setattr(text_map, "ROUTES", ROUTES)
    assert layout_problems([("north-side", "south-side")]) == [
        "north-side-south-side: a road with no route on the map"]


def test_a_road_the_map_has_no_route_for_is_listed():
    """A components file may join other districts: the map says so instead of hiding it."""
    view = copy.deepcopy(GAME.new_game(4, seed=4).view(0))
    for district in view["districts"]:
        if district["name"] == "north-side":
            district["roads"].append("south-side")
        if district["name"] == "south-side":
            district["roads"].append("north-side")
    _, missing = draw_map(view)
    assert missing == [("north-side", "south-side")]
    assert "Also joined by a road (not drawn): North Side - South Side" in text_of(
        render_view(view))


def test_the_colour_to_move_its_car_and_tiles_are_shown():
    state = new(4, seed=1)
    clear_tiles(state)
    use_tile(state, "little-italy", 4)
    fill(state, "little-italy", ["yellow", None, "blue", "yellow", "gray"])
    park(state, "brown", "little-italy")
    give(state, "brown", "tommy-gun")
    turn(state, "brown")
    state.doubler[state.board.index["little-italy"]] = True
    out = text_of(render_view(state.view(3), state.options))
    assert "Brown (P3) to act at Little Italy" in out
    assert "Little Italy x2" in out
    assert " 1 Ye .. Bl Ye" in out and " 5 Gy .. .. .." in out  # rows numbered by first space
    # Yellow leads; Gray's gangster outranks Blue's (space 5 against 3): doubled 4 and 2.
    assert "Ye 2: ? x2" in out and "Gy 1: 8" in out and "Bl 1: 4" in out
    assert "P4 (you)" in out
    for colour in ("blue", "yellow", "brown", "gray"):  # letters and names, not just colour
        assert f"{CODES[colour]} {colour} P" in out


def test_standing_pays_the_doubled_values_in_order():
    state = new(3, seed=2)
    clear_tiles(state)
    use_tile(state, "the-loop", 3)  # 8 5 3 1
    fill(state, "the-loop", ["blue", "yellow", "yellow", "brown"])
    state.doubler[state.board.index["the-loop"]] = True
    out = text_of(render_view(state.view(0), state.options))
    assert "Ye 2: 16" in out and "Br 1: 10" in out and "Bl 1: 6" in out


def test_pending_decisions_are_spelled_out():
    state = new(4, seed=1)
    give(state, "blue")
    park(state, "blue", "greek-town")
    turn(state, "blue")
    play(state, "drive 3")
    out = text_of(render_view(state.view(0), state.options))
    assert ("drives 3 from Greek Town; it may stop at The Loop, West Side, Little Italy, "
            "Little Africa") in " ".join(out.split())
    two = new(2, seed=1)
    out = text_of(render_view(two.view(0), two.options))
    assert "P1 (you) to choose which colour plays this turn: Blue or Brown" in out


def test_a_spectator_sees_the_same_table():
    state = GAME.new_game(3, seed=5)
    out = text_of(render_view(state.view(None), state.options))
    assert "(you)" not in out and "Blue (P1) to act" in out
    assert "Cicero (unused)" in out


def test_the_menu_groups_loads_when_there_are_many():
    state = new(4, seed=1)
    clear_tiles(state)
    use_tile(state, "little-italy", 4)
    fill(state, "little-italy", ["yellow", "gray", "brown"] * 4 + ["blue"])
    park(state, "blue", "little-italy")
    give(state, "blue", "tommy-gun")
    turn(state, "blue")
    menu = build_menu(GAME, state.legal_actions())
    assert [v.name for v, _ in menu.crowded] == ["load"]
    assert str(menu.resolve("1", state)) == "drive 1"
    assert str(menu.resolve("load 13", state)) == "load 13"
    shown = text_of(menu.render(state.options))
    assert "Type: load SPACE" in shown
    assert "unload blue  (a blue gangster onto the next space here)" in shown

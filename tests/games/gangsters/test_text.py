"""Gangsters in the terminal: the map, the tables and the words at several stages of a game.

Views come from seeded random games (the first state whose decision matches), so the tests
follow the rules wherever they go rather than a fixed move count.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

import gangland
from gangland.engine import Action, State
from gangland.games.gangsters.city import default_city
from gangland.games.gangsters.moves import tokens
from gangland.games.gangsters.text import describe_action, draw_map, render_view
from gangland.terminal.render import describer, renderer

GAME = gangland.load("gangsters")


def text_of(view: dict[str, Any], options: Any, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(view, options))
    return console.export_text()


def play_until(check: Callable[[State], bool], players: int = 2, seeds: range = range(12),
               steps: int = 3000) -> State:
    """The first state of a seeded random game that passes ``check``."""
    for seed in seeds:
        state = GAME.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if check(state):
                return state
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
    pytest.skip("no seeded game reached the stage")


def kind(state: State) -> str | None:
    return state.view(None)["decision"]["kind"]


def test_the_terminal_finds_the_renderer():
    assert renderer(GAME) is render_view
    assert describer(GAME) is describe_action


def test_setup_shows_the_empty_city_and_who_picks():
    state = GAME.new_game(players=3, seed=4)
    seat = state.current_player
    text = text_of(state.view(seat), state.options)
    assert f"P{seat + 1} (you) picks a starting joint." in text
    assert "Nobody is on the board yet." in text
    assert " 6 ~~~~" in text and "#1" in text and "Legend:" in text
    assert "Dice: not rolled yet" in text
    assert "Your Bribe badges: none" in text
    assert all(len(line) <= 100 for line in text.splitlines())


def test_the_map_is_the_city_grid_with_labels():
    state = GAME.new_game(players=2, seed=1)
    drawn, crowded = draw_map(state.view(None), state.options)
    lines = drawn.plain.splitlines()
    city = default_city()
    assert len(lines) == len(city.rows) + 2
    assert lines[2:] == city.render().splitlines()
    assert crowded == []


def test_a_turn_shows_pieces_joints_dice_and_gangs():
    state = play_until(lambda s: kind(s) == "move" and any(s.view(None)["dice"]))
    view = state.view(0)
    text = text_of(view, state.options)
    assert f"blue {view['dice'][0]}" in text and f"black {view['dice'][4]}" in text
    for gang in view["gangs"]:
        assert f"${gang['cash']:,}" in text
        for tok, level in gang["joints"]:
            assert f"{tok}{level}" in text
        for piece in gang["pieces"]:
            if piece["at"] is not None and piece["strength"]:
                code = gang["gang"][0] + piece["kind"][0].upper()
                if piece["criminal"]:
                    code = code.capitalize()
                assert code in text
    # a joint's owner and level are marked on the map itself
    tok, level = view["gangs"][0]["joints"][0]
    letter = view["gangs"][0]["gang"][0]
    assert f"{letter}{level}" in draw_map(view, state.options)[0].plain
    assert "moves or recruits" in text
    assert all(len(line) <= 100 for line in text.splitlines())


def test_spectators_see_no_badges_of_their_own():
    state = play_until(lambda s: kind(s) == "move")
    text = text_of(state.view(None), state.options)
    assert "Your Bribe badges" not in text
    assert "(you)" not in text


def test_an_offer_is_spelled_out():
    state = play_until(lambda s: kind(s) == "answer")
    view = state.view(None)
    deal = view["decision"]["deal"]
    text = text_of(view, state.options)
    assert "Offer: " in text
    assert "gives" in text and f"${deal['pay']:,}" in text


def test_a_shootout_in_progress_is_shown():
    state = play_until(lambda s: bool(s.view(None)["decision"].get("fight")))
    view = state.view(state.current_player)
    text = text_of(view, state.options)
    assert "Shootout: " in text
    assert "under way" not in text  # the fight was read, not just noticed
    for action in state.legal_actions():
        assert "  (" in describe_action(action, state.options)


def test_own_badges_are_listed():
    state = play_until(lambda s: any(g.get("my_badges") for g in s.view(0)["gangs"]))
    text = text_of(state.view(0), state.options)
    badges = state.view(0)["gangs"][0]["my_badges"]
    cops = [b for b in badges if b]
    assert "Your Bribe badges: " in text
    if cops:
        assert str(cops[0]) in text.split("Your Bribe badges: ")[1]
    else:
        assert "the Untouchable" in text


def test_describe_action_spells_out_moves_and_places():
    city = default_city()
    toks = tokens(city)
    street = next(s for s in range(len(toks)) if city.names[s] == "Riverside Drive 3")
    text = describe_action(Action("move", ("thug", toks[street], "north", "criminal")), {})
    assert text == (f"move thug {toks[street]} north criminal  "
                    "(Thug to Riverside Drive 3, facing north, criminal side up)")
    assert "with Wheels" in describe_action(
        Action("wheels", ("racketeer", "hh", "inside", "citizen")))
    assert "Hawthorne Hotel" in describe_action(Action("place", ("hh",)))
    assert describe_action(Action("roll")) == "roll  (roll the five dice)"
    assert describe_action(Action("cop", (5, "8.3", "west"))) == (
        "cop 5 8.3 west  (Cop 5 to Riverside Drive 3, facing west)")
    assert "$300" in describe_action(Action("pay", (300,)))
    assert "the cops" in describe_action(Action("hit", ("cops",)))


@pytest.mark.parametrize(("players", "options"), [
    (2, {}),
    (4, {"donuts": True, "wheels": True, "heaters": True, "siren": True, "random_order": True}),
    (5, {"secret_cash": True}),
])
def test_every_legal_action_is_described_and_every_view_drawn(players, options):
    state = GAME.new_game(players=players, seed=2, options=options)
    rng = random.Random(players)
    for step in range(400):
        if state.is_terminal:
            break
        for action in state.legal_actions():
            assert "  (" in describe_action(action, state.options), action
        if step % 40 == 0:
            for seat in (None, *range(players)):
                text = text_of(state.view(seat), state.options)
                assert all(len(line) <= 100 for line in text.splitlines())
        state.apply(rng.choice(state.legal_actions()))


def test_the_commissioner_and_secret_cash():
    state = GAME.new_game(players=5, seed=3, options={"secret_cash": True})
    text = text_of(state.view(4), state.options)
    assert "P5 Commissioner (you)" in text
    assert "hidden" in text
    assert "Your Bribe badges: none" in text


# ----- the browser's static data (web.py), checked here without a browser ------------------


def test_client_data_names_every_space_a_view_can_name():
    from gangland.games.gangsters.web import client_data

    data = client_data({})
    city = default_city()
    known = {s["token"] for s in data["spaces"]}
    assert [s["token"] for s in data["spaces"]] == list(tokens(city))
    assert data["grid"] == {"rows": len(city.rows), "cols": len(data["cells"][0])}
    for s in data["spaces"]:
        if not s["street"]:
            assert s["entrance"] in known and s["door"] in ("N", "E", "S", "W"), s
    state = play_until(lambda s: kind(s) == "move")
    view = state.view(None)
    places = [p["at"] for g in view["gangs"] for p in g["pieces"]]
    places += [c["at"] for c in view["cops"]] + [p["at"] for p in view["public"]]
    assert {p for p in places if p} | set(view["buildings"]) <= known
    assert [g["gang"] for g in data["gangs"][:2]] == [g["gang"] for g in view["gangs"]]

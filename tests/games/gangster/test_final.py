"""The end of the game lays open where every point came from, in the view and its texts.

The rulebook's end is the influence track; every point on it was won in the open on a Day
of Reckoning. At the end the view regroups those placements per seat, per colour and per
district (one entry per reckoning), and the renderers show them.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from gangland import Rng
from gangland.games.gangster.text import render_view

from .scenario import GAME, clear_tiles, fill, new, use_tile
from .test_reckoning import eighth_doubler, tied_at_the_end


def two_player_game():
    """The rulebook's two-player North Side on tile 10 [?, 2, ?], scored three times, doubled
    each time (the eighth doubler lands there), with casino cards 5, 3 and 7."""
    state = new(2, seed=1)
    clear_tiles(state)
    use_tile(state, "north-side", 10)
    fill(state, "north-side", ["gray", "blue", "yellow", "gray", "blue", "gray", "brown"])
    for casino in (5, 3, 7):
        eighth_doubler(state, "blue", "north-side", casino=casino)
    assert state.is_terminal
    return state


def text_of(view, width: int = 80) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(view))
    return console.export_text()


def test_there_is_no_final_count_before_the_end():
    state = new(3, seed=1)
    assert state.view(0)["final"] is None
    assert "Final count" not in text_of(state.view(0))


def test_the_final_count_gives_each_seat_its_points_per_reckoning_colour_and_district():
    state = two_player_game()
    final = state.view(None)["final"]
    assert final["casino"] == [5, 3, 7]
    assert final["seats"] == [
        {"seat": 0, "colours": ["blue", "brown"], "reckonings": [14, 10, 18], "influence": 42,
         "place": 1, "winner": True},
        {"seat": 1, "colours": ["yellow", "gray"], "reckonings": [10, 6, 14], "influence": 30,
         "place": 2, "winner": False},
    ]
    assert [(x["colour"], x["seat"], x["reckonings"], x["total"]) for x in final["colours"]] == [
        ("blue", 0, [4, 4, 4], 12), ("yellow", 1, [0, 0, 0], 0),
        ("brown", 0, [10, 6, 14], 30), ("gray", 1, [10, 6, 14], 30)]
    north = next(x for x in final["districts"] if x["district"] == "north-side")
    assert north["title"] == "North Side" and north["doubled"] == [1, 2, 3]
    assert north["points"] == {"blue": [4, 4, 4], "yellow": [0, 0, 0], "brown": [10, 6, 14],
                               "gray": [10, 6, 14]}
    others = [x for x in final["districts"] if x["district"] != "north-side"]
    assert len(others) == 9 and all(sum(map(sum, x["points"].values())) == 0 for x in others)


def test_tied_seats_share_the_first_place():
    state = tied_at_the_end()
    seats = state.view(None)["final"]["seats"]
    assert [(s["place"], s["winner"]) for s in seats] == [(1, True), (1, True), (3, False)]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_point_of_a_random_game_is_accounted_for(players):
    state = GAME.new_game(players, seed=players)
    pick = random.Random(players)
    while not state.is_terminal:
        state.apply(pick.choice(state.legal_actions()))
    view = state.view(None)
    final = view["final"]
    for seat in final["seats"]:
        s = seat["seat"]
        mine = [c["colour"] for c in final["colours"] if c["seat"] == s]
        assert mine == seat["colours"]
        from_districts = sum(sum(x["points"][c]) for x in final["districts"] for c in mine)
        assert seat["influence"] == view["influence"][s] == from_districts
        assert seat["reckonings"] == [r["points"][s] for r in view["reckonings"]]
        assert sum(seat["reckonings"]) == seat["influence"]
        assert seat["winner"] == (s in view["winners"]) == (seat["place"] == 1)
    # A resampled finished game keeps the count: it depends on nothing hidden.
    assert state.resample(0, Rng(3)).view(0) == state.view(0)


def test_the_terminal_shows_the_final_count_at_80_columns():
    state = two_player_game()
    text = text_of(state.view(0))
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "Game over: P1 (you) wins with 42 influence." in text
    assert "If scored now" not in text, "a finished game scores nothing more"
    start = next(i for i, line in enumerate(lines) if line.startswith("Final count"))
    block = "\n".join(lines[start:])
    assert "(casino 5, 3, 7;" in block
    north = next(line for line in lines[start:] if line.strip().startswith("North Side"))
    assert north.split() == ["North", "Side", "1", "2", "3", "4", "4", "4", ".", ".", ".",
                             "10", "6", "14", "10", "6", "14"]
    assert "P1 [Bl Br] 14 + 10 + 18 = 42, wins" in block
    assert "P2 [Ye Gy] 10 + 6 + 14 = 30" in block
    # The count is the last thing drawn, so it is what stays on a 24-line screen.
    assert len(lines) - start <= 19


def test_before_the_end_the_reckonings_stay_one_line_each():
    state = new(3, seed=1)
    clear_tiles(state)
    eighth_doubler(state, "blue", "north-side", casino=5)
    text = text_of(state.view(0), width=100)
    assert "Reckoning 1 (casino 5" in text and "If scored now" in text
    assert "Final count" not in text


def test_the_last_district_card_is_one_card():
    state = two_player_game()
    while len(state.deck) > 1:
        state.discard.append(state.deck.pop())
    assert "District deck: 1 card (" in text_of(state.view(0))

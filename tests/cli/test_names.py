"""The boards call the people by the names they gave (``--seat human:Ann``), in every
game and both layouts, and nothing else changes: the moves' events still say P1."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from gangland.engine import State, seat_label
from gangland.terminal.render import renderer

from .positions import random_position

GAMES = ["gangster", "gangster-1994", "gangsters", "gangster-city", "chicago-gangster"]
NAMES = {0: "Ann", 1: "Bartholomew Smithy"}  # a long name, near the 20-letter limit


def played(game_id: str, seed: int, moves: int) -> State:
    return random_position(game_id, 3, seed, moves)


def board(state: State, compact: bool, names: dict[int, str]) -> list[str]:
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(renderer(state.game, compact, names)(state.view(0), state.options))
    return console.export_text().splitlines()


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_names_the_named_seats_and_still_fits(game_id, compact):
    state = played(game_id, 3, 40)
    plain = "\n".join(board(state, compact, {}))
    lines = board(state, compact, NAMES)
    text = "\n".join(lines)
    assert re.search(r"\bP[12]\b", plain)  # the board does name seats 1 and 2
    assert "Ann" in text and "Bartholomew Smithy" in text
    assert "P3" in text  # an unnamed seat keeps its label
    assert max(map(len, lines)) <= 80
    assert seat_label(0) == "P1"  # the names were for that drawing only


@pytest.mark.parametrize("game_id", GAMES)
def test_moves_made_after_a_named_drawing_still_say_p1(game_id):
    state = played(game_id, 5, 10)
    board(state, False, NAMES)
    events = []
    while not events and not state.is_terminal:
        events = state.apply(state.legal_actions()[0])
    assert not any("Ann" in e.text or "Bartholomew" in e.text for e in events)


def test_at_the_table_the_board_menu_and_prompt_say_the_name(invoke):
    result = invoke("play", "gangster-1994", "--seed", "2", "--players", "2",
                    "--seat", "human:Ann", input=["moves", "quit"])
    out = result.output
    assert "Ann (you)" in out  # the board's own table of players
    assert "Ann (P1) to play" in out and "Ann (P1) >" in out
    assert "P1 (you)" not in out and "Ann (Ann" not in out
    record = json.loads(next(Path().glob("gangland-gangster-1994-*.gangland.json")).read_text())
    assert record["seats"][0] == "human:Ann"

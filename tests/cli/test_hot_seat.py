"""Several people at one terminal: each sees only their own seat, never their own case."""

from __future__ import annotations

import re
from pathlib import Path

import gangland
from gangland.games.gangster_city.cards import default_deck

from .conftest import read_record

DECK = default_deck()
PASS = re.compile(r"Pass the device to P(\d)")


def sections_by_seat(output: str) -> list[tuple[int, str]]:
    """The output after each pass screen, with the seat it was shown to."""
    parts = PASS.split(output)
    return [(int(parts[i]) - 1, parts[i + 1]) for i in range(1, len(parts) - 1, 2)]


def test_pass_screen_hides_each_seats_own_case(invoke):
    seed = 12
    state = gangland.load("gangster-city").new_game(2, seed)
    # Enter at each pass screen, then a draw; nobody can solve a case by drawing.
    typed = ["", "draw", "", "draw", "", "draw", "", "draw", "", "quit"]
    result = invoke("play", "gangster-city", "--seed", str(seed), "--seat", "human",
                    "--seat", "human", input=typed)
    assert result.exit_code == 0, result.output
    sections = sections_by_seat(result.output)
    assert [seat for seat, _ in sections] == [0, 1, 0, 1, 0]
    for seat, text in sections:
        own = DECK.label(state.cases[seat])
        other = DECK.label(state.cases[1 - seat])
        assert own not in text, f"P{seat + 1} was shown their own case"
        assert "hidden (your own case)" in text
        assert other in text  # the other detective's case is on view, as at the table
    [path] = Path().glob("gangland-gangster-city-*.gangland.json")
    assert len(read_record(path)["actions"]) == 4
    assert f"seed {seed}" not in result.output, "the seed fixes every hidden card"


def test_one_person_against_bots_gets_no_pass_screen(invoke):
    result = invoke("play", "gangster-city", "--seed", "12", input=["draw", "quit"])
    assert "Pass the device" not in result.output

"""Several people at one terminal: each sees only their own seat, never their own case."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gangland
from gangland.games.gangster_city.cards import default_deck
from gangland.terminal.play import Session

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


CLEAR = "<<screen cleared>>"


@pytest.fixture
def marked_clears(monkeypatch):
    """Make each screen clear visible in the output (a test's output is no terminal)."""
    monkeypatch.setattr(Session, "clear", lambda self: self.console.print(CLEAR))


def arrest_of(card: int) -> str:
    return "arrest " + " ".join(DECK.words(card))


def test_the_end_of_a_hot_seat_game_is_shown_only_after_a_clear(invoke, marked_clears):
    seed = 30
    state = gangland.load("gangster-city").new_game(2, seed, {"cases_to_win": 1})
    result = invoke("play", "gangster-city", "--seed", str(seed), "--seat", "human",
                    "--seat", "human", "--option", "cases_to_win=1",
                    input=["", arrest_of(state.cases[0])])
    assert result.exit_code == 0, result.output
    assert "Winner: P1" in result.output
    everyone = result.output.split(CLEAR)[-1]  # the screen the whole table looks at
    assert "Game over" in everyone
    # The game is over: every case is laid open, P2's own included (gangster-city decision 11).
    assert DECK.label(state.cases[1]) in everyone


def test_quitting_a_hot_seat_game_clears_the_last_view(invoke, marked_clears):
    seed = 12
    state = gangland.load("gangster-city").new_game(2, seed)
    result = invoke("play", "gangster-city", "--seed", str(seed), "--seat", "human",
                    "--seat", "human", input=["", "draw", "", "quit"])
    assert result.exit_code == 0, result.output
    after = result.output.split(CLEAR)[-1]
    assert "Game saved to" in after
    assert "Case card" not in after
    assert DECK.label(state.cases[1]) not in after


def test_every_screen_of_a_hot_seat_game_hides_its_persons_case(invoke, marked_clears):
    """Three people, a bot between them: each cleared screen after a pass screen belongs to
    one person, who must never see their own case, whatever they type."""
    seed = 12
    state = gangland.load("gangster-city").new_game(4, seed)
    per_turn = ["", "history", "help", "view", "draw"]
    result = invoke("play", "gangster-city", "--seed", str(seed), "--seat", "human",
                    "--seat", "detective", "--seat", "human", "--seat", "human",
                    input=per_turn * 6 + ["", "quit"])
    assert result.exit_code == 0, result.output
    sections = sections_by_seat(result.output)
    assert [seat for seat, _ in sections][:4] == [0, 2, 3, 0]
    for seat, text in sections:
        screen = text.split(CLEAR)[1]
        assert "hidden (your own case)" in screen
        assert DECK.label(state.cases[seat]) not in screen  # people only draw: never solved


def test_a_person_reads_their_moves_outcome_at_their_next_turn(invoke, marked_clears):
    """The pass screen clears the outcome of a move at once; it comes back to its maker."""
    result = invoke("play", "gangster-city", "--seed", "12", "--seat", "human",
                    "--seat", "human", input=["", "draw", "", "draw", "", "quit"])
    assert result.exit_code == 0, result.output
    sections = sections_by_seat(result.output)
    assert [seat for seat, _ in sections] == [0, 1, 0]
    again = sections[2][1].split(CLEAR)[1]
    assert "Your last move:\n  P1 draws blind" in again
    assert "Since then:\n  P2 draws blind" in again


def test_quit_at_the_pass_screen_shows_no_view(invoke, marked_clears):
    """The person who just played types quit at the pass screen: the next seat's table must
    not appear for them, and a stray word is no go-ahead either."""
    seed = 12
    state = gangland.load("gangster-city").new_game(2, seed)
    result = invoke("play", "gangster-city", "--seed", str(seed), "--seat", "human",
                    "--seat", "human", "--save", "q.json",
                    input=["", "draw", "ok", "quit"])
    assert result.exit_code == 0, result.output
    after = result.output.split("Pass the device to P2")[1]
    assert "Case card" not in after, "P2's table was shown to whoever typed"
    assert DECK.label(state.cases[0]) not in after  # P2's view shows P1's case
    assert "Only Enter shows P2's table" in after
    assert "Game saved to q.json" in after
    assert len(read_record("q.json")["actions"]) == 1


def test_hot_seat_warns_when_the_screen_cannot_be_cleared(invoke):
    result = invoke("play", "gangster-city", "--seed", "12", "--seat", "human",
                    "--seat", "human", input=["quit"])
    assert "the screen cannot be cleared between people" in result.output
    alone = invoke("play", "gangster-city", "--seed", "12", input=["quit"])
    assert "cannot be cleared" not in alone.output

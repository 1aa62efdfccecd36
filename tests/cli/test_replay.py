"""Replaying a saved game as a seat or as the spectators."""

from __future__ import annotations

import gangland
from gangland.games.gangster_city.cards import default_deck

from .conftest import one_error_line, read_record

DECK = default_deck()


def saved_game(invoke, name: str = "g.json") -> dict:
    invoke("play", "gangster-city", "--seed", "9", "--save", name,
           input=["draw", "1", "draw", "quit"])
    return read_record(name)


def test_replay_as_a_seat_shows_its_view_and_never_its_case(invoke):
    record = saved_game(invoke)
    moves = len(record["actions"])
    state = gangland.replay(record)
    result = invoke("replay", "g.json", "--seat", "2")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seen by P2" in out
    assert f"Move {moves} " in out
    assert "hidden (your own case)" in out
    if not state.solved[1]:
        assert DECK.label(state.cases[1]) not in out
    assert DECK.label(state.cases[0]) in out
    assert "unfinished" in out


def test_replay_as_spectator_hides_every_case(invoke):
    record = saved_game(invoke)
    state = gangland.replay(record)
    result = invoke("replay", "g.json")
    assert result.exit_code == 0
    assert "seen by spectators" in result.output
    for seat in range(3):
        if not state.solved[seat]:
            assert DECK.label(state.cases[seat]) not in result.output


def test_replay_at_a_move_and_step(invoke):
    saved_game(invoke)
    at = invoke("replay", "g.json", "--seat", "P1", "--at", "2")
    assert at.exit_code == 0
    assert "Position after 2 moves" in at.output
    assert "Move 3 " not in at.output
    stepped = invoke("replay", "g.json", "--step", input=["", "", "q"])
    assert stepped.exit_code == 0
    assert "Position after 2 moves" in stepped.output
    assert "Position after 3 moves" not in stepped.output


def test_replay_of_a_finished_game_prints_the_result(invoke):
    invoke("play", "gangster-city", "--seed", "2", "--seat", "random", "--seat", "random",
           "--save", "done.json")
    result = invoke("replay", "done.json", "--seat", "1")
    assert result.exit_code == 0
    assert "Winner" in result.output or "Nobody won" in result.output


def test_replay_refuses_bad_files_and_seats(invoke, tmp_path):
    saved_game(invoke)
    assert "1 to 3" in one_error_line(invoke("replay", "g.json", "--seat", "7"))
    assert "--at" in one_error_line(invoke("replay", "g.json", "--at", "999"))
    (tmp_path / "junk.json").write_text("not json at all")
    assert "junk.json" in one_error_line(invoke("replay", "junk.json"))
    (tmp_path / "list.json").write_text("[1, 2]")
    assert "record" in one_error_line(invoke("replay", "list.json"))
    assert "cannot read" in one_error_line(invoke("replay", "nowhere.json"))


def test_a_replay_names_the_people_the_save_names(invoke):
    """A save made with ``--seat human:Ann`` replays with Ann's name beside P1, in whose
    move it is and in what the moves say, whoever's view it shows."""
    invoke("play", "gangster-city", "--seed", "9", "--seat", "human:Ann", "--seat", "heuristic",
           "--save", "named.json", input=["draw", "draw", "quit"])
    out = invoke("replay", "named.json", "--seat", "1").output
    assert "seen by Ann (P1)." in out
    assert "Move 1 (Ann (P1)):" in out
    assert "Ann draws blind" in out and "P1 draws blind" not in out
    assert "Move 2 (P2):" in out
    plain = invoke("replay", "named.json", "--seat", "2").output
    assert "seen by P2." in plain and "Ann draws blind" in plain

"""Taking back a half-made move at the terminal: ``back`` (or ``undo``)."""

from __future__ import annotations

from pathlib import Path

import gangland

from .conftest import read_record

SEATS = ("--seat", "human", "--seat", "random", "--seat", "random")


def play(invoke, name: str, lines: list[str]):
    result = invoke("play", "gangster", "--seed", "1", *SEATS, "--save", name, input=lines)
    assert result.exit_code == 0, result.output
    return result


def test_back_takes_a_card_back_and_the_save_holds_no_trace_of_it(invoke):
    taken = play(invoke, "taken.json", ["drive 1", "back", "quit"])
    assert "Or type back to take back drive 1." in taken.output
    assert "Taken back: drive 1." in taken.output
    never = play(invoke, "never.json", ["quit"])
    assert "Or type back" not in never.output
    assert read_record("taken.json")["actions"] == []
    assert Path("taken.json").read_text() == Path("never.json").read_text()


def test_the_game_goes_on_from_the_position_before_and_replays_exactly(invoke):
    state = gangland.load("gangster").new_game(3, 1)
    state.apply(state.parse_action("drive 2"))
    district = str(state.legal_actions()[0])
    result = play(invoke, "g.json", ["drive 1", "undo", "drive 2", district, "quit"])
    assert "Taken back: drive 1." in result.output
    record = read_record("g.json")
    assert record["actions"][:2] == ["drive 2", district]
    assert [str(a) for a in gangland.replay(record).history] == record["actions"]
    assert "P1 chose: drive 1" not in result.output.split("Taken back")[-1]


def test_back_is_refused_with_a_reason_and_changes_nothing(invoke):
    state = gangland.load("gangster").new_game(3, 1)
    state.apply(state.parse_action("drive 1"))
    district = str(state.legal_actions()[0])
    result = play(invoke, "g.json", ["back", "drive 1", district, "back", "quit"])
    refusals = [line for line in result.output.splitlines() if "Nothing to take back" in line]
    assert len(refusals) == 2, result.output
    assert "whole move" in refusals[0] and "whole move" in refusals[1]
    assert read_record("g.json")["actions"][:2] == ["drive 1", district]


def test_help_names_the_take_back(invoke):
    result = play(invoke, "g.json", ["help", "quit"])
    line = next(x for x in result.output.splitlines() if x.strip().startswith("back "))
    assert "take back the first half of your move, where it told nobody" in line

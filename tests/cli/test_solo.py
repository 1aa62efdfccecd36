"""``--solo`` and ``--difficulty``: what a solo or co-operative case plays, said before
play, and bad flags refused in their own words."""

from __future__ import annotations

import pytest

from tests.cli.conftest import one_error_line, read_record


def saved(tmp_path):
    return read_record(tmp_path / "game.json")


def test_solo_with_more_players_says_it_is_a_cooperative_case(invoke, tmp_path):
    result = invoke("play", "gangster-city", "--solo", "--players", "3", "--seed", "4",
                    "--save", "game.json", input=["quit"])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("Solo with"))
    assert line.startswith("Solo with 3 players is a co-operative case: you and 2 detective "
                           "bots against one medium generated case")
    record = saved(tmp_path)
    assert record["players"] == 3 and record["options"]["case"] == "medium"
    assert record["seats"] == ["human", "detective", "detective"]


def test_people_playing_a_case_together_are_counted_as_people(invoke, tmp_path):
    result = invoke("play", "gangster-city", "--solo", "--difficulty", "hard", "--seat",
                    "human:Ann", "--seat", "human:Bob", "--seed", "4", "--save", "game.json",
                    input=["quit", "quit"])
    assert result.exit_code == 0, result.output
    assert ("Solo with 2 players is a co-operative case: 2 people against one hard "
            "generated case") in " ".join(result.output.split())
    assert saved(tmp_path)["players"] == 2  # two seats given: two players, not an error


def test_a_lone_detective_gets_no_cooperative_line(invoke):
    result = invoke("play", "gangster-city", "--solo", "--seed", "4", input=["quit"])
    assert result.exit_code == 0, result.output
    assert "co-operative" not in result.output


def test_an_option_case_and_solo_agree(invoke, tmp_path):
    result = invoke("play", "gangster-city", "--solo", "--option", "case=easy", "--seed", "4",
                    "--save", "game.json", input=["quit"])
    assert result.exit_code == 0, result.output
    assert saved(tmp_path)["options"]["case"] == "easy"  # not overruled by the default


@pytest.mark.parametrize(("args", "message"), [
    (("gangster-city", "--solo", "--difficulty", "extreme"),
     "Error: --difficulty must be one of easy, medium, hard, not 'extreme'"),
    (("gangster-city", "--difficulty", "hard"),
     "Error: --difficulty sets the case of a solo game: add --solo "
     "(gangland play gangster-city --solo --difficulty hard)"),
    (("gangster", "--solo"),
     "Error: gangster has no solo mode, so --solo does not apply "
     "(games with one: gangster-city)"),
    (("gangster-1994", "--difficulty", "easy"),
     "Error: gangster-1994 has no solo mode, so --difficulty does not apply "
     "(games with one: gangster-city)"),
    (("gangster-city", "--solo", "--difficulty", "hard", "--option", "case=easy"),
     "Error: --difficulty hard and --option case=easy disagree; give one of them"),
    (("gangster-city", "--option", "case=extreme"),
     "Error: option case must be one of \"\", easy, medium, hard, not 'extreme'"),
])
def test_bad_solo_flags_are_one_precise_line(invoke, tmp_path, args, message):
    assert one_error_line(invoke("play", *args, input=["quit"])) == message
    assert not list(tmp_path.glob("*.gangland.json"))  # nothing was started or saved

"""Playing at the terminal, typed line by line as a new user would."""

from __future__ import annotations

from pathlib import Path

import gangland
from gangland.games.gangster_city.cards import default_deck

from .conftest import one_error_line, read_record

GAME = gangland.load("gangster-city")
DECK = default_deck()


def arrest_of(card: int) -> str:
    """The typed arrest naming card index ``card`` (0..53)."""
    return "arrest " + " ".join(DECK.words(card))


def default_record(seed: int) -> Path:
    """The record the game with ``seed`` saved here by default (files are named by time)."""
    [path] = [p for p in Path().glob("gangland-gangster-city-*.gangland.json")
              if read_record(p)["seed"] == seed]
    return path


def test_a_whole_game_against_bots_by_typing_draw(invoke):
    # With seed 1 a random bot wins while P1 is still drawing (29 draws).
    result = invoke("play", "gangster-city", "--seed", "1", "--seat", "human",
                    "--seat", "random", "--seat", "random", input=["draw"] * 60)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Winner" in result.output or "Nobody won" in result.output
    record = read_record(default_record(1))
    state = gangland.replay(record)
    assert state.is_terminal
    assert str(default_record(1)) in result.output
    for seat in state.winners():
        assert f"P{seat + 1}" in result.output.split("Game over")[-1]


def test_numbers_pick_from_the_list(invoke):
    state = GAME.new_game(3, 5)
    result = invoke("play", "gangster-city", "--seed", "5", input=["1", "quit"])
    assert result.exit_code == 0
    first = read_record(default_record(5))["actions"][0]
    assert first == f"investigate {state.middle[0] + 1}"


def test_the_arrest_syntax_is_explained_not_listed(invoke):
    result = invoke("play", "gangster-city", "--seed", "5", input=["quit"])
    out = result.output
    assert "arrest SUSPECT WEAPON SCENE MOTIVE" in out
    assert "entertainer, scientist, thug" in out
    assert "draw" in out
    assert out.count("arrest entertainer revolver theater money") == 0  # not 54 lines


def test_winning_by_typing_the_right_arrest(invoke):
    state = GAME.new_game(2, 8, {"cases_to_win": 1})
    result = invoke("play", "gangster-city", "--seed", "8", "--players", "2",
                    "--option", "cases_to_win=1", input=[arrest_of(state.cases[0])])
    assert result.exit_code == 0, result.output
    assert "Winner: P1 (you)" in result.output
    assert "solved" in result.output


def test_bad_and_illegal_input_asks_again_without_changing_the_state(invoke):
    state = GAME.new_game(3, 5)
    not_in_middle = next(c for c in range(54) if c not in state.middle) + 1
    typed = ["", "9", "0", "investigate 99", f"investigate {not_in_middle}", "dance",
             "arrest thug knife", "arrest thug knife street", "history", "help", "view", "quit"]
    result = invoke("play", "gangster-city", "--seed", "5", input=typed)
    assert result.exit_code == 0
    assert result.output.count("Not accepted") == 7
    assert f"card {not_in_middle} is not face up" in result.output
    assert read_record(default_record(5))["actions"] == []


def test_a_wrong_arrest_cannot_be_repeated(invoke):
    state = GAME.new_game(2, 4, {"experienced": False})
    wrong = arrest_of(next(c for c in range(54) if c != state.cases[0]))
    result = invoke("play", "gangster-city", "--seed", "4", "--players", "2",
                    "--seat", "human", "--seat", "random", input=[wrong, wrong, "quit"])
    assert "already answered 'wrong'" in result.output
    actions = read_record(default_record(4))["actions"]
    assert actions[0] == wrong
    assert actions.count(wrong) == 1


def test_quit_saves_and_resume_continues(invoke):
    first = invoke("play", "gangster-city", "--seed", "21", "--save", "mine.json",
                   input=["draw", "draw", "quit"])
    assert first.exit_code == 0
    assert "mine.json" in first.output
    before = read_record("mine.json")["actions"]
    assert len(before) == 6  # two rounds of three seats
    again = invoke("play", "--resume", "mine.json", input=["draw", "quit"])
    assert again.exit_code == 0, again.output
    assert "Resumed after 6 moves" in again.output
    after = read_record("mine.json")["actions"]
    assert after[:6] == before
    assert len(after) == 9
    assert after[6] == "draw"


def test_end_of_input_saves_like_quit(invoke):
    result = invoke("play", "gangster-city", "--seed", "22", input=["draw"])
    assert result.exit_code == 0
    assert len(read_record(default_record(22))["actions"]) == 3


def test_resume_plays_on_to_a_win(invoke):
    opts = ["--players", "2", "--seat", "human", "--seat", "human"]
    state = GAME.new_game(2, 30)
    invoke("play", "gangster-city", "--seed", "30", *opts, "--save", "g.json",
           input=["", arrest_of(state.cases[0]), "quit"])
    middle = gangland.replay(read_record("g.json"))
    assert len(middle.solved[0]) == 1
    # P2 draws, then P1 solves their second (new) case and wins.
    result = invoke("play", "--resume", "g.json", "--seat", "human", "--seat", "human",
                    input=["", "draw", "", arrest_of(middle.cases[0])])
    assert result.exit_code == 0, result.output
    assert "Winner: P1" in result.output
    assert gangland.replay(read_record("g.json")).winners() == [0]


def test_resume_refuses_changes_and_corrupt_files(invoke, tmp_path):
    invoke("play", "gangster-city", "--seed", "3", "--save", "r.json", input=["quit"])
    line = one_error_line(invoke("play", "--resume", "r.json", "--seed", "4"))
    assert "--seed" in line
    line = one_error_line(invoke("play", "chicago-gangster", "--resume", "r.json"))
    assert "gangster-city" in line
    Path("corrupt.json").write_text('{"game": "gangster-city", "players": 3')
    assert "corrupt.json" in one_error_line(invoke("play", "--resume", "corrupt.json"))
    Path("wrong.json").write_text(
        '{"game": "gangster-city", "players": 3, "seed": 1, "options": {}, '
        '"actions": ["investigate 99"]}'
    )
    assert "move 1" in one_error_line(invoke("play", "--resume", "wrong.json"))
    assert "cannot read" in one_error_line(invoke("play", "--resume", "absent.json"))


def test_bots_only_game_runs_to_the_end_without_input(invoke):
    result = invoke("play", "gangster-city", "--seed", "2", "--seat", "random",
                    "--seat", "random")
    assert result.exit_code == 0
    assert "Game over" in result.output
    assert "draws blind" in result.output or "arrests" in result.output


def test_solo_case_solved_by_arrests(invoke):
    state = GAME.new_game(1, 3, {"case": "easy"})
    solution = state.case.solution
    wrong = next(c for c in range(54) if c != solution)
    typed = ["investigate 1", "draw", arrest_of(wrong), arrest_of(solution)]
    result = invoke("play", "gangster-city", "--solo", "--difficulty", "easy", "--seed", "3",
                    input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Unsolved case (easy)" in out
    for card, count in state.case.clues:
        assert DECK.label(card) in out
        assert f"{count} of 4" in out
    assert out.count("Not accepted") == 2  # nothing to investigate or draw in a solo case
    assert "Solved. The culprit was" in out  # the view says the case is won: said once
    assert "Winner:" not in out and "Scores: P1 (you)" in out
    record = read_record(default_record(3))
    assert record["players"] == 1
    assert record["options"]["case"] == "easy"
    assert record["actions"] == [arrest_of(wrong), arrest_of(solution)]


def test_solo_defaults_to_a_medium_case(invoke):
    invoke("play", "gangster-city", "--solo", "--seed", "6", input=["quit"])
    assert read_record(default_record(6))["options"]["case"] == "medium"


def test_a_save_path_that_cannot_be_written_is_refused_at_once(invoke):
    line = one_error_line(invoke("play", "gangster-city", "--save", "no/such/dir/g.json"))
    assert "no/such/dir" in line


def test_printed_components_change_the_card_numbers_shown(invoke, tmp_path):
    from gangland.games.gangster_city.cards import DEFAULT_COMPONENTS

    text = DEFAULT_COMPONENTS.read_text()
    one, two = '"entertainer revolver theater money",', '"entertainer revolver theater love",'
    path = tmp_path / "printed.toml"
    path.write_text(text.replace(one, "@@").replace(two, one).replace("@@", two))
    state = GAME.new_game(3, 5, {"components": str(path)})
    result = invoke("play", "gangster-city", "--seed", "5", "--components", str(path),
                    input=["quit"])
    assert result.exit_code == 0, result.output
    deck = GAME.deck(state.options)
    for card in state.middle:
        assert deck.label(card) in result.output
    assert read_record(default_record(5))["options"]["components"] == str(path)


def test_one_seat_alone_still_gets_opponents(invoke):
    invoke("play", "gangster-city", "--seed", "13", "--seat", "human", input=["quit"])
    assert read_record(default_record(13))["players"] == 3
    invoke("play", "gangster-city", "--seed", "14", "--seat", "human", "--seat", "bot",
           input=["quit"])
    assert read_record(default_record(14))["players"] == 2

"""Solo and co-operative play with a generated case."""

from __future__ import annotations

import pytest

from gangland import IllegalAction
from gangland.engine import Rng
from gangland.games.gangster_city import CaseState

from .scenario import DECK, GAME


def words(c: int) -> str:
    return " ".join(DECK.words(c))


def new_case(players: int = 1, **options: object) -> CaseState:
    state = GAME.new_game(players, seed=9, options={"case": "medium", **options})
    assert isinstance(state, CaseState)
    return state


def test_only_arrests_the_clues_are_all_the_evidence():
    state = new_case()
    assert {a.kind for a in state.legal_actions()} == {"arrest"}
    with pytest.raises(IllegalAction, match="arrests alone"):
        state.parse_action("draw")


def test_the_solution_stays_hidden_until_the_end():
    state = new_case(players=2)
    for seat in (None, 0, 1):
        assert state.view(seat)["solution"] is None
    state.apply(state.parse_action(f"arrest {words(state.case.solution)}"))
    assert state.is_terminal and state.winners() == [0, 1]
    assert state.returns() == [1.0, 1.0]
    assert state.view(1)["solution"] == state.case.solution + 1


def test_wrong_arrests_pass_the_turn_in_co_op_and_cannot_repeat():
    state = new_case(players=3)
    wrong = next(c for c in range(54) if c != state.case.solution)
    state.apply(state.parse_action(f"arrest {words(wrong)}"))
    assert state.current_player == 1 and not state.is_terminal
    with pytest.raises(IllegalAction, match="already answered"):
        state.parse_action(f"arrest {words(wrong)}")


def test_experienced_a_lone_detective_loses_on_its_second_wrong_arrest():
    state = new_case(players=1, experienced=True)
    wrong = [c for c in range(54) if c != state.case.solution][:2]
    state.apply(state.parse_action(f"arrest {words(wrong[0])}"))
    assert not state.is_terminal and state.view(0)["out"] == [False]
    state.apply(state.parse_action(f"arrest {words(wrong[1])}"))
    assert state.is_terminal and state.winners() == [] and state.returns() == [-1.0]


def test_experienced_each_detective_may_err_once():
    """The rulebook: "Whoever makes a second error when making an arrest is out of the
    game." Per detective, so two detectives err once each and the case goes on."""
    state = new_case(players=2, experienced=True)
    wrong = [c for c in range(54) if c != state.case.solution]
    state.apply(state.parse_action(f"arrest {words(wrong[0])}"))
    state.apply(state.parse_action(f"arrest {words(wrong[1])}"))
    assert not state.is_terminal and state.current_player == 0
    assert state.view(None)["wrong_arrests"] == [1, 1]
    assert state.view(None)["out"] == [False, False]


def test_experienced_a_second_error_puts_a_detective_out_and_all_out_loses():
    state = new_case(players=3, experienced=True)
    wrong = iter(c for c in range(54) if c != state.case.solution)
    for _ in range(3):  # each errs once
        state.apply(state.parse_action(f"arrest {words(next(wrong))}"))
    events = state.apply(state.parse_action(f"arrest {words(next(wrong))}"))  # P1 again
    assert [e.kind for e in events] == ["arrest", "out"]
    assert state.view(2)["out"] == [True, False, False]
    assert state.current_player == 1
    state.apply(state.parse_action(f"arrest {words(next(wrong))}"))  # P2 out
    assert state.current_player == 2, "a detective who is out is skipped"
    assert not state.is_terminal
    state.apply(state.parse_action(f"arrest {words(next(wrong))}"))  # P3 out: all are
    assert state.is_terminal and state.winners() == []
    assert state.returns() == [-1.0, -1.0, -1.0]
    assert state.view(None)["solution"] == state.case.solution + 1


def test_experienced_the_team_still_wins_after_one_detective_is_out():
    state = new_case(players=2, experienced=True)
    wrong = iter(c for c in range(54) if c != state.case.solution)
    for _ in range(3):  # P1, P2, P1: P1 is out
        state.apply(state.parse_action(f"arrest {words(next(wrong))}"))
    assert state.current_player == 1
    state.apply(state.parse_action(f"arrest {words(state.case.solution)}"))
    assert state.is_terminal and state.winners() == [0, 1]


def test_an_old_case_snapshot_counts_each_detectives_wrong_arrests():
    state = new_case(players=2, experienced=True)
    wrong = [c for c in range(54) if c != state.case.solution][:2]
    for c in wrong:
        state.apply(state.parse_action(f"arrest {words(c)}"))
    data = state.to_json()
    del data["state"]["wrong"]
    again = GAME.state_from_json(data)
    assert again.view(0) == state.view(0)


def test_resample_keeps_the_only_possible_solution():
    state = new_case()
    for seed in range(5):
        assert state.resample(0, Rng(seed)).case.solution == state.case.solution

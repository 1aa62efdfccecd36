"""Standing answers to 9.5's "allow or reveal?" (``gangsters/standing.py``)."""

from __future__ import annotations

import pytest

from gangland.engine import Rng
from gangland.games.gangsters.standing import ALLOW_ALL, ALLOW_UNLESS_MINE

from .scenario import (
    GAME,
    GREEN,
    YELLOW,
    E,
    W,
    cop,
    gang,
    joint,
    legal,
    play,
    public,
    roll,
    step,
    table,
    tok,
)


def asked_yellow(*, badge: bool = True, thug_at: object = None, into_joint: bool = False):
    """Green moves Cop 3 two spaces east along Ontario St (into Yellow's Lou's Diner with
    ``into_joint``); the game stops at Yellow's question."""
    state = table(active=GREEN)
    gang(state, GREEN, "racketeer", 2, "Ontario St 3", E)
    if into_joint:
        joint(state, YELLOW, "ld")
        public(state, 1, "ld")  # (a cop enters a joint only with a criminal or the public)
        c = cop(state, 3, step("ld", W), E)
        end = "cop 3 ld inside"
    else:
        c = cop(state, 3, "Ontario St 9", E)
        end = f"cop 3 {tok(step('Ontario St 9', E, E))} east"
    if badge:
        state.badge[c] = YELLOW
    if thug_at is not None:
        gang(state, YELLOW, "thug", 2, thug_at, E)
    roll(state, 2, 1, 1, 1, 1)
    play(state, end)
    while state.to_move != YELLOW:
        assert state.view(None)["decision"]["kind"] == "reveal"
        play(state, "allow")
    return state


def test_allow_all_allows_even_a_badge_holder():
    state = asked_yellow()
    assert legal(state) == {"allow", "reveal"}
    assert str(state.standing(ALLOW_ALL)) == "allow"
    assert str(state.standing(ALLOW_UNLESS_MINE)) == "allow"  # the cop comes for nothing


@pytest.mark.parametrize("badge", [True, False])
def test_a_cop_coming_onto_my_piece_or_into_my_joint_is_mine_to_answer(badge):
    onto = asked_yellow(badge=badge, thug_at=step("Ontario St 9", E, E))
    into = asked_yellow(badge=badge, into_joint=True)
    for state in (onto, into):
        assert state.standing(ALLOW_UNLESS_MINE) is None  # whether or not Yellow could reveal
        assert str(state.standing(ALLOW_ALL)) == "allow"


def test_no_standing_answer_outside_the_question_and_none_for_unknown_names():
    state = table(active=GREEN)
    assert state.standing(ALLOW_ALL) is None
    assert asked_yellow().standing("reveal-all") is None


def test_a_standing_answer_reads_only_the_view():
    """The same answer in every state the seat cannot tell from the true one."""
    for state in (asked_yellow(), asked_yellow(thug_at=step("Ontario St 9", E, E))):
        for k in range(5):
            other = state.resample(YELLOW, Rng(k))
            for name in (ALLOW_ALL, ALLOW_UNLESS_MINE):
                assert other.standing(name) == state.standing(name)


def test_the_game_offers_its_standing_answers():
    names = [s.name for s in GAME.standing_answers]
    assert names == [ALLOW_UNLESS_MINE, ALLOW_ALL]
    assert all(s.label[0].isupper() for s in GAME.standing_answers)

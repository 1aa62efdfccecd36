"""``State.step``: apply's move without its events, for playouts and simulations."""

from __future__ import annotations

import pytest

import gangland
from gangland.engine import Action, IllegalAction, InvalidAction, Rng


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_step_reaches_apply_s_position_and_returns_nothing(game_id):
    game = gangland.load(game_id)
    told, quiet = game.new_game(3, 11), game.new_game(3, 11)
    rng = Rng(5)
    for _ in range(60):
        if told.is_terminal:
            break
        action = rng.choice(told.legal_actions())
        told.apply(action)
        assert quiet.step(action) is None
        assert not quiet.quiet
    assert quiet.to_json() == told.to_json()
    assert quiet.record() == told.record()


def test_step_refuses_an_illegal_move_as_apply_does_and_changes_nothing():
    state = gangland.load("gangster-city").new_game(3, 2)
    before = state.to_json()
    legal = {str(a) for a in state.legal_actions()}
    card = next(n for n in range(1, 55) if f"investigate {n}" not in legal)
    with pytest.raises(IllegalAction, match=f"investigate {card}"):
        state.step(Action("investigate", (card,)))
    with pytest.raises(InvalidAction, match="card must be from 1 to 54"):
        state.step(Action("investigate", (99,)))
    assert state.to_json() == before and not state.quiet


def test_a_clone_made_while_stepping_is_not_quiet():
    state = gangland.load("gangster").new_game(3, 2)
    state.quiet = True  # as during step(), should a game clone inside its move
    assert not state.clone().quiet

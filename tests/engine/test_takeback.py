"""Taking back a half-made move: ``State.half_made`` and ``engine.takeback.HalfMoves``."""

from __future__ import annotations

import pytest

from gangland.engine import (
    HalfMoves,
    Rng,
    State,
    TakeBackRefused,
    discover,
    game_ids,
    is_half_move,
    load,
    replay,
)


def play(state: State, text: str, moves: HalfMoves[None]) -> State:
    """Apply ``text`` as a front end does: a clone kept, then the move noted."""
    before = state.clone()
    events = state.apply(state.parse_action(text))
    moves.played(before, state, events)
    return state


def test_a_movement_card_is_taken_back_and_the_record_is_as_if_never_turned() -> None:
    state = load("gangster").new_game(3, 1)
    start = state.to_json()
    moves: HalfMoves[None] = HalfMoves()
    play(state, "drive 1", moves)
    assert state.half_made() and moves.can_take_back(state)
    assert [str(a) for a in state.legal_actions()] == ["to west-side", "to little-italy"]
    back, note = moves.take_back(state)
    assert note is None and back.to_json() == start
    assert back.record()["actions"] == []
    assert not moves.can_take_back(back)  # nothing left: one half, one take-back
    # The game goes on from there exactly as a record without the card replays.
    play(back, "drive 3", moves)
    play(back, str(back.legal_actions()[0]), moves)
    assert replay(back.record()).to_json() == back.to_json()
    assert back.record()["actions"][0] == "drive 3"


def test_two_halves_are_taken_back_one_at_a_time() -> None:
    """Two players: the colour chosen, then its card; each is the first half of the turn."""
    state = load("gangster").new_game(2, 1)
    moves: HalfMoves[None] = HalfMoves()
    play(state, "play brown", moves)
    play(state, "drive 2", moves)
    once, _ = moves.take_back(state)
    assert once.record()["actions"] == ["play brown"] and once.half_made()
    twice, _ = moves.take_back(once)
    assert twice.record()["actions"] == []
    with pytest.raises(TakeBackRefused, match="whole move"):
        moves.take_back(twice)


def test_a_whole_move_is_not_taken_back_and_nothing_changes() -> None:
    state = load("gangster").new_game(3, 1)
    moves: HalfMoves[None] = HalfMoves()
    play(state, "drive 1", moves)
    play(state, "to west-side", moves)  # the car is there: everyone saw it
    snapshot = state.to_json()
    assert not state.half_made()
    assert moves.why_not(state) is not None
    with pytest.raises(TakeBackRefused, match="whole move"):
        moves.take_back(state)
    assert state.to_json() == snapshot


def test_a_position_moved_on_elsewhere_is_not_taken_back() -> None:
    """A kept position must be the one just before the state's last move: a copy that
    moved on some other way does not return to it."""
    state = load("gangster").new_game(2, 1)
    moves: HalfMoves[None] = HalfMoves()
    play(state, "play brown", moves)
    other = load("gangster").new_game(2, 1)
    for text in ("play blue", "drive 1"):  # another colour, then its card
        other.apply(other.parse_action(text))
    with pytest.raises(TakeBackRefused, match="changed"):
        moves.take_back(other)
    assert moves.can_take_back(state)  # (and the refusal forgot nothing)


def test_the_engine_refuses_a_declared_half_move_that_told_something(monkeypatch) -> None:
    """A game that declared a position wrongly is still never offered a take-back that
    would undo information: a move with events, or one that drew chance, is not kept."""
    state = load("gangster").new_game(3, 1)
    state.apply(state.parse_action("drive 1"))
    before = state.clone()
    events = state.apply(state.parse_action("to west-side"))
    assert events
    monkeypatch.setattr(type(state), "half_made", lambda self: True)
    assert state.half_made() and not is_half_move(before, state, events)
    drawn = before.clone()
    drawn.apply(drawn.parse_action("to west-side"))
    drawn.rng = Rng(12345)
    assert not is_half_move(before, drawn, [])
    moves: HalfMoves[None] = HalfMoves()
    moves.played(before, state, events)
    with pytest.raises(TakeBackRefused, match="no half move"):
        moves.take_back(state)


@pytest.mark.parametrize("game_id", ["gangster", "gangster-1994", "gangsters"])
def test_every_half_made_position_met_in_play_takes_back_exactly(game_id: str) -> None:
    """Random play: each half move is kept and taken back to the very position before it
    (the snapshot, the legal actions, every seat's view), and play goes on."""
    game = load(game_id)
    seen = 0
    for seed in range(3):
        state = game.new_game(game.min_players, seed)
        rng = Rng(seed + 7)
        moves: HalfMoves[None] = HalfMoves()
        for _ in range(400):
            if state.is_terminal:
                break
            before = state.clone()
            events = state.apply(rng.choice(state.legal_actions()))
            moves.played(before, state, events)
            if state.half_made():
                seen += 1
                back, _ = moves.take_back(state.clone())
                assert back.to_json() == before.to_json()
                assert back.legal_actions() == before.legal_actions()
                assert all(back.view(s) == before.view(s) for s in [None, *range(back.players)])
                moves.played(back, state, events)  # (made again: keep it as it was)
    if game_id != "gangster-1994":  # (an Échange is rare in 400 moves)
        assert seen


def test_no_game_has_a_verb_a_take_back_could_be_mistaken_for() -> None:
    """A take-back is not an action: no grammar knows the words, so the terminal's
    ``back`` and ``undo`` and the web's message never clash with one."""
    discover()
    for game_id in game_ids():
        verbs = load(game_id).grammar.verbs
        assert not {"back", "undo", "take-back", "takeback"} & set(verbs), game_id


def test_before_shows_the_kept_position_and_keeps_it() -> None:
    """What the server uses: look first, store, then forget."""
    state = load("gangster").new_game(3, 1)
    moves: HalfMoves[None] = HalfMoves()
    play(state, "drive 1", moves)
    first, _ = moves.before(state)
    assert moves.can_take_back(state)
    second, _ = moves.take_back(state)
    assert first is second and not moves.can_take_back(state)

"""Checks every game must pass, as plain functions (the pytest suite calls them).

They are here, not in ``tests/``, so a game's own tests, the web table's audit and a
developer at a prompt can run the same checks. Each raises ``AssertionError`` with a
message that says which promise of the contract broke and where.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from .actions import Action
from .errors import IllegalAction, InvalidAction
from .game import Game
from .observation import Observation
from .record import replay
from .rng import Rng
from .state import UNSEEN, State


def playout(
    game: Game, players: int, seed: int, options: dict[str, object] | None = None
) -> Iterator[tuple[State, Action]]:
    """A uniformly random game, yielding each state just before its action is applied.

    Checks on the way that legal actions are never empty before the end, that the game
    ends within the declared move bound, and that every event is well addressed.
    """
    state = game.new_game(players, seed, options)
    bound = game.move_bound(players, state.options)
    rng = Rng(seed + 1)
    moves = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal, f"{game.id}: no legal action at move {moves} before the end"
        assert state.current_player is not None, f"{game.id}: nobody to move at move {moves}"
        action = rng.choice(legal)
        yield state, action
        for event in state.apply(action):
            assert event.text, f"{game.id}: an event without text ({event.kind})"
            assert event.to is None or event.to <= set(range(players)), (
                f"{game.id}: event {event.kind} addressed to a seat that does not exist"
            )
        moves += 1
        assert moves <= bound, f"{game.id}: still going after its move bound {bound}"
    assert state.current_player is None, f"{game.id}: a terminal state has a player to move"
    assert state.legal_actions() == [], f"{game.id}: a terminal state has legal actions"
    yield state, Action("end")


def check_text_round_trip(state: State) -> None:
    """Every legal action's canonical text parses back to the same action."""
    for action in state.legal_actions():
        text = str(action)
        assert state.parse_action(text) == action, f"{text!r} does not parse back"
        assert text == text.strip().lower() and "  " not in text, f"{text!r} is not canonical"


def check_views_json(state: State) -> None:
    """Every seat's view (and the spectators') survives JSON unchanged."""
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, f"view({seat}) is not JSON-safe"


def check_snapshot(state: State) -> None:
    """``to_json`` round-trips, and the copy then plays on exactly like the original."""
    data = state.to_json()
    json.dumps(data)
    copy = state.game.state_from_json(json.loads(json.dumps(data)))
    assert copy.to_json() == data, "state_from_json(to_json()) differs"
    if not state.is_terminal:
        a, b = state.clone(), copy
        action = a.legal_actions()[0]
        a.apply(action)
        b.apply(action)
        assert a.to_json() == b.to_json(), "a restored snapshot plays on differently"


def check_clone_independent(state: State) -> None:
    """A clone is equal, and changing it leaves the original untouched."""
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before, "clone() differs from the original"
    if not copy.is_terminal:
        copy.apply(copy.legal_actions()[-1])
        assert state.to_json() == before, "playing on a clone changed the original"


def check_resample(state: State, seed: int) -> bool:
    """The two hidden-information properties for every seat, at this position.

    1. ``resample(seat, r).view(seat) == view(seat)``: the view depends on nothing hidden.
    2. The draw never reads hidden values: resampling a resampled state with the same
       ``rng`` gives exactly the same state as resampling the truth.
    3. It keeps no trace of the truth: no seed, no actions (some secret), only their count.

    Returns whether some resample differed from the truth (hidden parts really vary);
    the caller checks that this happens somewhere in a game.
    """
    varied = False
    truth = state.to_json()
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        first = state.resample(seat, Rng(seed))
        assert first.view(seat) == view, f"view({seat}) changes under resampling: it leaks"
        assert first.seed is None, "a resampled state must not claim the true seed"
        assert first.history == [UNSEEN] * len(state.history), \
            "a resampled state must not keep the (partly secret) actions, only their count"
        again = first.resample(seat, Rng(seed + 7)).to_json()
        direct = state.resample(seat, Rng(seed + 7)).to_json()
        assert again == direct, f"resample({seat}) depends on the true hidden values"
        body = first.to_json()
        if body["state"] != truth["state"]:
            varied = True
        assert state.to_json() == truth, "resample changed the original state"
    return varied


def check_illegal_refused(state: State, foreign: list[Action]) -> None:
    """Actions not legal here (taken from other positions) raise and change nothing."""
    before = state.to_json()
    legal = set(state.legal_actions())
    for action in foreign:
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"illegal {str(action)!r} was accepted")
        assert state.to_json() == before, f"refused {str(action)!r} still changed the state"
        try:
            state.parse_action(str(action))
        except (IllegalAction, InvalidAction):
            pass
        else:
            raise AssertionError(f"parse_action accepted illegal {str(action)!r}")
    for text in ("", "no-such-verb", "\t"):
        try:
            state.parse_action(text)
        except InvalidAction:
            pass
        else:
            raise AssertionError(f"malformed text {text!r} was accepted")
    assert state.to_json() == before


def check_replay(state: State) -> None:
    """The record replays to an identical state and identical views."""
    again = replay(state.record())
    assert again.to_json() == state.to_json(), "replay(record()) differs"
    for seat in [None, *range(state.players)]:
        assert again.view(seat) == state.view(seat), f"replayed view({seat}) differs"


def check_observation(state: State, seed: int) -> None:
    """The deciding seat's observation matches its view and can sample states."""
    seat = state.current_player
    if seat is None:
        return
    obs = Observation.of(state, seat, Rng(seed))
    assert obs.view == state.view(seat)
    assert list(obs.legal_actions) == state.legal_actions()
    assert obs._determinization is not state, "an observation holds the true state"
    sample = obs.sample_state(Rng(seed + 1))
    assert sample.view(seat) == obs.view, "a sampled state disagrees with the view"


def check_terminal(state: State) -> None:
    """Winners are seats, returns are bounded, applying anything is refused."""
    assert state.is_terminal
    winners = state.winners()
    assert set(winners) <= set(range(state.players)), "winners are not seats"
    returns = state.returns()
    assert len(returns) == state.players and all(-1 <= r <= 1 for r in returns)
    assert len(state.scores()) == state.players
    try:
        state.apply(Action("end"))
    except IllegalAction:
        pass
    else:
        raise AssertionError("a finished game accepted an action")

"""Invariants over arbitrary games (hypothesis chooses seeds, player counts, options and
moves), and the action errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gangland
from gangland.engine import Action, Rng
from gangland.engine.errors import IllegalAction, InvalidAction
from gangland.games.gangsters.table import PHASES

from .scenario import CITY, GAME, check_board, table

games = st.tuples(
    st.integers(2, 4),
    st.integers(0, 2**32),
    st.booleans(),
    st.lists(st.integers(0, 10_000), min_size=1, max_size=300),
)


def walk(players, seed, advanced, picks):
    """Random legal moves; the dice and draws come from the seed."""
    options: dict[str, object] = {"turn_limit": 30}
    if advanced:
        options.update(heaters=True, wheels=True, siren=True)
    state = GAME.new_game(players, seed, options)
    for pick in picks:
        if state.is_terminal:
            return
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        # lean towards the first few (rolls, moves) so turns keep coming
        action = legal[pick % min(len(legal), 8)] if pick % 3 else legal[pick % len(legal)]
        yield state, action


def badge_counts(state) -> list[int]:
    return [sum(1 for h in (*state.badge, state.untouchable) if h == s)
            for s in range(state.players)]


@settings(max_examples=60, deadline=None)
@given(games)
def test_board_and_cash_invariants(game):
    players = game[0]
    ledger = [0] * players
    for state, action in walk(*game):
        for event in state.apply(action):
            if event.kind == "gain":
                ledger[event.data["seat"]] += event.data["amount"]
            elif event.kind == "pay":
                ledger[event.data["seat"]] -= event.data["amount"]
        assert state.cash == ledger
        check_board(state)  # strengths 0..10 (Vamp 0..1), real spaces, strength 0 off
        if PHASES[state.phase] != "public" and not state.is_terminal:
            on = [a for a in state.pub_at if a >= 0]
            assert len(on) == len(set(on)), "two public pieces on one space (6.8)"
        assert all(0 <= lv <= 10 for lv in state.level)
        assert all(state.level[b] >= 1 for b, o in enumerate(state.owner) if o >= 0)
        assert all(not CITY.street[b] for b, o in enumerate(state.owner) if o >= 0)


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 1000))
def test_views_and_badge_counts_are_stable_under_resampling(game, k):
    for state, action in walk(*game):
        state.apply(action)
        for seat in range(state.players):
            other = state.resample(seat, Rng(k))
            assert other.view(seat) == state.view(seat)
            assert badge_counts(other) == badge_counts(state)
            assert [h for h in other.badge if h == seat] == [h for h in state.badge
                                                               if h == seat]


@settings(max_examples=15, deadline=None)
@given(games)
def test_snapshots_round_trip(game):
    loader = gangland.load("gangsters")
    for state, action in walk(*game):
        state.apply(action)
    snap = state.to_json()
    back = loader.state_from_json(snap)
    assert back.to_json() == snap
    assert back.view(None) == state.view(None)
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in state.legal_actions()]


# -- errors ---------------------------------------------------------------------------------


def test_malformed_text_is_invalid():
    state = table()
    for text in ("fly away", "move thug", "move thug 5.16 sideways citizen",
                 "recruit racketeer eleven", "gang 11 0 0"):
        with pytest.raises(InvalidAction):
            state.parse_action(text)


def test_an_illegal_action_changes_nothing():
    state = table()
    before = state.to_json()
    for text in ("done", "bribe", "recruit thug 1", "improve", "accept"):
        with pytest.raises(IllegalAction):
            state.apply(GAME.grammar.parse(text))
        with pytest.raises(IllegalAction):
            state.parse_action(text)
    assert state.to_json() == before


def test_a_space_the_map_lacks_is_named():
    state = table()
    state.apply(state.parse_action("roll"))
    with pytest.raises(IllegalAction, match=r"no space '99\.99'"):
        state.parse_action("cop 2 99.99 north")
    with pytest.raises(IllegalAction, match="no space 'zz'"):
        state.apply(Action("joint", ("zz",)))

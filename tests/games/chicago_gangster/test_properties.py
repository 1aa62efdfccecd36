"""Invariants over arbitrary games (hypothesis chooses the moves)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gangland.engine import Rng
from gangland.games.chicago_gangster.cards import KINDS

from .scenario import GAME, check_places

games = st.tuples(
    st.integers(2, 6),
    st.integers(0, 2**32),
    st.lists(st.integers(0, 10_000), min_size=1, max_size=600),
)


def walk(players, seed, picks):
    state = GAME.new_game(players, seed)
    for pick in picks:
        if state.is_terminal:
            return
        legal = state.legal_actions()
        # Lean towards playing cards rather than discarding them.
        plays = [a for a in legal if a.kind != "discard"]
        action = plays[pick % len(plays)] if plays and pick % 4 else legal[pick % len(legal)]
        yield state, action


@settings(max_examples=60, deadline=None)
@given(games)
def test_54_mobsters_and_58_cards_are_each_in_exactly_one_place(game):
    for state, action in walk(*game):
        state.apply(action)
        check_places(state)
        assert state.comps.ncards == 58
        for s in range(state.players):
            if state.out[s]:
                assert state.hands[s] == []


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 1000))
def test_views_are_stable_under_resampling(game, rng_seed):
    for state, action in walk(*game):
        state.apply(action)
        for seat in [None, *range(state.players)]:
            assert state.resample(seat, Rng(rng_seed)).view(seat) == state.view(seat)


@settings(max_examples=30, deadline=None)
@given(games)
def test_a_view_shows_only_its_own_hand(game):
    for state, action in walk(*game):
        state.apply(action)
        view = state.view(1)
        assert view["hand"] == sorted((state.comps_kind(c) for c in state.hands[1]),
                                      key=KINDS.index)
        assert state.view(None)["hand"] is None
        assert [g["hand_size"] for g in view["gangs"]] == [len(h) for h in state.hands]

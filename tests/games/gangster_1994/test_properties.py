"""Invariants over arbitrary games (hypothesis chooses the moves)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gangland.engine import Rng

from .scenario import COMPS, GAME, check_places

games = st.tuples(
    st.integers(2, 6),
    st.integers(0, 2**32),
    st.lists(st.integers(0, 10_000), min_size=1, max_size=400),
)


def walk(players, seed, picks):
    state = GAME.new_game(players, seed, {"turn_limit": 200})
    for pick in picks:
        if state.is_terminal:
            return
        legal = state.legal_actions()
        # Lean towards cheap bids so auctions and purchases keep happening.
        action = legal[pick % min(len(legal), 6)] if pick % 3 else legal[pick % len(legal)]
        yield state, action


@settings(max_examples=60, deadline=None)
@given(games)
def test_cash_is_the_start_plus_logged_gains_less_logged_payments(game):
    players = game[0]
    ledger = [COMPS.start_cash] * players
    for state, action in walk(*game):
        for event in state.apply(action):
            if event.kind == "gain":
                ledger[event.data["seat"]] += event.data["amount"]
            elif event.kind == "pay":
                ledger[event.data["seat"]] -= event.data["amount"]
        assert state.cash == ledger
        assert min(state.cash) >= 0


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_card_is_in_exactly_one_place(game):
    for state, action in walk(*game):
        state.apply(action)
        check_places(state)
        for s in range(state.players):
            if state.out[s]:
                assert not state.hands[s] and not state.items[s] and state.cash[s] == 0


@settings(max_examples=20, deadline=None)
@given(games, st.integers(0, 1000))
def test_views_are_stable_under_resampling(game, rng_seed):
    for state, action in walk(*game):
        state.apply(action)
        for seat in [None, *range(state.players)]:
            assert state.resample(seat, Rng(rng_seed)).view(seat) == state.view(seat)

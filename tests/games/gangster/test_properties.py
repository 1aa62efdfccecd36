"""Invariants over arbitrary games (hypothesis chooses the moves)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from gangland.engine import Rng
from gangland.games.gangster.components import KINDS
from gangland.games.gangster.view import equipment_places, gangster_places

from .scenario import GAME

games = st.tuples(
    st.integers(2, 5),
    st.integers(0, 2**32),
    st.sampled_from([6, 60]),
    st.lists(st.integers(0, 10_000), min_size=1, max_size=600),
)


def walk(players, seed, limit, picks):
    """Play the moves hypothesis picked (an index into the legal actions)."""
    state = GAME.new_game(players, seed, {"turn_limit": limit})
    for pick in picks:
        if state.is_terminal:
            return
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        yield state, legal[pick % len(legal)]


def counted_from_view(view) -> tuple[Counter, Counter]:
    """Gangsters per colour and tiles per kind, counted from a view alone."""
    gangsters: Counter = Counter()
    for t in view["tableaus"]:
        gangsters[t["colour"]] += t["in_box"] + t["in_car"] + t["breakfast"]
        gangsters.update(t["trunk"])
    for district in view["districts"]:
        if district["tile"]:
            gangsters.update(x for x in district["tile"]["spaces"] if x)
    tiles: Counter = Counter(view["equipment_supply"]["contents"])
    tiles.update(view["equipment_box"])
    tiles.update(k for k in view["harbour"] if k)
    for t in view["tableaus"]:
        tiles.update(t["equipment"])
    return gangsters, tiles


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_gangster_and_tile_is_in_exactly_one_place(game):
    for state, action in walk(*game):
        state.apply(action)
        assert gangster_places(state) == [20] * state.ncol
        assert equipment_places(state) == [5] * 6
        gangsters, tiles = counted_from_view(state.view(None))
        assert set(gangsters.values()) == {20} and len(gangsters) == state.ncol
        assert tiles == Counter({k: 5 for k in KINDS})


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 1000))
def test_views_are_stable_under_resampling(game, rng_seed):
    for state, action in walk(*game):
        state.apply(action)
        for seat in [None, *range(state.players)]:
            assert state.resample(seat, Rng(rng_seed)).view(seat) == state.view(seat)


@settings(max_examples=30, deadline=None)
@given(games)
def test_everything_is_public_but_the_order_of_the_piles(game):
    for state, action in walk(*game):
        for event in state.apply(action):
            assert event.to is None
        spectator = state.view(None)
        for seat in range(state.players):
            assert {**state.view(seat), "seat": None} == spectator


@settings(max_examples=30, deadline=None)
@given(games)
def test_tiles_never_overflow_and_frontiers_bound_the_sequence(game):
    for state, action in walk(*game):
        state.apply(action)
        for dd in state.scoring:
            b, cap, f = state.base[dd], state.cap[dd], state.front[dd]
            tile = state.spaces[b:b + cap]
            assert 0 <= f <= cap
            assert all(x == -1 for x in tile[f:]), "nothing beyond the frontier"
            assert f == 0 or tile[f - 1] != -1, "the frontier follows the last gangster"
            assert state.count[dd] == sum(x != -1 for x in tile)


def test_resampling_shuffles_only_the_piles():
    state = GAME.new_game(4, 3)
    orders = {tuple(state.resample(0, Rng(s)).deck) for s in range(20)}
    assert len(orders) > 10
    sample = state.resample(0, Rng(1))
    assert sorted(sample.deck) == sorted(state.deck)
    assert sorted(sample.supply) == sorted(state.supply)
    assert sorted(sample.casino) == sorted(state.casino)
    assert sample.spaces == state.spaces and sample.harbour == state.harbour

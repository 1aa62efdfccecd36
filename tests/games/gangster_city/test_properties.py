"""Invariants over arbitrary games (hypothesis chooses the moves)."""

from __future__ import annotations

import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from gangland.engine import Rng
from gangland.games.gangster_city import TableState
from gangland.games.gangster_city.cards import ALL
from gangland.games.gangster_city.knowledge import (
    cards_in,
    own_candidates_from_view,
    visible_mask,
)

from .scenario import DECK, GAME

games = st.tuples(
    st.integers(1, 6),
    st.integers(0, 2**32),
    st.fixed_dictionaries({"experienced": st.booleans(), "cases_to_win": st.integers(1, 3)}),
    st.lists(st.integers(0, 10_000), min_size=1, max_size=400),
)


def walk(players, seed, options, picks):
    """Play the moves hypothesis picked (mostly an index into the legal actions)."""
    state = GAME.new_game(players, seed, options)
    for pick in picks:
        if state.is_terminal:
            return
        legal = state.legal_actions()
        if pick % 5 == 0:
            # The test driver may peek: solving cases exercises new cases and reshuffles.
            action = state.deck.arrests[state.cases[state.to_move]]
        elif pick % 3:
            # Lean towards investigations so the pile runs out.
            action = legal[pick % min(len(legal), 4)]
        else:
            action = legal[pick % len(legal)]
        yield state, action


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_card_is_in_exactly_one_place(game):
    for state, action in walk(*game):
        state.apply(action)
        assert sorted(state.locations()) == list(range(54))


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 1000))
def test_views_are_stable_under_resampling(game, rng_seed):
    for state, action in walk(*game):
        state.apply(action)
        for seat in [None, *range(state.players)]:
            assert state.resample(seat, Rng(rng_seed)).view(seat) == state.view(seat)


def shown_in(view) -> set[int]:
    """Card numbers a view shows: on the table, or named in an arrest (a public claim)."""
    numbers = {n for n in view["middle"] if n} | set(view["discard"])
    if not view["pile"]["with_cases_of"]:  # else a hidden case is among its cards
        numbers |= set(view["pile"]["cards"] or ())
    numbers |= {n for _, n, _ in view["arrests"]}
    for stand in view["stands"]:
        numbers |= {stand["case"]} if stand["case"] else set()
        numbers |= {n for n, _ in stand["clues"]} | set(stand["solved"])
    return numbers


@settings(max_examples=40, deadline=None)
@given(games)
def test_events_show_a_seat_only_cards_its_view_shows(game):
    """An event may not name a card that the seat's own view keeps from it."""
    for state, action in walk(*game):
        events = state.apply(action)
        for seat in [None, *range(state.players)]:
            allowed = shown_in(state.view(seat))
            for event in events:
                if event.visible_to(seat):
                    named = {int(n) for n in re.findall(r"#(\d+)", event.text)}
                    assert named <= allowed, (seat, event.text)
                    assert event.data.get("card", 0) in allowed | {0}


def pile_walk(players, seed, picks):
    """Draw the pile out and solve cases around its rebuilds (the driver peeks)."""
    state = GAME.new_game(players, seed, {"cases_to_win": 10})
    for pick in picks:
        if state.is_terminal:
            return
        legal = state.legal_actions()
        public = state.view(None)["pile"]
        if pick % 3 == 0 and (public["cards"] is not None or public["size"] <= 2):
            action = state.deck.arrests[state.cases[state.to_move]]
        else:
            draws = [a for a in legal if a.kind == "draw"]
            action = draws[0] if draws and pick % 4 else legal[pick % len(legal)]
        yield state, action


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(0, 2**32),
       st.lists(st.integers(0, 10_000), min_size=60, max_size=250))
def test_a_case_dealt_from_a_public_pile_hides_among_its_cards(players, seed, picks):
    """Issue 24: a case dealt from a public (rebuilt) pile is one of the pile's cards to its
    holder and to spectators; their views never single it out, and every seat's candidates
    from its view are the state's own account of what it can know."""
    for state, action in pile_walk(players, seed, picks):
        before = state.view(None)["pile"]
        seat = state.to_move
        events = state.apply(action)
        dealt = any(e.kind == "new-case" for e in events)
        if dealt and (before["cards"] is not None or before["size"] == 0):
            for viewer in (seat, None):
                view = state.view(viewer)
                unknown = ALL & ~visible_mask(view)
                assert unknown.bit_count() >= view["pile"]["size"] + 1, (viewer, view["pile"])
        for s in range(state.players):
            if state.cases[s] != -1:
                mine = own_candidates_from_view(DECK, state.view(s))
                assert mine == state.candidates(s)
                assert mine >> state.cases[s] & 1


def test_own_case_is_resampled_uniformly_over_exactly_the_candidates():
    state = GAME.new_game(3, seed=4)
    assert isinstance(state, TableState)
    for text in ("draw", "draw", "draw", "draw"):
        state.apply(state.parse_action(text))
    candidates = set(cards_in(own_candidates_from_view(DECK, state.view(1))))
    assert len(candidates) > 3
    counts = Counter(state.resample(1, Rng(s)).cases[1] for s in range(3000))
    assert set(counts) == candidates
    expected = 3000 / len(candidates)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    # 99.9% quantile of chi-square with up to 52 degrees of freedom is below 90.
    assert chi2 < 90
    # Other seats' cases (visible to seat 1) never change.
    assert all(state.resample(1, Rng(s)).cases[0] == state.cases[0] for s in range(20))

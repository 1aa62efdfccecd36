"""The fast paths of Gangster (1994) play exactly as the reference paths do (issue 30).

``step`` builds no events, views read a memo of each hand and prebuilt card dicts,
resampling caches the recruits' splits: each test plays seeded random games and checks
the fast result against the plain one (``apply``, a count card by card, a cold cache).
"""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from gangland.engine import Action, Rng
from gangland.games.gangster_1994 import recruits
from gangland.games.gangster_1994.components import DECKS

from .scenario import COMPS, GAME


def random_game(players: int, seed: int, moves: int = 100_000):
    """A seeded random game, yielding each position before its move, and the move."""
    state = GAME.new_game(players, seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal:
            return
        action = rng.choice(state.legal_actions())
        yield state, action
        state.apply(action)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_a_game_stepped_without_events_matches_the_game_applied_move_by_move(players, seed):
    quiet = GAME.new_game(players, seed)
    for told, action in random_game(players, seed):
        assert quiet.legal_actions() == told.legal_actions()
        assert all(quiet.view(s) == told.view(s) for s in [*range(players), None])
        assert quiet.to_json() == told.to_json()
        quiet.step(action)
    assert quiet.is_terminal and quiet.to_json() == told.to_json()
    assert quiet.record() == told.record() and quiet.winners() == told.winners()


def test_an_equal_action_built_elsewhere_is_as_legal_as_the_one_listed():
    state = GAME.new_game(3, 7)
    assert state.parse_action("roll") == Action("roll")
    state.apply(Action("roll"))  # equal to, not the same object as, the listed one
    assert len(state.history) == 1


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_views_count_every_hand_as_its_cards_say(seed):
    for state, _ in random_game(4, seed, moves=1500):
        for seat in [*range(4), None]:
            view = state.view(seat)
            for s, entry in enumerate(view["table"]):
                held = Counter(COMPS.deck[c] for c in state.hands[s] + state.items[s])
                assert entry["cards"] == {DECKS[d]: held[d] for d in sorted(held)}
                assert list(entry["cards"]) == [DECKS[d] for d in sorted(held)]
                assert entry["men_paid"] == state.men_paid(s)
                if s == seat:
                    assert entry["men"] == state.men(s)
                    assert [c["text"] for c in entry["hand"]] == [
                        COMPS.text[c] for c in state.hands[s]]


def test_a_view_changed_by_its_reader_changes_no_later_view():
    state = next(s for s, _ in random_game(3, 21) if s.hands[s.to_move])
    seat = state.to_move
    view = state.view(seat)
    view["table"][seat]["hand"][0]["text"] = "scribbled"
    view["table"][seat]["cards"]["dossier"] = 99
    again = state.view(seat)
    assert again["table"][seat]["hand"][0]["text"] == COMPS.text[state.hands[seat][0]]
    assert again["table"][seat]["cards"].get("dossier", 0) != 99


def test_the_recruits_dealt_are_the_same_from_a_cold_cache_and_a_warm_one():
    values = [1, 1, 1, 2, 2, 3, 3, 3, 4, 5]
    wants = [(2, 4), (3, 7)]
    recruits._options.cache_clear()
    cold = recruits.deal(values, wants, Rng(9))
    assert recruits._options.cache_info().misses > 0
    warm = recruits.deal(values, wants, Rng(9))
    assert recruits._options.cache_info().hits > 0
    assert warm == cold
    assert [(len(got), sum(got)) for got in cold] == wants


@pytest.mark.parametrize("seed", [31, 32])
def test_a_resampled_game_keeps_the_men_counted_at_the_refuge(seed):
    rng = Rng(seed)
    for state, _ in random_game(4, seed, moves=1200):
        if state.turn % 7:
            continue
        seat = state.to_move
        sample = state.resample(seat, rng)
        assert sample.view(seat) == state.view(seat)
        for s in range(4):
            assert sample.men_paid(s) == state.men_paid(s)
            kinds = [COMPS.deck[c] for c in sample.hands[s]]
            assert kinds == [COMPS.deck[c] for c in state.hands[s]]


def test_components_travel_to_a_worker_without_their_view_tables():
    COMPS.summary(tuple(range(3)), 0, 0)
    copy = pickle.loads(pickle.dumps(COMPS))
    assert copy == COMPS and copy.hands_seen == {} and COMPS.hands_seen
    assert copy.hand_cards == COMPS.hand_cards and copy.men_on == COMPS.men_on
    assert copy.summary((0, 1), 1, 0) == COMPS.summary((0, 1), 1, 0)


def test_step_takes_the_engine_s_road_for_what_the_cached_list_does_not_hold():
    from gangland.engine import IllegalAction

    state = GAME.new_game(3, 7)
    twin = GAME.new_game(3, 7)
    with pytest.raises(IllegalAction):
        state.step(Action("bid", (100,)))  # well-formed, not legal now: refused unchanged
    assert state.to_json() == twin.to_json() and not state.quiet
    state.step(Action("roll"))  # equal to the listed one, not it, and no list cached
    twin.step(twin.legal_actions()[0])  # the listed object itself: the short road
    assert state.to_json() == twin.to_json() and state.history == twin.history
    rng = Rng(7)
    while not state.is_terminal:
        state.step(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalAction):
        state.step(Action("roll"))

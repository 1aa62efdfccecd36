"""Gangster City's ``heuristic``: a hunch tested with the closest face-up card, late arrests."""

from __future__ import annotations

import pytest

from gangland.bots import bot_names, default_bot, make_bot
from gangland.bots.gangster_city_hunch import ARREST_AT, CONFIRM, Hunch
from gangland.engine import Action, Observation, OptionError, Rng
from gangland.games.gangster_city import TableState
from gangland.games.gangster_city.cards import cards_in
from gangland.games.gangster_city.knowledge import own_candidates_from_view

from .checks import assert_deterministic, play_mixed_games, wins_against_random
from .test_detective import DECK, GAME, pin, table


def decide(state: TableState, seed: int = 0) -> Action:
    seat = state.current_player
    assert seat is not None
    return Hunch(seed).choose(Observation.of(state, seat))


def test_registered_beside_the_detective_which_stays_the_default():
    assert {"heuristic", "detective"} <= set(bot_names("gangster-city"))
    assert make_bot("heuristic", GAME, 3).name == "heuristic"
    assert default_bot("gangster-city") == "detective"
    with pytest.raises(OptionError, match="takes no argument"):
        make_bot("heuristic:fast", GAME, 3)


def test_legal_in_whole_games_and_seeded():
    play_mixed_games(GAME, 4, 12, Hunch)
    play_mixed_games(GAME, 2, 6, Hunch)
    assert_deterministic(GAME, Hunch)


def test_its_decision_depends_on_the_view_alone():
    for seed in range(5):
        state = table(3, seed=seed)
        for _ in range(2 * seed):
            state.apply(decide(state, seed))
        seat = state.current_player
        assert seat is not None
        truth = decide(state, seed)
        for r in range(3):
            twin = state.resample(seat, Rng(50 + r))
            assert decide(twin, seed) == truth


def test_it_arrests_a_candidate_only_once_two_or_fewer_remain():
    waited = 0
    for seed in range(12):
        state = table(2, seed=seed)
        pin(state, 0, keep=ARREST_AT + 1)
        cands = own_candidates_from_view(DECK, state.view(0))
        if cands.bit_count() > ARREST_AT:  # the clues may strike past three at once
            assert decide(state, seed).kind != "arrest"
            waited += 1
        pin(state, 0, keep=ARREST_AT)
        cands = own_candidates_from_view(DECK, state.view(0))
        action = decide(state, seed)
        assert action.kind == "arrest"
        assert action in {DECK.arrests[c] for c in cards_in(cands)}
    assert waited >= 2


def test_experienced_after_a_wrong_arrest_it_arrests_only_a_certainty():
    state = table(2, seed=5, experienced=True)
    pin(state, 0, keep=2)
    assert own_candidates_from_view(DECK, state.view(0)).bit_count() == 2
    state.wrong[0] = 1
    assert decide(state).kind != "arrest"
    state.wrong[0] = 0
    assert decide(state).kind == "arrest"


def _explained(state: TableState, action: Action) -> bool:
    """Some candidate, taken as the hunch, leads to exactly ``action`` by the stated rule."""
    view = state.view(0)
    face_up = sorted(n - 1 for n in view["middle"] if n is not None)
    for hunch in cards_in(own_candidates_from_view(DECK, view)):
        best = max(face_up, key=lambda x: DECK.match(hunch, x))
        closest = DECK.match(hunch, best)
        expected = "draw" if closest < CONFIRM else f"investigate {best + 1}"
        if str(action) == expected:
            return True
    return False


def test_it_investigates_the_face_up_card_closest_to_a_candidate_or_draws():
    kinds = set()
    for seed in range(40):
        state = table(1, seed=seed)
        pin(state, 0, keep=3 + seed % 20)
        if own_candidates_from_view(DECK, state.view(0)).bit_count() <= ARREST_AT:
            continue  # the clues happened to leave a guess
        action = decide(state, seed)
        kinds.add(action.kind)
        assert _explained(state, action), (seed, str(action))
    assert kinds == {"investigate", "draw"}


def test_it_solves_a_generated_case_as_the_detective_does():
    for seed in range(4):
        state = GAME.new_game(1, seed=seed, options={"case": "medium"})
        seat = state.current_player
        assert seat is not None
        state.apply(Hunch(seed).choose(Observation.of(state, seat)))
        assert state.winners() == [0]


def test_it_beats_random_detectives():
    """It wins 97% of rotated games against three random players (docs); 80% is a wide margin."""
    games = 60
    assert wins_against_random(GAME, "heuristic", 4, games, seed=2000) >= 0.8 * games

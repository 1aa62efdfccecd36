"""The judge of one decision: it knows what the seat knew and no more, and it tells a
blunder from a sound move."""

from __future__ import annotations

import pytest

import gangland
from gangland.engine import Action, Observation, Rng
from gangland.review import Budget, judge, mark_of
from gangland.sim.runner import play_game

SMALL = Budget(iterations=20, samples=8)


def _middle(game_id: str, seat: int = 0):  # type: ignore[no-untyped-def]
    """A mid-game position of a seeded bot game where ``seat`` has a choice to make."""
    game = gangland.load(game_id)
    final, _ = play_game(game, ["random"] * 3, seed=11)
    actions = final.record()["actions"]
    state = game.new_game(3, final.seed)
    for i, text in enumerate(actions):
        if (i >= len(actions) // 3 and state.current_player == seat
                and len(state.legal_actions()) > 1):
            return game, state
        state.apply(state.parse_action(text))
    raise AssertionError("no decision found")


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_the_judgement_is_the_same_whatever_the_hidden_truth(game_id):
    """Two tables that differ only in what the seat cannot see (the truth and a resample of
    it from the seat's view) get the very same judgement: the judge reads the seat's view
    and nothing else, as a bot does."""
    game, truth = _middle(game_id)
    other = truth.resample(0, Rng(99))
    assert other.view(0) == truth.view(0)
    move = truth.legal_actions()[-1]
    first = judge(game, Observation.of(truth, 0, Rng(5)), move, SMALL, 7)
    assert first == judge(game, Observation.of(other, 0, Rng(5)), move, SMALL, 7)
    assert first == judge(game, Observation.of(truth, 0, Rng(5)), move, SMALL, 7)
    assert first.samples == SMALL.samples and first.iterations == SMALL.iterations
    assert first.cost >= 0 and first.cost_error >= 0
    assert first.best_value >= first.played_value or first.best == first.played


def test_a_blind_arrest_in_gangster_city_is_a_blunder():
    """Accusing one of 54 suspects on the first turn, with nothing investigated, loses the
    turn's chances; the judge marks it and names a sound move instead."""
    game = gangland.load("gangster-city")
    state = game.new_game(3, 5)
    arrest = next(a for a in state.legal_actions() if a.kind == "arrest")
    judgement = judge(game, Observation.of(state, 0, Rng(1)), arrest,
                      Budget(iterations=100, samples=48), 2)
    assert judgement.best != str(arrest) and not judgement.best.startswith("arrest")
    assert mark_of(judgement) in ("mistake", "blunder"), judgement
    assert judgement.idea.startswith("an arrest with "), judgement.idea


def test_the_best_move_found_costs_nothing():
    game, state = _middle("chicago-gangster")
    obs = Observation.of(state, 0, Rng(3))
    best = judge(game, obs, state.legal_actions()[0], SMALL, 4).best
    again = judge(game, obs, state.parse_action(best), SMALL, 4)
    assert again.cost == 0 and again.best == again.played == best and mark_of(again) == ""


def test_an_illegal_move_or_a_tiny_budget_is_refused():
    game, state = _middle("gangster-city")
    with pytest.raises(ValueError, match="not a legal move"):
        judge(game, Observation.of(state, 0, Rng(3)), Action("arrest", ("nobody",)), SMALL, 1)
    with pytest.raises(ValueError, match="at least"):
        Budget(iterations=0)
    with pytest.raises(ValueError, match="at least"):
        Budget(samples=1)


def test_the_idea_behind_a_city_arrest_counts_the_candidates_left():
    from gangland.review.ideas import idea_of

    game = gangland.load("gangster-city")
    state = game.new_game(3, 5)
    view = state.view(0)
    arrest = next(a for a in state.legal_actions() if a.kind == "arrest")
    idea = idea_of("gangster-city", view, arrest, state.parse_action("draw"))
    assert idea.startswith("an arrest with ") and "candidates left" in idea
    assert idea.endswith("rather than investigate first")
    # A card in sight is no candidate: an arrest of it was ruled out by the clues.
    seen = state.deck.words(view["middle"][0] - 1)  # (cards are numbered from 1)
    ruled = next(a for a in state.legal_actions() if a.kind == "arrest" and a.args == seen)
    assert idea_of("gangster-city", view, ruled, arrest) == (
        "an arrest of a card the clues had already ruled out")
    assert idea_of("gangster-city", view, arrest, arrest) == ""
    assert idea_of("gangster", {}, Action("pass"), Action("drive", (1,))) == (
        "pass where the search chose drive")

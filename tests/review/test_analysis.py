"""A whole game's review: deterministic, resumable, and it tells luck from play."""

from __future__ import annotations

import itertools
import json

import pytest

import gangland
from gangland.engine import OptionError, RecordError
from gangland.review import Budget, Judgement, decision_plies, review_record
from gangland.sim.runner import play_game

SMALL = Budget(iterations=12, samples=6)


def _record(game_id: str = "gangster-city", seed: int = 3) -> dict:
    game = gangland.load(game_id)
    specs = ["heuristic" if game_id != "gangster" else "greedy", "random", "random"]
    final, _ = play_game(game, specs, seed=seed)
    return final.record()


def test_the_same_seed_and_budget_give_the_same_review_and_a_resumed_one_agrees():
    record = _record()
    seen: list[tuple[int, int]] = []
    first = review_record(record, 0, SMALL, seed=4,
                          progress=lambda d, i, n: seen.append((i, n)))
    plies = decision_plies(record, 0)
    assert [d.ply for d in first.decisions] == plies and len(plies) > 3
    assert seen == [(i, len(plies)) for i in range(1, len(plies) + 1)]
    assert json.dumps(review_record(record, 0, SMALL, seed=4).to_json()) == json.dumps(
        first.to_json())
    half = {d.ply: d.judgement for d in first.decisions[: len(plies) // 2]}
    resumed = review_record(record, 0, SMALL, seed=4, done=half)
    assert resumed.to_json() == first.to_json()


def test_every_gap_between_decisions_is_a_swing_and_city_draws_are_luck():
    record = _record()
    review = review_record(record, 0, SMALL, seed=1)
    decisions, swings = review.decisions, review.swings
    assert len(swings) == len(decisions)
    assert [(s.start, s.end) for s in swings] == [
        (a.ply, b.ply) for a, b in itertools.pairwise(decisions)
    ] + [(decisions[-1].ply, len(record["actions"]))]
    # Gangster City deals new cases from its shuffled pile: luck, though no die is rolled.
    assert any(s.chance for s in swings)
    assert review.result == gangland.engine.replay(record).returns()[0]
    summary = review.to_json()
    assert summary["accuracy"] == review.accuracy()
    assert set(summary["marks"]) == {"blunder", "mistake", "inaccuracy"}


@pytest.mark.parametrize("game_id", ["gangster-1994", "gangsters"])
def test_dice_between_decisions_are_luck(game_id):
    """A few decisions in the middle of games whose every turn rolls dice: some gap between
    them saw the dice (a seat may make several decisions in one turn, with none between)."""
    record = _record(game_id)
    plies = decision_plies(record, 1)
    middle = len(plies) // 2
    window = set(plies[middle: middle + 6])
    # Judging is the slow part: the other decisions get a stand-in judgement.
    filler = Judgement("x", "x", 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2, 1)
    review = review_record(record, 1, SMALL, done={p: filler for p in plies if p not in window})
    assert any(s.chance for s in review.swings if s.start in window and s.end in window)


def test_a_review_refuses_what_it_cannot_review():
    record = _record()
    with pytest.raises(OptionError, match="seat 4 is not at this table"):
        review_record(record, 3, SMALL)
    with pytest.raises(OptionError, match="not finished"):
        review_record({**record, "actions": record["actions"][:5]}, 0, SMALL)
    bad = {**record, "actions": [*record["actions"][:2], "fly away"]}
    with pytest.raises(RecordError, match="record move 3 does not replay"):
        review_record(bad, 0, SMALL)

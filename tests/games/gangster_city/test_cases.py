"""Generated unsolved cases: unique, every clue needed, graded as documented."""

from __future__ import annotations

import pytest

from gangland.engine import Rng
from gangland.games.gangster_city.cards import SIZES
from gangland.games.gangster_city.cases import (
    DIFFICULTIES,
    deduce,
    generate,
    grade,
    propagate,
    solutions,
)

from .scenario import DECK, card


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_generated_cases_have_exactly_one_solution_and_no_spare_clue(difficulty):
    for seed in range(40):
        case = generate(Rng(seed), difficulty)
        assert solutions(case.clues) == [case.solution]
        assert case.difficulty == difficulty == grade(case.clues)
        for clue in case.clues:
            assert DECK.match(clue[0], case.solution) == clue[1]
            rest = tuple(c for c in case.clues if c != clue)
            assert len(solutions(rest)) > 1, "a clue that is not needed"


def test_the_same_seed_gives_the_same_case():
    assert generate(Rng(11), "medium") == generate(Rng(11), "medium")
    assert generate(Rng(11), "medium") != generate(Rng(12), "medium")


def test_rulebook_style_solo_example_is_checked_by_the_solver():
    """The rulebook's Case #06 has the form 'card 25 shows 2, 48 shows 1, 53 shows 0'.

    Our numbering differs from the printed one, so we check the solver on the same shape:
    clues read off a chosen solution always leave that solution among the answers.
    """
    solution = card("scientist knife hotel-room money")
    clues = tuple((c, DECK.match(c, solution)) for c in (24, 47, 52))
    assert solution in solutions(clues)


def test_box_ticking_confirms_and_strikes_elements():
    zero = card("thug syringe hotel-room love")
    possible = [set(range(n)) for n in SIZES]
    assert propagate(((zero, 0),), possible)
    assert possible == [{0, 1}, {0, 1}, {0, 1}, {0}]
    # Four matches confirm everything at once.
    assert deduce(((zero, 4),))


def test_contradiction_is_detected():
    a = card("thug syringe hotel-room love")
    possible = [set(range(n)) for n in SIZES]
    assert not propagate(((a, 0), (a, 1)), possible)


def test_unknown_difficulty_is_refused():
    with pytest.raises(ValueError, match="difficulty is one of"):
        generate(Rng(1), "fiendish")

"""The rules of each decision (issue 26): ``pass`` and ``take`` say which offer they answer."""

from __future__ import annotations

import pytest

from gangland.games.gangster_1994.decisions import PHASE_RULES, VERB_RULES
from gangland.games.gangster_1994.moves import GRAMMAR
from gangland.games.gangster_1994.table import MISSION, PHASES, PROTECTION, SHIELD, VENDEUR, VOL

from .scenario import table


def test_every_phase_text_is_of_a_real_phase_and_verb():
    for phase, verb in PHASE_RULES:
        assert phase in PHASES and verb in GRAMMAR.verbs
    assert all(text.endswith(".") for text in PHASE_RULES.values())


@pytest.mark.parametrize(
    ("phase", "verb", "says"),
    [
        (VOL, "pass", "walk away from the theft"),
        (VENDEUR, "pass", "nothing from the Vendeur"),
        (PROTECTION, "pass", "no Protection card"),
        (SHIELD, "take", "Collecte card"),
        (MISSION, "take", "Mission card"),
    ],
)
def test_a_shared_verb_gets_the_text_of_the_space_being_played(phase: int, verb: str, says: str):
    state = table()
    state.phase = phase
    state._legal_cache = None
    rules = state.decision_rules()
    assert state.verb_rule(verb) in rules and says in state.verb_rule(verb)
    assert VERB_RULES[verb] not in rules  # the general text gives way to the phase's


def test_the_turn_gives_the_general_texts_in_the_order_of_the_legal_actions():
    state = table()
    assert state.decision_rules()[0] == VERB_RULES["roll"]

"""``State.decision_rules``: the rules of the verbs among the legal actions (issue 26).

Run on a stand-in with just what the method reads (the game's rules, the legal actions and
``verb_rule``), so the order, the deduplication and the override are seen alone.
"""

from __future__ import annotations

from types import SimpleNamespace

from gangland.engine import Action, State


class _Position:
    """A position whose legal actions and rule texts a test sets."""

    decision_rules = State.decision_rules
    verb_rule = State.verb_rule

    def __init__(self, legal: list[Action], rules: dict[str, str]) -> None:
        self.game = SimpleNamespace(verb_rules=rules)
        self._legal = legal

    def legal_actions(self) -> list[Action]:
        return self._legal


RULES = {"move": "You move.", "pass": "You pass.", "buy": "You buy.", "sell": "You buy."}


def test_rules_come_in_the_order_of_the_first_legal_action_of_each_verb_once():
    legal = [Action("pass"), Action("move", (1,)), Action("move", (2,)), Action("pass")]
    assert _Position(legal, RULES).decision_rules() == ["You pass.", "You move."]


def test_two_verbs_with_one_text_show_it_once_and_a_verb_without_one_shows_nothing():
    legal = [Action("buy"), Action("sell"), Action("shout")]
    assert _Position(legal, RULES).decision_rules() == ["You buy."]


def test_no_legal_action_means_no_rule():
    assert _Position([], RULES).decision_rules() == []


def test_a_game_may_give_a_verb_the_text_of_its_phase():
    class Phased(_Position):
        def verb_rule(self, verb: str) -> str:
            return "You pass on the offer." if verb == "pass" else super().verb_rule(verb)

    legal = [Action("move", (1,)), Action("pass")]
    assert Phased(legal, RULES).decision_rules() == ["You move.", "You pass on the offer."]

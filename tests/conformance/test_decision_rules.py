"""The rule of every decision (issue 26), for every registered game.

Each verb of a game's grammar has its rule (``Game.verb_rules``), and at every position of
a game before its end the table has the rules of the decision at hand to show
(``State.decision_rules``): those of the verbs among the legal actions. Nothing here names
a game.
"""

from __future__ import annotations

import pytest

import gangland
from gangland.engine import conformance as c

GAMES = gangland.game_ids()
#: Positions checked in each game: enough moves to leave the setup and see several turns.
MOVES = 1500


@pytest.mark.parametrize("game_id", GAMES)
def test_every_verb_has_a_short_rule_of_its_own(game_id: str):
    c.check_verb_rules(gangland.load(game_id))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", (3, 11))
def test_every_position_has_the_rules_of_its_decision(game_id: str, seed: int):
    game = gangland.load(game_id)
    options = game.conformance_options[0]
    for players in (game.min_players, game.max_players):
        opening = game.new_game(players, seed, options)
        c.check_decision_rules(opening)
        assert opening.decision_rules(), f"{game_id}: the opening position has no rules"
        kinds: set[str] = set()
        for move, (state, action) in enumerate(c.playout(game, players, seed, options)):
            c.check_decision_rules(state)  # an ended game (the last one yielded) has none
            if state.is_terminal:
                break
            assert state.decision_rules(), f"{game_id}: no rules at move {move}"
            kinds.add(action.kind)
            if move >= MOVES:
                break
        assert len(kinds) > 1, f"{game_id}: the random game never left its first decision"


def test_a_bad_rule_table_is_refused():
    """The checks can fail: a verb without a rule, a rule of no verb, a rule that is no
    sentence, one too long."""
    game = gangland.load(GAMES[0])
    verbs = list(game.grammar.verbs)
    good = dict(game.verb_rules)
    bad_tables = [
        {k: v for k, v in good.items() if k != verbs[0]},
        {**good, "rules": "You read the rules."},
        {**good, verbs[0]: "you forgot the capital."},
        {**good, verbs[0]: "No full stop"},
        {**good, verbs[0]: "It says nothing of the player."},
        {**good, verbs[0]: "You " + "wait " * 100 + "."},
    ]
    for table in bad_tables:
        cls = type(game)
        fake = type("Fake", (cls,), {"verb_rules": table})
        with pytest.raises(AssertionError):
            c.check_verb_rules(fake())

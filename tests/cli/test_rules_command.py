"""The ``rules`` prompt command (issue 26): the game's summary, then this decision's rules."""

from __future__ import annotations

import gangland
from gangland.terminal.play import COMMANDS


def flat(text: str) -> str:
    """The text with its line breaks and indents undone (the console wraps long lines)."""
    return " ".join(text.split())


def test_no_game_has_a_verb_named_like_a_prompt_command():
    """A verb comes before a command of its name at the prompt, so such a verb would hide
    the command in its game. (The alias ``exit`` of ``quit`` is one of Gangsters' verbs:
    there ``quit`` stops the game.)"""
    for game_id in gangland.game_ids():
        clash = set(COMMANDS) & set(gangland.load(game_id).grammar.verbs)
        assert not clash, f"{game_id} has verbs named like prompt commands: {sorted(clash)}"


def typed_rules(invoke, game_id: str, seed: int) -> tuple[gangland.Game, gangland.State, str]:
    """The game, its opening position and what ``rules`` printed there (flattened)."""
    game = gangland.load(game_id)
    state = game.new_game(2, seed)
    result = invoke("play", game_id, "--seed", str(seed), input=["rules", "quit"])
    assert result.exit_code == 0, result.output
    return game, state, flat(result.output)


def test_rules_shows_the_summary_then_the_rules_of_the_decision_at_hand(invoke):
    game, state, shown = typed_rules(invoke, "gangster-city", 12)
    summary = flat(game.rules_text())
    decision = [flat(text) for text in state.decision_rules()]
    assert decision and summary in shown
    after = shown.split(summary, 1)[1]
    assert after.lstrip().startswith("This decision:")
    positions = [after.index(text) for text in decision]
    assert positions == sorted(positions), "the decision's rules come in the legal order"


def test_rules_in_a_game_of_several_phases_gives_the_phases_own_text(invoke):
    game, state, shown = typed_rules(invoke, "gangster-1994", 5)
    for text in state.decision_rules():
        assert flat(text) in shown
    assert flat(game.verb_rules["roll"]) in shown.split("This decision:", 1)[1]


def test_help_lists_the_rules_command(invoke):
    result = invoke("play", "gangster-city", "--seed", "12", input=["help", "quit"])
    assert result.exit_code == 0, result.output
    assert f"rules    {COMMANDS['rules']}" in result.output

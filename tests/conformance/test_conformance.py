"""The contract's promises, checked for every registered game, player count and preset.

A new game gets all of this by registering: nothing here names a game.
"""

from __future__ import annotations

import pytest

import gangland
from gangland.engine import conformance as c


def _cases() -> list[tuple[str, int, dict[str, object]]]:
    cases = []
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        for players in range(game.min_players, game.max_players + 1):
            cases.extend((game_id, players, opts) for opts in game.conformance_options)
    return cases


def _id(case: tuple[str, int, dict[str, object]]) -> str:
    game_id, players, opts = case
    extra = ",".join(f"{k}={v}" for k, v in opts.items())
    return f"{game_id}-{players}p" + (f"-{extra}" if extra else "")


CASES = _cases()
SEEDS = (1, 2)


@pytest.mark.parametrize("case", CASES, ids=[_id(x) for x in CASES])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_every_promise(case: tuple[str, int, dict[str, object]], seed: int):
    game_id, players, options = case
    game = gangland.load(game_id)
    seen_actions: list[gangland.Action] = []
    varied = False
    final = None
    for move, (state, action) in enumerate(c.playout(game, players, seed, options)):
        if state.is_terminal:
            final = state
            break
        # The cheap checks run every move, the costly ones every few moves.
        c.check_text_round_trip(state)
        if move % 7 == 0:
            c.check_views_json(state)
            c.check_snapshot(state)
            c.check_clone_independent(state)
            c.check_observation(state, seed + move)
            c.check_illegal_refused(state, seen_actions[-40:])
            c.check_malformed_refused(state, _some(state.legal_actions(), action))
            c.check_snapshot_shares_nothing(state, more=5, seed=seed + move)
            varied |= c.check_resample(state, seed + move)
        seen_actions.append(action)
    assert final is not None
    c.check_terminal(final)
    c.check_malformed_refused(final, seen_actions[-3:])
    c.check_replay(final)
    c.check_snapshot(final)
    c.check_views_json(final)
    c.check_resample(final, seed)
    if not options.get("case"):
        # Generated cases have one possible solution: nothing hidden can vary there.
        assert varied, "resampling never changed any hidden part over a whole game"


def _some(legal: list[gangland.Action], chosen: gangland.Action) -> list[gangland.Action]:
    """The action about to be played and the first and last legal ones (distinct)."""
    return list(dict.fromkeys([chosen, legal[0], legal[-1]]))


def test_every_game_declares_what_tools_need():
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        assert game.id == game_id
        assert game.title and game.designers and game.rules_text().strip()
        assert 1 <= game.min_players <= game.max_players
        assert game.grammar.verbs, "a game needs an action language"
        for opts in game.conformance_options:
            game.new_game(game.min_players, 0, opts)

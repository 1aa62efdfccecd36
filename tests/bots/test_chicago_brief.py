"""The heuristic bot on the brief view decides as on the whole view (issue 30, round 2).

The search's playouts give the bot ``State.brief_view`` (``brief = True``); the golden
traces cover a few seeded positions. Here two bots with the same seed, one given the brief
view and one the whole view, are asked at every decision of seeded games at every table
size, turn limits included (the ends of games, where the golden traces rarely go), and
must answer alike and draw alike from their generators.
"""

from __future__ import annotations

import pytest

from gangland.bots.chicago_gangster import Heuristic
from gangland.engine import Observation, Rng
from gangland.engine.observation import is_part
from tests.games.chicago_gangster.scenario import GAME


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_brief_and_whole_views_give_the_same_decisions(players: int) -> None:
    assert Heuristic.brief
    for seed in range(4):
        options = {"turn_limit": 30} if seed % 2 else {}
        state = GAME.new_game(players, seed, options)
        brief_bot, whole_bot, rng = Heuristic(seed), Heuristic(seed), Rng(seed)
        asked = 0
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            brief = Observation.of(state, seat, brief=True)
            whole = Observation.of(state, seat)
            assert is_part(brief.view, whole.view)
            if len(brief.legal_actions) > 1:
                asked += 1
                action = brief_bot.choose(brief)
                assert whole_bot.choose(whole) == action
                assert brief_bot.rng.next64() == whole_bot.rng.next64()
            else:
                action = brief.legal_actions[0]
            if rng.randbelow(4) == 0:  # a random move now and then, to reach more places
                action = rng.choice(brief.legal_actions)
            state.step(action)
        assert asked > 20

"""The heuristic bot scores every decision the same from the brief view
(``GangstersState.brief_view``, which it is given: ``brief = True``) as from the whole
view, in random games with every option and in the five-player game, where it may be the
Police Commissioner."""

from __future__ import annotations

import pytest

import gangland
from gangland.bots.gangsters import Heuristic, _values
from gangland.engine import Observation, Rng

GAME = gangland.load("gangsters")


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 31, {}),
    (3, 32, {"donuts": True, "secret_cash": True}),
    (5, 33, {"secret_cash": True}),
    (5, 34, {}),
    (4, 35, {"wheels": True, "heaters": True, "siren": True, "random_order": True}),
])
def test_scores_from_the_brief_view_are_the_whole_views(players: int, seed: int,
                                                        options: dict[str, object]) -> None:
    assert Heuristic.brief
    bot = Heuristic(seed, _values())
    state = GAME.new_game(players, seed, {"turn_limit": 80, **options})
    rng = Rng(seed)
    asked = 0
    for step in range(3_000):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        if len(state.legal_actions()) > 1:
            whole = Observation.of(state, seat)
            brief = Observation.of(state, seat, brief=True)
            assert bot.scores(brief) == bot.scores(whole), whole.view["decision"]
            assert bot.choose(brief) == bot.choose(whole)
            asked += 1
        # half the moves the bot's own, so its kind of game is reached too
        action = bot.choose(Observation.of(state, seat, brief=True)) if step % 2 else \
            rng.choice(state.legal_actions())
        state.step(action)
    assert asked > 100

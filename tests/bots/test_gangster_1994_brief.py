"""The heuristic bot's brief view (``view.build_brief``): a part of the whole view, on which
the bot decides exactly as on the whole one, at every kind of decision.

The golden traces reach the rarer decisions (the secret passage, the exchange, the
Expert) only a few times, so this walks seeded random games, where the seats take every
branch, and asks the bot at each decision on both views.
"""

from __future__ import annotations

from collections import Counter

import gangland
from gangland.bots.gangster_1994 import Heuristic
from gangland.engine import Observation, Rng
from gangland.engine.observation import is_part
from gangland.games.gangster_1994.table import PHASES

GAME = gangland.load("gangster-1994")


def test_the_heuristic_decides_alike_on_the_brief_and_the_whole_view():
    asked: Counter[str] = Counter()
    for seed in range(12):
        players = 2 + seed % 5
        state = GAME.new_game(players, seed)
        rng = Rng(seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            brief = Observation.of(state, seat, brief=True)
            whole = Observation.of(state, seat)
            assert is_part(brief.view, whole.view), PHASES[state.phase]
            if len(legal) > 1:
                asked[PHASES[state.phase]] += 1
                assert Heuristic(seed).choose(brief) is Heuristic(seed).choose(whole)
            # random moves mostly, the bot's own now and then, to reach its branches
            if rng.randbelow(3):
                state.step(legal[rng.randbelow(len(legal))])
            else:
                state.step(Heuristic(seed).choose(whole))
    # every kind of decision was asked, many times (the passage, the rarest, 80 or so)
    assert set(asked) == set(PHASES), asked
    assert min(asked.values()) >= 20, asked


def test_a_finished_game_s_brief_view_is_a_part_of_its_view():
    state = GAME.new_game(3, 7)
    rng = Rng(7)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.step(legal[rng.randbelow(len(legal))])
    for seat in range(3):
        assert is_part(state.brief_view(seat), state.view(seat))

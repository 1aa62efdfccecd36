"""Fast paths of Gangsters' rules agree with the plain ones on every legal action of
random games (options and five players included)."""

from __future__ import annotations

import pytest

from gangland.engine import Rng
from gangland.games.gangsters.rules import _SPACE_AT, first_space

from .scenario import GAME


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 41, {"donuts": True}),
    (5, 42, {"secret_cash": True}),
    (4, 43, {"wheels": True, "heaters": True, "siren": True, "random_order": True}),
])
def test_a_verbs_space_is_its_first_token(players: int, seed: int,
                                          options: dict[str, object]) -> None:
    """``_apply`` reads the space of the common verbs at a fixed place: the same space
    as the first argument that is a token, for every legal action."""
    state = GAME.new_game(players, seed, {"turn_limit": 80, **options})
    spaces, rng, seen = state.fig.acts.space, Rng(seed), set()
    for _ in range(3_000):
        if state.is_terminal:
            break
        for a in state.legal_actions():
            at = _SPACE_AT.get(a.kind)
            if at is not None:
                seen.add(a.kind)
                arg = a.args[at]
                fast = spaces.get(arg, -1) if type(arg) is str else -1
                assert fast == first_space(spaces, a.args), a
        state.step(rng.choice(state.legal_actions()))
    assert {"move", "cop", "public", "give"} <= seen

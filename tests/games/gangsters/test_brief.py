"""The brief view (``GangstersState.brief_view``, what the heuristic bot reads) is a part
of the whole view for every seat at every kind of decision, options and the Police
Commissioner included: each key it keeps holds exactly what the view holds there."""

from __future__ import annotations

import pytest

from gangland.engine import Rng
from gangland.engine.observation import is_part

from .scenario import GAME

GAMES = [
    (3, 21, {}),
    (3, 22, {"donuts": True, "secret_cash": True}),
    (5, 23, {}),
    (5, 24, {"secret_cash": True}),
    (4, 25, {"wheels": True, "heaters": True, "siren": True, "random_order": True}),
]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_the_brief_view_is_a_part_of_the_view(players: int, seed: int,
                                              options: dict[str, object]) -> None:
    state = GAME.new_game(players, seed, {"turn_limit": 80, **options})
    rng = Rng(seed)
    kinds: set[str] = set()
    for _ in range(3_000):
        if state.is_terminal:
            break
        for seat in range(players):
            brief, whole = state.brief_view(seat), state.view(seat)
            assert is_part(brief, whole), (seat, whole["decision"])
        kinds.add(str(state.view(None)["decision"]["kind"]))
        state.step(rng.choice(state.legal_actions()))
    assert {"pick", "buy", "cop", "move"} <= kinds

"""The brief view (``GangstersState.brief_view``, what the heuristic bot reads) is a part
of the whole view for every seat at every kind of decision, options and the Police
Commissioner included: each key it keeps holds exactly what the view holds there."""

from __future__ import annotations

import pytest

from gangland.engine import Rng
from gangland.engine.observation import is_part
from gangland.games.gangsters.table import marked

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


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_marked_buildings_are_the_joints_and_the_improved(players: int, seed: int,
                                                          options: dict[str, object]) -> None:
    """``table.marked`` picks out the buildings by their levels alone: every joint has a
    level of one or more, at every step (bought, traded, sold, shot down to nothing), so
    the joints and the views it serves miss none."""
    state = GAME.new_game(players, seed, {"turn_limit": 80, **options})
    rng = Rng(seed + 100)
    buildings = state.comps.city.buildings
    for _ in range(3_000):
        if state.is_terminal:
            break
        assert all(state.level[b] >= 1 for b in buildings if state.owner[b] >= 0)
        assert list(marked(state)) == [b for b in buildings
                                       if state.owner[b] >= 0 or state.level[b]]
        for s in range(players):
            assert state.joints(s) == [b for b in buildings if state.owner[b] == s]
        state.step(rng.choice(state.legal_actions()))

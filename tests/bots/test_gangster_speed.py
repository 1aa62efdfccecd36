"""Gangster's fast paths answer as the plain ones (issue 30, round 2).

- ``Evaluator.projected`` sums the totals itself, without a setting: the same floats as
  the setting's totals (``Evaluator.setting``, ``_totals``);
- ``Evaluator._recall`` finds the last setting by comparing the position with it field by
  field: resampled positions (the casino deck in another order, the same sum and size)
  and positions that differ in one field score as with a fresh evaluator;
- the greedy bot's turn search steps its own last copy instead of cloning it: the same
  action values as when every step clones.
"""

from __future__ import annotations

from gangland.bots import gangster as greedy_module
from gangland.bots.gangster import Greedy
from gangland.bots.gangster_eval import Evaluator
from gangland.engine import Rng
from tests.games.gangster.scenario import GAME


def _positions(seed: int, players: int) -> list:
    state = GAME.new_game(players, seed)
    rng = Rng(seed)
    out = []
    while not state.is_terminal:
        out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


def test_projected_is_the_settings_totals():
    for seed, players in ((11, 2), (12, 3), (13, 5)):
        ev = Evaluator()
        for st in _positions(seed, players):
            ev._game(st)
            assert ev.projected(st) == list(Evaluator().setting(st, 0).totals)


def test_the_last_setting_is_found_again_only_for_an_equal_table():
    warm = Evaluator()
    rng = Rng(5)
    for st in _positions(14, 3)[::3]:
        resampled = st.resample(0, rng)  # the piles in another order
        changed = st.clone()
        changed.influence[1] += 2
        other_casino = st.clone()
        if len(other_casino.casino) > 1:
            other_casino.casino.pop()
        for p in (st, resampled, changed, st, other_casino, resampled):
            for seat in range(p.players):
                assert warm.value(p, seat) == Evaluator().value(p, seat)


def test_the_turn_search_values_as_if_every_step_cloned(monkeypatch):
    def values(seed: int, players: int) -> list[list[float]]:
        bot = Greedy(seed)
        out = []
        for st in _positions(seed, players)[::4]:
            if st.is_terminal:
                continue
            seat = st.current_player
            out.append(bot.action_values(st.resample(seat, Rng(seed)), seat,
                                         st.legal_actions()))
        return out

    fast = values(21, 3) + values(22, 2)
    plain_after = greedy_module._TurnSearch.after

    def cloning(self, position, path, owned=False):
        return plain_after(self, position, path, False)

    monkeypatch.setattr(greedy_module._TurnSearch, "after", cloning)
    assert values(21, 3) + values(22, 2) == fast

"""The greedy bot's ends already weighed answer as a fresh search (issue 30, round 4).

A decision keeps the values of the actions that continue each of its first actions, by the
public position they start from (``gangster._Weighed``), and a later decision at an equal
position reads them. The tests: every decision along seeded games, asked first at the turn's
first step and then at each later step on *another* sample of the same position (the piles
in another order), gives the values a fresh bot gives, and the kept values are read at all;
the whole hard-level search plays the same moves with the same root visits with the memo
as without; and the condition (:func:`gangster._exact`) matters: where a turn can end the
round, samples of one position can value a decision apart, so no memo could be exact there.
"""

from __future__ import annotations

import hashlib

import pytest

from gangland.bots import decide, make_bot
from gangland.bots import gangster as greedy_module
from gangland.bots.gangster import Greedy
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Rng
from gangland.games.gangster import GangsterState
from gangland.sim.bench import mid_positions
from tests.games.gangster.scenario import GAME


def _turns(seed: int, players: int) -> list[list[GangsterState]]:
    """The positions of every turn of a seeded random game, a list per turn."""
    state = GAME.new_game(players, seed)
    rng = Rng(seed)
    turns: list[list[GangsterState]] = []
    mover = None
    while not state.is_terminal:
        assert isinstance(state, GangsterState)
        if state.current_player != mover or not turns:
            turns.append([])
            mover = state.current_player
        turns[-1].append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return turns


@pytest.mark.parametrize(("seed", "players"), [(31, 3), (32, 2), (33, 4)])
def test_each_step_of_a_turn_values_as_a_fresh_search(seed: int, players: int) -> None:
    bot = Greedy(seed)
    rng = Rng(seed)
    read = 0
    for turn in _turns(seed, players)[::2]:
        for st in turn:
            seat = st.current_player
            legal = st.legal_actions()
            sample = st.resample(seat, rng)  # a sample of its own at each step
            key = greedy_module._public(_police_on_top(sample))
            read += key in bot.weighed.values
            fresh = Greedy(seed).action_values(sample.clone(), seat, legal)
            assert bot.action_values(sample, seat, legal) == fresh
    assert read > 10  # the kept values were read, not only written


def _police_on_top(st: GangsterState) -> GangsterState:
    """``st`` as the turn search sees it: a police card on top of the deck, if any."""
    copy = st.clone()
    greedy_module._TurnSearch(Greedy(0).evaluator, copy, st.current_player)
    return copy


def _search_digest(monkeypatch: pytest.MonkeyPatch | None) -> str:
    if monkeypatch is not None:
        monkeypatch.setattr(greedy_module, "_exact", lambda st, search: False)
    states = [p for p in mid_positions(GAME, 3, 6) if len(p.legal_actions()) > 1][:3]
    bot, rng = make_bot(tuned_spec("gangster", "40"), GAME, 1), Rng(3)
    md5 = hashlib.md5()
    for s in states:
        action = decide(bot, s.clone(), rng)
        md5.update(f"{action} {bot.root_visits()}\n".encode())  # type: ignore[attr-defined]
    return md5.hexdigest()


def test_the_hard_level_searches_alike_without_the_memo(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    with_memo = _search_digest(None)
    assert _search_digest(monkeypatch) == with_memo


def test_where_a_turn_can_end_the_round_samples_value_apart() -> None:
    """The condition is needed: at some decision whose turn can end the round, two samples
    of the same position (the casino deck's and the next round's order drawn apart) give
    different values, so the position alone does not fix them."""
    apart = 0
    inexact = 0
    for seed in range(40, 52):
        for turn in _turns(seed, 3):
            for st in turn:
                seat = st.current_player
                search = greedy_module._TurnSearch(Greedy(0).evaluator, st.clone(), seat)
                if greedy_module._exact(st, search) or len(st.legal_actions()) < 2:
                    continue
                inexact += 1
                values = {tuple(Greedy(1).action_values(st.resample(seat, Rng(k)), seat,
                                                        st.legal_actions())) for k in range(4)}
                apart += len(values) > 1
    assert inexact > 0
    assert apart > 0

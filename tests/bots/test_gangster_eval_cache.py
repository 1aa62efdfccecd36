"""Gangster's evaluation caches change no value: a warm evaluator scores as a fresh one.

The ``greedy`` bot's evaluator keeps, for the positions it has scored, what they share
(the scene, every tile, the projected totals; ``Evaluator.setting``), found again by what
changes during a game. A key that missed a field would hand one position another's
figures: these tests score many positions of seeded games, played by greedy bots and at
random, with one evaluator kept warm throughout and with a fresh one for each, and ask
for the same floats, to the last bit.
"""

from __future__ import annotations

from gangland.bots import decide
from gangland.bots.gangster import Greedy
from gangland.bots.gangster_eval import Evaluator
from gangland.engine import Rng
from tests.games.gangster.scenario import GAME


def _positions(seed: int, players: int, greedy: bool) -> list:
    """Every position of one seeded game (clones), played by greedy bots or at random."""
    state = GAME.new_game(players, seed)
    bot, rng = Greedy(seed), Rng(seed)
    positions = []
    while not state.is_terminal:
        positions.append(state.clone())
        legal = state.legal_actions()
        action = decide(bot, state, rng) if greedy else rng.choice(legal)
        state.apply(action)
    positions.append(state.clone())
    return positions


def _check(positions: list) -> None:
    warm = Evaluator()
    for st in positions:
        for seat in range(st.players):
            assert warm.value(st, seat) == Evaluator().value(st, seat)
        assert warm.projected(st) == Evaluator().projected(st)


def test_a_warm_evaluator_scores_every_position_of_random_games_as_a_fresh_one():
    for seed, players in ((1, 2), (2, 3), (3, 5)):
        _check(_positions(seed, players, greedy=False))


def test_a_warm_evaluator_scores_every_position_of_a_greedy_game_as_a_fresh_one():
    _check(_positions(4, 4, greedy=True))


def test_a_warm_evaluator_scores_positions_of_two_games_in_turn_as_fresh_ones():
    first, second = _positions(5, 3, greedy=False), _positions(6, 3, greedy=False)
    _check([p for pair in zip(first, second, strict=False) for p in pair])


def _variants(st) -> list:
    """The same table with one thing changed that the cache must tell apart: the doubler
    on another district, one seat's influence, the casino deck's contents, the round."""
    out = []
    doubled = [d for d in st.scoring if st.doubler[d]]
    free = [d for d in st.scoring if not st.doubler[d]]
    if doubled and free:
        v = st.clone()
        v.doubler[doubled[0]], v.doubler[free[0]] = False, True
        out.append(v)
    v = st.clone()
    v.influence[0] += 1
    out.append(v)
    if len(st.casino) > 1:
        v = st.clone()
        v.casino.pop()
        out.append(v)
    if st.round < 3:
        v = st.clone()
        v.round += 1
        out.append(v)
    return out


def test_a_warm_evaluator_tells_apart_tables_that_differ_in_one_thing():
    positions = [p for p in _positions(7, 3, greedy=False) if not p.over]
    _check([v for p in positions[::5] for v in (p, *_variants(p), p)])

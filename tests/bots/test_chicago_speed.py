"""Chicago Gangster's model, round 4 of issue 30: the fast code against the plain rules.

``strengths`` makes its floats with ``map`` and zeroes the seats out afterwards, and
``value`` slices the rivals' strengths in turn order when nobody is out; here both are held
to the plain comprehensions they replaced, float for float, on positions of every table
size with seats out, wars and long lists (the golden traces reach few of those).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gangland.bots.chicago_gangster_eval import (
    Position,
    Weights,
    aimed,
    strengths,
    value,
)
from gangland.games.chicago_gangster.cards import CONTRACT, DOUBLE, PRIORITY
from gangland.games.chicago_gangster.table import AFTER

W = Weights()


def plain_strengths(pos: Position, w: Weights) -> list[float]:
    s = [0.0 if o else float(c) for o, c in zip(pos.out, pos.inplay, strict=True)]
    if pos.hitlist:
        rate = pos.war * max(len(pos.out) - sum(pos.out), 1) if pos.war else 0
        for i, owner in enumerate(pos.hitlist):
            s[owner] += w.survival[rate][i]
    return s


def plain_value(pos: Position, w: Weights) -> float:
    if pos.out[pos.me]:
        return -100.0
    s = plain_strengths(pos, w)
    theirs = [s[r] for r in AFTER[len(pos.out)][pos.me] if not pos.out[r]]
    if not theirs:
        return 100.0
    gone = len(pos.out) - 1 - len(theirs)
    return (s[pos.me] - w.leader * max(theirs) - w.mean * sum(theirs) / len(theirs)
            + w.out_bonus * gone)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    n = draw(st.integers(2, 6))
    out = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    # a seat out has nothing in play (the rules'), but the code must not rely on it
    inplay = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))
    hitlist = draw(st.lists(st.integers(0, n - 1), max_size=20))
    pos = Position(me=draw(st.integers(0, n - 1)), inplay=inplay, hitlist=hitlist,
                   out=out, war=draw(st.integers(0, 2)), permanent=draw(st.booleans()))
    return pos


@given(positions())
def test_strengths_and_value_are_the_plain_rules_float_for_float(pos: Position) -> None:
    assert strengths(pos, W) == plain_strengths(pos, W)
    assert value(pos, W) == plain_value(pos, W)


@given(positions(), st.sampled_from([CONTRACT, PRIORITY, DOUBLE]), st.integers(0, 5))
def test_an_aimed_contract_lists_as_the_plain_listing(pos: Position, kind: int,
                                                      seat: int) -> None:
    seat %= len(pos.inplay)
    before = pos.copy()
    new = aimed(pos, kind, seat)
    expected = before.copy()
    for _ in range(2 if kind == DOUBLE else 1):
        if expected.inplay[seat]:
            expected.inplay[seat] -= 1
            if kind == PRIORITY:
                expected.hitlist.insert(0, seat)
            else:
                expected.hitlist.append(seat)
    expected.settle()
    assert (new.inplay, new.hitlist, new.out, new.war, new.permanent) == (
        expected.inplay, expected.hitlist, expected.out, expected.war, expected.permanent)
    assert (pos.inplay, pos.hitlist, pos.out) == (before.inplay, before.hitlist, before.out)

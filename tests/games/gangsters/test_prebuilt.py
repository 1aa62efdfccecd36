"""The fast paths agree with the reference ones: the prebuilt move lists of ``acts`` with
``paths.reach`` and actions built afresh, and stepping (no events) with applying."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangland.engine import Action, Rng
from gangland.games.gangsters import acts as acts_module
from gangland.games.gangsters.acts import Acts, facing_word
from gangland.games.gangsters.paths import INSIDE, STEPS, Mover, placed, reach, slot
from gangland.games.gangsters.table import KINDS, MOVE, WHITE, affordable, cost

from .scenario import CITY, GAME

COMPS = GAME.new_game(3, 0).comps
ACTS = Acts(COMPS)
TOK = ACTS.tokens
#: Starts to test from: every subway (the cops' and the public's entries), a few street
#: spaces facing each way, and a few buildings.
STREETS = [s for s in range(len(TOK)) if CITY.street[s]][::23]
STARTS = [(s, INSIDE) for s in CITY.subway] + [(s, f) for s in STREETS for f in range(4)] + [
    (b, INSIDE) for b in list(CITY.buildings)[::9]]


def test_gang_moves_are_reachs_ends_in_both_statuses() -> None:
    """``move``/``wheels``: every end of ``reach`` for a gang piece, criminal then
    citizen, for gangs with and without joints to pass through."""
    joints = frozenset(list(CITY.buildings)[:12:3])
    for through in (frozenset(), joints):
        for start, face in STARTS:
            for steps in (1, 3, 6, 12):
                ends = reach(CITY, start, face, steps, Mover.gang(through)).ends
                want = tuple(Action("move", ("thug", TOK[s], facing_word(f), status))
                             for s, f in ends for status in ("criminal", "citizen"))
                mask = sum(1 << b for b in through)
                assert ACTS.moves("move", 1, start, face, steps, mask) == want


def test_cop_moves_are_reachs_ends_and_transfers() -> None:
    """``cop``: reach's ends (a building end marked for the caller's entry test);
    ``transfer``: its transfers; a die of 0 places the cop on the spot."""
    for start, face in STARTS:
        for steps in (0, 1, 2, 4, 6):
            if steps == 0:
                ends, transfers = placed(CITY, start), ()
            else:
                found = reach(CITY, start, face, steps, Mover.cop())
                ends, transfers = found.ends, found.transfers
            moves, transfer = ACTS.cop_moves(2, start, face, steps)
            cops = [Action("cop", (COMPS.cops[2], TOK[s], facing_word(f))) for s, f in ends]
            rides = [Action("transfer", (COMPS.cops[2], TOK[s]))
                     for s, _ in sorted(set(transfers))]
            if all(f >= 0 for _, f in ends):  # nothing to check: the whole list, prebuilt
                assert moves == () and list(transfer) == cops + rides
                continue
            assert [a for a, _ in moves] == cops
            assert [b for _, b in moves] == [s if f < 0 else -1 for s, f in ends]
            assert list(transfer) == rides


def test_public_moves_are_reachs_ends() -> None:
    for start, face in STARTS:
        for steps in (-1, 0, 1, 5):
            ends = (placed(CITY, start) if steps == 0
                    else reach(CITY, start, face, steps, Mover.public()).ends)
            pairs, plain, spaces = ACTS.public_moves(1, start, face, steps)
            assert pairs == tuple(
                (Action("public", (2, TOK[s], facing_word(f))), s) for s, f in ends)
            assert plain == tuple(a for a, _ in pairs)
            assert spaces == {s for s, _ in ends}


@given(st.integers(0, 2), st.integers(0, 10), st.integers(-3, 10),
       st.tuples(st.integers(1, 500), st.integers(1, 500), st.integers(1, 900)),
       st.integers(0, 6), st.integers(0, 30_000))
def test_affordable_is_what_cost_allows(kind: int, have: int, room: int,
                                        step: tuple[int, int, int], die: int,
                                        cash: int) -> None:
    """The recruit list's count is the longest run of counts whose :func:`cost` times
    the die the cash covers, as asking ``cost`` for each count finds it."""
    want = 0
    for n in range(1, room + 1):
        if cost(kind, have, n, step) * die > cash:
            break
        want = n
    assert affordable(kind, have, room, step, die, cash) == want


def test_public_moves_leave_out_the_ends_other_public_pieces_hold() -> None:
    """6.8 in the Movement Phase's list: a public piece never ends on another; the
    prebuilt list is returned as it is only when no other stands on one of its ends."""
    asked = crowded = 0
    for seed in range(6):
        state, rng = GAME.new_game(3, seed, {"turn_limit": 40}), Rng(seed)
        while not state.is_terminal:
            if state.phase == MOVE:
                white = state.dice[WHITE]
                for k, where in enumerate(state.pub_at):
                    if where < 0:
                        continue
                    pairs, plain, _ = state.fig.acts.public_moves(
                        k, where, state.pub_face[k], white)
                    others = [a for j, a in enumerate(state.pub_at) if j != k and a >= 0]
                    want = [a for a, s in pairs if s not in others]
                    got = state._public_actions(k, where, state.pub_face[k], white)
                    assert list(got) == want
                    asked += 1
                    crowded += len(want) < len(plain)
            state.step(rng.choice(state.legal_actions()))
    assert asked > 100 and crowded > 0


def _victory_in_full(state: object, seat: int) -> str:
    """15.1 as ``victory`` asked it before it stopped early below ``Figures.fewest``."""
    st: Any = state
    target = int(st.options.get("cash") or st.fig.win_cash)
    if not all(st.strength[3 * seat + k] > 0 for k in range(3)):
        return ""
    joints = st.joints(seat)
    held = Counter(st.comps.city.colour[b] for b in joints)
    complete = [c for c, n in st.fig.counts.items() if held[c] == n]
    wins = [f"every {c} joint" for c in complete[:1]]
    wins += [f"{len(joints)} joints"] * (len(joints) >= st.fig.win_joints)
    wins += [f"${st.cash[seat]:,} in cash"] * (st.cash[seat] >= target)
    return wins[0] if wins else ""


def test_victory_stops_early_only_where_no_win_is_possible() -> None:
    """``Figures.fewest`` is the fewest joints any win by joints needs (the smallest
    colour, or ``win_joints``): below it and short of the cash, ``victory`` says no win
    without counting colours, and it says what the full count says everywhere."""
    fig = GAME.new_game(3, 0).fig
    assert fig.fewest == min(fig.win_joints, *fig.counts.values()) == 4
    asked = 0
    for seed in range(4):
        state, rng = GAME.new_game(3, seed, {"turn_limit": 40}), Rng(seed)
        while not state.is_terminal:
            for seat in range(state.players):
                assert state.victory(seat) == _victory_in_full(state, seat)
                asked += 1
            state.step(rng.choice(state.legal_actions()))
    assert asked > 1_000  # (a win at exactly ``fewest``: test_15_1_every_red_joint_wins)


def test_cash_amounts_are_every_hundred_up_to_the_top() -> None:
    assert ACTS.cash("ask", 0) == [] and ACTS.cash("ask", 99) == []
    assert ACTS.cash("pay", 1_250) == [Action("pay", (x,)) for x in range(100, 1_300, 100)]
    assert ACTS.cash("pay", 300) == [Action("pay", (x,)) for x in (100, 200, 300)]
    assert [str(a) for a in ACTS.place[:1]] == [f"place {TOK[0]}"]
    assert KINDS == ("racketeer", "thug", "vamp")


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 11, {"donuts": True}),
    (5, 12, {"secret_cash": True}),
    (4, 13, {"wheels": True, "heaters": True, "siren": True, "random_order": True}),
])
def test_stepping_reaches_what_applying_does(players: int, seed: int,
                                             options: dict[str, object]) -> None:
    """A game applied and its twin stepped (no events built) keep the same position, the
    same legal actions and the same views at every decision."""
    options = {"turn_limit": 60, **options}
    loud, quiet = GAME.new_game(players, seed, options), GAME.new_game(players, seed, options)
    rng = Rng(seed)
    for i in range(4_000):
        if loud.is_terminal:
            break
        assert quiet.legal_actions() == loud.legal_actions()
        if i % 5 == 0:
            assert quiet.view(loud.current_player) == loud.view(loud.current_player)
        action = rng.choice(loud.legal_actions())
        loud.apply(action)
        quiet.step(action)
        assert quiet.to_json() == loud.to_json()
    assert quiet.is_terminal == loud.is_terminal


def test_walks_off_the_tables_are_worked_out_the_same() -> None:
    """The memos are flat tables up to ``paths.STEPS`` steps (``paths.slot``); a longer
    walk is worked out again each time, to the same moves as ``reach``'s."""
    assert slot(len(TOK), 0, INSIDE, STEPS) == -1
    for start, face in STARTS[:3]:
        ends = reach(CITY, start, face, STEPS, Mover.gang()).ends
        want = tuple(Action("wheels", ("vamp", TOK[s], facing_word(f), status))
                     for s, f in ends for status in ("criminal", "citizen"))
        assert ends and ACTS.moves("wheels", 2, start, face, STEPS, 0) == want
        found = reach(CITY, start, face, STEPS, Mover.cop())
        moves, transfers = ACTS.cop_moves(0, start, face, STEPS)
        assert [a.args[1] for a, _ in moves] + [a.args[1] for a in transfers] == \
            [TOK[s] for s, _ in found.ends] + [TOK[s] for s, _ in sorted(set(found.transfers))]
        pairs, _, _ = ACTS.public_moves(0, start, face, STEPS)
        assert [s for _, s in pairs] == [s for s, _ in reach(
            CITY, start, face, STEPS, Mover.public()).ends]


def test_the_gang_walk_memo_starts_over_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """A gang piece's walks depend on its joints too, so their memo is bounded: past
    ``MEMO`` of them it is emptied, and what is asked again is worked out again, the same."""
    monkeypatch.setattr(acts_module, "MEMO", 3)
    acts, fresh = Acts(COMPS), Acts(COMPS)
    start = CITY.subway[0]
    joints = [sum(1 << b for b in list(CITY.buildings)[i::7]) for i in range(7)]
    first = [acts.moves("move", 0, start, INSIDE, 6, mask) for mask in joints]
    assert acts._joint_walks <= 3
    assert [acts.moves("move", 0, start, INSIDE, 6, mask) for mask in joints] == first
    assert first == [fresh.moves("move", 0, start, INSIDE, 6, mask) for mask in joints]

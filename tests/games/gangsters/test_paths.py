"""Gangsters movement (paths.reach): the rulebook's examples on the real map, each rule on
its own, and a property check against a deliberately simple brute force that enumerates
whole paths over the bare adjacency of the map and then checks every rule on each path."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from gangland.games.gangsters import paths
from gangland.games.gangsters.city import DIRS
from gangland.games.gangsters.components import default_components
from gangland.games.gangsters.paths import COP, GANG, INSIDE, PUBLIC, Mover, reach

CITY = default_components().city
N, E, S, W = range(4)
SPACES = range(len(CITY.names))
STREETS = [s for s in SPACES if CITY.street[s]]
BUILDINGS = [s for s in SPACES if not CITY.street[s]]
JOINED = sorted({b for b in BUILDINGS if CITY.joined[b]})


def sp(name: str) -> int:
    return CITY.space(name)


def ends(start, face, steps, mover):
    return set(reach(CITY, start, face, steps, mover).ends)


def spaces(start, face, steps, mover):
    return {s for s, _ in ends(start, face, steps, mover)}


def free(s):
    """An end with free facing: one entry per direction with a street neighbour."""
    return {(s, d) for d in range(4) if CITY.step[s][d] >= 0}


def toward(target):
    """A street neighbour of ``target`` and the facing that steps into it."""
    d = next(d for d in range(4) if CITY.step[target][d] >= 0)
    return CITY.step[target][d], (d + 2) % 4


SHOP, BIKES, BURLY = sp("Shop 'n' Save"), sp("Brandon's Bikeshop"), sp("Burly's Beefhaus")
LOU, HOTEL, GRIND, MAC = (sp("Lou's Diner"), sp("Hawthorne Hotel"), sp("Grinders'"),
                          sp("Mac's Quick-Stop"))
CORNER = sp("Riverside Drive & Central Ave")
NORTH = CITY.step[CORNER][N]  # Central Ave, one space before the intersection
WEST1, EAST1 = CITY.step[CORNER][W], CITY.step[CORNER][E]
WEST2, EAST2 = CITY.step[WEST1][W], CITY.step[EAST1][E]


# -- the rulebook's examples ---------------------------------------------------------------


def test_6_4_the_thug_rolls_a_black_3():
    assert {CITY.entrance_of[SHOP], CITY.entrance_of[BIKES]} == {WEST1, EAST1}
    got = ends(NORTH, S, 3, Mover.gang())
    assert {(SHOP, INSIDE), (BIKES, INSIDE), (WEST2, W), (EAST2, E)} <= got
    # no 180-degree turn: never back up Central Ave, never on the start space
    assert not {s for s, _ in got} & {NORTH, CITY.step[NORTH][N], CORNER}
    assert all(f != N for s, f in got if CITY.street[s])


def test_6_4_the_vamp_leaves_the_shop_whatever_her_facing():
    vamp = Mover.gang(frozenset({SHOP}))
    door = CITY.entrance_of[SHOP]
    assert ends(SHOP, INSIDE, 1, vamp) == free(door)
    two = ends(SHOP, INSIDE, 2, vamp)
    assert (CITY.step[door][W], W) in two and (CITY.step[door][E], E) in two
    assert (NORTH, N) in ends(SHOP, INSIDE, 3, vamp)  # onto Central Ave
    # through Burly's Beefhaus only when her gang owns it
    out = free(CITY.entrance_of[BURLY])
    assert out <= ends(SHOP, INSIDE, 2, Mover.gang(frozenset({SHOP, BURLY})))
    assert not out & two


def test_6_6_joined_joints_from_lous_diner():
    assert spaces(LOU, INSIDE, 1, Mover.gang(frozenset({LOU, HOTEL}))) >= {HOTEL}
    assert spaces(LOU, INSIDE, 1, Mover.gang(frozenset({LOU, GRIND}))) >= {GRIND}
    assert not spaces(LOU, INSIDE, 1, Mover.gang(frozenset({LOU}))) & {HOTEL, GRIND}
    # Mac's Quick-Stop touches the diner but is not joined: never straight in, owned or not
    for owned in ({LOU}, {LOU, MAC}, {LOU, MAC, HOTEL, GRIND}):
        assert MAC not in spaces(LOU, INSIDE, 1, Mover.gang(frozenset(owned)))
    # a chain of joints
    assert BURLY in spaces(GRIND, INSIDE, 1, Mover.gang(frozenset({GRIND, BURLY})))
    assert BURLY in spaces(LOU, INSIDE, 2, Mover.gang(frozenset({LOU, GRIND, BURLY})))
    assert BURLY not in spaces(LOU, INSIDE, 2, Mover.gang(frozenset({LOU, BURLY})))


def test_a_gangster_in_an_unowned_building_only_walks_out():
    assert ends(LOU, INSIDE, 1, Mover.gang(frozenset({HOTEL, GRIND}))) == free(
        CITY.entrance_of[LOU])


# -- buildings: exact count, joints, cops and the public (6.6, 8.5, 9.4) -------------------


def test_exact_count_into_another_gangs_building():
    assert SHOP in spaces(WEST2, E, 2, Mover.gang())
    for mover in (Mover.gang(), Mover.gang(frozenset({SHOP}))):
        assert SHOP not in spaces(WEST2, E, 3, mover)
    assert BURLY not in spaces(WEST2, E, 3, Mover.gang(frozenset({SHOP})))


def test_through_own_joints():
    both = Mover.gang(frozenset({SHOP, BURLY}))
    assert BURLY in spaces(WEST2, E, 3, both)
    assert free(CITY.entrance_of[BURLY]) <= ends(WEST2, E, 4, both)
    # but not on from an own joint straight into one it does not own
    assert BURLY not in spaces(WEST2, E, 3, Mover.gang(frozenset({SHOP}), lambda b: True))


def test_cops_and_the_public_never_pass_through():
    for kind in (COP, PUBLIC):
        mover = Mover(kind, frozenset({SHOP, BURLY}))
        assert SHOP in spaces(WEST2, E, 2, mover)
        assert BURLY not in spaces(WEST2, E, 3, mover)
        assert not free(CITY.entrance_of[BURLY]) <= ends(WEST2, E, 4, mover)


def test_enter_is_asked_of_the_last_step_only():
    asked = []

    def no_shop(b):
        asked.append(b)
        return b != SHOP

    got = spaces(NORTH, S, 3, Mover.gang(frozenset(), no_shop))
    assert BIKES in got and SHOP not in got
    assert set(asked) == {SHOP, BIKES}
    # passing through an own joint needs no leave from enter
    assert BURLY in spaces(WEST2, E, 3, Mover.gang(frozenset({SHOP, BURLY}),
                                                   lambda b: b == BURLY))


def test_a_remembered_walk_still_asks_each_movers_enter(monkeypatch):
    """Walks are remembered (``paths.MEMO``) but ``enter`` belongs to the position: the
    same walk asked again with another answer ends elsewhere, and a full memo starts over."""
    from gangland.games.gangsters import paths

    free_to_enter = spaces(NORTH, S, 3, Mover.gang())
    assert {SHOP, BIKES} <= free_to_enter
    assert spaces(NORTH, S, 3, Mover.gang(enter=lambda b: b != SHOP)) == free_to_enter - {SHOP}
    assert spaces(NORTH, S, 3, Mover.gang()) == free_to_enter
    monkeypatch.setattr(paths, "MEMO", 2)
    # Walks other tests left in the memo would be found there, and a found walk adds
    # nothing to empty it for: start from none, so that each of the four is new.
    paths.graph(CITY).memo.clear()
    for steps in (1, 2, 3, 4):
        reach(CITY, NORTH, S, steps, Mover.gang())
    assert len(paths.graph(CITY).memo) <= 2


# -- re-entry (6.5) ------------------------------------------------------------------------


def test_re_entry():
    door = CITY.entrance_of[SHOP]
    mine = Mover.gang(frozenset({SHOP}))
    # a street start may be entered once more: in at the door and straight out again
    assert free(door) <= ends(door, E, 2, mine)
    # a building start may not: out of the door and back in
    assert SHOP not in spaces(SHOP, INSIDE, 2, mine)
    # a space entered on the way may not be entered again
    before, face = CITY.step[door][W], E
    assert door not in spaces(before, face, 3, mine)


# -- bridges (6.41) ------------------------------------------------------------------------


def test_bridges():
    for name in ("Central Avenue Bridge 1", "The Viaduct 1"):
        deck = sp(name)
        under = CITY.at(*CITY.cell[deck], beneath=True)
        assert under != deck
        for face in (INSIDE, *range(4)):
            for k in (1, 2):
                assert deck not in spaces(under, face, k, Mover.gang())
                assert under not in spaces(deck, face, k, Mover.gang())


# -- subways (10.2, 10.3, 9.6) -------------------------------------------------------------


def test_transfers():
    one = CITY.subway[0]
    others = [t for t in CITY.subway if t != one]
    start, face = toward(one)
    arrive = (one, face)
    # a gangster: stays, or is placed on any other subway, free to face any way
    got = ends(start, face, 1, Mover.gang())
    assert got == {arrive}.union(*(free(t) for t in others))
    assert ends(start, face, 1, Mover.gang(transfer=False)) == {arrive}
    # the public never transfers
    assert ends(start, face, 1, Mover.public()) == {arrive}
    # a cop's transfer is reported, and its search stops there
    for k in (1, 3):
        out = reach(CITY, start, face, k, Mover.cop())
        assert (one, k - 1) in out.transfers
        assert all(t == one for t, _ in out.transfers)
    assert set(reach(CITY, start, face, 1, Mover.cop()).ends) == {arrive}
    assert reach(CITY, start, face, 1, Mover.cop(transfer=False)).transfers == ()
    # with steps left the gangster walks on from the other subway
    two = spaces(start, face, 2, Mover.gang())
    assert all(any(CITY.step[t][d] in two for d in range(4)) for t in others)


def _distance(a, b):
    """Fewest street steps from subway ``a`` (any facing) to subway ``b``, by forward moves."""
    layer, seen = {(a, INSIDE)}, set()
    for k in range(1, 200):
        layer = {m for s, f in layer for m in CITY.forward(s, f)} - seen
        seen |= layer
        if any(s == b for s, _ in layer):
            return k
    raise AssertionError("unreachable")


def test_one_transfer_a_move():
    """Into subway a, ride to b, walk into subway c: no second ride from c (10.2)."""
    a = CITY.subway[0]
    m = min(_distance(b, c) for b in CITY.subway for c in CITY.subway
            if b != c and a not in (b, c))
    start, face = toward(a)
    steps = 1 + m
    got = ends(start, face, steps, Mover.gang())
    want, _ = brute(start, face, steps, Mover.gang())
    assert got == want
    # the brute force with the limit lifted finds more: the limit is what keeps them out
    twice, _ = brute(start, face, steps, Mover.gang(), rides=2)
    assert twice > want


def test_a_ride_never_lands_on_a_space_already_entered():
    """Decision: the placement after a ride enters that subway for 6.5."""
    m, x = min((_distance(x, y), x) for x in CITY.subway for y in CITY.subway if x != y)
    # started on x: x may be entered once more, so the ride from y may land there
    assert free(x) <= ends(x, INSIDE, m, Mover.gang())
    # walked into x first: x is entered already, so no ride back to it
    start, face = toward(x)
    for k in range(m + 1, m + 3):
        assert x not in spaces(start, face, k, Mover.gang())
        assert ends(start, face, k, Mover.gang()) == brute(start, face, k, Mover.gang())[0]


def test_starting_on_a_subway_is_no_transfer():
    for t in CITY.subway:
        got = spaces(t, INSIDE, 1, Mover.gang())
        assert not got & set(CITY.subway)


def test_no_move_without_steps():
    assert reach(CITY, NORTH, S, 0, Mover.gang()).ends == ()


# -- the brute force -----------------------------------------------------------------------


def _walks(here: int, rides: int, walks_left: int, mover: Mover, used: frozenset[int]
           ) -> Iterator[list[tuple[str, int]]]:
    """Every sequence of events over the bare adjacency: a walk to any street neighbour
    (back included), into any building entered from here, out of a building or into any
    building joined to it; a ride from any subway to any other (``rides`` at most). The
    one rule applied here, to keep the count small, is that no space is entered twice
    (``used``); the checker checks it again with the rest."""
    if walks_left == 0:
        yield []
    if CITY.street[here] and here in CITY.subway and rides:
        for t in CITY.subway:
            if t != here and t not in used:
                if mover.kind == COP:
                    yield [("xfer", t)]
                else:
                    for rest in _walks(t, rides - 1, walks_left, mover, used | {t}):
                        yield [("xfer", t), *rest]
    if walks_left == 0:
        return
    if CITY.street[here]:
        nexts = [t for t in CITY.step[here] if t >= 0] + list(CITY.entrances[here])
    else:
        nexts = [CITY.entrance_of[here], *CITY.joined[here]]
    for t in nexts:
        if t not in used:
            for rest in _walks(t, rides, walks_left - 1, mover, used | {t}):
                yield [("walk", t), *rest]


def _check(start, face, steps, mover, path, rides=1):
    """Apply every rule to one whole path: its ends (as reach reports them), its cop
    transfer, or None when the path breaks a rule. ``rides``: transfers allowed (10.2)."""
    through = mover.through if mover.kind == GANG else frozenset()
    here, facing, walked, rode = start, face, 0, 0
    entered = Counter()
    last_event = None
    for i, (kind, t) in enumerate(path):
        if kind == "xfer":
            # 10.3: only straight after a step into a subway; 10.2: once, never the public
            if last_event != "walk" or here not in CITY.subway or rode == rides:
                return None
            if not mover.transfer or mover.kind == PUBLIC or t == here:
                return None
            rode += 1
            if mover.kind == COP:  # 9.6: off the board
                return ("transfer", (here, steps - walked)) if i == len(path) - 1 else None
            facing = INSIDE
        else:
            walked += 1
            last = walked == steps
            if CITY.street[here] and CITY.street[t]:
                d = CITY.step[here].index(t)
                if facing != INSIDE:
                    if d == (facing + 2) % 4:  # 6.4: never straight back
                        return None
                    crossing = sum(n >= 0 for n in CITY.step[here]) >= 3
                    bend = CITY.step[here][facing] < 0
                    if d != facing and not (crossing or bend):
                        return None
                facing = d
            elif CITY.street[here]:  # into a building by its entrance, any facing
                if CITY.entrance_of[t] != here:
                    return None
                if not last and t not in through:  # 8.5: others' buildings end the move
                    return None
                facing = INSIDE
            elif CITY.street[t]:  # out by the entrance, then any way
                if CITY.entrance_of[here] != t:
                    return None
                facing = INSIDE
            else:  # 6.6: joint to joined joint, both owned
                if t not in CITY.joined[here] or here not in through or t not in through:
                    return None
                facing = INSIDE
            if last and not CITY.street[t] and not mover.enter(t):
                return None
        entered[t] += 1
        # 6.5: never twice; the start once (a street start), a building start never
        if entered[t] > 1 or (t == start and not CITY.street[start]):
            return None
        here, last_event = t, kind
    if walked != steps:
        return None
    if not CITY.street[here]:
        return ("ends", {(here, INSIDE)})
    if facing == INSIDE:
        return ("ends", free(here))
    return ("ends", {(here, facing)})


def brute(start, face, steps, mover, rides=1):
    """The ends and cop transfers of every path the checker passes."""
    got_ends, got_transfers = set(), set()
    for path in _walks(start, rides, steps, mover, frozenset()):
        res = _check(start, face, steps, mover, path, rides)
        if res is None:
            continue
        if res[0] == "ends":
            got_ends |= res[1]
        else:
            got_transfers.add(res[1])
    return got_ends, got_transfers




@st.composite
def moves(draw, max_steps=6):
    start = draw(st.sampled_from(SPACES))
    face = draw(st.sampled_from((INSIDE, *range(4)))) if CITY.street[start] else INSIDE
    steps = draw(st.integers(1, max_steps))
    kind = draw(st.sampled_from((GANG, GANG, COP, PUBLIC)))
    owned = draw(st.sets(st.sampled_from(JOINED + BUILDINGS)))
    if not CITY.street[start] and draw(st.booleans()):
        owned.add(start)
    barred = draw(st.sets(st.sampled_from(BUILDINGS)))
    mover = Mover(kind, frozenset(owned), lambda b: b not in barred, draw(st.booleans()))
    return start, face, steps, mover


@settings(max_examples=200, deadline=None)
@given(moves())
def test_reach_agrees_with_the_brute_force(move):
    start, face, steps, mover = move
    out = reach(CITY, start, face, steps, mover)
    want_ends, want_transfers = brute(start, face, steps, mover)
    assert set(out.ends) == want_ends
    assert set(out.transfers) == want_transfers
    assert list(out.ends) == sorted(out.ends) and len(set(out.ends)) == len(out.ends)
    if mover.kind != COP:
        assert out.transfers == ()


@settings(max_examples=25, deadline=None)
@given(moves(max_steps=10).filter(lambda m: m[2] > 6))
def test_longer_moves_agree_with_the_brute_force(move):
    start, face, steps, mover = move
    out = reach(CITY, start, face, steps, mover)
    assert (set(out.ends), set(out.transfers)) == brute(start, face, steps, mover)


def test_every_start_one_to_three_steps_against_the_brute_force():
    """All spaces, all facings, a gang owning every joined building, steps 1..3."""
    mover = Mover.gang(frozenset(JOINED), lambda b: b % 3 != 0)
    for start in SPACES:
        for face in (INSIDE, *range(4)) if CITY.street[start] else (INSIDE,):
            for steps in (1, 2, 3):
                want, _ = brute(start, face, steps, mover)
                assert set(reach(CITY, start, face, steps, mover).ends) == want, (
                    CITY.names[start], DIRS[face] if face >= 0 else "-", steps)


def test_wheels_reach_far_and_every_end_is_a_real_space():
    out = reach(CITY, NORTH, S, 18, Mover.gang(frozenset(JOINED)))
    assert out.ends and all(0 <= s < len(CITY.names) for s, _ in out.ends)
    assert all((f == INSIDE) != CITY.street[s] for s, f in out.ends)


def test_the_walk_memo_keeps_only_joints_the_walk_could_enter():
    """``walk_ends`` keys a walk by the gang's joints near the start (``paths.nearby``):
    the walk with every joined building and every third building owned ends where the
    same walk with all of them does, from every space, for moves of 1 to 7 steps (and
    the filter does drop far joints, or it would share nothing)."""
    g = paths.graph(CITY)
    owned = sum(1 << b for b in BUILDINGS if b in JOINED or b % 3 == 0)
    dropped = 0
    for start in SPACES:
        for face in (INSIDE, *range(4)) if CITY.street[start] else (INSIDE,):
            for steps in range(1, 8):
                near = owned & paths.nearby(g, start, steps)
                dropped += near != owned
                assert paths._walk(g, start, face, steps, GANG, owned, True) == \
                    paths._walk(g, start, face, steps, GANG, near, True)
    assert dropped > 0


def test_a_walk_depends_only_on_the_joints_it_could_pass_through():
    """``paths.passable``, the tight key of the walk memos: a walk owning some joints ends
    where the same walk owning only those of them it could pass through does, from every
    space and facing, 1 to 7 steps, with a transfer and without; and the mask is within
    ``nearby``, and tighter than it (or keying by it would share no more walks)."""
    g = paths.graph(CITY)
    ownings = [sum(1 << b for b in BUILDINGS if b in JOINED or b % 3 == 0),
               sum(1 << b for b in BUILDINGS if b % 2 == 1),
               sum(1 << b for b in BUILDINGS)]
    tighter = 0
    for start in SPACES:
        for face in (INSIDE, *range(4)) if CITY.street[start] else (INSIDE,):
            for steps in range(1, 8):
                for tr in (True, False):
                    mask = paths.passable(g, start, face, steps, tr)
                    near = paths.nearby(g, start, steps)
                    assert mask & ~near == 0
                    tighter += mask != near
                    for owned in ownings:
                        assert paths._walk(g, start, face, steps, GANG, owned, tr) == \
                            paths._walk(g, start, face, steps, GANG, owned & mask, tr)
    assert tighter > 0

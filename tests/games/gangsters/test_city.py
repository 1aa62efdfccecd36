"""The Gangsters city map: the shipped map's figures, the rulebook's movement examples,
and the parser's refusal of broken maps (each message checked)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangland.engine.errors import ComponentError
from gangland.games.gangsters.city import (
    COLOURS,
    DEFAULT_MAP,
    DIRS,
    JOINT_COUNTS,
    E,
    N,
    S,
    W,
    default_city,
    opposite,
    parse_city,
)

CITY = default_city()
STREETS = [s for s in range(len(CITY.names)) if CITY.street[s]]
# Every (space, facing) a piece can have after moving onto a street space.
ARRIVALS = [(s, d) for s in STREETS for d in range(4) if CITY.step[s][opposite(d)] >= 0]


def sp(name: str) -> int:
    return CITY.space(name)


# -- the shipped map's figures -------------------------------------------------------------


def test_size_and_counts():
    assert 150 <= len(STREETS) <= 260
    assert max(len(row) for row in CITY.rows) + 3 <= 100  # fits a terminal
    colours = Counter(CITY.colour[b] for b in CITY.buildings)
    assert {c: colours[c] for c in COLOURS} == JOINT_COUNTS
    assert sum(colours[c] for c in COLOURS) == 39
    assert colours["gray"] == 12
    assert all(CITY.value[b] == (0 if CITY.colour[b] == "gray" else
                                 600 - 100 * COLOURS.index(CITY.colour[b]))
               for b in CITY.buildings)
    assert all(CITY.colour[s] == "" and CITY.value[s] == 0 for s in STREETS)


def test_names_are_unique_and_found():
    assert len(set(CITY.names)) == len(CITY.names)
    for s, name in enumerate(CITY.names):
        assert CITY.space(name) == s
    with pytest.raises(ValueError, match="no space called 'Nowhere'"):
        CITY.space("Nowhere")


def test_the_published_names_are_all_there():
    for name in ("Hawthorne Hotel", "Astoria House", "Lou's Diner", "Grinders'",
                 "Burly's Beefhaus", "Shop 'n' Save", "Brandon's Bikeshop",
                 "Mac's Quick-Stop", "Brizelli's Riverside", "Downtown Bus Station",
                 "Taylor's Machine Shop", "Greenwood Park", "Ambassadors' Club",
                 "Brzkowski's Imports", "Pussycat Club", "Caravan Club", "Hotel Belgrave",
                 "SMC Cartage Co.", "Channel View", "Franklin Hostel", "Wylie's Storage",
                 "Palace Chophouse", "Jack's Auto Body", "Frankie's House of Cards"):
        assert not CITY.street[sp(name)]
    assert CITY.colour[sp("Hawthorne Hotel")] == "red"
    assert CITY.value[sp("Hawthorne Hotel")] == 600
    assert CITY.colour[sp("Astoria House")] == "red"  # 8.2/8.3: both improvable reds
    assert sp("Riverside Drive 1") >= 0
    assert sp("Central Ave 1") >= 0


def test_six_subways_numbered_one_to_six():
    assert len(CITY.subway) == 6
    assert [CITY.names[s] for s in CITY.subway] == [f"Subway {k}" for k in range(1, 7)]
    assert all(CITY.street[s] and not CITY.intersection[s] for s in CITY.subway)
    rows = {CITY.cell[s][0] // 7 for s in CITY.subway}
    cols = {CITY.cell[s][1] // 11 for s in CITY.subway}
    assert len(rows) == 3 and len(cols) == 3  # spread over the map


def test_thirteen_buildings_one_move_from_a_subway_exit():
    near = CITY.subway_buildings()
    assert len(near) == 13
    assert all(CITY.entrance_of[b] in CITY.subway for b in near)
    assert len({CITY.colour[b] for b in near}) == 7  # every kind, gray included
    # ... and by movement: a piece leaving subway k enters them with a move of exactly 1
    one_move = {p[-1][0] for s in CITY.subway for p in CITY.paths(s, -1, 1)}
    assert {b for b in one_move if not CITY.street[b]} == set(near)


def test_every_building_has_one_entrance_on_a_street():
    for b in CITY.buildings:
        door = CITY.entrance_of[b]
        assert CITY.street[door]
        assert b in CITY.entrances[door]
        assert CITY.step[b] == (-1, -1, -1, -1)
    assert sum(len(CITY.entrances[s]) for s in STREETS) == len(CITY.buildings)
    assert all(CITY.entrance_of[s] == -1 for s in STREETS)


def test_joined_buildings_are_symmetric_and_touch():
    pairs = 0
    for b in CITY.buildings:
        for j in CITY.joined[b]:
            assert b in CITY.joined[j] and j != b and not CITY.street[j]
            cells = set(CITY.cells[b])
            assert any((r + dr, c + dc) in cells for r, c in CITY.cells[j]
                       for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
            pairs += 1
    assert pairs // 2 >= 5


def test_no_two_touching_joints_share_a_colour():
    for a in CITY.buildings:
        for b in CITY.buildings:
            if a < b and CITY.colour[a] == CITY.colour[b] != "gray":
                cells = set(CITY.cells[a])
                assert not any((r + dr, c + dc) in cells for r, c in CITY.cells[b]
                               for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))), (
                    CITY.names[a], CITY.names[b])


def test_intersections_are_spaces_joined_to_three_or_more():
    for s in STREETS:
        links = sum(1 for t in CITY.step[s] if t >= 0)
        assert links >= 2  # no dead end anywhere
        assert CITY.intersection[s] == (links >= 3)
        for d in range(4):
            t = CITY.step[s][d]
            assert t == -1 or CITY.step[t][opposite(d)] == s  # streets are two-way
    assert CITY.intersection[sp("Riverside Drive & Central Ave")]
    assert not any(CITY.intersection[b] for b in CITY.buildings)


def test_no_dead_ends_a_piece_always_has_a_move():
    for s, d in ARRIVALS:
        assert CITY.forward(s, d), (CITY.names[s], DIRS[d])


def test_every_street_space_reaches_every_other():
    """The (space, facing) graph of legal street moves is strongly connected."""
    def reach(edges):
        seen, todo = {ARRIVALS[0]}, [ARRIVALS[0]]
        while todo:
            for nxt in edges.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    fwd = {a: CITY.forward(*a) for a in ARRIVALS}
    back: dict = {}
    for a, outs in fwd.items():
        for b in outs:
            back.setdefault(b, []).append(a)
    assert reach(fwd) == set(ARRIVALS)
    assert reach(back) == set(ARRIVALS)


@given(st.sampled_from(ARRIVALS))
def test_forward_never_turns_back_and_turns_only_at_intersections(arrival):
    s, d = arrival
    moves = CITY.forward(s, d)
    for t, new in moves:
        assert new != opposite(d)
        assert CITY.step[s][new] == t
    if not CITY.intersection[s]:
        assert len(moves) == 1  # straight on, or round the bend
        if CITY.step[s][d] >= 0:
            assert moves == [(CITY.step[s][d], d)]
    else:
        assert {new for _, new in moves} == {
            x for x in (d, (d + 1) % 4, (d + 3) % 4) if CITY.step[s][x] >= 0}


@given(st.sampled_from(ARRIVALS), st.integers(1, 6))
def test_paths_are_legal_street_moves(arrival, k):
    for path in CITY.paths(*arrival, k):
        assert len(path) == k
        assert len({s for s, _ in path}) == k  # no space entered twice (6.5)
        here, face = arrival
        for i, (s, new) in enumerate(path):
            if CITY.street[s]:
                assert (s, new) in CITY.forward(here, face)
            else:
                assert i == k - 1 and CITY.entrance_of[s] == here and new == -1
            here, face = s, new


def test_bends_are_followed():
    corner = sp("Ontario St & Western Ave")
    assert not CITY.intersection[corner]
    assert CITY.forward(corner, W) == [(CITY.step[corner][S], S)]
    assert CITY.forward(corner, N) == [(CITY.step[corner][E], E)]


# -- bridges (6.41) ------------------------------------------------------------------------


@pytest.mark.parametrize(("bridge", "beneath"), [("Central Avenue Bridge 1", "Water St"),
                                                 ("The Viaduct 1", "Water St")])
def test_bridges_cross_a_street_without_joining_it(bridge, beneath):
    deck = sp(bridge)
    row, col = CITY.cell[deck]
    under = CITY.at(row, col, beneath=True)
    assert under != deck and CITY.at(row, col) == deck
    assert CITY.names[under].startswith(beneath)
    assert CITY.cell[under] == (row, col)
    for s in (deck, under):
        assert not CITY.intersection[s]
        assert CITY.step[s].count(-1) == 2
        assert under not in CITY.step[deck] and deck not in CITY.step[under]
        assert not CITY.entrances[s]
    assert CITY.step[deck][E] == CITY.step[deck][W] == -1  # the deck runs north-south
    assert CITY.step[under][N] == CITY.step[under][S] == -1
    # a piece beneath never climbs onto the bridge, whatever it rolls
    for k in range(1, 5):
        for d in (E, W):
            assert all(s != deck for p in CITY.paths(under, d, k) for s, _ in p)


def test_two_bridges():
    decks = [s for s in STREETS if CITY.names[s].startswith(("Central Avenue Bridge",
                                                             "The Viaduct"))]
    crossings = {CITY.cell[s] for s in STREETS
                 if sum(1 for t in STREETS if CITY.cell[t] == CITY.cell[s]) == 2}
    assert len(crossings) == 2
    assert {CITY.cell[s] for s in decks} >= crossings


# -- the rulebook's examples ---------------------------------------------------------------


def test_6_4_the_thug_at_riverside_and_central():
    """A black 3 one space before Riverside & Central, facing it (6.4)."""
    start = sp("Central Ave 5")
    t = sp("Riverside Drive & Central Ave")
    assert CITY.step[start][S] == t
    paths = CITY.paths(start, S, 3)
    ends = {p[-1][0] for p in paths}
    west, east = CITY.step[t][W], CITY.step[t][E]
    assert ends == {sp("Shop 'n' Save"), sp("Brandon's Bikeshop"), CITY.step[west][W],
                    CITY.step[east][E]}
    assert all(p[0][0] == t and p[1][0] in (west, east) for p in paths)
    assert all(s != start for p in paths for s, _ in p)  # he never turns back
    assert CITY.entrance_of[sp("Shop 'n' Save")] == west
    assert CITY.entrance_of[sp("Brandon's Bikeshop")] == east
    assert CITY.names[west].startswith("Riverside Drive")
    assert CITY.names[CITY.step[east][E]].startswith("Riverside Drive")


def test_6_4_the_vamp_leaves_the_shop_n_save():
    shop = sp("Shop 'n' Save")
    ends = {p[-1][0] for facing in (-1, N, E, S, W) for p in CITY.paths(shop, facing, 3)}
    central = sp("Central Ave 5")
    riverside_west = CITY.step[CITY.step[CITY.entrance_of[shop]][W]][W]
    assert central in ends and riverside_west in ends
    assert sp("Burly's Beefhaus") in CITY.joined[shop]  # she may also leave through it


def test_6_6_joined_buildings():
    lou = sp("Lou's Diner")
    joined = {CITY.names[b] for b in CITY.joined[lou]}
    assert {"Hawthorne Hotel", "Grinders'"} <= joined
    assert "Mac's Quick-Stop" not in joined
    macs = set(CITY.cells[sp("Mac's Quick-Stop")])
    assert any((r, c + 1) in macs or (r + 1, c) in macs for r, c in CITY.cells[lou])  # touching
    assert sp("Burly's Beefhaus") in CITY.joined[sp("Grinders'")]


# -- text ------------------------------------------------------------------------------------


def test_render_gives_back_the_map_block():
    text = DEFAULT_MAP.read_text(encoding="utf-8")
    block = text.split("[map]\n")[1].split("\n\n")[0]
    rows = [line for line in block.splitlines() if not line.startswith(";")]
    assert CITY.render() == "\n".join(rows)
    assert "#1" in CITY.render() and "#6" in CITY.render()


def test_reparsing_the_rendered_map_with_the_legend_gives_the_same_city():
    text = DEFAULT_MAP.read_text(encoding="utf-8")
    again = parse_city(text, "copy.txt")
    assert again == CITY


# -- the parser refuses broken maps ----------------------------------------------------------

TINY = """\
; a small map: a ring of streets round one block
[map]
 0 ..#1....#2....
 1 ..HHhhHHGGGG#3
 2 #6HHHHHHGGgg..
 3 ..HHHHHHGGGG..
 4 ..#5....#4....

[buildings]
HH red 600 Hotel
GG gray 0 Garage

[joined]
HH GG

[streets]
row 0 = North St
row 4 = South St
col 0 = West St
col 6 = East St
"""
ONE_RED = {"red": 1}


def tiny(text: str = TINY, **kw):
    return parse_city(text, "tiny.txt", kw.get("counts", ONE_RED))


def test_the_tiny_map_parses():
    city = tiny()
    assert len([s for s in city.street if s]) == 20
    hotel = city.space("Hotel")
    assert city.names[city.entrance_of[hotel]] == "North St 1"
    assert city.joined[hotel] == (city.space("Garage"),)
    assert city.names[city.entrance_of[city.space("Garage")]] == "East St 1"
    assert city.render() == "\n".join(TINY.split("[map]\n")[1].split("\n\n")[0].splitlines())


@pytest.mark.parametrize(("old", "new", "message"), [
    ("GGgg..", "GGg?..", r"tiny.txt line 5, col 14: unknown cell 'g\?'"),
    ("HHhhHH", "HHHHHH", r"line 4, col 6: building HH \(Hotel\) must have exactly one "
                         r"entrance cell \(written hh\), it has 0"),
    (" 3 ..HHHHHH", " 3 ..hhHHHH", r"line 6, col 6: building HH \(Hotel\) must have exactly "
                                   r"one entrance cell \(written hh\), it has 2"),
    ("..HHhhHH", "..hhHHHH", r"line 4, col 6: the entrance of HH must touch exactly one "
                             r"street space, it touches 2"),
    ("GGgg..", "ggGG..", r"line 5, col 12: the entrance of GG must touch exactly one street "
                         r"space, it touches 0"),
    ("GG gray 0 Garage", "GG gray 0 Garage\nZZ gray 0 Nowhere",
     r"line 12, col 1: building ZZ \(Nowhere\) has no cells on the map"),
    ("GGGG#3", "GGQQ#3", r"line 4, col 14: building QQ has no line in \[buildings\]"),
    ("HH red 600", "HH red 500", r"line 10, col 1: Hotel: a red building is worth 600, not 500"),
    ("HH red 600", "HH pink 600", r"line 10, col 1: Hotel: colour 'pink' is not one of red, "),
    ("HH red 600 Hotel", "HH gray 0 Hotel", r"tiny.txt: \[buildings\] lists 0 red buildings, "
                                            r"the game has 1"),
    (" 4 ..#5....#4....", " 4 ..#5....#4..~~",
     r"line 6, col 16: dead end: a street space must join at least two others"),
    ("#6HH", "..HH", r"tiny.txt: the map needs subways #1 to #6, missing #6"),
    ("#6HH", "#7HH", r"line 5, col 4: unknown cell '#7'"),
    ("#5..", "#1..", r"line 7, col 6: subway #1 is already on the map; a subway's cells must "
                     r"form one straight platform"),
    ("HH GG\n", "HH ZZ\n", r"line 14, col 1: ZZ is not a building"),
    ("HH GG\n", "HH HH\n", r"line 14, col 1: HH cannot be joined to itself"),
    ("HH GG\n", "HH GG\nGG HH\n", r"line 15, col 1: GG and HH are joined twice"),
    ("col 6 = East St\n", "", r"line 3, col 16: this street space has no name: add a "
                              r"\[streets\] col line for it"),
    ("row 0 = North St", "row 0 rows 1-3 = North St", r"line 17, col 1: a \[streets\] line"),
    (" 2 #6", " 9 #6", r"line 5, col 1: a map row starts with its number  2 and a space"),
    ("[joined]", "[joins]", r"line 13, col 1: unknown section \[joins\]"),
    ("; a small", "stray\n; a small", r"line 1, col 1: text before the first section"),
    ("GG gray 0 Garage", "GG gray 0 Hotel", r"line 11, col 1: two buildings are called 'Hotel'"),
    ("GG gray 0 Garage", "GG gray 0 North St 1",
     r"tiny.txt: building GG is called 'North St 1', like a street space"),
    ("GG gray 0 Garage", "GG gray Garage", r"line 11, col 1: a building line is: CODE colour"),
])
def test_parser_errors(old, new, message):
    assert old in TINY
    with pytest.raises(ComponentError, match=message):
        tiny(TINY.replace(old, new, 1))


def test_buildings_in_two_pieces_are_refused():
    text = TINY.replace(" 3 ..HHHHHHGGGG", " 3 ..HHHHGGHHGG")
    with pytest.raises(ComponentError, match=r"line 6, col 12: building HH is in two pieces"):
        tiny(text)


THREE = """\
[map]
 0 ..#1....#2......
 1 ..HHhhGGggeeEE#3
 2 #6HHHHGGGGEEEE..
 3 ..#5....#4......
[buildings]
HH red 600 Hotel
GG gray 0 Garage
EE gray 0 Shed
[joined]
HH EE
[streets]
row 0 = North St
row 3 = South St
col 0 = West St
col 7 = East St
"""


def test_joined_buildings_must_touch():
    with pytest.raises(ComponentError, match="line 11, col 1: HH and EE do not touch, so "
                                             "they cannot be joined"):
        tiny(THREE)
    city = tiny(THREE.replace("HH EE", "HH GG\nGG EE"))
    assert city.joined[city.space("Garage")] == (city.space("Hotel"), city.space("Shed"))


BRIDGED = """\
[map]
 0 ........#1........
 1 ..AAaaAA||BBbbBB..
 2 ..AAAAAA||BBBBBB..
 3 #2....#3|=#4....#5
 4 ..CCCCCC||DDDDDD..
 5 ..CCccCC||DDddDD..
 6 ........#6........
[buildings]
AA red 600 Ace
BB gray 0 Bee
CC gray 0 Cee
DD gray 0 Dee
[streets]
row 0 = Top St
row 3 = Low St
row 6 = Bottom St
col 0 = Left St
col 8 = Right St
col 4 rows 1-5 = High Bridge
"""


def test_a_bridge_crossing_holds_two_spaces():
    city = tiny(BRIDGED)
    deck, under = city.at(3, 4), city.at(3, 4, beneath=True)
    assert (city.names[deck], city.names[under]) == ("High Bridge 3", "Low St 3")
    assert city.step[deck] == (city.space("High Bridge 2"), -1, city.space("High Bridge 4"), -1)
    assert city.step[under] == (-1, city.subway[3], -1, city.subway[2])
    assert city.intersection[city.subway[0]] and not city.intersection[deck]
    assert not city.intersection[under]
    for k in range(1, 6):
        for p in city.paths(under, E, k) + city.paths(under, W, k):
            assert deck not in [s for s, _ in p]


def test_bridge_errors():
    with pytest.raises(ComponentError, match=r"line 3, col 10: the entrance of AA opens "
                                             r"onto a bridge"):
        tiny(BRIDGED.replace("..AAaaAA||", "..AAAAaa||"))
    with pytest.raises(ComponentError, match=r"line 3, col 12: dead end"):
        tiny(BRIDGED.replace(" 2 ..AAAAAA||", " 2 ..AAAAAA=="))


def test_a_two_cell_subway_platform_is_one_space():
    city = tiny(TINY.replace(" 0 ..#1....#2", " 0 ..#1#1..#2"))
    sub = city.subway[0]
    assert city.cells[sub] == ((0, 1), (0, 2))
    assert city.step[sub][E] >= 0 and city.step[sub][W] >= 0
    assert city.step[sub][S] == -1
    assert city.entrances[sub] == (city.space("Hotel"),)


TOKENS = ["..", "~~", "  ", "||", "==", "|=", "=|", "#1", "#3", "#7", "HH", "hh", "GG", "gg",
          "ZZ", "zz", "?!", "H.", "#"]


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 6), st.sampled_from(TOKENS)),
                min_size=1, max_size=4))
def test_any_edit_of_the_grid_parses_or_is_refused_cleanly(edits):
    """Whatever a person types into the grid, the parser answers with a City or a
    ComponentError that names a place, never a crash."""
    lines = TINY.splitlines()
    for r, c, token in edits:
        i = 2 + r
        body = lines[i][3:].ljust(14)
        lines[i] = lines[i][:3] + body[:2 * c] + token.ljust(2)[:2] + body[2 * c + 2:]
    try:
        city = tiny("\n".join(lines))
    except ComponentError as exc:
        assert str(exc).startswith("tiny.txt")
    else:
        assert all(sum(t >= 0 for t in city.step[s]) >= 2
                   for s in range(len(city.names)) if city.street[s])

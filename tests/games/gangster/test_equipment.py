"""The six kinds of special equipment: each effect and each limit the rulebook states."""

from __future__ import annotations

import pytest

from gangland import IllegalAction

from .scenario import (
    c,
    clear_tiles,
    fill,
    give,
    legal,
    load_trunk,
    new,
    park,
    play,
    set_harbour,
    stack_deck,
    tile,
    turn,
)


@pytest.fixture
def state():
    s = new(4, seed=3)
    clear_tiles(s)
    for colour in ("blue", "yellow", "brown", "gray"):
        give(s, colour)
    return s


# ----- Bodyguard -------------------------------------------------------------------------

def test_bodyguard_keeps_others_from_loading_where_its_car_stands(state):
    give(state, "yellow", "bodyguard")
    park(state, "yellow", "little-italy")
    park(state, "blue", "little-italy")
    fill(state, "little-italy", ["yellow", "brown", "blue"])
    turn(state, "blue")
    assert "load 1" not in legal(state)
    assert "load 2" in legal(state) and "load 3" in legal(state)
    with pytest.raises(IllegalAction, match="Yellow's Bodyguard"):
        state.parse_action("load 1")


def test_bodyguard_protects_only_where_the_car_stands(state):
    give(state, "yellow", "bodyguard")
    park(state, "yellow", "west-side")
    park(state, "blue", "little-italy")
    fill(state, "little-italy", ["yellow"])
    turn(state, "blue")
    assert "load 1" in legal(state)


def test_the_bodyguard_owner_still_loads_anyone_there(state):
    give(state, "yellow", "bodyguard")
    park(state, "yellow", "little-italy")
    fill(state, "little-italy", ["yellow", "brown"])
    turn(state, "yellow")
    assert {"load 1", "load 2"} <= set(legal(state))


def test_bodyguard_also_stops_the_tommy_gun(state):
    give(state, "yellow", "bodyguard")
    give(state, "blue", "tommy-gun")
    park(state, "yellow", "cicero")
    park(state, "blue", "little-italy")
    fill(state, "cicero", ["yellow", "brown"])
    turn(state, "blue")
    assert "tommy-gun cicero 1" not in legal(state)
    assert "tommy-gun cicero 2" in legal(state)


# ----- Trunk -----------------------------------------------------------------------------

def test_trunk_holds_two_of_any_colour_but_one_per_turn(state):
    give(state, "blue", "trunk")
    park(state, "blue", "little-italy")
    fill(state, "little-italy", ["yellow", "brown", "gray"])
    turn(state, "blue")
    play(state, "load 1")
    assert state.current_player == 1, "one gangster in or out per turn"
    turn(state, "blue")
    play(state, "load 2")
    assert state.trunk[c("blue")] == (c("yellow"), c("brown"))
    turn(state, "blue")
    assert "load 3" not in legal(state), "two is the limit"
    assert {"unload yellow", "unload brown"} <= set(legal(state))
    play(state, "unload brown")
    assert state.trunk[c("blue")] == (c("yellow"),)


def test_trunk_empties_both_at_the_gold_coast(state):
    give(state, "blue", "trunk")
    load_trunk(state, "blue", "yellow", "yellow")
    park(state, "blue", "the-loop")
    state.cards[c("blue")] = 1 << 1
    stack_deck(state, "police")
    set_harbour(state, "motor", "door", "bumper")
    turn(state, "blue")
    play(state, "drive 1", "to gold-coast", "breakfast")
    assert state.trunk[c("blue")] == () and state.breakfast[c("yellow")] == 2


def test_a_trunk_pushed_off_keeps_its_two_gangsters(state):
    give(state, "blue", "motor", "trunk")
    load_trunk(state, "blue", "yellow", "brown")
    park(state, "blue", "the-loop")
    state.cards[c("blue")] = 1 << 1
    stack_deck(state, "police")
    set_harbour(state, "door", "door", "bumper")
    turn(state, "blue")
    play(state, "drive 1", "to gold-coast", "keep-trunk", "take door")
    assert state.trunk[c("blue")] == (c("yellow"), c("brown"))
    park(state, "blue", "little-italy")
    fill(state, "little-italy", ["gray"])
    turn(state, "blue")
    assert "load 1" not in legal(state), "no room for a third, nor now a second"
    assert "unload yellow" in legal(state)


# ----- Motor -----------------------------------------------------------------------------

def test_motor_adds_one_road_if_the_player_wants(state):
    give(state, "blue", "motor")
    park(state, "blue", "greek-town")
    turn(state, "blue")
    play(state, "drive 3")
    destinations = {a.split()[1] for a in legal(state)}
    assert {"the-loop", "little-africa", "west-side", "little-italy"} <= destinations
    assert "greek-town" in destinations, "with the 3 and the Motor the car can come back"
    events = play(state, "to greek-town")
    assert "Motor" in events[0].text and events[0].data["motor"] is True


def test_motor_one_card_reaches_one_or_two_roads(state):
    give(state, "blue", "motor")
    park(state, "blue", "north-side")
    turn(state, "blue")
    play(state, "drive 1")
    board = state.board
    here = board.index["north-side"]
    want = {board.names[x] for x in board.reach[here][1] + board.reach[here][2]}
    assert {a.split()[1] for a in legal(state)} == want


# ----- Bumper ----------------------------------------------------------------------------

def test_bumper_pushes_a_car_standing_where_it_arrives(state):
    give(state, "blue", "bumper")
    park(state, "blue", "north-side")
    park(state, "yellow", "the-loop")
    park(state, "brown", "the-loop")
    park(state, "gray", "cicero")
    turn(state, "blue")
    play(state, "drive 1", "to the-loop")
    options = legal(state)
    assert options[-1] == "no-bump"
    assert {"bump yellow to gold-coast", "bump yellow to north-side", "bump yellow to chinatown",
            "bump yellow to greek-town", "bump brown to greek-town"} <= set(options)
    assert not any("gray" in a for a in options), "only cars where Blue arrives"
    play(state, "bump brown to chinatown")
    assert state.car[c("brown")] == state.board.index["chinatown"]
    assert state.current_player == 1


def test_bumper_may_be_declined_and_needs_a_car_to_bump(state):
    give(state, "blue", "bumper")
    park(state, "blue", "north-side")
    park(state, "yellow", "the-loop")
    turn(state, "blue")
    play(state, "drive 1", "to the-loop", "no-bump")
    assert state.car[c("yellow")] == state.board.index["the-loop"]
    turn(state, "blue")
    park(state, "yellow", "stickney")
    park(state, "brown", "stickney")
    park(state, "gray", "stickney")
    play(state, "drive 2", "to little-italy")
    assert state.current_player == 1, "nobody to bump: no question asked"


def test_a_car_bumped_onto_the_gold_coast_does_nothing_there(state):
    give(state, "blue", "bumper")
    park(state, "blue", "north-side")
    park(state, "yellow", "the-loop")
    load_trunk(state, "yellow", "brown")
    harbour = list(state.harbour)
    equip = state.equip[c("yellow")]
    turn(state, "blue")
    play(state, "drive 1", "to the-loop", "bump yellow to gold-coast")
    assert state.car[c("yellow")] == state.board.harbour
    assert state.harbour == harbour and state.equip[c("yellow")] == equip
    assert state.trunk[c("yellow")] == (c("brown"),)


def test_bumper_then_gold_coast_when_arriving_there(state):
    give(state, "blue", "bumper")
    park(state, "blue", "the-loop")
    park(state, "yellow", "gold-coast")
    state.cards[c("blue")] = 1 << 1
    stack_deck(state, "police")
    set_harbour(state, "motor", "door", "trunk")
    turn(state, "blue")
    play(state, "drive 1", "to gold-coast", "bump yellow to west-side")
    assert legal(state) == ["take trunk", "take motor", "take door"]


def test_bumper_is_not_used_when_unloading(state):
    give(state, "blue", "bumper")
    park(state, "blue", "little-italy")
    park(state, "yellow", "little-italy")
    turn(state, "blue")
    play(state, "unload blue")
    assert state.current_player == 1


# ----- Tommy Gun -------------------------------------------------------------------------

def test_tommy_gun_loads_other_colours_from_a_neighbouring_district(state):
    give(state, "blue", "tommy-gun")
    park(state, "blue", "little-italy")
    fill(state, "stickney", ["blue", "yellow"])
    fill(state, "west-side", ["brown"])  # not a neighbour of Little Italy
    turn(state, "blue")
    gun = [a for a in legal(state) if a.startswith("tommy-gun")]
    assert gun == ["tommy-gun stickney 2"], "others only, neighbours only"
    play(state, "tommy-gun stickney 2")
    assert state.trunk[c("blue")] == (c("yellow"),)
    assert tile(state, "stickney")[:2] == ["blue", None]


def test_tommy_gun_never_unloads_into_a_neighbour(state):
    give(state, "blue", "tommy-gun")
    load_trunk(state, "blue", "yellow")
    park(state, "blue", "little-italy")
    turn(state, "blue")
    play(state, "unload yellow")
    assert tile(state, "little-italy")[0] == "yellow"


def test_tommy_gun_needs_room_in_the_trunk(state):
    give(state, "blue", "tommy-gun")
    load_trunk(state, "blue", "gray")
    park(state, "blue", "little-italy")
    fill(state, "stickney", ["yellow"])
    turn(state, "blue")
    assert not any(a.startswith("tommy-gun") for a in legal(state))


def test_tommy_gun_is_not_used_at_the_gold_coast(state):
    give(state, "blue", "tommy-gun")
    park(state, "blue", "gold-coast")
    fill(state, "the-loop", ["yellow"])
    turn(state, "blue")
    assert not any(a.startswith("tommy-gun") for a in legal(state))
    with pytest.raises(IllegalAction, match="Gold Coast"):
        state.parse_action("tommy-gun the-loop 1")


# ----- Door ------------------------------------------------------------------------------

def test_door_unloads_a_second_own_gangster_if_wanted(state):
    give(state, "blue", "door")
    park(state, "blue", "little-italy")
    turn(state, "blue")
    play(state, "unload blue")
    assert legal(state) == ["unload blue", "done"]
    play(state, "unload blue")
    assert tile(state, "little-italy")[:3] == ["blue", "blue", None]
    assert state.current_player == 1, "two at most"
    turn(state, "blue")
    play(state, "unload blue", "done")
    assert tile(state, "little-italy")[:4] == ["blue", "blue", "blue", None]


def test_door_still_moves_only_one_other_colours_gangster(state):
    give(state, "blue", "door", "trunk")
    load_trunk(state, "blue", "yellow", "brown")
    park(state, "blue", "little-italy")
    turn(state, "blue")
    play(state, "unload yellow")
    assert state.current_player == 1, "after another colour's gangster the turn is over"
    turn(state, "blue")
    play(state, "unload blue")
    assert "unload brown" not in legal(state), "the second unload is of your own only"


def test_door_does_not_double_loading(state):
    give(state, "blue", "door")
    park(state, "blue", "little-italy")
    fill(state, "little-italy", ["blue", "blue"])
    turn(state, "blue")
    play(state, "load 2")
    assert state.current_player == 1

"""A turn: drive, or unload/load; movement cards; the Gold Coast; the trunk."""

from __future__ import annotations

import pytest

from gangland import IllegalAction, InvalidAction
from gangland.games.gangster.board import default_board
from gangland.games.gangster.setup import ALL_CARDS
from gangland.games.gangster.tiles import EMPTY

from .scenario import (
    c,
    choose,
    clear_tiles,
    d,
    fill,
    give,
    k,
    legal,
    load_trunk,
    new,
    park,
    play,
    set_harbour,
    stack_deck,
    tile,
    turn,
    use_tile,
)

BOARD = default_board()


def reach(start: str, k: int) -> set[str]:
    return {BOARD.names[x] for x in BOARD.reach[BOARD.index[start]][k]}


def test_greek_town_with_a_three_reaches_the_rulebook_districts():
    """Rulebook: Blue in Greek Town with the 3 can reach exactly these four districts."""
    assert reach("greek-town", 3) == {"the-loop", "little-africa", "west-side", "little-italy"}
    state = new(4, 1)
    give(state, "blue")  # no Motor
    park(state, "blue", "greek-town")
    turn(state, "blue")
    play(state, "drive 3")
    assert sorted(legal(state)) == ["to little-africa", "to little-italy", "to the-loop",
                                    "to west-side"]


def test_a_drive_never_turns_straight_back():
    for name in BOARD.names:
        assert name not in reach(name, 2) or any(
            name in reach(n, 1) and n != name for n in reach(name, 1)), name
    # North Side's two roads lead to The Loop and West Side, which are not joined:
    # two roads can never bring a car back there.
    assert "north-side" not in reach("north-side", 2)
    assert reach("north-side", 1) == {"the-loop", "west-side"}


def test_every_district_reaches_itself_with_four():
    """The Motor remark: with the 3 and the Motor a car can usually come back."""
    for name in BOARD.names:
        assert name in reach(name, 4)


def drive(state, card: int) -> list:
    """Drive with ``card`` to the first destination that is not the Gold Coast."""
    play(state, f"drive {card}")
    return play(state, next(a for a in legal(state) if a != "to gold-coast"))


def test_movement_cards_turn_down_and_come_back_up_with_a_district_card():
    state = new(4, 1)
    give(state, "blue")
    turn(state, "blue")
    drive(state, 2)
    turn(state, "blue")
    assert [a for a in legal(state) if a.startswith("drive")] == ["drive 1", "drive 3"]
    with pytest.raises(IllegalAction, match="face down"):
        state.parse_action("drive 2")
    drive(state, 1)
    stack_deck(state, "police")
    turn(state, "blue")
    deck = len(state.deck)
    events = drive(state, 3)
    # All three used: face up again at the end of the turn, and a district card is drawn.
    assert state.cards[c("blue")] == ALL_CARDS
    assert len(state.deck) == deck - 1 and state.discard[-1] == -1
    assert any("police" in e.text for e in events)
    assert state.doublers == 1


def test_a_district_card_places_a_doubler():
    state = new(4, 1)
    give(state, "blue")
    target = next(x for x in state.deck if x >= 0)
    stack_deck(state, BOARD.names[target])
    state.cards[c("blue")] = 1 << 3
    turn(state, "blue")
    drive(state, 3)
    assert state.doubler[target] and state.doublers == 2


def test_unload_and_load_happen_where_the_car_stands():
    state = new(4, 1)
    clear_tiles(state)
    park(state, "blue", "little-italy")
    fill(state, "west-side", ["yellow"])
    turn(state, "blue")
    assert "load 1" not in legal(state), "West Side's gangster is not where the car is"
    riding = state.ride[c("blue")]
    play(state, "unload blue")
    assert tile(state, "little-italy")[0] == "blue"
    assert state.ride[c("blue")] == riding - 1
    assert state.current_player == 1, "one gangster, then the turn passes"


def test_own_gangsters_ride_in_the_car_without_limit():
    state = new(4, 1)
    clear_tiles(state)
    give(state, "blue")
    park(state, "blue", "little-italy")
    fill(state, "little-italy", ["blue", "blue", "yellow", "blue"])
    riding = state.ride[c("blue")]
    for space in (4, 2, 1):
        turn(state, "blue")
        play(state, f"load {space}")
    assert state.ride[c("blue")] == riding + 3
    assert state.trunk[c("blue")] == ()


def test_the_trunk_holds_one_other_gangster():
    state = new(4, 1)
    clear_tiles(state)
    give(state, "blue")
    park(state, "blue", "little-italy")
    fill(state, "little-italy", ["yellow", "brown", "blue"])
    turn(state, "blue")
    play(state, "load 1")
    assert state.trunk[c("blue")] == (c("yellow"),)
    turn(state, "blue")
    assert "load 2" not in legal(state), "the trunk is full"
    assert "load 3" in legal(state), "own gangsters still go into the car"
    with pytest.raises(IllegalAction, match="trunk is full"):
        state.parse_action("load 2")
    play(state, "unload yellow")
    assert tile(state, "little-italy")[:4] == [None, "brown", "blue", "yellow"]


def test_nothing_is_unloaded_or_loaded_at_the_gold_coast():
    state = new(4, 1)
    park(state, "blue", "gold-coast")
    give(state, "blue")
    turn(state, "blue")
    assert all(a.startswith("drive") for a in legal(state))
    with pytest.raises(IllegalAction, match="Gold Coast"):
        state.parse_action("unload blue")


def gold_coast(state, *harbour):
    """Blue one road from the Gold Coast, with only the 1 face up."""
    park(state, "blue", "the-loop")
    state.cards[c("blue")] = 1 << 1
    set_harbour(state, *harbour)
    stack_deck(state, "police")
    turn(state, "blue")
    play(state, "drive 1", "to gold-coast")


def test_the_gold_coast_breakfast_is_optional_and_the_take_is_not():
    state = new(4, 1)
    give(state, "blue", "door")
    load_trunk(state, "blue", "yellow")
    gold_coast(state, "motor", "bumper", "trunk")
    assert legal(state) == ["breakfast", "keep-trunk"]
    # (the text for one gangster is singular)
    assert "the trunk's gangster (yellow) at" in state.clone().apply(
        state.parse_action("breakfast"))[0].text
    play(state, "keep-trunk")
    assert state.trunk[c("blue")] == (c("yellow"),)
    assert legal(state) == ["take trunk", "take motor", "take bumper"]
    play(state, "take motor")
    assert state.equip[c("blue")] == (k("motor"), k("door"))
    assert state.harbour[0] not in (EMPTY,) and state.current_player == 1


def test_the_sicilian_breakfast_takes_the_whole_trunk_out_of_the_game():
    state = new(4, 1)
    give(state, "blue", "trunk")
    load_trunk(state, "blue", "yellow", "gray")
    gold_coast(state, "motor", "bumper", "door")
    events = play(state, "breakfast")
    assert "leaves the trunk's gangsters (yellow, gray)" in events[0].text
    assert state.trunk[c("blue")] == ()
    assert state.breakfast[c("yellow")] == 1 and state.breakfast[c("gray")] == 1
    view = state.view(None)
    assert [t["breakfast"] for t in view["tableaus"]][:2] == [0, 1]


def test_an_empty_trunk_skips_the_breakfast_question():
    state = new(4, 1)
    give(state, "blue")
    gold_coast(state, "motor", "bumper", "door")
    assert legal(state) == ["take motor", "take bumper", "take door"]


def test_a_new_tile_pushes_the_oldest_off_the_tableau_into_the_box():
    state = new(4, 1)
    give(state, "blue", "door", "bodyguard")
    box = list(state.box)
    gold_coast(state, "motor", "bumper", "trunk")
    play(state, "take bumper")
    assert state.equip[c("blue")] == (k("bumper"), k("door"))
    assert state.box[k("bodyguard")] == box[k("bodyguard")] + 1


def test_a_kind_already_held_cannot_be_taken():
    state = new(4, 1)
    give(state, "blue", "door", "motor")
    gold_coast(state, "motor", "bumper", "door")
    assert legal(state) == ["take bumper"]


def test_a_harbour_with_only_held_kinds_leaves_the_tableau_unchanged():
    state = new(4, 1)
    give(state, "blue", "door", "motor")
    gold_coast(state, "motor", "door", "motor")
    assert state.equip[c("blue")] == (k("door"), k("motor"))
    assert state.current_player == 1, "nothing to take: the turn ends"


def test_an_empty_harbour_leaves_the_tableau_unchanged():
    state = new(4, 1)
    give(state, "blue", "door")
    gold_coast(state, None, None, None)
    assert state.equip[c("blue")] == (k("door"),)
    assert state.current_player == 1


def test_three_identical_tiles_in_the_harbour_leave_the_game():
    state = new(4, 1)
    give(state, "blue")
    gold_coast(state, "motor", "motor", "door")
    # The refill is the top of the supply; make it a third motor.
    state.supply.remove(k("motor"))
    state.supply.append(k("motor"))
    box = state.box[k("motor")]
    events = play(state, "take door")
    assert state.box[k("motor")] == box + 3
    assert k("motor") not in state.harbour or state.harbour.count(k("motor")) < 3
    assert EMPTY not in state.harbour
    assert any(e.kind == "harbour-triple" for e in events)


def test_an_empty_supply_refills_nothing():
    state = new(4, 1)
    give(state, "blue")
    gold_coast(state, "motor", "bumper", "door")
    for kind in state.supply:  # the supply is used up (its tiles went to the box)
        state.box[kind] += 1
    state.supply.clear()
    play(state, "take bumper")
    assert state.harbour == [k("motor"), EMPTY, k("door")]


def test_two_players_choose_a_colour_every_turn():
    state = new(2, 1)
    choose(state, 0)
    assert legal(state) == ["play blue", "play brown"]
    with pytest.raises(IllegalAction, match="play COLOUR"):
        state.parse_action("drive 1")
    play(state, "play brown")
    assert state.colour == c("brown") and state.current_player == 0
    play(state, "unload brown")
    assert state.current_player == 1 and legal(state) == ["play yellow", "play gray"]
    with pytest.raises(IllegalAction):
        state.parse_action("play blue")


def test_a_colour_may_play_many_turns_in_a_row():
    state = new(2, 1)
    for _ in range(3):
        choose(state, 0)
        play(state, "play blue", "unload blue")
    assert state.ride[c("blue")] == 7 - 3


def test_malformed_and_misplaced_actions_are_refused_precisely():
    state = new(4, 1)
    clear_tiles(state)
    use_tile(state, "little-italy", 1)
    park(state, "blue", "little-italy")
    give(state, "blue")
    turn(state, "blue")
    with pytest.raises(InvalidAction, match="space must be from 1 to 16"):
        state.parse_action("load 0")
    with pytest.raises(InvalidAction, match="district must be one of"):
        state.parse_action("to docks")
    with pytest.raises(IllegalAction, match="no gangster stands on space 3"):
        state.parse_action("load 3")
    with pytest.raises(IllegalAction, match="only the Tommy Gun"):
        state.parse_action("tommy-gun west-side 1")
    play(state, "drive 1")
    with pytest.raises(IllegalAction, match="where the car stops"):
        state.parse_action("unload blue")
    assert d(state, "little-italy") == state.car[c("blue")]

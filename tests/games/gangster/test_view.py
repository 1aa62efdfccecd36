"""The view holds the whole public table: a renderer or a bot needs nothing else."""

from __future__ import annotations

import json

import pytest

from gangland import RecordError

from .scenario import (
    GAME,
    clear_tiles,
    fill,
    give,
    load_trunk,
    new,
    park,
    play,
    set_harbour,
    turn,
    use_tile,
)


def test_the_view_shows_tiles_cars_tableaus_and_piles():
    state = new(4, seed=1)
    clear_tiles(state)
    use_tile(state, "little-italy", 4)
    fill(state, "little-italy", ["yellow", None, "blue"])
    park(state, "blue", "little-italy")
    park(state, "gray", "little-italy")
    park(state, "yellow", "north-side")
    park(state, "brown", "north-side")
    give(state, "blue", "motor", "door")
    load_trunk(state, "blue", "brown")
    set_harbour(state, "trunk", None, "bumper")
    state.cards[0] = 0b1010  # 1 and 3 face up
    view = state.view(2)
    assert json.loads(json.dumps(view)) == view
    assert view["seat"] == 2 and view["players"] == 4 and view["round"] == 1
    assert view["to_move"] == 0 and view["colour"] == "blue" and view["phase"] == "act"
    li = next(x for x in view["districts"] if x["name"] == "little-italy")
    assert li["title"] == "Little Italy" and li["scored"] and not li["harbour"]
    assert li["cars"] == ["blue", "gray"]
    assert set(li["roads"]) == {"greek-town", "cicero", "chinatown", "south-side", "stickney"}
    assert li["tile"]["number"] == 4 and li["tile"]["values"] == ["?", 4, 2, "?"]
    assert li["tile"]["spaces"][:4] == ["yellow", None, "blue", None]
    assert len(li["tile"]["spaces"]) == 16 and li["tile"]["next_space"] == 4
    gold = next(x for x in view["districts"] if x["name"] == "gold-coast")
    assert gold["harbour"] and gold["tile"] is None and not gold["scored"]
    blue = view["tableaus"][0]
    assert blue["colour"] == "blue" and blue["seat"] == 0 and blue["car"] == "little-italy"
    assert blue["equipment"] == ["motor", "door"] and blue["trunk"] == ["brown"]
    assert blue["trunk_spaces"] == 1
    assert blue["face_up"] == [1, 3] and blue["face_down"] == [2]
    assert blue["in_box"] == 11 and blue["breakfast"] == 0
    assert view["harbour"] == ["trunk", None, "bumper"]
    assert view["district_deck"]["size"] == len(state.deck)
    assert view["district_deck"]["contents"].count("police") == 2
    assert view["district_discard"] == [state.board.names[state.discard[0]]]
    assert view["casino_deck"] == {"size": 6, "contents": [2, 3, 4, 5, 6, 7]}
    assert view["equipment_supply"]["size"] == len(state.supply)
    assert view["doublers"] == {"placed": 1, "total": 8}
    assert view["influence"] == [0, 0, 0, 0] and view["reckonings"] == []


def test_a_drive_in_progress_is_visible():
    state = new(2, seed=1)
    play(state, "play brown", "drive 2")
    view = state.view(None)
    assert view["colour"] == "brown" and view["phase"] == "destination"
    assert view["drive_card"] == 2 and view["to_move"] == 0


def test_a_corrupt_snapshot_is_refused():
    state = new(3, seed=2)
    data = state.to_json()
    data["state"]["ride"][0] += 1
    with pytest.raises(RecordError, match="gangsters were lost or made up"):
        GAME.state_from_json(data)
    data = state.to_json()
    data["state"]["supply"].pop()
    with pytest.raises(RecordError, match="equipment"):
        GAME.state_from_json(data)
    data = state.to_json()
    del data["state"]["harbour"]
    with pytest.raises(RecordError, match="harbour"):
        GAME.state_from_json(data)


def test_a_snapshot_mid_drive_plays_on_identically():
    state = new(4, seed=5)
    turn(state, "blue")
    play(state, "drive 3")
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.view(1) == state.view(1)
    action = state.legal_actions()[0]
    state.apply(action)
    again.apply(action)
    assert again.to_json() == state.to_json()

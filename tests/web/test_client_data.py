"""The games' ``client_data``: JSON-safe, complete, and true to the components in use.

The browser draws cards and the map from this data alone, so every card number a view can
name must have its face here, every district of a view its place on the map, and all of
it must follow a user's components file rather than the shipped one.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

import gangland
from gangland.games.chicago_gangster import cards as cg_cards
from gangland.games.chicago_gangster.moves import GRAMMAR as CG_GRAMMAR
from gangland.games.gangster.board import default_board
from gangland.games.gangster.components import KINDS, default_components
from gangland.games.gangster.web import layout_problems
from gangland.games.gangster_city.cards import CATEGORIES, NCARDS, default_deck
from gangland.games.gangster_city.moves import GRAMMAR


def data_of(game_id: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    module = importlib.import_module(f"gangland.games.{game_id.replace('-', '_')}.web")
    result: dict[str, Any] = module.client_data(options or {})
    return result


def web_games() -> list[str]:
    return [g for g in gangland.game_ids()
            if importlib.util.find_spec(f"gangland.games.{g.replace('-', '_')}.web")]


def test_the_two_games_have_client_data():
    assert {"gangster", "gangster-city", "chicago-gangster"} <= set(web_games())


@pytest.mark.parametrize("game_id", web_games())
def test_client_data_is_json_safe(game_id):
    data = data_of(game_id)
    text = json.dumps(data, allow_nan=False)
    assert json.loads(text) == data
    assert data["game"] == game_id


@pytest.mark.parametrize("game_id", web_games())
def test_client_data_reads_no_state(game_id):
    """Static data: the same for every seed and every option that is not the components."""
    game = gangland.load(game_id)
    plain = data_of(game_id)
    for option in game.options:
        if option.name == "components":
            continue
        if option.type is bool:
            assert data_of(game_id, {option.name: not option.default}) == plain
        elif option.type is int and option.high is not None:
            assert data_of(game_id, {option.name: option.high}) == plain


# ----- Gangster City ---------------------------------------------------------------------


def test_every_card_face_matches_the_deck():
    deck = default_deck()
    data = data_of("gangster-city")
    assert [e["category"] for e in data["elements"]] == list(CATEGORIES)
    assert [tuple(e["words"]) for e in data["elements"]] == list(deck.elements)
    cards = data["cards"]
    assert len(cards) == NCARDS
    for index, card in enumerate(cards):
        assert card["number"] == index + 1
        assert tuple(card["words"]) == deck.words(index)
        assert tuple(card["elements"]) == deck.cards[index]
        assert card["label"] == deck.label(index)
        assert [e["words"][i] for e, i in zip(data["elements"], card["elements"],
                                               strict=True)] == card["words"]
        action = GRAMMAR.parse(card["arrest"])
        assert str(action) == card["arrest"]
        assert deck.arrest_of[action] == index


def test_card_faces_follow_a_users_numbering(tmp_path: Path):
    """A components file that renumbers two cards: their faces swap in the client's data."""
    from gangland.games.gangster_city.cards import DEFAULT_COMPONENTS

    text = DEFAULT_COMPONENTS.read_text()
    first, second = "entertainer revolver theater money", "thug syringe hotel-room love"
    text = text.replace(f'"{first}"', "@@").replace(f'"{second}"', f'"{first}"')
    text = text.replace("@@", f'"{second}"')
    mine = tmp_path / "mine.toml"
    mine.write_text(text)
    cards = data_of("gangster-city", {"components": str(mine)})["cards"]
    assert " ".join(cards[0]["words"]) == second
    assert " ".join(cards[53]["words"]) == first
    assert cards[0]["label"].startswith("#1 Thug")


def test_a_views_card_numbers_all_have_faces():
    state = gangland.load("gangster-city").new_game(players=4, seed=3)
    view = state.view(0)
    numbers = [n for n in view["middle"] if n is not None]
    numbers += [s["case"] for s in view["stands"] if s["case"] is not None]
    cards = data_of("gangster-city")["cards"]
    assert all(1 <= n <= len(cards) for n in numbers)


# ----- Gangster --------------------------------------------------------------------------


def test_the_map_matches_the_board():
    board = default_board()
    parts = default_components()
    data = data_of("gangster")
    names = [d["name"] for d in data["districts"]]
    assert names == list(board.names)
    assert [d["title"] for d in data["districts"]] == list(board.titles)
    assert [d["harbour"] for d in data["districts"]].index(True) == parts.harbour
    assert sorted(tuple(sorted(r)) for r in data["roads"]) == sorted(
        tuple(sorted((board.names[a], board.names[b]))) for a, b in parts.roads)
    assert [(t["spaces"], t["values"]) for t in data["tiles"]] == [
        (t.spaces, t.values_text()) for t in parts.tiles]
    assert [k["name"] for k in data["kinds"]] == list(KINDS)
    assert [k["count"] for k in data["kinds"]] == list(parts.equipment)
    assert [c["name"] for c in data["colours"]] == list(parts.material.colours)
    codes = [c["code"] for c in data["colours"]]
    assert len(set(codes)) == len(codes)
    assert data["casino"] == list(parts.casino)
    assert data["doublers"] == parts.material.doublers


def test_every_district_lies_on_the_canvas_and_no_road_crosses_a_box():
    data = data_of("gangster")
    canvas = data["canvas"]
    half_w, half_h = canvas["box_width"] / 2, canvas["box_height"] / 2
    for d in data["districts"]:
        assert half_w <= d["x"] <= canvas["width"] - half_w, d
        assert half_h <= d["y"] <= canvas["height"] - half_h, d
    assert layout_problems(data, margin=12) == []


def test_a_users_roads_reach_the_map(tmp_path: Path):
    from gangland.games.gangster.components import DEFAULT_COMPONENTS

    text = DEFAULT_COMPONENTS.read_text().replace(
        '["little-africa", "south-side"],',
        '["little-africa", "south-side"],\n    ["cicero", "stickney"],')
    mine = tmp_path / "mine.toml"
    mine.write_text(text)
    roads = data_of("gangster", {"components": str(mine)})["roads"]
    assert ["cicero", "stickney"] in roads or ["stickney", "cicero"] in roads
    assert len(roads) == len(default_components().roads) + 1


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_views_districts_and_colours_are_all_known(players):
    state = gangland.load("gangster").new_game(players=players, seed=11)
    view = state.view(None)
    data = data_of("gangster")
    names = {d["name"] for d in data["districts"]}
    colours = {c["name"] for c in data["colours"]}
    assert {d["name"] for d in view["districts"]} <= names
    assert {t["colour"] for t in view["tableaus"]} <= colours
    assert {k for k in view["harbour"] if k} <= set(KINDS)


# ----- Chicago Gangster ----------------------------------------------------------------------


def test_chicago_rosters_and_cards_match_the_components():

    comps = cg_cards.default_components()
    data = data_of("chicago-gangster")
    assert data["hand"] == comps.hand
    assert [g["name"] for g in data["gangs"]] == list(comps.gangs)
    assert [g["colour"] for g in data["gangs"]] == list(comps.colours)
    assert len(data["mobsters"]) == cg_cards.NMOBSTERS
    for m, mobster in enumerate(data["mobsters"]):
        assert mobster["number"] == m + 1
        assert mobster["name"] == comps.mobster_name(m)
        assert m + 1 in data["gangs"][mobster["gang"]]["mobsters"]
    assert [c["kind"] for c in data["cards"]] == list(cg_cards.KINDS)
    assert [c["count"] for c in data["cards"]] == list(comps.counts)
    assert sum(c["count"] for c in data["cards"]) == comps.ncards
    for k, card in enumerate(data["cards"]):
        assert card["help"] == cg_cards.EFFECTS[card["kind"]] and card["short"] and card["title"]
        assert (card["type"] == "counter") == (k in cg_cards.COUNTERS)
        assert (card["answers"] != []) == (k in cg_cards.COUNTERS)
        assert str(CG_GRAMMAR.parse(f"discard {card['kind']}")) == f"discard {card['kind']}"


def test_chicago_names_follow_a_users_components(tmp_path: Path):
    from gangland.games.chicago_gangster.cards import DEFAULT_COMPONENTS

    text = DEFAULT_COMPONENTS.read_text().replace('"Al Capone"', '"Scarface"')
    text = text.replace("contract = 18", "contract = 17")
    mine = tmp_path / "mine.toml"
    mine.write_text(text)
    data = data_of("chicago-gangster", {"components": str(mine)})
    assert data["mobsters"][0]["name"] == "Scarface"
    assert data["cards"][0]["count"] == 17


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_chicago_views_mobsters_and_cards_are_all_known(players):
    state = gangland.load("chicago-gangster").new_game(players=players, seed=5)
    data = data_of("chicago-gangster")
    kinds = {c["kind"] for c in data["cards"]}
    numbers = {m["number"] for m in data["mobsters"]}
    view = state.view(0)
    assert set(view["hand"]) <= kinds
    assert {n for g in view["gangs"] for n in g["in_play"]} <= numbers
    assert {g["gang"] for g in view["gangs"]} <= {g["name"] for g in data["gangs"]}

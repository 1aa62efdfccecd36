"""The shipped components keep the documented constraints; users' files are checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gangland import ComponentError
from gangland.engine.components import read_toml
from gangland.games.gangster.components import (
    DEFAULT_COMPONENTS,
    WILD,
    default_components,
    load_components,
)

from .scenario import GAME

TEXT = DEFAULT_COMPONENTS.read_text()
PARTS = default_components()


def test_every_section_names_its_provenance():
    data = read_toml(DEFAULT_COMPONENTS)
    assert data["districts"]["provenance"] == "published"
    assert data["material"]["provenance"] == "rulebook"
    for section in ("tenth_district", "roads", "scoring_tiles", "casino", "equipment"):
        assert data[section]["provenance"] == "reconstructed", section
        assert data[section]["source"].strip()


def test_districts_and_roads():
    assert len(PARTS.districts) == 11 and PARTS.districts[-1] == "chinatown"
    assert len(PARTS.roads) == 16


def test_scoring_tiles_keep_the_reconstruction_constraints():
    tiles = PARTS.tiles
    assert len(tiles) == 15
    assert {t.spaces for t in tiles} == {8, 12, 16}
    assert all(2 <= len(t.values) <= 4 for t in tiles)
    assert all(v == WILD or 1 <= v <= 8 for t in tiles for v in t.values)
    wild = [t for t in tiles if WILD in t.values]
    assert len(wild) == 5, "'?' on about a third"
    first_not_highest = [t for t in tiles if WILD not in t.values
                         and t.values[0] < max(t.values)]
    assert len(first_not_highest) >= 4
    assert tiles[3].spaces == 16 and tiles[3].values_text() == ["?", 4, 2, "?"]


def test_casino_equipment_and_material():
    assert PARTS.casino == (2, 3, 4, 5, 6, 7)
    assert PARTS.equipment == (5,) * 6
    m = PARTS.material
    assert (m.gangsters_per_colour, m.starting_gangsters, m.new_gangsters) == (20, 9, (6, 5))
    assert (m.doublers, m.police_cards, m.police_in_deck) == (8, 3, (2, 2, 2, 3))


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    return str(path)


def test_a_users_own_values_are_used(tmp_path):
    text = TEXT.replace("values = [2, 3, 4, 5, 6, 7]", "values = [1, 1, 1, 1, 1, 1]")
    text = text.replace('{ spaces = 8, values = [6, 3] }', '{ spaces = 4, values = [9] }')
    path = write(tmp_path, text)
    state = GAME.new_game(3, seed=1, options={"components": path})
    assert state.casino == [1] * 6
    assert state.board.parts.tiles[0].spaces == 4
    assert state.record()["options"]["components"] == path
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('provenance = "published"', 'provenance = "guessed"'),
         "districts.provenance: must be one of"),
        (lambda t: t.replace('name = "chinatown"', 'name = "old-town"'),
         "districts.names: the district names are the words"),
        (lambda t: t.replace('["little-africa", "south-side"],', '["little-africa", "docks"],'),
         r"roads.pairs\[15\]: 'docks' is not a district"),
        (lambda t: t.replace('["little-africa", "south-side"],', '["little-africa", "chinatown"],'),
         r"roads.pairs\[15\]: repeats the road"),
        (lambda t: t.replace('["little-africa", "south-side"],', '["cicero", "cicero"],'),
         r"roads.pairs\[15\]: a road cannot lead from cicero to itself"),
        (lambda t: t.replace('    ["little-africa", "south-side"],\n', ''),
         "needs at least two roads"),
        (lambda t: t.replace('{ spaces = 8, values = [6, 3] }', '{ spaces = 10, values = [6] }'),
         r"scoring_tiles.tiles\[0\].spaces: must be 4, 8, 12 or 16"),
        (lambda t: t.replace("values = [6, 3] }", 'values = [6, "x"] }'),
         r"scoring_tiles.tiles\[0\].values\[1\]"),
        (lambda t: t.replace('    { spaces = 8, values = [6, 3] },\n', ''),
         "the game has 15 scoring tiles, not 14"),
        (lambda t: t.replace("values = [2, 3, 4, 5, 6, 7]", "values = [2, 3]"),
         "the game has 6 casino cards, not 2"),
        (lambda t: t.replace("door = 5", "door = 4"), "must add up to the game's 30"),
        (lambda t: t.replace("door = 5", "door = 5\nlaser = 0"), "laser: is not a kind"),
        (lambda t: t.replace("doublers = 8", "doublers = 7"), "material.doublers: is 8"),
        (lambda t: t.replace("[casino]", "[kasino]"), "casino: missing"),
        (lambda t: t + "\n[[[", "not valid TOML"),
    ],
)
def test_bad_component_files_are_refused_naming_the_field(tmp_path, change, message):
    path = write(tmp_path, change(TEXT))
    with pytest.raises(ComponentError, match=message):
        load_components(path, expect=PARTS)
    with pytest.raises(ComponentError, match=re.escape("mine.toml")):
        GAME.new_game(3, options={"components": path})


def test_a_road_network_in_two_pieces_is_refused(tmp_path):
    text = TEXT.replace('["little-italy", "south-side"],', '["stickney", "cicero"],')
    text = text.replace('["little-italy", "chinatown"],', '["cicero", "greek-town"],')
    text = text.replace('["the-loop", "chinatown"],', '["south-side", "chinatown"],')
    with pytest.raises(ComponentError, match="do not join every district"):
        load_components(write(tmp_path, text))


def test_a_missing_components_file_is_refused():
    with pytest.raises(ComponentError, match="cannot read components file"):
        GAME.new_game(3, options={"components": "/nonexistent/file.toml"})

"""The Gangsters components file: the shipped figures, provenance, and refusals that name
the field (a user's file may bring its own map, inline or as a file)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gangland.engine.components import PROVENANCES
from gangland.engine.errors import ComponentError
from gangland.games.gangsters.city import COLOURS, default_city
from gangland.games.gangsters.components import (
    DEFAULT_COMPONENTS,
    components_from,
    default_components,
    load_components,
)

SHIPPED = DEFAULT_COMPONENTS.read_text(encoding="utf-8")
MAP = DEFAULT_COMPONENTS.with_name("city.txt").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_shipped_components():
    comps = default_components()
    assert comps is components_from("")
    assert comps.city == default_city()
    assert [comps.joint_count(c) for c in COLOURS] == [4, 5, 6, 7, 8, 9]
    assert [comps.joint_value(c) for c in COLOURS] == [600, 500, 400, 300, 200, 100]
    assert comps.joint_value("gray") == 0
    assert comps.cops == tuple(range(2, 11))
    assert sorted(comps.badges) == [0, *range(2, 11)]
    assert sorted(comps.public) == [1, 1, 2, 3]
    assert comps.die("cop") == "blue" and comps.die("public") == "white"
    assert comps.die("racketeer") == "green" and comps.die("thug") == "black"
    assert comps.figure("win_cash") == 10000 and comps.figure("joint_budget") == 1100


def test_recruiting_costs_follow_the_4_2_example():
    comps = default_components()
    yellow = (comps.recruit_cost("vamp", 1) + comps.recruit_cost("racketeer", 4)
              + comps.recruit_cost("thug", 3))
    assert yellow == 1900
    red = (comps.recruit_cost("vamp", 1) + comps.recruit_cost("racketeer", 6)
           + comps.recruit_cost("thug", 1))
    assert red == 2500


def test_every_section_names_its_provenance():
    data = tomllib.loads(SHIPPED)
    for name, section in data.items():
        assert section["provenance"] in PROVENANCES, name
        assert section["source"], name


def test_a_user_file_may_bring_its_map_inline(tmp_path):
    inline = SHIPPED.replace('file = "city.txt"', 'map = """\n' + MAP + '"""')
    comps = load_components(write(tmp_path, inline))
    assert comps.city == default_city()
    assert components_from(write(tmp_path, inline, "other.toml")).city == default_city()


def test_a_user_file_may_name_its_own_map_file(tmp_path):
    (tmp_path / "board.txt").write_text(MAP.replace("Lou's Diner", "Lou's Lunch"), "utf-8")
    comps = load_components(write(tmp_path, SHIPPED.replace('"city.txt"', '"board.txt"')))
    assert comps.city.space("Lou's Lunch") >= 0


@pytest.mark.parametrize(("old", "new", "message"), [
    ('file = "city.txt"', 'file = "nowhere.txt"',
     r"mine.toml.city.file: cannot read nowhere.txt"),
    ('file = "city.txt"', 'file = "city.txt"\nmap = "x"',
     r"mine.toml.city.file: give exactly one of `file` \(a map file\) and `map`"),
    ('file = "city.txt"', 'map = """\n[map]\n 0 ..??\n"""',
     r"mine.toml.city.map line 2, col 6: unknown cell '\?\?'"),
    ("subway_buildings = 13", "subway_buildings = 12",
     r"mine.toml.city.subway_buildings: is 12, but the map has 13 buildings"),
    ("counts = [4, 5, 6, 7, 8, 9]", "counts = [4, 5, 6, 7, 8, 10]",
     r"mine.toml.city.file \(city.txt\): \[buildings\] lists 9 orange buildings, the game "
     r"has 10"),
    ("values = [600, 500, 400, 300, 200, 100]", "values = [600, 500, 400, 300, 200, 150]",
     r"mine.toml.joints.values: must be multiples of \$100"),
    ("values = [600, 500, 400, 300, 200, 100]", "values = [700, 500, 400, 300, 200, 100]",
     r"mine.toml.city.file \(city.txt\) line \d+, col 1: Hawthorne Hotel: a red building "
     r"is worth 700, not 600"),
    ('colours = ["red",', 'colours = ["pink",', r"mine.toml.joints.colours: must be"),
    ("strengths = [2, 3, 4, 5, 6, 7, 8, 9, 10]", "strengths = [2, 3, 4, 5, 6, 7, 8, 9, 9]",
     r"mine.toml.cops.strengths: no two cops have the same strength"),
    ("badges = [2, 3, 4, 5, 6, 7, 8, 9, 10, 0]", "badges = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]",
     r"mine.toml.bribes.badges: must be one badge per cop strength plus 0"),
    ("strengths = [1, 1, 2, 3]", "strengths = [1, 1, 2, 4]",
     r"mine.toml.public.strengths\[3\]: must be a whole number from 1 to 3"),
    ('vamp = "red"', 'vamp = "pink"', r"mine.toml.dice.vamp: must be one of"),
    ('vamp = "red"', 'vamp = "blue"', r"mine.toml.dice.vamp: each mover has a die"),
    ("win_cash = 10000", "win_cash = -1", r"mine.toml.gang.win_cash: must not be negative"),
    ("win_cash = 10000", "win_cash = 'lots'", r"mine.toml.gang.win_cash: expected a whole"),
    ('[cops]\nprovenance = "published"', '[cops]\nprovenance = "guessed"',
     r"mine.toml.cops.provenance: must be one of"),
    ("[public]", "[publix]", r"mine.toml.public: missing"),
])
def test_bad_files_are_refused_naming_the_field(tmp_path, old, new, message):
    assert old in SHIPPED
    (tmp_path / "city.txt").write_text(MAP, encoding="utf-8")
    path = write(tmp_path, SHIPPED.replace(old, new, 1))
    with pytest.raises(ComponentError, match=message):
        load_components(path)


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(ComponentError, match="cannot read components file"):
        components_from(str(tmp_path / "absent.toml"))


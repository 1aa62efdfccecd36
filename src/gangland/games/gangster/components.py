"""Gangster's printed components: reading ``components.toml`` and refusing bad files.

The file holds what the rulebook fixes (counts, colours), what is published (district
names) and what Gangland had to reconstruct (roads, scoring tiles, casino values, the
equipment mix). A player who owns the printed game may pass their own file; the names stay
fixed (they are the words of the action language) and so do the rulebook's counts, but the
roads, tiles, casino values and equipment mix are theirs to correct. Every problem is
reported with the field it concerns, e.g. ``mine.toml.roads.pairs[3]: 'docks' is not a
district``.

>>> parts = default_components()
>>> parts.districts[parts.harbour], len(parts.tiles), parts.casino
('gold-coast', 15, (2, 3, 4, 5, 6, 7))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from functools import cache
from pathlib import Path

from gangland.engine import ComponentError
from gangland.engine.components import Fields, load_fields

DEFAULT_COMPONENTS = Path(__file__).with_name("components.toml")

#: The six kinds of special equipment, in the order used everywhere (index = kind).
KINDS = ("bodyguard", "trunk", "motor", "bumper", "tommy-gun", "door")
BODYGUARD, TRUNK, MOTOR, BUMPER, TOMMY_GUN, DOOR = range(6)
#: "?" on a scoring tile: worth the casino card of the reckoning. Stored as 0.
WILD = 0
MAX_SPACES = 16
_WORD = re.compile(r"[a-z]+(-[a-z]+)*\Z")

#: The rulebook's counts (section "material"); a user's file must keep them.
PRINTED_TILES = 15
PRINTED_CASINO = 6
PRINTED_EQUIPMENT = 30


@dataclass(frozen=True)
class Tile:
    """One scoring tile: its number of spaces and its point values (``WILD`` for "?")."""

    spaces: int
    values: tuple[int, ...]

    def values_text(self) -> list[int | str]:
        """The values as printed (JSON-safe): numbers, and ``"?"`` for the casino value."""
        return ["?" if v == WILD else v for v in self.values]


@dataclass(frozen=True)
class Material:
    """The rulebook's fixed quantities."""

    colours: tuple[str, ...]
    gangsters_per_colour: int
    starting_gangsters: int
    new_gangsters: tuple[int, ...]
    movement_cards: tuple[int, ...]
    doublers: int
    police_cards: int
    police_in_deck: tuple[int, ...]  # for 2, 3, 4, 5 players
    harbour_spaces: int
    tableau_slots: int
    scoring_tiles_in_play: int


@dataclass(frozen=True)
class Components:
    """Everything printed, validated. Districts are indices into ``districts``."""

    districts: tuple[str, ...]
    harbour: int
    unused_with_three: int
    roads: tuple[tuple[int, int], ...]
    tiles: tuple[Tile, ...]
    casino: tuple[int, ...]
    equipment: tuple[int, ...]  # how many tiles of each kind, in KINDS order
    material: Material


def _word(fields: Fields, key: str, value: object) -> str:
    if not isinstance(value, str) or not _WORD.match(value):
        raise fields.fail(key, f"must be a lower-case hyphenated word, not {value!r}")
    return value


def _districts(root: Fields) -> tuple[tuple[str, ...], int, int]:
    sec = root.table("districts")
    sec.provenance()
    names = sec.get("names", list)
    words = [_word(sec, f"names[{i}]", n) for i, n in enumerate(names)]
    tenth = root.table("tenth_district")
    tenth.provenance()
    words.append(_word(tenth, "name", tenth.get("name", str)))
    if len(set(words)) != len(words):
        raise sec.fail("names", "district names must differ (the tenth one included)")
    harbour = sec.get("harbour", str)
    if harbour not in words:
        raise sec.fail("harbour", f"{harbour!r} is not one of the districts")
    unused = sec.get("unused_with_three", str)
    if unused not in words or unused == harbour:
        raise sec.fail("unused_with_three", f"{unused!r} is not a scoring district")
    return tuple(words), words.index(harbour), words.index(unused)


def _roads(root: Fields, names: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    sec = root.table("roads")
    sec.provenance()
    pairs = sec.get("pairs", list)
    roads: list[tuple[int, int]] = []
    for i, pair in enumerate(pairs):
        here = f"pairs[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise sec.fail(here, f"a road joins two districts, not {pair!r}")
        for end in pair:
            if end not in names:
                raise sec.fail(here, f"{end!r} is not a district")
        a, b = names.index(pair[0]), names.index(pair[1])
        if a == b:
            raise sec.fail(here, f"a road cannot lead from {pair[0]} to itself")
        road = (min(a, b), max(a, b))
        if road in roads:
            raise sec.fail(here, f"repeats the road {pair[0]}-{pair[1]}")
        roads.append(road)
    degree = [0] * len(names)
    for a, b in roads:
        degree[a] += 1
        degree[b] += 1
    for d, n in enumerate(degree):
        if n < 2:
            raise sec.fail("pairs", f"{names[d]} needs at least two roads (a car there "
                                    "could not drive on without turning straight back)")
    seen = {0}
    frontier = [0]
    while frontier:
        here_d = frontier.pop()
        for a, b in roads:
            for x, y in ((a, b), (b, a)):
                if x == here_d and y not in seen:
                    seen.add(y)
                    frontier.append(y)
    if len(seen) != len(names):
        cut = sorted(names[d] for d in range(len(names)) if d not in seen)
        raise sec.fail("pairs", f"the roads do not join every district ({', '.join(cut)})")
    return tuple(roads)


def _tiles(root: Fields) -> tuple[Tile, ...]:
    sec = root.table("scoring_tiles")
    sec.provenance()
    entries = sec.get("tiles", list)
    if len(entries) != PRINTED_TILES:
        raise sec.fail("tiles", f"the game has {PRINTED_TILES} scoring tiles, not {len(entries)}")
    tiles = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise sec.fail(f"tiles[{i}]", "must be a table with spaces and values")
        tile = Fields(entry, f"{sec.where}.tiles[{i}]")
        spaces = tile.get("spaces", int)
        if spaces % 4 or not 4 <= spaces <= MAX_SPACES:
            raise tile.fail("spaces", f"must be 4, 8, 12 or 16 (rows of four), not {spaces}")
        values = tile.get("values", list)
        if not 1 <= len(values) <= 5:
            raise tile.fail("values", f"must list 1 to 5 point values, not {len(values)}")
        parsed = []
        for j, v in enumerate(values):
            if v == "?":
                parsed.append(WILD)
            elif isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 99:
                parsed.append(v)
            else:
                raise tile.fail(f"values[{j}]", f'must be a number from 1 to 99 or "?", not {v!r}')
        tiles.append(Tile(spaces, tuple(parsed)))
    return tuple(tiles)


def _casino(root: Fields) -> tuple[int, ...]:
    sec = root.table("casino")
    sec.provenance()
    values = sec.get("values", list)
    if len(values) != PRINTED_CASINO:
        raise sec.fail("values", f"the game has {PRINTED_CASINO} casino cards, not {len(values)}")
    for j, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 99:
            raise sec.fail(f"values[{j}]", f"must be a number from 1 to 99, not {v!r}")
    return tuple(values)


def _equipment(root: Fields) -> tuple[int, ...]:
    sec = root.table("equipment")
    sec.provenance()
    unknown = sorted(set(sec.data) - {*KINDS, "provenance", "source"})
    if unknown:
        raise sec.fail(unknown[0], f"is not a kind of equipment ({', '.join(KINDS)})")
    counts = []
    for kind in KINDS:
        n = sec.get(kind, int)
        if n < 0:
            raise sec.fail(kind, f"cannot be negative ({n})")
        counts.append(n)
    if sum(counts) != PRINTED_EQUIPMENT:
        raise sec.fail("provenance", f"the kinds must add up to the game's {PRINTED_EQUIPMENT} "
                                     f"tiles, not {sum(counts)}")
    return tuple(counts)


def _ints(sec: Fields, key: str) -> tuple[int, ...]:
    values = sec.get(key, list)
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
        raise sec.fail(key, "must list whole numbers")
    return tuple(values)


def _material(root: Fields) -> Material:
    sec = root.table("material")
    sec.provenance()
    colours = sec.get("colours", list)
    words = tuple(_word(sec, f"colours[{i}]", c) for i, c in enumerate(colours))
    if len(words) != 5 or len(set(words)) != 5:
        raise sec.fail("colours", "the game has five different colours")
    material = Material(
        colours=words,
        gangsters_per_colour=sec.get("gangsters_per_colour", int),
        starting_gangsters=sec.get("starting_gangsters", int),
        new_gangsters=_ints(sec, "new_gangsters"),
        movement_cards=_ints(sec, "movement_cards"),
        doublers=sec.get("doublers", int),
        police_cards=sec.get("police_cards", int),
        police_in_deck=_ints(sec, "police_in_deck"),
        harbour_spaces=sec.get("harbour_spaces", int),
        tableau_slots=sec.get("tableau_slots", int),
        scoring_tiles_in_play=sec.get("scoring_tiles_in_play", int),
    )
    if material.starting_gangsters + sum(material.new_gangsters) > material.gangsters_per_colour:
        raise sec.fail("new_gangsters", "more gangsters are handed out than a colour has")
    if len(material.police_in_deck) != 4 or max(material.police_in_deck) > material.police_cards:
        raise sec.fail("police_in_deck", "must give 2, 3, 4 and 5 players at most "
                                         "police_cards each")
    return material


def load_components(path: str | Path, expect: Components | None = None) -> Components:
    """Read and check a components file; any problem raises :class:`ComponentError`.

    ``expect``: the shipped components. A user's file must keep their names and the
    rulebook's material (they are the action language and the rules); everything
    reconstructed may differ.
    """
    root = load_fields(path)
    names, harbour, unused = _districts(root)
    if expect is not None and names != expect.districts:
        raise ComponentError(
            f"{root.where}.districts.names: the district names are the words of the action "
            f"language and must be {', '.join(expect.districts)} (in that order)")
    parts = Components(
        districts=names,
        harbour=harbour,
        unused_with_three=unused,
        roads=_roads(root, names),
        tiles=_tiles(root),
        casino=_casino(root),
        equipment=_equipment(root),
        material=_material(root),
    )
    if len(names) - 1 != parts.material.scoring_tiles_in_play:
        raise root.table("material").fail(
            "scoring_tiles_in_play", "must equal the number of districts besides the harbour")
    if expect is not None:
        _check_fixed(root.where, parts, expect)
    return parts


def _check_fixed(where: str, parts: Components, expect: Components) -> None:
    """Refuse changes to what the rules and the action language fix."""
    if parts.harbour != expect.harbour or parts.unused_with_three != expect.unused_with_three:
        raise ComponentError(f"{where}.districts: the harbour and the three-player district "
                             "are fixed by the rules")
    if parts.material != expect.material:
        # By the fields, not ``vars``: compiled (docs/speed.md), a dataclass has no dict.
        key = next(f.name for f in dataclass_fields(Material)
                   if getattr(parts.material, f.name) != getattr(expect.material, f.name))
        printed = getattr(expect.material, key)
        raise ComponentError(f"{where}.material.{key}: is {printed!r} in the printed game")


@cache
def default_components() -> Components:
    """The shipped file (cached: it never changes during a run)."""
    return load_components(DEFAULT_COMPONENTS)


@cache
def components_from(path: str) -> Components:
    """A user's components file (cached per path for the duration of a run)."""
    return load_components(path, expect=default_components())

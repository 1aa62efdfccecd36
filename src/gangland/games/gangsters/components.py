"""The printed components of Gangsters: the city map, joint colours, cops, badges, dice.

Everything lives in ``components.toml`` (with the map in ``city.txt`` or inline), each
section marked ``rulebook``, ``published`` or ``reconstructed``. A player who owns the
printed game can supply a file with the real figures and map; every field is checked and
the first problem is refused with the field's name, including a problem inside the map.

>>> comps = default_components()
>>> comps.joint_count("red"), comps.joint_value("orange"), comps.cops[-1]
(4, 100, 10)
>>> comps.city.names[comps.city.space("Hawthorne Hotel")], len(comps.city.subway)
('Hawthorne Hotel', 6)
>>> comps.recruit_cost("racketeer", 4), comps.die("thug")
(1000, 'black')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from gangland.engine.components import Fields, load_fields

from .city import COLOURS, City, parse_city

DEFAULT_COMPONENTS = Path(__file__).with_name("components.toml")

#: The kinds of gang pieces, and the four ways a piece on a street can face. Here rather
#: than in ``table``, so that ``moves`` (the action words) reads them without importing
#: the table, and the table can import the prebuilt actions (``acts``) that read ``moves``.
KINDS = ("racketeer", "thug", "vamp")
FACES = ("north", "east", "south", "west")
#: The pieces moved by a die of their own (6.2).
MOVERS = ("cop", "public", "racketeer", "thug", "vamp")
DIE_COLOURS = ("red", "green", "blue", "white", "black")
_GANG = ("start_joints", "joint_budget", "gang_budget", "joint_markers", "racketeer_step",
         "thug_step", "vamp_cost", "max_racketeers", "max_thugs", "max_vamps",
         "heaters_cost", "wheels_cost", "siren_cost", "win_cash", "win_joints",
         "commissioner_cash")


@dataclass(frozen=True)
class Components:
    """The map and every printed figure; colours follow :data:`~.city.COLOURS`."""

    city: City
    joint_counts: tuple[int, ...]  # per colour of COLOURS
    joint_values: tuple[int, ...]
    cops: tuple[int, ...]  # cop strengths (each cop is known by its strength)
    badges: tuple[int, ...]  # bribe badges: a cop's strength, or 0 for the Untouchable
    public: tuple[int, ...]  # Public piece strengths (x1, x2, x3)
    dice: tuple[tuple[str, str], ...]  # (mover, die colour)
    gang: tuple[tuple[str, int], ...]  # the figures of the [gang] section

    def joint_count(self, colour: str) -> int:
        """How many joints of ``colour`` the board has."""
        return self.joint_counts[COLOURS.index(colour)]

    def joint_value(self, colour: str) -> int:
        """A joint's base value; gray buildings are worth nothing."""
        return self.joint_values[COLOURS.index(colour)] if colour in COLOURS else 0

    def die(self, mover: str) -> str:
        """The colour of the die that moves ``mover`` (one of :data:`MOVERS`)."""
        return dict(self.dice)[mover]

    def figure(self, key: str) -> int:
        """A figure of the [gang] section, e.g. ``figure("win_cash")``."""
        return dict(self.gang)[key]

    def recruit_cost(self, kind: str, count: int) -> int:
        """The price of ``count`` gangsters of ``kind`` bought at the start (4.2).

        The n-th Racketeer or Thug costs n times the step (cumulative); the Vamp is flat.
        """
        if kind == "vamp":
            return self.figure("vamp_cost") * count
        return self.figure(f"{kind}_step") * count * (count + 1) // 2


def _ints(f: Fields, key: str, n: int, low: int, high: int) -> tuple[int, ...]:
    values = f.get(key, list)
    if len(values) != n:
        raise f.fail(key, f"must list {n} numbers, found {len(values)}")
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise f.fail(f"{key}[{i}]", f"must be a whole number from {low} to {high}")
    return tuple(values)


def _joints(root: Fields) -> tuple[tuple[int, ...], tuple[int, ...]]:
    f = root.table("joints")
    f.provenance()
    if f.get("colours", list) != list(COLOURS):
        raise f.fail("colours", f"must be {list(COLOURS)} (the colours the rules know)")
    counts = _ints(f, "counts", len(COLOURS), 1, 30)
    values = _ints(f, "values", len(COLOURS), 100, 10_000)
    if list(values) != sorted(values, reverse=True) or any(v % 100 for v in values):
        raise f.fail("values", "must be multiples of $100, dearest colour first")
    return counts, values


def _city(root: Fields, base: Path, counts: tuple[int, ...],
          values: tuple[int, ...]) -> City:
    f = root.table("city")
    f.provenance()
    has_file, has_map = "file" in f.data, "map" in f.data
    if has_file == has_map:
        raise f.fail("file", "give exactly one of `file` (a map file) and `map` (its text)")
    if has_file:
        name = f.get("file", str)
        path = base / name
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise f.fail("file", f"cannot read {name}: {exc.strerror}") from None
        where = f"{f.where}.file ({name})"
    else:
        text, where = f.get("map", str), f"{f.where}.map"
    city = parse_city(text, where, dict(zip(COLOURS, counts, strict=True)),
                      dict(zip(COLOURS, values, strict=True)))
    want = f.get("subway_buildings", int)
    have = len(city.subway_buildings())
    if have != want:
        raise f.fail("subway_buildings", f"is {want}, but the map has {have} buildings "
                     "whose entrance is on a subway space")
    return city


def load_components(path: str | Path) -> Components:
    """Read and check a components file; any problem raises :class:`ComponentError`."""
    root = load_fields(path)
    counts, values = _joints(root)
    city = _city(root, Path(path).parent, counts, values)
    f = root.table("cops")
    f.provenance()
    cops = _ints(f, "strengths", 9, 1, 20)
    if len(set(cops)) != len(cops):
        raise f.fail("strengths", "no two cops have the same strength (9.1)")
    f = root.table("bribes")
    f.provenance()
    badges = _ints(f, "badges", len(cops) + 1, 0, 20)
    if sorted(badges) != sorted([*cops, 0]):
        raise f.fail("badges", "must be one badge per cop strength plus 0 (the Untouchable)")
    f = root.table("public")
    f.provenance()
    public = _ints(f, "strengths", 4, 1, 3)
    f = root.table("dice")
    f.provenance()
    dice = []
    for mover in MOVERS:
        colour = f.get(mover, str)
        if colour not in DIE_COLOURS:
            raise f.fail(mover, f"must be one of {', '.join(DIE_COLOURS)}")
        dice.append((mover, colour))
    if len({c for _, c in dice}) != len(dice):
        raise f.fail("vamp", "each mover has a die of its own colour (6.2)")
    f = root.table("gang")
    f.provenance()
    gang = []
    for key in _GANG:
        v = f.get(key, int)
        if v < 0:
            raise f.fail(key, "must not be negative")
        gang.append((key, v))
    return Components(city, counts, values, cops, badges, public, tuple(dice), tuple(gang))


@cache
def default_components() -> Components:
    """The shipped components (cached: they never change during a run)."""
    return load_components(DEFAULT_COMPONENTS)


@cache
def components_from(path: str) -> Components:
    """A user's components file, or the shipped one for ``""`` (cached per path)."""
    return load_components(path) if path else default_components()


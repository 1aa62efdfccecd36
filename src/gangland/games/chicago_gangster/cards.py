"""The printed components: six gangs of nine mobsters and the action deck.

Mobsters are numbered 0..53 inside the engine (gang ``m // 9``, member ``m % 9``) and shown
as 1..54 in actions. Action cards are numbered 0..N-1, grouped by kind in the order of
:data:`KINDS`; two cards of one kind are interchangeable, so actions name the kind.

>>> comps = default_components()
>>> comps.mobster_name(0), comps.gangs[5]
('Al Capone', 'Bank Robbers')
>>> len(comps.kind_of), comps.kind_of[0], KINDS[comps.kind_of[-1]]
(58, 0, 'crackdown')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from gangland.engine import ComponentError
from gangland.engine.components import Fields, load_fields

GANGS = 6
PER_GANG = 9
NMOBSTERS = GANGS * PER_GANG
DEFAULT_COMPONENTS = Path(__file__).with_name("components.toml")

#: Every kind of action card, in canonical order (the order hands and actions are listed).
KINDS = (
    "contract", "priority-contract", "double-contract", "hit", "massacre", "double-cross",
    "mob-war", "ambush", "vendetta", "turncoat",
    "mob-power", "family-influence", "finger", "safe-house",
    "lam", "police-protection", "substitution", "intrigue", "truce", "pay-off", "crackdown",
)
(CONTRACT, PRIORITY, DOUBLE, HIT, MASSACRE, DOUBLE_CROSS, MOB_WAR, AMBUSH, VENDETTA,
 TURNCOAT, MOB_POWER, INFLUENCE, FINGER, SAFE_HOUSE, LAM, POLICE, SUBSTITUTION, INTRIGUE,
 TRUCE, PAY_OFF, CRACKDOWN) = range(len(KINDS))
ATTACKS = frozenset(range(CONTRACT, TURNCOAT + 1))
COUNTERS = frozenset(range(MOB_POWER, SAFE_HOUSE + 1))
RESCUES = frozenset(range(LAM, CRACKDOWN + 1))
CONTRACTS = frozenset((CONTRACT, PRIORITY, DOUBLE))
KIND_INDEX = {name: i for i, name in enumerate(KINDS)}


def card_title(kind: int | str) -> str:
    """How a kind is printed on its card, for every text a person reads (the log, the web):
    the action language names kinds by their ids (``safe-house``), people by their titles.

    >>> card_title("safe-house"), card_title(PRIORITY)
    ('Safe House', 'Priority Contract')
    """
    found = TITLES.get(kind)
    if found is not None:
        return found
    name = KINDS[kind] if isinstance(kind, int) else kind
    return name.replace("-", " ").title()


#: Every kind's title, by index and by name: the log names cards at almost every step.
TITLES: dict[int | str, str] = {}
TITLES.update({name: card_title(name) for name in KINDS})
TITLES.update({i: TITLES[name] for i, name in enumerate(KINDS)})

#: One line per card, in our own words (for ``gangland rules``, the terminal and the web).
EFFECTS = {
    "contract": "a rival of your choice must put one of their mobsters at the end of the list",
    "priority-contract": "as a contract, but the mobster goes to the front, against the wall",
    "double-contract": "two contracts on one rival; a counter answers only the first",
    "hit": "kill a rival's mobster in play; then put one of your own at the end of the list",
    "massacre": "every mobster on the list is killed",
    "double-cross": "you put one mobster of each rival onto the list, in the order you pick",
    "mob-war": "a gang war starts at normal speed (one execution a turn)",
    "ambush": "a gang war at double speed starts, or a war already on doubles",
    "vendetta": "you list two mobsters of each rival; then a war at double speed",
    "turncoat": "a mobster of the strongest gang dies; a dead one joins the weakest living gang",
    "mob-power": "counter: a contract against you hits the one who made it",
    "family-influence": "counter: cancel a contract against you",
    "finger": "counter: a rival's Lam card fails",
    "safe-house": "counter: a Vendetta spares your gang",
    "lam": "take one mobster off the list (a Finger can stop it)",
    "police-protection": "take one mobster off the list",
    "substitution": "a listed mobster goes home and a mobster in play takes its place",
    "intrigue": "put the list in a new order of your choice",
    "truce": "stop the war (it restarts at once if a cause is still there)",
    "pay-off": "every listed mobster of one gang goes home",
    "crackdown": "every listed mobster goes home",
}


@dataclass(frozen=True)
class Components:
    """Gang names, colours and members, and the deck as a card-to-kind table."""

    gangs: tuple[str, ...]
    colours: tuple[str, ...]
    members: tuple[tuple[str, ...], ...]
    counts: tuple[int, ...]
    kind_of: tuple[int, ...]
    hand: int
    #: Each action card's kind by name (what views list), and as a bit (``1 << kind``: a
    #: hand's kinds are one mask, which the legal turn moves are looked up by); worked out
    #: once, since the components never change.
    card_kinds: tuple[str, ...] = field(init=False, repr=False, compare=False)
    kind_bits: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Fields set once, not ``cached_property``s: compiled (the optional build,
        # docs/speed.md), a cached_property is worked out again at every read.
        object.__setattr__(self, "card_kinds", tuple(KINDS[k] for k in self.kind_of))
        object.__setattr__(self, "kind_bits", tuple(1 << k for k in self.kind_of))

    def mobster_name(self, mobster: int) -> str:
        """The printed name of mobster ``mobster`` (0..53)."""
        return self.members[mobster // PER_GANG][mobster % PER_GANG]

    @property
    def ncards(self) -> int:
        """How many action cards the deck holds."""
        return len(self.kind_of)


def _gangs(root: Fields) -> tuple[list[str], list[str], list[tuple[str, ...]]]:
    table = root.table("gangs")
    table.provenance()
    entries = table.get("gang", list)
    if len(entries) != GANGS:
        raise table.fail("gang", f"must list {GANGS} gangs, found {len(entries)}")
    names, colours, members = [], [], []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise table.fail(f"gang[{i}]", "must be a table")
        gang = Fields(entry, f"{table.where}.gang[{i}]")
        names.append(gang.get("name", str))
        colours.append(gang.get("colour", str))
        roster = gang.get("members", list)
        if len(roster) != PER_GANG or not all(isinstance(m, str) and m for m in roster):
            raise gang.fail("members", f"must list {PER_GANG} names")
        members.append(tuple(roster))
    if len(set(names)) != GANGS:
        raise table.fail("gang", "gang names must differ")
    return names, colours, members


def load_components(path: str | Path) -> Components:
    """Read and check a components file; any problem raises :class:`ComponentError`."""
    root = load_fields(path)
    names, colours, members = _gangs(root)
    deck = root.table("deck")
    deck.provenance()
    counts_t = deck.table("counts")
    unknown = sorted(set(counts_t.data) - set(KINDS))
    if unknown:
        raise counts_t.fail(unknown[0], "is not a kind of card")
    counts = []
    for name in KINDS:
        n = counts_t.get(name, int)
        if not 0 <= n <= 60:
            raise counts_t.fail(name, f"must be from 0 to 60, not {n}")
        counts.append(n)
    setup = root.table("setup")
    setup.provenance()
    hand = setup.get("hand", int)
    if hand != 5:
        raise setup.fail("hand", "is 5 in the printed game")
    if sum(counts) < 6 * (hand + 1) + 1:
        raise ComponentError(f"{counts_t.where}: the deck is too small for six players")
    kind_of = tuple(k for k, n in enumerate(counts) for _ in range(n))
    return Components(tuple(names), tuple(colours), tuple(members), tuple(counts), kind_of,
                      hand)


@cache
def default_components() -> Components:
    """The shipped components (cached: they never change during a run)."""
    return load_components(DEFAULT_COMPONENTS)


@cache
def components_from(path: str) -> Components:
    """A user's components file, or the shipped one for ``""`` (cached per path)."""
    return load_components(path) if path else default_components()

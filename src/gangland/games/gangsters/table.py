"""The table of Gangsters: gangs, cops, the public, joints, cash and the turn's bookkeeping.

Every piece lives in flat lists indexed by small integers, so a clone is a handful of list
copies (search clones states by the thousand):

- gang pieces: ``p = seat * 3 + kind`` (kind 0 Racketeer, 1 Thug, 2 Vamp). Strength 0 means
  the piece is off the board (never recruited, or shot down to nothing); the Gang Track
  marker and the piece are one number here;
- cops: ``c`` 0..8 is the cop of strength ``c + 2`` (strength is a cop's identity);
- public pieces: ``k`` 0..3 of strengths x1, x1, x2, x3;
- buildings: by their space id in the city (``owner``/``level`` are indexed by space id and
  are meaningful for buildings only). ``level`` stays on a building that is sold, so its
  improvements are bought with it (7.5).

A position is ``at`` (a space id, -1 off the board) and a ``face`` (0..3 for N, E, S, W;
-1 inside a building, where facing does not matter).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import compress
from typing import Any

from gangland.engine import Event, TurnState, counted, ledger, seat_label

from .acts import Acts
from .city import COLOURS
from .components import KINDS, Components

#: Seat colours: the four board edges (the rulebook's examples name these gangs).
GANGS = ("red", "yellow", "green", "brown")
RACKETEER, THUG, VAMP = range(3)
#: The five dice, in the order they are rolled and shown.
DICE = ("blue", "white", "green", "red", "black")
BLUE, WHITE, GREEN, RED, BLACK = range(5)
#: Each gang piece's movement die.
DIE_OF = (GREEN, BLACK, RED)
#: Most of each kind a gang may have in play (7.3).
MOST = (10, 10, 1)
COPS = 9
PUBLICS = 4
INSIDE = -1

# The pending decision.
(PICK, GANG, PLACE, BUY, OFFER, ANSWER, COP, REVEAL, EXIT, PATROL, MOVE, PUBLIC, ENTRY,
 SEDUCE, HIT, BUST, AIM, ABSORB) = range(18)
PHASES = ("pick", "gang", "place", "buy", "offer", "answer", "cop", "reveal", "exit",
          "patrol", "move", "public", "entry", "seduce", "hit", "bust", "aim", "absorb")


def cost(kind: int, have: int, more: int, step: tuple[int, int, int] = (100, 100, 300)) -> int:
    """The Gang Track price of ``more`` gangsters of ``kind`` when ``have`` are in play.

    Racketeers and Thugs cost their step times their ordinal (the 4th is $400); the Vamp a
    flat price (4.2, 7.3).

    >>> cost(RACKETEER, 0, 4), cost(THUG, 0, 3), cost(RACKETEER, 3, 3), cost(VAMP, 0, 1)
    (1000, 600, 1500, 300)
    """
    if kind == VAMP:
        return step[VAMP] * more
    return step[kind] * (sum(range(have + 1, have + more + 1)))


def affordable(kind: int, have: int, room: int, step: tuple[int, int, int], die: int,
               cash: int) -> int:
    """The most gangsters of ``kind``, up to ``room``, that ``cash`` pays for at ``die``
    times their :func:`cost` (7.3: the Gang Track price times the kind's die).

    The recruit list asks at every move, so the price is summed as the count grows
    instead of worked out afresh for each count; ``test_affordable_is_what_cost_allows``
    holds it to :func:`cost`.

    >>> affordable(RACKETEER, 2, 6, (100, 100, 300), 2, 2_400)  # $300 + $400 + $500, x2
    3
    >>> affordable(VAMP, 0, 1, (100, 100, 300), 1, 299)
    0
    """
    total, each = 0, step[kind]
    for n in range(1, room + 1):
        total += each if kind == VAMP else each * (have + n)
        if total * die > cash:
            return n - 1
    return max(0, room)


@dataclass(frozen=True, slots=True)
class Figures:
    """The printed figures the rules read often, unpacked once per components."""

    start_joints: int
    joint_budget: int
    gang_budget: int
    markers: int
    step: tuple[int, int, int]  # price step of a Racketeer, a Thug; the Vamp's price
    most: tuple[int, int, int]
    gear_cost: tuple[int, int, int]  # Wheels, Heaters, Siren (by the kind they go with)
    win_cash: int
    win_joints: int
    commissioner_cash: int
    cops: tuple[int, ...]  # strength of cop c
    public: tuple[int, ...]  # strength of public piece k
    counts: dict[str, int]  # joints of each colour on the board
    #: The fewest joints any win by joints asks for: every joint of the smallest colour,
    #: or ``win_joints`` if that is fewer (15.1; ``victory`` looks no further below it).
    fewest: int
    acts: Acts  # the map's prebuilt actions and tokens (``acts``), shared by every clone


_FIGURES: dict[int, Figures] = {}


def marked(state: TableBase) -> Iterator[int]:
    """The buildings with joint markers on them, ascending: every joint (a joint has a
    level of one or more: it is bought or picked at 1 at least, and at 0 it is nobody's,
    ``_lose_level``) and every building sold with its improvements (7.5). The buildings
    follow the streets in space ids, so their levels are one slice, and the few marked
    ones are picked out in C instead of testing each of the fifty-odd buildings in Python
    (the views, ``joints`` and the worth ask for them at nearly every decision)."""
    buildings = state.fig.acts.buildings
    return compress(buildings, state.level[buildings.start:])


def gang_words(racketeers: int, thugs: int, vamp: int) -> str:
    """A gang in words, each count with its right plural (events and menus are read by
    people, and "1 Racketeers, 0 Vamp" is not English).

    >>> gang_words(1, 2, 1), gang_words(4, 0, 0)
    ('1 Racketeer, 2 Thugs and a Vamp', '4 Racketeers, 0 Thugs and no Vamp')
    """
    return (f"{counted(racketeers, 'Racketeer')}, {counted(thugs, 'Thug')} and "
            f"{'a Vamp' if vamp else 'no Vamp'}")


def figures(comps: Components) -> Figures:
    """The :class:`Figures` of ``comps`` (computed once per components object, which
    is kept with them, so a new one never gets an old one's figures by reusing its id)."""
    fig = _FIGURES.get(id(comps))
    if fig is None or fig.acts.comps is not comps:  # an id may be reused by a new object
        f = comps.figure
        counts = {c: comps.joint_count(c) for c in COLOURS}
        fig = _FIGURES[id(comps)] = Figures(
            f("start_joints"), f("joint_budget"), f("gang_budget"), f("joint_markers"),
            (f("racketeer_step"), f("thug_step"), f("vamp_cost")),
            (f("max_racketeers"), f("max_thugs"), f("max_vamps")),
            (f("wheels_cost"), f("heaters_cost"), f("siren_cost")),
            f("win_cash"), f("win_joints"), f("commissioner_cash"), tuple(comps.cops),
            tuple(comps.public), counts, min([f("win_joints"), *counts.values()]),
            Acts(comps))
    return fig


class TableBase(TurnState):
    """Fields and small moves shared by setup, movement, crime and shootouts."""

    __slots__ = (
        "active",
        "at",
        "badge",
        "cash",
        "chosen",
        "comps",
        "cop_at",
        "cop_face",
        "criminal",
        "deal",
        "dice",
        "donut",
        "face",
        "fig",
        "fight",
        "gear",
        "level",
        "moved",
        "order",
        "out",
        "owner",
        "pawns",
        "pending",
        "phase",
        "pub_at",
        "pub_face",
        "recruits",
        "strength",
        "turn",
        "untouchable",
        "used",
    )

    # (the annotations name what each list holds; see the module docstring for indexes)
    comps: Components
    strength: list[int]  # per gang piece
    at: list[int]  # per gang piece: its space, -1 off the board
    face: list[int]  # per gang piece
    criminal: list[bool]  # per gang piece: white side up
    cop_at: list[int]  # per cop: its space, -1 in the cup
    cop_face: list[int]
    badge: list[int]  # per cop: the seat holding its Bribe badge (secret), -1 in the cup
    untouchable: int  # the seat holding the blank badge, -1 in the cup
    donut: list[int]  # per cop: seat * 2 + (level - 1) of a Donut marker on it, -1 none
    pub_at: list[int]  # per public piece
    pub_face: list[int]
    owner: list[int]  # per space: the seat owning that building, -1 none
    level: list[int]  # per space: the building's joint level (markers on it), 0 none
    cash: list[int]
    gear: list[int]  # per seat: bit 1 << kind: Wheels (Racketeer), Heaters (Thug), Siren (Vamp)
    out: list[bool]  # per seat: out of the game
    order: list[int]  # gang seats in turn order (player #1 first)
    pawns: list[int]  # 16.5: the movement pawns still in the cup (random order only)
    turn: int
    active: int  # whose turn it is (``to_move`` may be another seat for a decision)
    phase: int
    dice: list[int]  # the five dice of this turn, 0 before the roll
    moved: int  # bitmask: gang kinds moved or recruited this turn (bits 0-2), wheels (3),
    # public pieces moved (bits 4-7), the cop phase done (8)
    recruits: int  # gangsters recruited this turn (at most 7 - blue)
    pending: list[int]  # the current decision's own data (see the phase's code)
    chosen: list[list[int]]  # per seat: a secret setup choice not yet revealed, [] none
    deal: list[int]  # a trade being offered: partner, pay, ask, then joints (+b+1 given,
    # -(b+1) asked for)
    used: int  # movement options used this turn
    fight: list[list[int]]  # the shootouts of this turn being resolved (see ``shootout``)
    fig: Figures

    # Methods that a class further up the chain provides (in the module named), declared
    # here because a class below the provider, or a view given a table, calls them. Real
    # methods, not declarations under ``TYPE_CHECKING``, which mypyc refuses in a class
    # body; the provider's method always overrides them.

    def tok(self, space: int) -> str:  # rules
        raise NotImplementedError

    def _start_turn(self, seat: int) -> list[Event]:  # rules
        raise NotImplementedError

    def _start_moves(self) -> list[Event]:  # moving
        raise NotImplementedError

    def _start_shootouts(self) -> list[Event]:  # shootout
        raise NotImplementedError

    def fight_view(self) -> dict[str, Any]:  # shootout
        raise NotImplementedError

    def final_count(self) -> dict[str, object]:  # crime
        raise NotImplementedError

    # ----- queries -------------------------------------------------------------------

    def piece(self, seat: int, kind: int) -> int:
        """The index of ``seat``'s piece of ``kind``."""
        return seat * 3 + kind

    @property
    def commissioner(self) -> int:
        """17: the Police Commissioner's seat in the five-player game (the last), else -1."""
        return 4 if self.players == 5 else -1

    @property
    def cop_boss(self) -> int:
        """Who moves the cops and controls them in shootouts: the Commissioner in the
        five-player game (17), else the active player (5.3, 12.4)."""
        return 4 if self.players == 5 else self.active

    def random_order(self) -> bool:
        """16.5 random movement order (always in the five-player game, 17)."""
        return self.players == 5 or bool(self.options.get("random_order"))

    def gangs(self) -> list[int]:
        """Seats that play a gang and are still in the game, in turn order."""
        return [s for s in self.order if not self.out[s]]

    def joints(self, seat: int) -> list[int]:
        """``seat``'s joints (building space ids, ascending)."""
        owner = self.owner  # only marked buildings can be owned (see ``marked``)
        return [b for b in marked(self) if owner[b] == seat]

    def crime_level(self) -> int:
        """Gang and public pieces white side up: criminals on the board plus every public
        piece standing in a joint (9.3, 11.2)."""
        n = sum(1 for p, c in enumerate(self.criminal) if c and self.at[p] >= 0)
        return n + sum(1 for a in self.pub_at if a >= 0 and self.owner[a] >= 0)

    def cops_in_play(self) -> int:
        return sum(1 for a in self.cop_at if a >= 0)

    def seat_name(self, seat: int) -> str:
        """``Red`` for a gang, ``The Police Commissioner`` for the fifth seat of the
        five-player game (17), which has no gang colour: every text naming a seat that may
        be the Commissioner (a winner) goes through here, never through ``GANGS``."""
        if seat == self.commissioner:
            return "The Police Commissioner"
        return GANGS[seat].title()

    def describe_piece(self, p: int) -> str:
        """``Red Thug 4`` for people."""
        seat, kind = divmod(p, 3)
        name = f"{GANGS[seat].title()} {KINDS[kind].title()}"
        return name if kind == VAMP else f"{name} {self.strength[p]}"

    # ----- money -----------------------------------------------------------------------

    def _gain(self, seat: int, amount: int, why: str, *, open_: bool = False) -> list[Event]:
        """The bank pays ``seat``; under secret cash (15.1) only ``seat`` sees the amount
        (see :meth:`_secretly`). ``open_``: an amount everyone heard (a trade's cash)."""
        events = ledger.gain(self.cash, seat, amount, why, self.quiet)
        return events if open_ or not events else self._secretly(events,
                                                                 f"collects money: {why}")

    def _pay(self, seat: int, amount: int, why: str, *,
             open_: bool = False) -> tuple[int, list[Event]]:
        """``seat`` pays the bank; under secret cash only ``seat`` sees the amount."""
        paid, events = ledger.pay(self.cash, seat, amount, why, self.quiet)
        return paid, events if open_ or not events else self._secretly(
            events, f"pays the bank: {why}")

    def _secretly(self, events: list[Event], notice: str) -> list[Event]:
        """15.1: "A player may keep his cash status secret". The others see that a payment
        is made, and what for (the bills change hands at the table), not the amount: the
        ``gain``/``pay`` event with it goes to the seat alone, a public ``cash`` notice to
        everyone."""
        if not events or not self.options.get("secret_cash"):
            return events
        seat = int(events[0].data["seat"])
        return [Event(events[0].kind, events[0].text, to=frozenset({seat}),
                      data=dict(events[0].data)),
                Event("cash", f"{seat_label(seat)} {notice}.", data={"seat": seat})]

    # ----- small moves -----------------------------------------------------------------

    def _lose(self, p: int, hits: int) -> list[Event]:
        """``p`` loses ``hits`` strength; at 0 it leaves the board (gear tied to it too)."""
        before = self.strength[p]
        after = max(0, before - hits)
        self.strength[p] = after
        seat, kind = divmod(p, 3)
        events = [Event("strength", f"{GANGS[seat].title()} {KINDS[kind]} strength "
                        f"{before} -> {after}.", data={"piece": p, "strength": after})]
        if after == 0:
            self.at[p] = -1
            self.face[p] = INSIDE
            self.criminal[p] = False
            self.gear[seat] &= ~(1 << kind)  # Heaters go with the Thug, Wheels with the
            # Racketeer, the Siren's outfit with the Vamp (16.1-16.3)
            events.append(Event("removed", f"{GANGS[seat].title()} loses its {KINDS[kind]}.",
                                data={"piece": p}))
        return events

    def _lose_level(self, b: int, who: str) -> list[Event]:
        """A joint loses one level; at 0 it is no longer anybody's joint."""
        seat = self.owner[b]
        self.level[b] -= 1
        events = [Event("joint", f"{who} costs {seat_label(seat)} a level of a joint.",
                        data={"building": b, "level": self.level[b], "seat": seat})]
        if self.level[b] <= 0:
            self.level[b] = 0
            self.owner[b] = -1
            events.append(Event("joint-lost", f"{seat_label(seat)} loses a joint.",
                                data={"building": b, "seat": seat}))
        return events

"""Chicago Gangster's table model for the ``heuristic`` bot: what a card would do, and its worth.

The bot never sees the state, so it keeps its own small model of the public table, built
from the view: per seat the mobsters in play and whether the seat is out, the hit list as a
sequence of owners (wall first), the war's speed and whether it is the last stand. Mobsters
of one gang are interchangeable (no card cares which one it is), so owners are all the model
needs.

**Value.** Each seat's *strength* is its mobsters in play plus, for each listed mobster, the
chance that it survives. That chance comes from its place on the list: in a war, the
executions before the bot can act again are ``speed x seats still in`` (one per turn start),
so a mobster in those places is as good as dead, and one further back has a few rounds of
grace in which a rescue may come; without a war the front of the list is still the most
exposed (a war card or a sixth listed mobster starts one). The bot's value is its own
strength against the rivals': the strongest rival (the threat to win) and the rivals' mean
(last gang standing means every rival must fall), plus a bonus for each rival already out.

**Effects.** :func:`outcomes` plays a card on the model with the bot's own later choices
(which target, which mobster) made greedily by the same value, so "which card" and "which
target" are one comparison. Rivals' answers (a counter, which mobster a target lists) are
not guessed: every mobster of a gang is alike, and counters are rare enough to be ignored.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from gangland.games.chicago_gangster.cards import (
    AMBUSH,
    CONTRACT,
    CRACKDOWN,
    DOUBLE,
    DOUBLE_CROSS,
    HIT,
    INTRIGUE,
    KINDS,
    LAM,
    MASSACRE,
    MOB_WAR,
    NMOBSTERS,
    PAY_OFF,
    POLICE,
    PRIORITY,
    SUBSTITUTION,
    TRUCE,
    TURNCOAT,
    VENDETTA,
)
from gangland.games.chicago_gangster.table import AFTER, CROWDED, LAST_STAND

_new = object.__new__
#: Whether this module runs compiled by mypyc (the optional build, docs/speed.md). Pure, a
#: :class:`Position` is made by ``object.__new__`` and its slots set (a third cheaper than
#: the dataclass's ``__init__``); compiled, that is refused, and the constructor is native.
COMPILED = not __file__.endswith(".py")

#: The most executions a round: a double-speed war with six seats still in.
MAX_RATE = 2 * 6

__all__ = [
    "Position", "Weights", "aimed", "keep_value", "outcomes", "reordered", "rescued",
    "strengths", "substituted", "value",
]

#: What holding a card is worth for later turns, by kind (the order of ``KINDS``). Counters
#: are the only defence on a rival's turn, so they are kept; contracts are plentiful.
KEEP = {
    "contract": 0.15, "priority-contract": 0.40, "double-contract": 0.45, "hit": 0.50,
    "massacre": 0.75, "double-cross": 0.50, "mob-war": 0.45, "ambush": 0.50,
    "vendetta": 0.90, "turncoat": 0.30,
    "mob-power": 1.80, "family-influence": 1.50, "finger": 0.50, "safe-house": 0.45,
    "lam": 0.50, "police-protection": 0.60, "substitution": 0.80, "intrigue": 0.70,
    "truce": 0.45, "pay-off": 0.60, "crackdown": 0.50,
}


@dataclass(frozen=True)
class Weights:
    """The tunable numbers of the evaluation (defaults measured against random play)."""

    #: Chance a listed mobster dies, in a war, by full rounds of executions before its turn
    #: (round 0: executed before the bot plays again).
    war_risk: tuple[float, ...] = (1.0, 0.75, 0.55, 0.45)
    #: Without a war: the chance at the wall, less ``calm_slope`` per place, at least
    #: ``calm_floor``.
    calm_risk: float = 0.45
    calm_slope: float = 0.03
    calm_floor: float = 0.25
    #: Weight of the strongest rival's strength, and of the rivals' mean strength.
    leader: float = 0.3
    mean: float = 0.5
    #: Bonus per rival already out.
    out_bonus: float = 0.5
    #: Worth of holding each kind of card (see ``KEEP``); a second copy of a kind is
    #: worth ``duplicate`` times as much.
    keep: tuple[float, ...] = field(default_factory=lambda: tuple(KEEP[k] for k in KINDS))
    duplicate: float = 0.6
    #: ``survival[r][i]``: see :meth:`_survival` (worked out once, at construction).
    survival: tuple[tuple[float, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A field set once, not a ``cached_property``: compiled by mypyc (the optional
        # build, docs/speed.md), a cached_property becomes a plain property, worked out
        # again at every read.
        object.__setattr__(self, "survival", self._survival())

    def _survival(self) -> tuple[tuple[float, ...], ...]:
        """``survival[r][i]``: the chance that the mobster at place ``i`` of the list lives,
        with ``r`` executions a round (``r = 0``: no war), for every place and rate.

        Worked out once per weights (they are frozen), for :func:`strengths`, which every
        model position asks for; each entry is the very float the rule gives.
        """
        calm = tuple(1.0 - max(self.calm_floor, self.calm_risk - self.calm_slope * i)
                     for i in range(NMOBSTERS))
        risks, last = self.war_risk, len(self.war_risk) - 1
        wars = [tuple(1.0 - risks[min(i // rate, last)] for i in range(NMOBSTERS))
                if risks else () for rate in range(1, MAX_RATE + 1)]
        return (calm, *wars)


@dataclass(slots=True)
class Position:
    """The public table as the bot models it: counts and owners, nothing else.

    (Slots: a search's playouts make some ten copies of it for every decision.)
    """

    me: int
    inplay: list[int]
    hitlist: list[int]  # owners, wall first
    out: list[bool]
    war: int
    permanent: bool

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Position:
        """Read the model off a seat's view."""
        owners = view["owners"]
        gangs = view["gangs"]
        war = view["war"]
        if COMPILED:
            return cls(int(view["seat"]), [len(g["in_play"]) for g in gangs],
                       [owners[m - 1] for m in view["hitlist"]],
                       [bool(g["out"]) for g in gangs], int(war["rate"]),
                       bool(war["permanent"]))
        pos = _new(cls)  # the slots set here, as in ``copy``
        pos.me, pos.war, pos.permanent = int(view["seat"]), int(war["rate"]), bool(war["permanent"])
        pos.inplay, pos.out = inplay, out = [], []  # one pass over the gangs
        for g in gangs:
            inplay.append(len(g["in_play"]))
            out.append(bool(g["out"]))
        pos.hitlist = [owners[m - 1] for m in view["hitlist"]]
        return pos

    def copy(self) -> Position:
        """An independent copy to play a card on (its slots set here, without the
        generated ``__init__``'s call: a search makes some ten copies a decision)."""
        if COMPILED:
            return Position(self.me, self.inplay.copy(), self.hitlist.copy(), self.out.copy(),
                            self.war, self.permanent)
        new = _new(Position)
        new.me, new.war, new.permanent = self.me, self.war, self.permanent
        new.inplay, new.hitlist, new.out = self.inplay.copy(), self.hitlist.copy(), self.out.copy()
        return new

    def rivals(self) -> list[int]:
        """The other seats still in, in turn order from the bot's left."""
        out = self.out
        return [s for s in AFTER[len(self.inplay)][self.me] if not out[s]]

    def settle(self) -> Position:
        """Seats with nothing left go out; the conditions that start a war are applied."""
        inplay, out, hitlist = self.inplay, self.out, self.hitlist
        if 0 in inplay:  # only a seat with none in play can go out
            for s, count in enumerate(inplay):
                if not count and not out[s] and s not in hitlist:
                    out[s] = True
        if sum(inplay) + len(hitlist) <= LAST_STAND:
            self.permanent = True
        if not self.war and (self.permanent or len(hitlist) >= CROWDED):
            self.war = 1
        return self


def strengths(pos: Position, w: Weights) -> list[float]:
    """Each seat's expected survivors: in play, plus listed times their chance to live.

    A listed mobster's chance comes from its place: in a war, the executions before the
    bot's next turn are ``speed x seats still in`` a round (see ``Weights.war_risk``);
    without one, the calm risk falls along the list (``Weights.survival`` holds both).
    """
    out = pos.out
    # ``0.0 if out else float(count)`` per seat, the floats made in C and the seats out
    # (seldom any) zeroed after: the same list, a model value's largest cost made small.
    s = list(map(float, pos.inplay))
    if True in out:
        for seat, gone in enumerate(out):
            if gone:
                s[seat] = 0.0
    hitlist = pos.hitlist
    if hitlist:
        war = pos.war
        lives = w.survival[war * max(len(out) - sum(out), 1) if war else 0]
        for i, owner in enumerate(hitlist):
            s[owner] += lives[i]
    return s


def value(pos: Position, w: Weights) -> float:
    """How good ``pos`` is for the bot: its strength against the strongest and mean rival."""
    out, me = pos.out, pos.me
    if out[me]:
        return -100.0
    s = strengths(pos, w)
    if True in out:  # the rivals still in, in turn order from the bot's left
        theirs = [s[r] for r in AFTER[len(out)][me] if not out[r]]
    else:  # ``AFTER``'s order, sliced in C
        theirs = s[me + 1:] + s[:me]
    if not theirs:
        return 100.0
    gone = len(out) - 1 - len(theirs)
    return (s[me] - w.leader * max(theirs) - w.mean * sum(theirs) / len(theirs)
            + w.out_bonus * gone)


def keep_value(kind: int, copies: int, w: Weights) -> float:
    """What losing one card of ``kind`` costs when ``copies`` of it are held."""
    base = w.keep[kind]
    return base * w.duplicate if copies > 1 else base


# ----- playing a card on the model ---------------------------------------------------------


def _listed(pos: Position, seat: int, front: bool = False) -> Position:
    """A copy of ``pos`` with one of ``seat``'s mobsters listed (if it has one)."""
    return _list(pos.copy(), seat, front)


def _list(new: Position, seat: int, front: bool = False) -> Position:
    """:func:`_listed` in place, on a copy the caller made: a series of listings (Double
    Cross, Vendetta, a Hit's own mobster) then costs one copy, not one a mobster."""
    if new.inplay[seat]:
        new.inplay[seat] -= 1
        if front:
            new.hitlist.insert(0, seat)
        else:
            new.hitlist.append(seat)
    return new


def _threat_order(pos: Position, w: Weights) -> list[int]:
    """Rivals, strongest first: the order the bot puts them on the list or at the wall."""
    s = strengths(pos, w)
    return sorted(pos.rivals(), key=lambda r: -s[r])


def rescued(pos: Position, index: int) -> Position:
    """The mobster at ``index`` goes home."""
    new = pos.copy()
    owner = new.hitlist.pop(index)
    new.inplay[owner] += 1
    return new


def substituted(pos: Position, index: int, seat: int) -> Position:
    """A mobster of ``seat`` in play takes the place of the one at ``index``."""
    new = pos.copy()
    owner = new.hitlist[index]
    new.hitlist[index] = seat
    new.inplay[seat] -= 1
    new.inplay[owner] += 1
    return new


def reordered(pos: Position, w: Weights) -> Position:
    """Intrigue: the strongest rivals' mobsters to the wall, the bot's own last."""
    s = strengths(pos, w)
    new = pos.copy()
    new.hitlist.sort(key=lambda o: (o == pos.me, -s[o]))
    return new


def aimed(pos: Position, kind: int, seat: int) -> Position:
    """A contract (of any kind) or a Pay Off aimed at ``seat``, uncountered."""
    if kind == PAY_OFF:
        new = pos.copy()
        new.hitlist = [o for o in pos.hitlist if o != seat]
        new.inplay[seat] += len(pos.hitlist) - len(new.hitlist)
        return new.settle()
    new = _list(pos.copy(), seat, kind == PRIORITY)  # ``_listed``, one call shorter
    if kind == DOUBLE:
        _list(new, seat)
    return new.settle()


def outcomes(pos: Position, kind: int, w: Weights) -> Iterator[Position]:
    """Every position the bot could reach by playing ``kind`` (its own choices varied).

    The caller keeps the best by :func:`value`; where the bot's later picks form a long
    series (Double Cross, Vendetta, Intrigue) one greedy series stands for them all.
    """
    if kind in (CONTRACT, PRIORITY, DOUBLE):
        for r in _targets(pos):
            yield aimed(pos, kind, r)
    elif kind == HIT:
        me = pos.me
        for r in _targets(pos):
            new = pos.copy()
            new.inplay[r] -= 1
            yield _list(new, me).settle()
    elif kind == MASSACRE:
        new = pos.copy()
        new.hitlist = []
        yield new.settle()
    elif kind in (DOUBLE_CROSS, VENDETTA):
        new = pos.copy()
        for r in _threat_order(pos, w):
            for _ in range(2 if kind == VENDETTA else 1):
                _list(new, r)
        if kind == VENDETTA:
            new.war = 2
        yield new.settle()
    elif kind in (MOB_WAR, AMBUSH):
        new = pos.copy()
        new.war = max(new.war, 1 if kind == MOB_WAR else 2)
        yield new.settle()
    elif kind == TURNCOAT:
        yield from _turncoat(pos)
    elif kind in (LAM, POLICE):
        for i in range(len(pos.hitlist)):
            yield rescued(pos, i).settle()
    elif kind == SUBSTITUTION:
        for i in range(len(pos.hitlist)):
            for s, count in enumerate(pos.inplay):
                if count and not pos.out[s] and s != pos.hitlist[i]:
                    yield substituted(pos, i, s).settle()
    elif kind == INTRIGUE:
        yield reordered(pos, w)
    elif kind == TRUCE:
        new = pos.copy()
        new.war = 0
        yield new.settle()
    elif kind == PAY_OFF:
        for s in sorted(set(pos.hitlist)):
            yield aimed(pos, kind, s)
    elif kind == CRACKDOWN:
        new = pos.copy()
        for o in new.hitlist:
            new.inplay[o] += 1
        new.hitlist = []
        yield new.settle()


def _targets(pos: Position) -> list[int]:
    """The rivals a contract or a Hit can aim at: those still in with a mobster in play."""
    inplay = pos.inplay
    return [r for r in pos.rivals() if inplay[r]]


def _turncoat(pos: Position) -> Iterator[Position]:
    """A mobster of a largest gang dies; a dead one joins the smallest (decided at play)."""
    active = [s for s in range(len(pos.inplay)) if not pos.out[s]]
    counts = {s: pos.inplay[s] for s in active}
    most, fewest = max(counts.values()), min(counts.values())
    n = len(pos.inplay)
    order = [(pos.me + k) % n for k in range(n)]
    weakest = next(s for s in order if s in counts and counts[s] == fewest)
    for s in active:
        if counts[s] == most:
            new = pos.copy()
            new.inplay[s] -= 1
            new.inplay[weakest] += 1
            yield new.settle()

"""How good a Gangster position is for one seat: the yardstick of the ``greedy`` bot.

The bot looks one turn ahead on a *sampled* position (``Observation.sample_state``: the
table exactly as the seat sees it, only the order of the three face-down piles drawn
afresh) and asks this module what each end of its turn is worth. Everything read here is
public: tiles, cars, tableaus, influence, the doublers and the contents of the casino deck.

**Standings as if the round ended now.** Each district pays its values to the colours in
placement order (:func:`~gangland.games.gangster.tiles.standings`). A ``"?"`` is worth the
mean of the casino cards still in the deck. A district with a doubler counts twice; one
without counts ``1 + p``, where ``p`` is the chance it still gets one this round: the
``r`` doublers still to come land on ``r`` of the ``u`` districts without one, so
``p = r / u``. Gangsters stay on the tiles from round to round, so the current standings
also say something about the later reckonings: they count ``1 + future`` per reckoning
still to come after this one (``future`` < 1, because much changes in a round).

**Against whom.** A seat wins by beating the *best* other seat, not the average, so the
score is the seat's influence plus projection minus a mix of the leading opponent's and
the average opponent's (``leader`` sets the mix; the mean keeps the bot from ignoring
everyone but the leader). With two players each seat's two colours add up, as in scoring.

**What the position promises.** The next turn's best unload or load where the car
stands (``here``), the best one at a district the car can reach next turn (``reach``),
free trunk space (``room``: an opponent's gangster can be taken off a tile), and each
piece of equipment (``equipment``, by kind). Opponents' gangsters already in the trunk
need no term of their own: they are off the tiles, and the standings show it.

**What the position threatens.** For each opponent colour, the worst one unload or load it
could do to the seat where its car stands (``threat``): a majority next to a rival's car
full of gangsters is not safe.

**Why these weights.** They were set by play between greedy bots that differ in one
weight (100 seeded four-player deals, each played twice with the seats swapped; see
``docs/games/gangster.md``). Two findings shaped them. ``here`` must stay small but not
vanish: at 0 the bot stops preparing its next move, and near 1 a gain kept for next turn
is worth as much as one taken now, so it dithers; both won about 15% of the games against
bots with a middle value, where half would be even.
And a gangster riding in the car is worth nothing by itself (``ride`` = 0): what it is
worth once unloaded is what the search already sees.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gangland.games.gangster.components import (
    BODYGUARD,
    KINDS,
    MAX_SPACES,
    MOTOR,
    TOMMY_GUN,
    TRUNK,
    WILD,
)
from gangland.games.gangster.reckoning import ROUNDS
from gangland.games.gangster.tiles import EMPTY, standings

if TYPE_CHECKING:
    from gangland.games.gangster.rules import GangsterState

__all__ = ["Evaluator", "Weights"]

_CACHE_LIMIT = 200_000  # cached entries before a cache is emptied (memory stays small)

#: _EMPTY_TILES[cap]: the spaces of an empty tile of ``cap`` spaces.
_EMPTY_TILES = tuple((EMPTY,) * cap for cap in range(MAX_SPACES + 1))

#: What a district pays if scored now: ``(colour, points)`` in placement order.
Payout = tuple[tuple[int, float], ...]
_SETTINGS_LIMIT = 10_000  # settings kept before that cache is emptied (each holds every tile)


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs (see the module docstring); the defaults were tuned by play."""

    future: float = 0.5
    #: How much of the opponents' side is the leading opponent (the rest is their mean).
    leader: float = 0.6
    here: float = 0.2
    reach: float = 0.25
    #: Per own gangster in the car (0: unloading is what counts, and the search sees it).
    ride: float = 0.0
    room: float = 1.5
    threat: float = 0.8
    #: Per kind, in ``KINDS`` order: bodyguard, trunk, motor, bumper, tommy-gun, door.
    equipment: tuple[float, ...] = (2.0, 2.0, 1.5, 0.5, 3.0, 2.5)
    #: Added to a finished game that the seat wins (a certain win beats any projection).
    win: float = 1000.0


class Evaluator:
    """Scores positions for one seat; keeps caches that live as long as the bot."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()
        if len(self.weights.equipment) != len(KINDS):
            raise ValueError(f"equipment weights: one per kind ({', '.join(KINDS)})")
        self._orders: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._gains: dict[tuple[object, ...], dict[tuple[object, ...], float]] = {}
        self._entries = 0
        self._values = 0  # values kept in the settings (see :meth:`value`)
        self._payouts: dict[tuple[float, float], dict[tuple[int, int, tuple[int, ...]],
                                                      Payout]] = {}
        #: What the caches below take as fixed: the board and the setup's tuples of the last
        #: game seen (every clone of a position holds the same objects; see :meth:`_game`).
        self._fixed: tuple[object, ...] = ()
        self._settings: dict[tuple[object, ...], _Setting] = {}
        self._last: _Setting | None = None  # the setting found last (see :meth:`_recall`)

    # ----- the score -----------------------------------------------------------------------

    def value(self, st: GangsterState, seat: int) -> float:
        """The position's worth to ``seat``, in influence points (higher is better).

        Kept with the position's setting, by what the setting leaves free (the cars, their
        cards, riders, trunks and equipment, and every tile's frontier): the search asks
        for the same ends of a turn from many of its nodes (a third of the values of a
        hard-level search are asked again), and a setting's values are its own.
        """
        w = self.weights
        if st.over:
            return self._margin([float(x) for x in st.influence], seat) + (
                w.win if seat in st.won else 0.0)
        setting = self._recall(st, seat)
        key = (tuple(st.car), tuple(st.cards), tuple(st.ride), tuple(st.trunk),
               tuple(st.equip), tuple(st.front))
        values = setting.values
        found = values.get(key)
        if found is not None:
            return found
        ctx = _Context(self, st, seat, setting)
        score = setting.margin
        owner = st.owner
        threat = w.threat
        for c in range(st.ncol):
            if owner[c] == seat:
                score += self._promise(ctx, c)
            elif threat and st.cap[st.car[c]]:
                score += threat * ctx.harm(c, st.car[c])
        self._values += 1
        if self._values > _CACHE_LIMIT:
            self._settings.clear()  # the values live in the settings
            self._last = None
            self._values = 0
        values[key] = score
        return score

    def projected(self, st: GangsterState) -> list[float]:
        """Each seat's influence plus what the standings would pay it (the first term of
        :meth:`value`, the same for every seat: the search's evaluation reads it)."""
        if st.over:
            return [float(x) for x in st.influence]
        # Asked at the end of every playout, of positions seldom seen twice: the totals
        # alone, without a setting's signs, caches and key (the same sums as ``_totals``).
        self._game(st)
        mean, odds, scale = self._scene(st)
        pays = self.payouts((mean, odds))
        totals = [float(x) for x in st.influence]
        owner, spaces, base, cap, count = st.owner, st.spaces, st.base, st.cap, st.count
        for d in st.scoring:
            if count[d]:
                b = base[d]
                for colour, points in _payout(self, pays, mean, odds, st, d,
                                              tuple(spaces[b:b + cap[d]])):
                    totals[owner[colour]] += scale * points
        return totals

    def _scene(self, st: GangsterState) -> tuple[float, float, float]:
        """The '?' value, the doubler odds and the scale of the standings."""
        casino = st.casino or st.board.parts.casino
        mean = sum(casino) / len(casino)
        undoubled = sum(1 for d in st.scoring if not st.doubler[d])
        left = max(st.board.parts.material.doublers - st.doublers, 0)
        odds = min(1.0, left / undoubled) if undoubled else 0.0
        return mean, odds, 1.0 + self.weights.future * (ROUNDS - st.round)

    @staticmethod
    def _totals(st: GangsterState, setting: _Setting) -> list[float]:
        """Each seat's influence plus what every district pays it if scored now (scaled)."""
        totals = [float(x) for x in st.influence]
        owner, scale = st.owner, setting.scale
        count, tiles = st.count, setting.tiles
        for d in st.scoring:
            if count[d]:
                for colour, points in setting.payout(st, d, tiles[d]):
                    totals[owner[colour]] += scale * points
        return totals

    def _margin(self, totals: Sequence[float], seat: int) -> float:
        """The seat's total minus the leading and the average opponent's, mixed."""
        others = [*totals[:seat], *totals[seat + 1:]]  # in seat order, as the sums need
        lead = self.weights.leader
        return totals[seat] - lead * max(others) - (1 - lead) * sum(others) / len(others)

    def _promise(self, ctx: _Context, c: int) -> float:
        """What colour ``c``'s tableau and car position are worth beyond the standings."""
        w = self.weights
        st = ctx.st
        equip = st.equip[c]
        room = (2 if TRUNK in equip else 1) - len(st.trunk[c])
        value = w.ride * st.ride[c] + w.room * max(room, 0)
        for k in equip:
            value += w.equipment[k]
        here = st.car[c]
        value += w.here * ctx.gain(c, here, tommy=True)
        cap, gain_at = st.cap, ctx.gain_at
        best = 0.0
        for d in st.board.next_stops[here][st.cards[c]][MOTOR in equip]:
            if cap[d]:  # no tile, no gain (``gain`` without the Tommy Gun)
                gain = gain_at(c, d)
                if gain > best:
                    best = gain
        return value + w.reach * best

    # ----- caches --------------------------------------------------------------------------

    def _recall(self, st: GangsterState, seat: int) -> _Setting:
        """:meth:`setting` for ``st`` and ``seat``, the last one found first.

        The ends of one turn mostly share their setting, so the last one is compared with
        the position field by field (lists compared in place: no key to build and hash),
        after the game's fixed parts by identity as :meth:`_game` does.
        """
        last, fixed = self._last, self._fixed
        if (last is not None and fixed[0] is st.board and fixed[1] is st.tile
                and fixed[2] is st.base and fixed[3] is st.cap and fixed[4] is st.scoring
                and fixed[5] is st.owner and last.seat == seat and last.round == st.round
                and last.doublers == st.doublers and last.players == st.players
                and last.spaces == st.spaces and last.influence == st.influence
                and last.doubler == st.doubler):
            casino = st.casino or st.board.parts.casino  # by its sum and size, as the key
            if last.casino_sum == sum(casino) and last.casino_size == len(casino):
                return last
        self._game(st)
        found = self._last = self.setting(st, seat)
        return found

    def _game(self, st: GangsterState) -> None:
        """Empty the settings cache when ``st`` is of another game than the last.

        It is keyed by what changes during a game, and holds for what is fixed at setup:
        the board, which tile lies where, where each tile's spaces start in ``spaces`` and
        how many there are, the districts in play and each colour's seat. A clone or a
        resample shares those objects with its original, so comparing them by identity is
        enough (a position read back from a snapshot holds equal copies: its cache merely
        starts afresh).
        """
        fixed = self._fixed
        if (not fixed or fixed[0] is not st.board or fixed[1] is not st.tile
                or fixed[2] is not st.base or fixed[3] is not st.cap
                or fixed[4] is not st.scoring or fixed[5] is not st.owner):
            self._fixed = (st.board, st.tile, st.base, st.cap, st.scoring, st.owner)
            self._settings.clear()
            self._last = None

    def setting(self, st: GangsterState, seat: int) -> _Setting:
        """What a position's scores start from, for one seat (cached: the ends of one turn
        share most of it, and a drive, the commonest end, leaves every tile as it was).

        The '?' value, the doubler odds, the scale of the standings and each colour's sign
        (the scene); the gains and payouts caches of that scene; every district's spaces;
        each seat's influence plus what the tiles pay it (:meth:`_totals`) and the seat's
        margin over them. :meth:`_game` must have seen ``st``'s game.
        """
        casino = st.casino or st.board.parts.casino
        doubler = tuple(st.doubler)
        key = (seat, st.players, st.round, st.doublers, sum(casino), len(casino), doubler,
               tuple(st.spaces), tuple(st.influence))
        found = self._settings.get(key)
        if found is not None:
            if len(found.gains) > _CACHE_LIMIT:
                found.gains.clear()
            return found
        if len(self._settings) > _SETTINGS_LIMIT:
            self._settings.clear()
            self._last = None
        mean, odds, scale = self._scene(st)
        opponents = st.players - 1
        # A colour's points count for its seat; an opponent's against it, shared out.
        sign = tuple(1.0 if st.owner[c] == seat else -1.0 / opponents for c in range(st.ncol))
        spaces, base, count = st.spaces, st.base, st.count
        # An empty tile needs no slice.
        tiles = tuple(tuple(spaces[base[d]:base[d] + cap]) if count[d]
                      else _EMPTY_TILES[cap] for d, cap in enumerate(st.cap))
        found = _Setting(self, mean, odds, scale, sign, tiles)
        found.remember(st, seat)
        found.totals = tuple(self._totals(st, found))
        found.margin = self._margin(found.totals, seat)
        self._settings[key] = found
        return found

    def order(self, spaces: tuple[int, ...]) -> tuple[int, ...]:
        """Colours in placement order on a tile with these spaces (cached)."""
        found = self._orders.get(spaces)
        if found is None:
            if len(self._orders) > _CACHE_LIMIT:
                self._orders.clear()
            found = tuple(colour for colour, _, _ in standings(list(spaces)))
            self._orders[spaces] = found
        return found

    def gains(self, scene: tuple[object, ...]) -> dict[tuple[object, ...], float]:
        """The cache of next-turn gains for one scene: '?' value, doubler odds, scale, signs.

        Gains depend on those and on one tile; a turn's candidate positions share a scene.
        """
        found = self._gains.get(scene)
        if found is None:
            self._entries += 1
            if self._entries > _CACHE_LIMIT // 100:
                self._gains.clear()
                self._settings.clear()  # they hold the dicts just dropped
                self._last = None
                self._entries = 0
            found = self._gains[scene] = {}
        elif len(found) > _CACHE_LIMIT:
            found.clear()
        return found

    def payouts(
        self, scene: tuple[float, float]
    ) -> dict[tuple[int, int, tuple[int, ...]], Payout]:
        """The cache of district payouts for one '?' value and doubler odds (any seat's):
        by tile, doubler and spaces."""
        found = self._payouts.get(scene)
        if found is None:
            if len(self._payouts) > _CACHE_LIMIT // 100:
                self._payouts.clear()
                self._settings.clear()  # they hold the dicts just dropped
                self._last = None
            found = self._payouts[scene] = {}
        elif len(found) > _CACHE_LIMIT:
            found.clear()
        return found


class _Setting:
    """What the positions of one setting share, for one seat (see ``Evaluator.setting``).

    The scene ('?' value, doubler odds, scale, signs) with its gains and payouts caches,
    every district's spaces, the projected totals and the seat's margin over them; and,
    kept with the setting alone, the values of its positions and the gains and harms
    found in it, by short keys: the setting fixes every tile, so a district's gain needs
    no more than the colour's load and the district's frontier and guards, where the
    scene's caches must name the tile's spaces too.
    """

    __slots__ = ("casino_size", "casino_sum", "doubler", "doublers", "ev", "gains", "harms",
                 "influence", "margin", "mean", "near", "odds", "pays", "players", "round",
                 "scale", "seat", "sign", "spaces", "tiles", "totals", "values")

    def __init__(self, ev: Evaluator, mean: float, odds: float, scale: float,
                 sign: tuple[float, ...], tiles: tuple[tuple[int, ...], ...]) -> None:
        self.ev = ev
        self.mean, self.odds, self.scale, self.sign, self.tiles = mean, odds, scale, sign, tiles
        self.gains = ev.gains((mean, odds, scale, sign))
        self.pays = ev.payouts((mean, odds))
        self.totals: tuple[float, ...] = ()
        self.margin = 0.0
        #: :meth:`Evaluator.value` by the cars, cards, riders, trunks, equipment, frontiers.
        self.values: dict[tuple[object, ...], float] = {}
        #: ``_Context.gain_at`` and ``harm`` by colour, district, frontier, load, guards.
        self.near: dict[tuple[object, ...], float] = {}
        self.harms: dict[tuple[object, ...], float] = {}

    def remember(self, st: GangsterState, seat: int) -> None:
        """Keep what the setting was found by, as ``st`` holds it, for
        :meth:`Evaluator._recall` to compare the next position with."""
        self.seat, self.players, self.round, self.doublers = (seat, st.players, st.round,
                                                              st.doublers)
        casino = st.casino or st.board.parts.casino
        self.casino_sum, self.casino_size = sum(casino), len(casino)
        self.doubler = st.doubler.copy()
        self.spaces, self.influence = st.spaces.copy(), st.influence.copy()

    def payout(self, st: GangsterState, d: int, spaces: tuple[int, ...]) -> Payout:
        """``(colour, points)`` if district ``d`` with these spaces were scored now (kept
        with the scene: the same tile and gangsters pay the same in every candidate end of
        a turn, and most districts are untouched by any one turn)."""
        return _payout(self.ev, self.pays, self.mean, self.odds, st, d, spaces)


def _payout(ev: Evaluator, pays: dict[tuple[int, int, tuple[int, ...]], Payout], mean: float,
            odds: float, st: GangsterState, d: int, spaces: tuple[int, ...]) -> Payout:
    """District ``d``'s payout with these spaces, found in or added to the scene's
    ``pays`` (the scene's '?' value ``mean`` and doubler ``odds``)."""
    tile, doubled = st.tile[d], st.doubler[d]
    key = (tile, doubled, spaces)
    found = pays.get(key)
    if found is None:
        values = st.board.parts.tiles[tile].values
        factor = 2.0 if doubled else 1.0 + odds
        order = ev.order(spaces)
        found = pays[key] = tuple(
            (colour, factor * (mean if v == WILD else v))
            for colour, v in zip(order, values, strict=False))
    return found


class _Context:
    """One position's constants for scoring: its setting, and who guards where."""

    __slots__ = ("ev", "gains", "guarded", "harms", "mean", "near", "odds", "pays", "scale",
                 "seat", "setting", "sign", "st", "tiles", "totals")

    def __init__(self, ev: Evaluator, st: GangsterState, seat: int, setting: _Setting) -> None:
        self.ev = ev
        self.st = st
        self.seat = seat
        self.setting = setting
        self.mean, self.odds, self.scale, self.sign = (setting.mean, setting.odds,
                                                       setting.scale, setting.sign)
        self.gains, self.pays, self.tiles, self.totals = (setting.gains, setting.pays,
                                                          setting.tiles, setting.totals)
        self.near, self.harms = setting.near, setting.harms
        # Bit mask per district of the colours whose Bodyguard protects them there.
        self.guarded = [0] * len(st.cap)
        for x in range(st.ncol):
            if BODYGUARD in st.equip[x]:
                self.guarded[st.car[x]] |= 1 << x

    def payout(self, d: int, spaces: tuple[int, ...]) -> Payout:
        """District ``d``'s payout with these spaces (:meth:`_Setting.payout`)."""
        return self.setting.payout(self.st, d, spaces)

    def _signed(self, d: int, spaces: tuple[int, ...]) -> float:
        """District ``d``'s points for the seat minus its opponents' share."""
        sign = self.sign
        return sum(sign[colour] * points for colour, points in self.payout(d, spaces))

    def gain(self, c: int, d: int, tommy: bool) -> float:
        """The best improvement colour ``c`` could make at district ``d`` in one action.

        Unloading its own gangster or one from the trunk, loading another colour's
        gangster into a free trunk space (not one its Bodyguard protects), and with
        ``tommy`` the Tommy Gun into the neighbouring districts. Never below zero: the
        colour can always do something else.
        """
        st = self.st
        best = self.gain_at(c, d) if st.cap[d] else 0.0
        if tommy and TOMMY_GUN in st.equip[c] and d != st.board.harbour and self._room(c):
            for n in st.board.neighbours[d]:
                if st.cap[n] and st.count[n]:
                    best = max(best, self.scale * self._removal_delta(c, n))
        return best

    def _room(self, c: int) -> bool:
        return len(self.st.trunk[c]) < (2 if TRUNK in self.st.equip[c] else 1)

    def gain_at(self, c: int, d: int) -> float:
        """Unload or load (with the car) at district ``d``, which has a tile.

        Found first with the setting (which fixes the tile, its doubler and its spaces),
        then with the scene, by the same facts and the tile's own.
        """
        found, near, key, room = self._known("here", c, d, self.near)
        if found is not None:
            return found
        spaces = self.tiles[d]
        before = self._signed(d, spaces)
        best = max((0.0, *self._unload_deltas(c, d, spaces, before)))
        if room and self.st.count[d]:
            best = max(best, self._removal_delta(c, d))
        gain = self.scale * best
        self.gains[key] = self.near[near] = gain
        return gain

    def _known(self, kind: str, c: int, d: int, nearby: dict[tuple[object, ...], float]
               ) -> tuple[float | None, tuple[object, ...], tuple[object, ...], bool]:
        """``gain_at``'s or ``harm``'s value of colour ``c`` at ``d`` if it is known: found
        first in ``nearby`` by the facts of the car and the tile's front (which the
        setting fixes), then in ``gains`` by the same facts and the tile's own. Also the
        two keys to store a new value under, and whether the car has room."""
        st = self.st
        trunk = st.trunk[c]
        room = len(trunk) < (2 if TRUNK in st.equip[c] else 1)  # ``_room``, inlined
        front, ride, guarded = st.front[d], st.ride[c] > 0, self.guarded[d]
        near = (c, d, front, ride, trunk, room, guarded)
        found = nearby.get(near)
        if found is not None:
            return found, near, near, room
        key = (kind, c, d, st.tile[d], st.doubler[d], self.tiles[d], front, ride, trunk, room,
               guarded)
        found = self.gains.get(key)
        if found is not None:
            nearby[near] = found
        return found, near, key, room

    def _unload_deltas(
        self, c: int, d: int, spaces: tuple[int, ...], before: float
    ) -> Iterator[float]:
        """The seat's signed change from each gangster colour ``c`` could unload at ``d``.

        Its own gangsters if any ride in its car, and each one in its trunk; nothing when
        the tile has no free space.
        """
        st = self.st
        if EMPTY not in spaces:
            return
        slot = _next_space(spaces, st.front[d])
        for x in {*([c] if st.ride[c] else []), *st.trunk[c]}:
            yield self._signed(d, (*spaces[:slot], x, *spaces[slot + 1:])) - before

    def harm(self, x: int, d: int) -> float:
        """The worst one action of opponent colour ``x`` at district ``d`` does to the seat.

        Its unloads and its loads of other colours' gangsters, scored with the seat's signs
        (zero or less). Opponents want their own gain, not the seat's loss; as a warning of
        what stands next to a majority, the worst case will do.
        """
        found, near, key, room = self._known("harm", x, d, self.harms)
        if found is not None:
            return found
        spaces = self.tiles[d]
        before = self._signed(d, spaces)
        worst = min((0.0, *self._unload_deltas(x, d, spaces, before)))
        if room:
            guarded = self.guarded[d] & ~(1 << x)
            for i, y in enumerate(spaces):
                if y not in (EMPTY, x) and not guarded >> y & 1:
                    worst = min(worst, self._signed(d, (*spaces[:i], EMPTY, *spaces[i + 1:]))
                                - before)
        harm = self.scale * worst
        self.gains[key] = self.harms[near] = harm
        return harm

    def _removal_delta(self, c: int, d: int) -> float:
        """The best signed change (unscaled) from taking another colour's gangster off ``d``."""
        spaces = self.tiles[d]
        guarded = self.guarded[d]
        key = ("remove", c, d, self.st.tile[d], self.st.doubler[d], spaces, guarded)
        found = self.gains.get(key)
        if found is not None:
            return found
        before = self._signed(d, spaces)
        best = 0.0
        seen: set[tuple[int, ...]] = set()
        for i, x in enumerate(spaces):
            if x in (EMPTY, c) or guarded >> x & 1:
                continue
            after = (*spaces[:i], EMPTY, *spaces[i + 1:])
            order = self.ev.order(after)
            if order in seen:
                continue
            seen.add(order)
            best = max(best, self._signed(d, after) - before)
        self.gains[key] = best
        return best


def _next_space(spaces: tuple[int, ...], front: int) -> int:
    """Where the next gangster goes (the caller has checked that one fits)."""
    return front if front < len(spaces) else spaces.index(EMPTY)

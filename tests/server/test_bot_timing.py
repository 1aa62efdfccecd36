"""A bot's timing at the web table tells nothing hidden: one legal move or many, the same.

Chicago Gangster is the game where it mattered: in a counter window a bot holding no
counter card has one legal move (pass), and the search used to answer that at once and
everything else after its whole budget (issue 24).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest

from gangland.server import lobby
from gangland.server.hub import Hub
from gangland.server.live import LiveTable

from .conftest import settings

GAME = "chicago-gangster"


async def _table(hub: Hub, spec: str, think_ms: int, seed: int) -> LiveTable:
    """A two-player table whose seat 1 is a bot of ``spec``, both seats played by the test
    (seat 1 is a person until a sample wants its bot; no auto-pass)."""
    made = await lobby.create_table(hub, GAME, 2, seats=[{"kind": "human"},
                                                         {"kind": "bot", "bot": spec}],
                                    name="Ann", think_ms=think_ms, seed=seed)
    live = hub.tables[made["table"]["id"]]
    live.seats[1].kind = "human"
    for seat in live.seats:
        seat.auto_pass = False
    hub.schedule(live)  # (the bot stands down if it had started)
    return live


async def _play_until(live: LiveTable, hub: Hub, rng: random.Random,
                      wanted: Any) -> bool:
    """Play random moves for both seats until seat 1 is to move and ``wanted(legal)``;
    false when the game ends first."""
    while not live.state.is_terminal:
        legal = live.state.legal_actions()
        if live.state.current_player == 1 and wanted(legal):
            return True
        seat = live.state.current_player
        assert seat is not None
        await hub.act_as(live, seat, str(rng.choice(legal)), live.version, by_bot=False)
    return False


def _bot_acts(hub: Hub) -> dict[str, float]:
    """Record when each table's bot hands its move to the hub (``time.monotonic``); the
    seat is a person again from then on, so its bot plays one decision only."""
    acted: dict[str, float] = {}
    original = hub.act_as

    async def act_as(live: LiveTable, seat: int, text: object, version: object,
                     by_bot: bool) -> int:
        if by_bot:
            acted[live.id] = time.monotonic()
            live.seats[seat].kind = "human"
            by_bot = False
        return await original(live, seat, text, version, by_bot)

    hub.act_as = act_as  # type: ignore[method-assign]
    return acted


async def _bot_decides(hub: Hub, live: LiveTable) -> None:
    """Seat 1's bot decides the present position (``_bot_acts`` makes it a person again)."""
    version = live.version
    live.seats[1].kind = "bot"
    hub.schedule(live)
    while live.version == version:
        await asyncio.sleep(0.002)


def test_the_release_time_depends_on_the_spec_and_think_time_only(sqlite_url):
    """With the hub's clock frozen and its sleep recorded: one legal move or many, the move
    waits the same time, drawn from the table's think time and the spec; the search is
    given a deadline before it."""
    async def run() -> None:
        hub = Hub(settings(sqlite_url))
        await hub.start()
        try:
            frozen = time.monotonic()
            hub.clock = lambda: frozen
            waits: list[float] = []

            async def sleep(seconds: float) -> None:
                waits.append(seconds)

            hub.sleep = sleep
            hub.chance.random = lambda: 0.5  # type: ignore[method-assign]
            assert hub.pool is not None
            deadlines: list[float | None] = []
            choose = hub.pool.choose

            async def recorded(*args: Any, **kw: Any) -> str:
                deadlines.append(kw.get("deadline"))
                return await choose(*args, **kw)

            hub.pool.choose = recorded  # type: ignore[method-assign]
            _bot_acts(hub)
            rng = random.Random(3)
            cases = [  # spec, think_ms: the wait (jitter 0.2 at u = 0.5), the deadline
                ("ismcts:300ms", 700, 0.7 * 1.1, 0.3),
                ("ismcts:300ms", 0, 0.4 * 1.1, 0.3),
                ("ismcts:50", 200, 5.1 * 1.1, 5.0),  # an iteration budget: the time cap
                ("heuristic", 700, 0.7 * 1.1, None),
                ("heuristic", 0, 0.0, None),
            ]
            for spec, think_ms, wait, deadline in cases:
                live = await _table(hub, spec, think_ms, seed=11)
                for one in (True, False):
                    waits.clear()
                    deadlines.clear()
                    assert await _play_until(live, hub, rng,
                                             lambda legal, one=one: (len(legal) == 1) == one)
                    await _bot_decides(hub, live)
                    assert waits == [pytest.approx(wait)], (spec, think_ms, one)
                    expected = None if deadline is None else frozen + deadline
                    assert deadlines == [expected], (spec, think_ms, one)
        finally:
            await hub.stop()

    asyncio.run(run())


def _ks(a: list[float], b: list[float]) -> float:
    """The two-sample Kolmogorov-Smirnov statistic: the largest gap between the samples'
    empirical distribution functions."""
    points = sorted(a + b)
    return max(abs(sum(x <= p for x in a) / len(a) - sum(x <= p for x in b) / len(b))
               for p in points)


def test_one_legal_move_and_many_take_the_same_time(sqlite_url):
    """Measured, on the real clock: the search bot's delay has one distribution whether it
    has one legal move (it answers at once) or several (it searches its whole budget).
    Before, the two never overlapped. Three tables at once, 15 decisions of each kind."""
    spec, think_ms, per_kind, tables = "ismcts:150ms", 50, 5, 3

    async def sample(hub: Hub, seed: int, one: list[float], many: list[float],
                     acted: dict[str, float]) -> None:
        rng = random.Random(seed)
        live = await _table(hub, spec, think_ms, seed)
        mine: dict[bool, list[float]] = {True: [], False: []}
        while min(len(v) for v in mine.values()) < per_kind:
            if live.state.is_terminal:
                live = await _table(hub, spec, think_ms, seed := seed + 100)
            needed = [k for k, v in mine.items() if len(v) < per_kind]
            if not await _play_until(live, hub, rng,
                                     lambda legal, needed=needed: (len(legal) == 1) in needed):
                continue
            single = len(live.state.legal_actions()) == 1
            asked = time.monotonic()
            await _bot_decides(hub, live)
            mine[single].append(acted[live.id] - asked)
        one.extend(mine[True])
        many.extend(mine[False])

    async def run() -> tuple[list[float], list[float]]:
        hub = Hub(settings(sqlite_url, bot_workers=tables))
        await hub.start()
        acted = _bot_acts(hub)
        one: list[float] = []
        many: list[float] = []
        try:
            await asyncio.gather(*(sample(hub, 20 + t, one, many, acted)
                                   for t in range(tables)))
        finally:
            await hub.stop()
        return one, many

    one, many = asyncio.run(run())
    earliest = 0.150 + 0.1  # the search's time and the margin (think time 50 ms is less)
    assert min(one + many) >= earliest - 0.005, (sorted(one), sorted(many))
    # Same distribution: the KS statistic stays under its 0.1% critical value for 15
    # against 15 (1.95 * sqrt(2 / 15) = 0.71); before, it was 1 (no overlap at all).
    assert _ks(one, many) < 0.71, (sorted(one), sorted(many))


def test_an_auto_passed_seat_shows_its_clock_and_its_wait_is_the_systems(sqlite_url,
                                                                         monkeypatch):
    """A person's only legal move, a pass, is played for them (auto-pass): the table sees
    the seat's turn clock as on any turn (a missing deadline told at once that it had one
    legal move), and the wait is drawn by the operating system's generator, not the global
    ``random``."""
    def predictable(*args: Any) -> float:
        raise AssertionError("the global random generator was used")

    monkeypatch.setattr(random, "uniform", predictable)

    async def run() -> None:
        hub = Hub(settings(sqlite_url, forced_delay_ms=(50, 50)))
        await hub.start()
        try:
            made = await lobby.create_table(
                hub, GAME, 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
                name="Ann", think_ms=0, clock_s=60, seed=11)
            live = hub.tables[made["table"]["id"]]
            live.seats[1].kind = "human"
            live.seats[0].auto_pass = False
            hub.schedule(live)
            rng = random.Random(5)
            for want_one in (False, True):  # (one legal move, and that a pass)
                assert await _play_until(live, hub, rng, lambda legal, w=want_one: (
                    len(legal) == 1 and live.game.is_pass(legal[0])) == w)
                assert live.deadline is not None, want_one  # shown either way
            version, (only,) = live.version, live.state.legal_actions()
            ends = time.monotonic() + 5
            while live.version == version and time.monotonic() < ends:  # after its wait
                await asyncio.sleep(0.01)
            assert live.state.history[-1] == only
        finally:
            await hub.stop()

    asyncio.run(run())

"""The hub: the one authority that applies actions, and tells every connection about them.

Every change to a table goes through :meth:`Hub.act` (or a seat change) under the table's
lock: check, store in one transaction, only then change the in-memory copy and tell the
subscribers. Bots and turn clocks are scheduled after each change; notifications from other
server processes bring a table up to date through :meth:`Hub.refresh`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from gangland.bots import default_bot
from gangland.engine import (
    GanglandError,
    IllegalAction,
    InvalidAction,
    RecordError,
    State,
    load,
    seat_label,
)
from gangland.terminal.render import describer

from .botlimits import BotLimits
from .botpool import BotPool, bot_seed
from .chat import push_chat
from .config import Settings
from .limits import RateLimit
from .live import LiveTable, Seat, Subscriber, clock_key
from .messages import Refused, event_from_stored, moved_for_away, state_message, stored_event
from .notify import listen
from .prefs import standing_entry
from .store import ActionRow, Store, make_engine, now
from .takeback import may_take_back, note_move, reload
from .turns import forced_text, game_timed, timed_until, turn_deadline

log = logging.getLogger("gangland.server")


def no_table(table_id: str) -> Refused:
    """The answer for a table that does not exist, and for an invite-only table to whoever
    cannot show its link: the same words, so neither confirms that the table exists."""
    return Refused("not_found", f"there is no table {table_id!r}")

MAX_ACTION_TEXT = 300
#: A bot's answer this late after its release time is logged (the server is overloaded).
LATE_S = 0.05


class Hub:
    """All tables this process serves, the database behind them, and the bot pool."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sender = secrets.token_hex(6)
        self._store: Store | None = None
        self.pool: BotPool | None = None
        self.tables: dict[str, LiveTable] = {}
        #: The game reviews being made here: ``[decisions judged, decisions in all]``
        #: by (table, seat) (``server.reviews``).
        self.reviews: dict[tuple[str, int], list[int]] = {}
        self._load_lock = asyncio.Lock()
        # replay steps worked out at once (each in a thread): the rest wait their turn
        self.replay_slots = asyncio.Semaphore(max(1, settings.replay_workers))
        self._tasks: set[asyncio.Task[Any]] = set()
        self.listening = asyncio.Event()
        # Bots: the caps and timing rule, each table's one bot decision in progress (its
        # version and task), and the clock, sleep and chance its timing is drawn with (the
        # operating system's generator: nothing a seat sees predicts it; tests replace them).
        self.bot_limits = BotLimits.of(settings)
        self._bots: dict[str, tuple[int, asyncio.Task[Any]]] = {}
        self.clock: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self.chance = random.SystemRandom()

    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("the hub is not started")
        return self._store

    # ----- life cycle --------------------------------------------------------------------

    async def start(self) -> None:
        """Open (and migrate) the database, start the bot pool and the listener, resume."""
        engine = await asyncio.to_thread(make_engine, self.settings.db_url)
        self._store = Store(engine, self.sender)
        self.pool = BotPool(self.settings.bot_pool, self.settings.bot_workers)
        if self.store.postgres:
            url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
            self.spawn(listen(url, self.sender, self._on_notify, self._on_reconnect,
                              self.listening))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.listening.wait(), 10)
        if self.settings.resume_on_start:
            for table_id in await self.store.read(self.store.table_ids, "running", 100_000):
                try:
                    live = await self.get(table_id)
                except Refused as refused:  # (one table the rules now refuse stops no other)
                    log.error("table %s not resumed: %s", table_id, refused.message)
                    continue
                self.schedule(live)

    async def stop(self) -> None:
        """Cancel bots and clocks, close connections, release the pool and the database.

        Every search is told to stop first, so the workers are free within an iteration and
        the server exits within a few seconds of SIGTERM, whatever its bots were doing."""
        if self.pool is not None:
            self.pool.board.stop_all()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for live in self.tables.values():
            if live.clock is not None:
                live.clock.cancel()
            for sub in list(live.subscribers):
                sub.close()
        if self.pool is not None:
            await asyncio.to_thread(self.pool.close)
        if self._store is not None:
            await asyncio.to_thread(self._store.close)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` in the background, keeping a reference until it ends."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ----- loading -----------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the database on first use."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        async with self._load_lock:
            live = self.tables.get(table_id)
            if live is None:
                live = await self.store.read(self._load, table_id)
                self.tables[table_id] = live
        return live

    def _load(self, table_id: str) -> LiveTable:
        """Rebuild a table from its stored record (starting from the snapshot cache)."""
        row = self.store.table(table_id)
        if row is None:
            raise no_table(table_id)
        rows = self.store.actions(table_id)
        state = self._rebuild(row, rows)
        seats = [Seat.from_row(r) for r in self.store.seats(table_id)]
        chat = self.store.chat(table_id, last=1)
        log_entries = [(r.n, event_from_stored(e)) for r in rows for e in r.events]
        row.pop("snapshot", None)
        live = LiveTable(state.game, row, seats, state, log_entries,
                         chat_seen=chat[-1]["id"] if chat else 0)
        live.restore_clocks()
        return live

    @staticmethod
    def _rebuild(row: dict[str, Any], rows: list[ActionRow]) -> State:
        game = load(row["game"])
        state: State | None = None
        done = 0
        snap, at = row.get("snapshot"), row.get("snapshot_version")
        if snap is not None and at is not None and at <= len(rows):
            try:
                state = game.state_from_json(snap)
                done = at
                # (compared as actions: a word an older canonical text used, such as
                # Gangster (1994)'s "perle", parses to the same action as today's)
                if state.history != [game.parse(r.text) for r in rows[:at]]:
                    state, done = None, 0  # a cache that disagrees with the record is ignored
            except (RecordError, InvalidAction):
                state, done = None, 0
        if state is None:
            state = game.new_game(row["players"], row["seed"], row["options"])
        for r in rows[done:]:
            try:
                state.apply(state.parse_action(r.text))
            except GanglandError as exc:
                # A move stored under older rules that today's refuse (a rules fix): the
                # table cannot be rebuilt, and says so, rather than failing every request.
                raise Refused("unplayable", f"table {row['id']} cannot be rebuilt under "
                              f"today's rules: its move {r.n} ({r.text!r}) is refused: "
                              f"{exc}") from None
        return state

    # ----- acting ------------------------------------------------------------------------

    def seat_for(self, live: LiveTable, token: object) -> int | None:
        """The seat a token opens; ``None`` for no token (a spectator); refused if unknown.

        At an invite-only table, a token that opens no seat (or none, where a seat is
        needed to watch) is answered as if the table did not exist."""
        if token is None or token == "":
            if live.row["invite_only"]:
                raise no_table(live.id)
            return None
        if not isinstance(token, str) or len(token) > 200:
            raise Refused("bad_message", "a token is a string")
        seat = live.seat_of(token)
        if seat is None:
            if live.row["invite_only"]:
                raise no_table(live.id)
            raise Refused("bad_token", "this token opens no seat at this table")
        return seat

    def viewer(self, live: LiveTable, key: object) -> int | None:
        """Who reads the table with ``key`` (a seat token or the watch key): the seat it
        opens, or ``None`` for a spectator; a stranger at an invite-only table is told
        there is no such table."""
        if isinstance(key, str) and key and len(key) <= 200:
            seat = live.seat_of(key)
            if seat is not None:
                return seat
        if not live.may_watch(key):
            raise no_table(live.id)
        return None

    async def get_for(self, table_id: str, key: object) -> tuple[LiveTable, int | None]:
        """The table and who reads it (see :meth:`viewer`)."""
        live = await self.get(table_id)
        return live, self.viewer(live, key)

    async def act(self, table_id: str, token: object, text: object, version: object) -> int:
        """A person's action; the new version once it is stored, or :class:`Refused`."""
        live = await self.get(table_id)
        seat = self.seat_for(live, token)
        if seat is None:
            raise Refused("spectator", "spectators cannot act: open your seat's invite link")
        return await self.act_as(live, seat, text, version, by_bot=False)

    def _check(self, live: LiveTable, seat: int, text: object, version: object,
               by_bot: bool) -> Any:
        """Every reason to refuse, in the documented order; the parsed action if none."""
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_ACTION_TEXT:
            raise Refused("bad_message", "an action is its canonical text, a non-empty string")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refused("bad_message", "an action carries the version it was chosen at")
        if live.status == "open":
            raise Refused("not_running", "the game starts when every seat is taken")
        if live.status == "finished" or live.state.is_terminal:
            raise Refused("not_running", "the game is over")
        if version != live.version:
            raise Refused("stale", f"the table is at version {live.version}, not {version}: "
                                   "your move was chosen on an old position")
        to_move = live.state.current_player
        if to_move != seat:
            raise Refused("not_your_turn", f"it is {self.seat_name(live, to_move)}'s turn")
        if by_bot and not (live.seats[seat].kind == "bot" or live.seats[seat].away):
            raise Refused("not_your_turn", "the player is back: the bot stands down")
        try:
            return live.state.parse_action(text)
        except InvalidAction as exc:
            raise Refused("invalid", str(exc)) from None
        except IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None

    async def act_as(self, live: LiveTable, seat: int, text: object, version: object,
                     by_bot: bool) -> int:
        """Check, store, apply, tell: the single path by which a table changes."""
        async with live.lock:
            action = self._check(live, seat, text, version, by_bot)
            assert isinstance(version, int)
            if not by_bot and live.seats[seat].away:
                await self._set_away(live, seat, False)
            new = live.state.clone()
            events = new.apply(action)
            if by_bot and live.seats[seat].kind == "human":  # (away: its clock ran out)
                events = moved_for_away(events, seat)
            over = new.is_terminal
            values = {
                "status": "finished" if over else live.status,
                "to_move": new.current_player,
                "winners": new.winners() if over else None,
            }
            every = self.settings.snapshot_every
            snapshot = new.to_json() if every and (version + 1) % every == 0 else None
            keep = self.settings.checkpoint_every
            checkpoint = checkpoint_json(new) if keep and (version + 1) % keep == 0 else None
            row = ActionRow(version + 1, str(action), seat, by_bot,
                            [stored_event(e) for e in events])
            stored = await self.store.write(
                self.store.append_action, live.id, version, row, values, snapshot, checkpoint
            )
            if stored:
                note_move(live, new, events, by_bot)
                live.state = new
                live.log.extend((version + 1, e) for e in events)
                live.row.update(values, version=version + 1, updated=now())
            else:  # another process stored a move first: take it in, tell everyone here
                await self._catch_up(live)
        self.schedule(live)
        self.broadcast(live, since=version)
        if not stored:
            raise Refused("stale", "another move was stored first: look again")
        return version + 1

    @staticmethod
    def seat_name(live: LiveTable, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        name = live.seats[seat].name
        return f"{name} ({seat_label(seat)})" if name else seat_label(seat)

    # ----- telling -----------------------------------------------------------------------

    def message_for(self, live: LiveTable, seat: int | None, since: int) -> dict[str, Any]:
        """The ``state`` message for ``seat`` with the events of moves after ``since``."""
        describe = describer(live.game)
        options = live.state.options
        return state_message(live.state, seat, live.summary(), live.log, since, live.deadline,
                             lambda a: describe(a, options), live.status == "running",
                             None if seat is None else standing_entry(live, seat),
                             may_take_back(live, seat))

    def first_message(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        """The first ``state`` of a new connection: its log is the newest page only (at
        most ``LOG_PAGE`` events; older pages come over HTTP), and ``reset`` tells the
        client to replace the log it shows."""
        from .replays import log_start

        message = self.message_for(live, seat, log_start(live.log, seat, live.version))
        message["reset"] = True
        return message

    def broadcast(self, live: LiveTable, since: int) -> None:
        """Send each subscriber its own ``state`` message (built once per seat)."""
        built: dict[int | None, str] = {}
        for sub in list(live.subscribers):
            if sub.seat not in built:
                built[sub.seat] = json.dumps(self.message_for(live, sub.seat, since))
            sub.push(built[sub.seat])

    def subscribe(self, live: LiveTable, sub: Subscriber) -> None:
        live.subscribers.add(sub)
        self.broadcast_table(live, exclude=sub)

    def unsubscribe(self, live: LiveTable, sub: Subscriber) -> None:
        live.subscribers.discard(sub)
        self.broadcast_table(live)
        if not live.subscribers and live.status == "finished":
            self.tables.pop(live.id, None)  # reloaded from the database when wanted

    def broadcast_table(self, live: LiveTable, exclude: Subscriber | None = None) -> None:
        """Seats changed (joined, away, connected): a ``state`` with no new events."""
        built: dict[int | None, str] = {}
        for sub in list(live.subscribers):
            if sub is exclude:
                continue
            if sub.seat not in built:
                built[sub.seat] = json.dumps(self.message_for(live, sub.seat, live.version))
            sub.push(built[sub.seat])

    # ----- bots and clocks ---------------------------------------------------------------

    def schedule(self, live: LiveTable) -> None:
        """After any change: start the bot to move, or the turn clock of the person to move."""
        if live.clock is not None:
            live.clock.cancel()
            live.clock, live.deadline = None, None
        self._stand_down(live)
        if live.status != "running" or live.state.is_terminal:
            return
        seat = live.state.current_player
        assert seat is not None
        info = live.seats[seat]
        timed = game_timed(live)
        expired = timed is not None and time.time() >= timed_until(live)
        if info.kind == "bot" or info.away:
            if live.bot_for != live.version:
                live.bot_for = live.version
                spec = info.bot or default_bot(live.game.id)
                self._bots[live.id] = (live.version, self.spawn(
                    self._bot_move(live, seat, spec, live.version)))
            self._save_clocks(live)  # (the game's own timed stretch runs on for a bot too)
            return
        if (forced := forced_text(live, seat)) is not None:
            if live.bot_for != live.version:
                live.bot_for = live.version
                self.spawn(self._forced_move(live, seat, forced, live.version))
            # (and on to its clock, shown as for any person's turn: a missing deadline
            # would tell the table at once that this seat has one legal move)
        elif expired and timed is not None and timed.action in {
                str(a) for a in live.state.legal_actions()}:
            if live.bot_for != live.version:
                live.bot_for = live.version  # the game's own time is up: its forfeit
                self.spawn(self._timeout_move(live, seat, str(timed.action), live.version))
            self._save_clocks(live)
            return
        if live.row["clock_s"] or (timed is not None and not expired):
            # (once expired, the forfeit waits for the decision where it is legal)
            ends = [turn_deadline(live)] if live.row["clock_s"] else []
            if timed is not None and not expired:
                ends.append(timed_until(live))
            live.deadline = min(ends)
            expire = (self._clock_out if live.row["clock_s"] and live.deadline == ends[0]
                      else self._time_up)
            live.clock = asyncio.get_running_loop().call_later(
                max(0.0, live.deadline - time.time()),  # (one passed meanwhile: at once)
                lambda: self.spawn(expire(live, seat, live.version)))
        self._save_clocks(live)

    def _save_clocks(self, live: LiveTable) -> None:
        """Write the clocks to the database when they changed (a restart takes them up)."""
        clocks = live.clocks()
        if live.clocks_saved is None or clock_key(clocks) != clock_key(live.clocks_saved):
            live.clocks_saved = clocks
            self.spawn(self.store.write(self.store.set_clock, live.id, *clocks))

    async def _time_up(self, live: LiveTable, seat: int, version: int) -> None:
        """The game's own time limit passed: schedule again, which plays its forfeit."""
        if live.version == version:
            self.schedule(live)
            self.broadcast_table(live)

    async def _timeout_move(self, live: LiveTable, seat: int, text: str, version: int) -> None:
        try:
            await self.act_as(live, seat, text, version, by_bot=False)
        except Refused as refused:
            log.info("time-out move at table %s dropped: %s", live.id, refused.message)

    def _stand_down(self, live: LiveTable) -> None:
        """Abandon the table's bot decision if its position is gone (someone moved) or its
        seat no longer wants a bot (the player is back): the search stops and frees its
        worker rather than finish a move nobody will play."""
        entry = self._bots.get(live.id)
        if entry is None:
            return
        version, task = entry
        seat = live.state.current_player
        wanted = (live.status == "running" and version == live.version and seat is not None
                  and (live.seats[seat].kind == "bot" or live.seats[seat].away))
        if wanted or task is asyncio.current_task():
            return
        del self._bots[live.id]
        task.cancel()
        if live.bot_for == version:
            live.bot_for = -1  # should the player go away again here, a bot starts afresh

    async def _bot_move(self, live: LiveTable, seat: int, spec: str, version: int) -> None:
        """Decide and play a bot's move, released at a time that tells nothing hidden.

        The release time is drawn when the decision is asked for, from the table's think
        time and the spec alone (``BotLimits.timing``): the same whether the bot has one
        legal move or fifty, whichever bot. The search is given a deadline before that
        time (a stored spec above the caps is clamped there), and the move waits for it.
        """
        assert self.pool is not None
        timing = self.bot_limits.timing(spec, int(live.row["think_ms"]))
        asked = self.clock()
        release = asked + timing.delay(self.chance.random())
        deadline = None if timing.search_s is None else asked + timing.search_s
        seed = bot_seed(int(live.row["seed"]), version, seat, live.state.players)
        try:
            text = await self.pool.choose(live.state, spec, seed, table=live.id,
                                          deadline=deadline)
            late = self.clock() - release
            if late <= 0:
                await self.sleep(-late)
            elif timing.base_s > 0 and late > LATE_S:  # (a loaded server: the move goes
                # at once, and the operator hears of it; a think time of 0 asks for no wait)
                log.warning("bot %s at table %s answered %.3f s after its release time",
                            spec, live.id, late)
        except Exception:  # (not CancelledError: an abandoned decision ends quietly)
            log.exception("bot %s failed at table %s move %d", spec, live.id, version + 1)
            return
        finally:
            if self._bots.get(live.id, (None, None))[1] is asyncio.current_task():
                del self._bots[live.id]
        try:
            await self.act_as(live, seat, text, version, by_bot=True)
        except Refused as refused:  # someone moved first, or the player came back
            log.info("bot move at table %s dropped: %s", live.id, refused.message)

    async def _forced_move(self, live: LiveTable, seat: int, text: str, version: int) -> None:
        """Play a seat's auto-pass or standing answer for it, after a human-like wait.

        An auto-pass tells the table one thing about the seat's hidden position: that its
        one legal move is a pass (only a true pass, ``Game.passes``, never a roll or a draw
        the player must see), which its player chose to let the server play (auto-pass is
        public and can be switched off). A standing answer is played after the same wait,
        so it looks like one: whether a seat has one, or holds what it could answer
        otherwise, does not show. The wait is drawn by the operating system's generator,
        so no seat can predict it, and the seat's turn clock is shown as for any other turn.
        """
        low, high = self.settings.forced_delay_ms
        await self.sleep(self.chance.uniform(low, high) / 1000)
        if live.version != version or forced_text(live, seat) != text:
            return  # switched off meanwhile (or moved on): the player answers themselves
        try:
            await self.act_as(live, seat, text, version, by_bot=False)
        except Refused as refused:
            log.info("auto-pass at table %s dropped: %s", live.id, refused.message)

    async def _clock_out(self, live: LiveTable, seat: int, version: int) -> None:
        """The turn clock ran out: the seat is away and the strongest bot plays for it."""
        async with live.lock:
            if live.version != version or live.state.current_player != seat:
                return
            await self._set_away(live, seat, True)
        self.schedule(live)
        self.broadcast_table(live)

    async def _set_away(self, live: LiveTable, seat: int, away: bool) -> None:
        await self.store.write(self.store.set_seat, live.id, seat, away=away)
        live.seats[seat].away = away
        if not away:
            live.turn_deadline = None  # back at the table: the clock starts again

    async def back(self, live: LiveTable, seat: int) -> None:
        """The player of an away seat is back: the bot stands down."""
        if not live.seats[seat].away:
            return
        async with live.lock:
            await self._set_away(live, seat, False)
        self.schedule(live)
        self.broadcast_table(live)

    @functools.cached_property
    def chat_limit(self) -> RateLimit:
        """Each seat's chat bucket (by table and seat, over all its connections)."""
        return RateLimit(self.settings.chat_burst, self.settings.chat_every_s)

    @functools.cached_property
    def switch_limit(self) -> RateLimit:
        """Each seat's bucket for switching its auto-pass (the chat's burst and rate)."""
        return RateLimit(self.settings.chat_burst, self.settings.chat_every_s)

    # ----- other processes ---------------------------------------------------------------

    async def _catch_up(self, live: LiveTable) -> None:
        """Read what other processes stored since this copy was made (call under the lock)."""
        rows = await self.store.read(self.store.actions, live.id, live.version)
        for r in rows:  # each noted as if made here: a half move may be taken back here too
            new = live.state.clone()
            note_move(live, new, new.apply(new.parse_action(r.text)), r.by_bot)
            live.state = new
            live.log.extend((r.n, event_from_stored(e)) for e in r.events)
        table = await self.store.read(self.store.table, live.id)
        seats = await self.store.read(self.store.seats, live.id)
        if table is not None:
            table.pop("snapshot", None)
            live.row.update(table)
            live.restore_clocks(loading=False)  # (another process's, if it set them last)
        live.seats = [Seat.from_row(s) for s in seats]
        for line in await self.store.read(self.store.chat, live.id, live.chat_seen):
            live.chat_seen = max(live.chat_seen, line["id"])
            push_chat(live, line)

    async def refresh(self, table_id: str) -> None:
        """Another process changed ``table_id``: catch up and tell our subscribers."""
        live = self.tables.get(table_id)
        if live is None:
            return
        async with live.lock:
            before = live.version
            await self._catch_up(live)
        self.schedule(live)
        self.broadcast(live, since=before)

    def _on_notify(self, table_id: str, what: str = "") -> None:
        self.spawn(reload(self, table_id) if what == "back" else self.refresh(table_id))

    def _on_reconnect(self) -> None:  # (a take-back's note may be among those lost)
        for table_id in list(self.tables):
            self.spawn(reload(self, table_id))


def checkpoint_json(state: State) -> dict[str, Any]:
    """A replay checkpoint: the state without its history (the record holds the moves, and
    a checkpoint per hundred moves each holding every move before it would grow as the
    square of the game's length)."""
    return {**state.to_json(), "history": []}


def engine_refusal(exc: GanglandError) -> Refused:
    """An engine error (bad option, unknown game or bot) as a refusal."""
    return Refused("bad_option", str(exc))

"""Where server-side bots think: worker processes (or threads), never the event loop.

A decision is a pure function of a snapshot, a bot spec and a seed, so it can run in any
process; the bot still sees only an :class:`~gangland.engine.Observation` (through
:func:`~gangland.bots.decide`). Seeds come from the table's seed and the move number, so a
restarted server's bots choose as they would have.

The pool is shared by every table, and guards that sharing (docs/web.md, "Bots at the
table"):

* **Fair.** A table has at most one decision in the pool: a new one *supersedes* the old
  (its position is gone). Decisions wait in one queue and take a worker in the order they
  came; since a table asks again only once answered, that serves the tables round-robin,
  each holding at most one worker, whatever its number of bot seats or its budget.
* **Cancellable.** A search polls a shared flag between iterations
  (:data:`gangland.bots.ismcts.should_stop`): a decision abandoned (superseded, its table
  moved on, the server stopping) or past its deadline ends at once and frees its worker.
* **Mortal.** A worker process watches its parent and exits when it dies, even in the
  middle of a search, so a server killed with SIGKILL leaves no process behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from gangland.bots import bot_seeds, decide, make_bot
from gangland.bots.ismcts import should_stop
from gangland.engine import Rng, State, load
from gangland.review import Budget, Judgement, judge_at


def bot_seed(table_seed: int, version: int, seat: int, players: int) -> int:
    """The seed of the bot deciding move ``version + 1`` for ``seat``.

    A keyed table seed (from ``2**128`` up: an unseeded table) stays keyed after the mix,
    which changes only low bits, so its bots draw from keyed generators (:func:`bot_seeds`).
    """
    return bot_seeds(table_seed ^ (version * 0x9E3779B1), players)[seat]


def choose_in_state(state: State, spec: str, seed: int) -> str:
    """The bot's action text for the player to move in ``state`` (a private copy).

    The determinization comes from the generator ``seed`` names: keyed at an unseeded
    table (whose bot seeds are keyed), so the bot's samples are as unguessable as the deal.
    """
    game = state.game
    bot = make_bot(spec, game, seed)
    return str(decide(bot, state, Rng.for_seed(seed ^ 0x0B5E)))


#: One decision of a game review: the seat, the action text played, the search's
#: iterations, the playouts, the review's seed and the moves before the decision.
ReviewJob = tuple[int, str, int, int, int, int]


def judge_in_state(state: State, job: ReviewJob, board: CancelBoard, ticket: int) -> Judgement:
    """Judge one decision of a review (:func:`gangland.review.judge_at`) in a private
    copy of the table after ``job``'s moves; its search stops when ``ticket`` is
    abandoned (the server stopping)."""
    seat, action, iterations, samples, seed, ply = job
    token = should_stop.set(lambda: board.stopped(ticket))
    try:
        return judge_at(state, seat, state.parse_action(action), Budget(iterations, samples),
                        seed, ply)
    finally:
        should_stop.reset(token)


def judge_in_worker(snapshot: dict[str, Any], job: ReviewJob, ticket: int) -> Judgement:
    """:func:`judge_in_state` in a worker process, which receives a snapshot."""
    assert _BOARD is not None, "a worker is started by BotPool"
    return judge_in_state(load(snapshot["game"]).state_from_json(snapshot), job, _BOARD,
                          ticket)


def choose_in_snapshot(snapshot: dict[str, Any], spec: str, seed: int) -> str:
    """:func:`choose_in_state` for a worker process, which receives a snapshot."""
    return choose_in_state(load(snapshot["game"]).state_from_json(snapshot), spec, seed)


#: Bots whose decision takes microseconds: a trip to a worker process costs a hundred times
#: more than the decision (measured: 4-5 ms against 0.03 ms), so they think in a thread,
#: outside the queue.
CHEAP_BOTS = frozenset({"random"})


class CancelBoard:
    """Flags in shared memory that searches poll: one slot per decision ticket (modulo
    :attr:`SLOTS`) and one for the whole pool. Plain shared integers, no lock: a search
    reads a flag between iterations, and a late read costs one iteration."""

    SLOTS = 1024

    def __init__(self, flags: Any = None) -> None:
        self.flags = flags if flags is not None else multiprocessing.RawArray(
            "q", self.SLOTS + 1)

    def cancel(self, ticket: int) -> None:
        self.flags[ticket % self.SLOTS] = ticket

    def stop_all(self) -> None:
        self.flags[self.SLOTS] = 1

    def stopped(self, ticket: int) -> bool:
        """Whether decision ``ticket`` was abandoned (a later ticket in the same slot reads
        another number, so an old flag never stops it)."""
        return bool(self.flags[self.SLOTS]) or self.flags[ticket % self.SLOTS] == ticket


def choose_bounded(state: State, spec: str, seed: int, board: CancelBoard, ticket: int,
                   deadline: float | None) -> str:
    """:func:`choose_in_state`, its search stopped at ``deadline`` (``time.monotonic``,
    the same clock in every process of the machine) or when ``ticket`` is abandoned."""
    def stop() -> bool:
        return board.stopped(ticket) or (deadline is not None and time.monotonic() >= deadline)

    token = should_stop.set(stop)
    try:
        return choose_in_state(state, spec, seed)
    finally:
        should_stop.reset(token)


#: A worker process's view of its pool's flags (set by :func:`_worker_init`).
_BOARD: CancelBoard | None = None


def choose_in_worker(snapshot: dict[str, Any], spec: str, seed: int, ticket: int,
                     deadline: float | None) -> str:
    """:func:`choose_bounded` in a worker process, which receives a snapshot."""
    assert _BOARD is not None, "a worker is started by BotPool"
    state = load(snapshot["game"]).state_from_json(snapshot)
    return choose_bounded(state, spec, seed, _BOARD, ticket, deadline)


#: How often a worker looks for its parent.
WATCH_S = 0.2


def _worker_init(flags: Any, server: int) -> None:
    """Each worker: take the shared flags, and die with the server.

    A worker's parent is the forkserver, which exits when the server's end of its pipe
    closes, however the server ended. On Linux the kernel then kills the worker
    (``PR_SET_PDEATHSIG``); elsewhere, and as a second guard, a thread sees its parent
    change and exits, even while the search holds the interpreter (it yields every few
    milliseconds). The server's own pid is watched too, for a pool started without a
    forkserver."""
    global _BOARD
    _BOARD = CancelBoard(flags)
    parent = os.getppid()
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG

    def watch() -> None:
        while True:
            if os.getppid() != parent or not _alive(server):
                os._exit(0)
            time.sleep(WATCH_S)

    threading.Thread(target=watch, name="gangland-watchdog", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass(eq=False)
class _Request:
    """One decision waiting for, or holding, a worker."""

    table: str
    ticket: int
    state: State
    spec: str
    seed: int
    deadline: float | None
    future: asyncio.Future[Any]
    #: A game review's decision to judge instead of a bot's move to choose.
    review: ReviewJob | None = None
    running: bool = False
    retried: bool = False
    pool: ProcessPoolExecutor | None = None


class BotPool:
    """Runs bot decisions off the event loop, fairly between tables, each cancellable."""

    def __init__(self, kind: str = "process", workers: int = 2) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot pool is process or thread, not {kind!r}")
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.kind = kind
        self.workers = workers
        self._context = multiprocessing.get_context("forkserver")
        self.board = CancelBoard(self._context.RawArray("q", CancelBoard.SLOTS + 1))
        self.cheap = ThreadPoolExecutor(workers, thread_name_prefix="gangland-bot-cheap")
        self.threads = ThreadPoolExecutor(workers, thread_name_prefix="gangland-bot")
        self.processes: ProcessPoolExecutor | None = None
        self._queue: deque[_Request] = deque()
        self._latest: dict[str, _Request] = {}  # by table: its one decision in the pool
        self._busy = 0
        self._tickets = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False

    @property
    def busy(self) -> int:
        """Workers holding a decision now (an abandoned search holds one until it stops)."""
        return self._busy

    def _process_pool(self) -> ProcessPoolExecutor:
        if self.processes is None:
            self.processes = ProcessPoolExecutor(
                self.workers, mp_context=self._context, initializer=_worker_init,
                initargs=(self.board.flags, os.getpid()))
        return self.processes

    async def choose(self, state: State, spec: str, seed: int, table: str = "",
                     deadline: float | None = None) -> str:
        """The action text the bot ``spec`` picks for the player to move.

        ``table`` names the table asking: its earlier decision, if still in the pool, is
        abandoned. ``deadline`` (``time.monotonic``) ends a search, which then plays its
        best move so far. Cancelling the caller abandons the decision."""
        loop = self._loop = asyncio.get_running_loop()
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        if spec.partition(":")[0] in CHEAP_BOTS:
            return await loop.run_in_executor(self.cheap, choose_in_state, state.clone(),
                                              spec, seed)
        answer: str = await self._enqueue(_Request(
            table, next(self._tickets), state.clone(), spec, seed, deadline,
            loop.create_future()))
        return answer

    async def judge(self, state: State, job: ReviewJob, key: str) -> Judgement:
        """Judge one decision of a game review in a worker (``state``: the table before
        it). ``key`` names the review: it has at most one decision in the pool, waiting in
        the same queue as the tables' bots, so a review takes a worker in its turn and
        never holds more than one."""
        loop = self._loop = asyncio.get_running_loop()
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        answer: Judgement = await self._enqueue(_Request(
            key, next(self._tickets), state.clone(), "", 0, None, loop.create_future(), job))
        return answer

    async def _enqueue(self, request: _Request) -> Any:
        """Queue ``request`` (abandoning its table's earlier one) and wait for its answer."""
        table = request.table
        if table:
            old = self._latest.get(table)
            if old is not None:
                self._abandon(old)
        self._queue.append(request)
        if table:
            self._latest[table] = request
        self._dispatch()
        try:
            return await request.future
        except asyncio.CancelledError:
            self._abandon(request)
            raise

    def _abandon(self, request: _Request) -> None:
        """Give up ``request``: out of the queue, or its search told to stop (its worker is
        counted busy until it has)."""
        if self._latest.get(request.table) is request:
            del self._latest[request.table]
        if request.running:
            self.board.cancel(request.ticket)
        else:
            with contextlib.suppress(ValueError):
                self._queue.remove(request)
        if not request.future.done():
            request.future.cancel()

    def _dispatch(self) -> None:
        """Give free workers the decisions that waited longest."""
        while self._busy < self.workers and self._queue and not self._closed:
            request = self._queue.popleft()
            request.running = True
            self._busy += 1
            done = self._submit(request)
            done.add_done_callback(functools.partial(self._from_worker, request))

    def _submit(self, request: _Request) -> Future[Any]:
        job = request.review
        if self.kind == "thread":
            if job is not None:
                return self.threads.submit(judge_in_state, request.state, job, self.board,
                                           request.ticket)
            return self.threads.submit(choose_bounded, request.state, request.spec,
                                       request.seed, self.board, request.ticket,
                                       request.deadline)
        snapshot = request.state.to_json()
        for _ in range(2):
            pool = request.pool = self._process_pool()
            try:
                if job is not None:
                    return pool.submit(judge_in_worker, snapshot, job, request.ticket)
                return pool.submit(choose_in_worker, snapshot, request.spec, request.seed,
                                   request.ticket, request.deadline)
            except BrokenProcessPool:
                self._drop_pool(pool)
        raise AssertionError("a fresh process pool refused work")  # pragma: no cover

    def _drop_pool(self, pool: ProcessPoolExecutor | None) -> None:
        """A worker died (killed, out of memory): the next decision starts a fresh pool,
        rather than every later bot move failing."""
        if pool is not None and pool is self.processes:
            self.processes = None
            pool.shutdown(wait=False, cancel_futures=True)

    def _from_worker(self, request: _Request, done: Future[Any]) -> None:
        """(In the worker's thread.) Hand the answer to the event loop."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
                loop.call_soon_threadsafe(self._finished, request, done)

    def _finished(self, request: _Request, done: Future[Any]) -> None:
        self._busy -= 1
        request.running = False
        future = request.future
        if not future.done():
            exc = None if done.cancelled() else done.exception()
            if done.cancelled():
                future.cancel()
            elif isinstance(exc, BrokenProcessPool) and not request.retried:
                self._drop_pool(request.pool)
                request.retried = True
                self._queue.appendleft(request)  # once more, first in line
            elif exc is not None:
                future.set_exception(exc)
            else:
                future.set_result(done.result())
        if future.done() and self._latest.get(request.table) is request:
            del self._latest[request.table]
        self._dispatch()

    def close(self, timeout: float = 3.0) -> None:
        """Stop every search, then the workers, so no process outlives the server: a worker
        still busy after ``timeout`` seconds is killed."""
        self._closed = True
        self.board.stop_all()
        for request in list(self._queue):
            self._queue.remove(request)
        self.cheap.shutdown(wait=True, cancel_futures=True)
        self.threads.shutdown(wait=True, cancel_futures=True)
        pool = self.processes
        if pool is not None:
            # (the executor's own list of its processes: the only handle on them)
            processes = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            ends = time.monotonic() + timeout
            for process in processes:
                process.join(max(0.0, ends - time.monotonic()))
            for process in processes:
                if process.is_alive():
                    process.kill()
                    process.join(1)
            pool.shutdown(wait=True)

"""Where server-side bots think: worker processes (or threads), never the event loop.

A decision is a pure function of a snapshot, a bot spec and a seed, so it can run in any
process; the bot still sees only an :class:`~gangland.engine.Observation` (through
:func:`~gangland.bots.decide`). Seeds come from the table's seed and the move number, so a
restarted server's bots choose as they would have.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from gangland.bots import bot_seeds, decide, make_bot
from gangland.engine import Rng, State, load


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


def choose_in_snapshot(snapshot: dict[str, Any], spec: str, seed: int) -> str:
    """:func:`choose_in_state` for a worker process, which receives a snapshot."""
    return choose_in_state(load(snapshot["game"]).state_from_json(snapshot), spec, seed)


#: Bots whose decision takes microseconds: a trip to a worker process costs a hundred times
#: more than the decision (measured: 4-5 ms against 0.03 ms), so they think in a thread.
CHEAP_BOTS = frozenset({"random"})


class BotPool:
    """Runs bot decisions off the event loop: in worker processes, cheap bots in threads."""

    def __init__(self, kind: str = "process", workers: int = 2) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot pool is process or thread, not {kind!r}")
        self.kind = kind
        self.workers = workers
        self.threads = ThreadPoolExecutor(workers, thread_name_prefix="gangland-bot")
        self.processes: ProcessPoolExecutor | None = None

    def _process_pool(self) -> ProcessPoolExecutor:
        if self.processes is None:
            context = multiprocessing.get_context("forkserver")
            self.processes = ProcessPoolExecutor(self.workers, mp_context=context)
        return self.processes

    async def choose(self, state: State, spec: str, seed: int) -> str:
        """The action text the bot ``spec`` picks for the player to move."""
        loop = asyncio.get_running_loop()
        if self.kind == "thread" or spec.partition(":")[0] in CHEAP_BOTS:
            return await loop.run_in_executor(self.threads, choose_in_state, state.clone(),
                                              spec, seed)
        snapshot = state.to_json()
        try:
            return await loop.run_in_executor(self._process_pool(), choose_in_snapshot,
                                              snapshot, spec, seed)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and try once more,
            # rather than failing every later bot move.
            self.processes = None
            return await loop.run_in_executor(self._process_pool(), choose_in_snapshot,
                                              snapshot, spec, seed)

    def close(self) -> None:
        """Stop the workers and wait for them, so no process outlives the server."""
        self.threads.shutdown(wait=True, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=True, cancel_futures=True)

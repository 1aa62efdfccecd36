"""Where server-side bots think: worker processes (or threads), never the event loop.

A decision is a pure function of a snapshot, a bot spec and a seed, so it can run in any
process; the bot still sees only an :class:`~gangland.engine.Observation` (through
:func:`~gangland.bots.decide`). Seeds come from the table's seed and the move number, so a
restarted server's bots choose as they would have.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from gangland.bots import bot_seeds, decide, make_bot
from gangland.engine import Rng, State, load


def bot_seed(table_seed: int, version: int, seat: int, players: int) -> int:
    """The seed of the bot deciding move ``version + 1`` for ``seat``."""
    return bot_seeds(table_seed ^ (version * 0x9E3779B1), players)[seat]


def choose_in_state(state: State, spec: str, seed: int) -> str:
    """The bot's action text for the player to move in ``state`` (a private copy)."""
    game = state.game
    bot = make_bot(spec, game, seed)
    return str(decide(bot, state, Rng(seed ^ 0x0B5E)))


def choose_in_snapshot(snapshot: dict[str, Any], spec: str, seed: int) -> str:
    """:func:`choose_in_state` for a worker process, which receives a snapshot."""
    return choose_in_state(load(snapshot["game"]).state_from_json(snapshot), spec, seed)


class BotPool:
    """Runs bot decisions off the event loop."""

    def __init__(self, kind: str = "process", workers: int = 2) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"bot pool is process or thread, not {kind!r}")
        self.kind = kind
        self.executor: Executor
        if kind == "process":
            context = multiprocessing.get_context("forkserver")
            self.executor = ProcessPoolExecutor(workers, mp_context=context)
        else:
            self.executor = ThreadPoolExecutor(workers, thread_name_prefix="gangland-bot")

    async def choose(self, state: State, spec: str, seed: int) -> str:
        """The action text the bot ``spec`` picks for the player to move."""
        loop = asyncio.get_running_loop()
        if self.kind == "process":
            return await loop.run_in_executor(
                self.executor, choose_in_snapshot, state.to_json(), spec, seed
            )
        return await loop.run_in_executor(self.executor, choose_in_state, state.clone(), spec,
                                          seed)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

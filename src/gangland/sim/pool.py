"""Running a simulation's games on every local core.

:func:`process_map` is a drop-in for ``map`` in :func:`~gangland.sim.simulate.simulate`: it
runs the tasks in a pool of worker processes and yields each result as it finishes. Every
task carries its own seed and the results are put back in index order before they are
summarized, so the figures are the same for any number of workers.

Workers are started with ``forkserver`` where the platform has it (a clean interpreter per
worker, no copied locks or threads), else ``spawn``; each imports the games and bots once.

Ctrl-C at a terminal sends SIGINT to the whole process group, workers included. Workers
ignore it (:func:`_ignore_interrupts`): only the parent stops, sums up the games that
finished and terminates the pool, so the person sees the summary and not a traceback from
every worker.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _ignore_interrupts() -> None:
    """A worker's initializer: leave Ctrl-C to the parent, which ends the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_map(workers: int) -> Callable[[Callable[[T], R], Iterable[T]], Iterator[R]]:
    """A ``map`` over ``workers`` processes, yielding results as they finish."""

    def run(fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        pool = ctx.Pool(workers, initializer=_ignore_interrupts)
        try:
            yield from pool.imap_unordered(fn, items, chunksize=1)
            pool.close()
        finally:
            pool.terminate()
            pool.join()

    return run

"""Running a simulation's games on a Ray cluster (``gangland simulate --ray [ADDRESS]``).

Ray is an optional extra (``pip install 'gangland[ray]'``); nothing else needs it. Each
game is one Ray task running :func:`~gangland.sim.simulate.run_task`; a bounded number are
in flight at once (four per CPU the cluster has), so a run of millions of games never
queues them all, and results come back as they finish. Every task carries its own seed,
so the figures are those of any other backend (tested in Ray's local mode). On a cluster,
every node needs the same ``gangland`` installed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from gangland.engine import OptionError

T = TypeVar("T")
R = TypeVar("R")


def ray_map(address: str | None, cpus: int | None = None
            ) -> Callable[[Callable[[T], R], Iterable[T]], Iterator[R]]:
    """A ``map`` over Ray: the cluster at ``address``, or a local Ray (``None``) with
    ``cpus`` CPUs (default: all)."""

    def run(fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        try:
            import ray
        except ImportError:
            raise OptionError("--ray needs Ray: pip install 'gangland[ray]'") from None
        started = not ray.is_initialized()
        if started:
            ray.init(address=address, num_cpus=cpus if address is None else None,
                     include_dashboard=False, log_to_driver=False,
                     logging_level=logging.ERROR, configure_logging=False)
        remote = ray.remote(fn)
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        window = 4 * max(1, int(resources.get("CPU", 1)))
        todo = iter(items)
        pending: list[Any] = []
        try:
            for item in todo:
                pending.append(remote.remote(item))
                if len(pending) >= window:
                    break
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
                for item in todo:
                    pending.append(remote.remote(item))
                    if len(pending) >= window:
                        break
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            if started:
                ray.shutdown()

    return run

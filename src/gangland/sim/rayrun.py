"""Running a simulation's games on a Ray cluster (``gangland simulate --ray [ADDRESS]``).

Ray is an optional extra (``pip install 'gangland[ray]'``); nothing else needs it. Games
go to the cluster in batches, each a Ray task running
:func:`~gangland.sim.simulate.run_task` on each game, sized from the last batch to take
about half a second (a task per game would cost more than a Gangster City game); a
bounded number are in flight at once (four per CPU the cluster has), so a run of millions
of games never queues them all, and results come back as their batches finish. Every
game carries its own seed, so the figures are those of any other backend: tested in Ray's
local mode and on a real cluster of two nodes (``tests/sim/test_ray_cluster.py``).

On a cluster the driver's own ``gangland`` travels with the run (Ray's ``py_modules``), so
every node plays the driver's rules and bots even where another version is installed;
the nodes need gangland's dependencies (simplest: the same ``gangland[ray]``). Where Ray
itself would retry a wrong address for minutes, printing warnings, :func:`check_address`
refuses it in a second, in one line.
"""

from __future__ import annotations

import itertools
import logging
import os
import socket
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TypeVar

from gangland.engine import OptionError

T = TypeVar("T")
R = TypeVar("R")

#: Seconds to wait for the head node to accept a connection.
PROBE_S = 5.0
#: Ray's attempts (a second apart) to reach a head node that accepted the connection; its
#: own default, twenty, makes a refused token wait twenty seconds for the same answer.
CONNECT_TRIES = "5"
#: What the address looks like, for the messages.
ADDRESS_HELP = ("the head node's HOST:PORT, as 'ray start --head' prints it "
                "(e.g. 10.0.0.5:6379), or 'auto' on the head node itself")


def check_address(address: str) -> None:
    """Refuse at once an address where no Ray head node listens (Ray itself would retry
    it for minutes); ``auto`` is left to Ray, which looks for a cluster on this machine.

    >>> check_address("10.0.0.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gangland.engine...OptionError: --ray 10.0.0.5: give the head node's HOST:PORT, as ...
    """
    if address == "auto":
        return
    host, colon, port = address.split("://", 1)[-1].rpartition(":")
    if not colon or not host or not port.isdigit():
        raise OptionError(f"--ray {address}: give {ADDRESS_HELP}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=PROBE_S):
            pass
    except OSError as e:
        why = "no answer" if isinstance(e, TimeoutError) else (e.strerror or str(e))
        raise OptionError(f"--ray {address}: no Ray cluster answers there ({why}); start "
                          "one with 'ray start --head' and give the address it prints"
                          ) from None


def _refusal(address: str, error: BaseException) -> OptionError:
    """Ray's failure to join the cluster, in one line. Ray's own messages run to
    paragraphs, and a refused token comes as a ``ConnectionError`` caused by an error
    whose text holds the traceback that names it."""
    chain: list[BaseException] = []
    cause: BaseException | None = error
    while cause is not None:
        chain.append(cause)
        cause = cause.__cause__
    if any("token is missing or incorrect" in str(e) for e in chain):
        return OptionError(f"--ray {address}: the cluster wants its token: set "
                           "RAY_AUTH_MODE=token, with the head node's ~/.ray/auth_token "
                           "here too (or RAY_AUTH_TOKEN_PATH=FILE)")
    text = str(error).strip()
    first = text.splitlines()[0].split(". ")[0].rstrip(".") if text else type(error).__name__
    return OptionError(f"--ray {address}: {first}")


def _connect(ray: Any, address: str | None, cpus: int | None) -> None:
    """``ray.init``: a local Ray of ``cpus`` CPUs, or the cluster at ``address`` with the
    driver's ``gangland`` shipped along; failures as one-line :class:`OptionError`."""
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                               "logging_level": logging.ERROR, "configure_logging": False}
    if address is None:
        options["num_cpus"] = cpus
    else:
        check_address(address)
        os.environ.setdefault("RAY_gcs_server_port_wait_time_s", CONNECT_TRIES)
        import gangland

        options["runtime_env"] = {"py_modules": [str(Path(gangland.__file__).parent)],
                                  "excludes": ["__pycache__"]}
    with tempfile.TemporaryFile() as held:
        try:
            with _stderr_to(held):
                ray.init(address=address, **options)
        except (ConnectionError, RuntimeError, ValueError, ray.exceptions.RayError) as e:
            raise _refusal(address or "(a local Ray)", e) from None
        if address is not None:  # connected to a cluster: what it said is shown after all
            held.seek(0)  # (a local Ray's own start-up notes, a token notice, are not)
            sys.stderr.write(held.read().decode(errors="replace"))


@contextmanager
def _stderr_to(file: IO[bytes]) -> Iterator[None]:
    """Standard error, the file descriptor (where Ray's C++ core writes), sent to ``file``:
    while Ray connects it prints a warning for every try, which a failed connection's
    one-line error makes noise."""
    sys.stderr.flush()
    saved = os.dup(2)
    os.dup2(file.fileno(), 2)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)


#: Seconds of play a Ray task aims at: one task per game costs more than a Gangster City
#: game (a few milliseconds), so games go in batches sized to take about this long.
TASK_S = 0.5
#: The most games in one task (a slow first measurement cannot make a batch huge).
MAX_BATCH = 256


def play_batch(fn: Callable[[T], R], items: list[T]) -> tuple[list[R], float]:
    """Run ``fn`` on each item (one Ray task), and the seconds it took."""
    started = time.perf_counter()
    results = [fn(item) for item in items]
    return results, time.perf_counter() - started


def batch_size(items: int, seconds: float, now: int) -> int:
    """The next batch's size, from the last batch's ``items`` and ``seconds``: about
    :data:`TASK_S` of play, at most twice ``now`` (a size grows step by step, so one
    quick batch cannot make the next take minutes) and from 1 to :data:`MAX_BATCH`.

    >>> batch_size(4, 0.012, 4)  # 3 ms a game: double, towards 166 a task
    8
    >>> batch_size(2, 4.0, 2)  # 2 s a game: one a task
    1
    """
    per_item = seconds / max(items, 1)
    wanted = MAX_BATCH if per_item <= 0 else int(TASK_S / per_item)
    return max(1, min(wanted, 2 * now, MAX_BATCH))


def ray_map(address: str | None, cpus: int | None = None
            ) -> Callable[[Callable[[T], R], Iterable[T]], Iterator[R]]:
    """A ``map`` over Ray: the cluster at ``address``, or a local Ray (``None``) with
    ``cpus`` CPUs (default: all). Items go to the cluster in batches (see
    :func:`batch_size`); each result is yielded as its batch finishes."""

    def run(fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        try:
            import ray
        except ImportError:
            raise OptionError("--ray needs Ray: pip install 'gangland[ray]'") from None
        started = not ray.is_initialized()
        if started:
            _connect(ray, address, cpus)
        remote: Any = ray.remote(play_batch)
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        window = 4 * max(1, int(resources.get("CPU", 1)))
        todo = iter(items)
        pending: list[Any] = []
        size = 1

        def submit() -> None:
            while len(pending) < window:
                batch = list(itertools.islice(todo, size))
                if not batch:
                    return
                pending.append(remote.remote(fn, batch))

        try:
            submit()
            while pending:
                done, pending[:] = ray.wait(pending, num_returns=1)
                for ref in done:
                    results, seconds = ray.get(ref)
                    size = batch_size(len(results), seconds, size)
                    yield from results
                submit()
        finally:  # stopped early (Ctrl-C): the games still in flight are not wanted
            if started:  # the job ends with the driver's Ray, its tasks with it
                ray.shutdown()
            else:  # not force=True: it races the task's end and aborts Ray's core
                for ref in pending:
                    ray.cancel(ref)

    return run

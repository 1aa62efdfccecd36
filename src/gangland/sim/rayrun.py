"""Running a simulation's games on a Ray cluster (``gangland simulate --ray [ADDRESS]``).

Ray is an optional extra (``pip install 'gangland[ray]'``); nothing else needs it. Each
game is one Ray task running :func:`~gangland.sim.simulate.run_task`; a bounded number are
in flight at once (four per CPU the cluster has), so a run of millions of games never
queues them all, and results come back as they finish. Every task carries its own seed,
so the figures are those of any other backend: tested in Ray's local mode and on a real
cluster of two nodes (``tests/sim/test_ray_cluster.py``).

On a cluster the driver's own ``gangland`` travels with the run (Ray's ``py_modules``), so
every node plays the driver's rules and bots even where another version is installed;
the nodes need gangland's dependencies (simplest: the same ``gangland[ray]``). Where Ray
itself would retry a wrong address for minutes, printing warnings, :func:`check_address`
refuses it in a second, in one line.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import tempfile
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
        held.seek(0)
        sys.stderr.write(held.read().decode(errors="replace"))  # connected: shown after all


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
            _connect(ray, address, cpus)
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
        finally:  # stopped early (Ctrl-C): the games still in flight are not wanted
            if started:  # the job ends with the driver's Ray, its tasks with it
                ray.shutdown()
            else:  # not force=True: it races the task's end and aborts Ray's core
                for ref in pending:
                    ray.cancel(ref)

    return run

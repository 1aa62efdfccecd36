"""Stopping on SIGHUP and SIGTERM at any moment, a blocking prompt included.

CPython runs a Python signal handler in the main thread, between two bytecodes; a signal
that lands while the main thread is blocked in ``read()`` interrupts the read (``EINTR``)
and the handler runs at once. Two cases escape that, and both leave a game waiting at its
prompt with the signal noted and not acted on, until the person types a line:

- the signal arrives in the instant after the interpreter's last check and before the read
  begins, so the read blocks without ever being interrupted;
- the kernel delivers a process-wide signal to another thread (the "thinking..." spinner,
  a bot's worker), so the main thread's read is not interrupted at all.

:func:`stop_signals` closes both. It installs the handler, and a wake-up descriptor
(``signal.set_wakeup_fd``) on which a small thread waits. Whenever a stop signal arrives,
in whichever thread, that thread sends the same signal to the main thread
(``pthread_kill``), again every :data:`NUDGE_EVERY` seconds until the handler says it has
run. A read blocked in the main thread is then interrupted and the handler runs.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Any

Handler = Callable[[int, FrameType | None], Any]

NUDGE_EVERY = 0.05  # seconds between two nudges of the main thread, until it has acted
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM")
                     if hasattr(signal, name))
_QUIT_WATCH = 0  # the byte that tells the watcher to end (no signal has number 0)


@contextlib.contextmanager
def stop_signals(handler: Handler, handled: Callable[[], bool],
                 signals: Sequence[int] = STOP_SIGNALS) -> Iterator[None]:
    """Run the body with ``handler`` for ``signals``; ``handled()`` is true once the handler
    has taken note of a signal. Outside the main thread nothing is installed (Python allows
    signal handlers only there) and the body runs as it is. The previous handlers and
    wake-up descriptor are back when the body ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.getsignal(sig) for sig in signals}
    for sig in signals:
        signal.signal(sig, handler)
    watcher = _Watcher(set(signals), handled) if hasattr(signal, "pthread_kill") else None
    try:
        yield
    finally:
        if watcher is not None:
            watcher.close()  # before the handlers go: a nudge must never meet the default
        for sig, old in previous.items():
            signal.signal(sig, old)


class _Watcher:
    """The thread that nudges the main thread when a stop signal has arrived."""

    def __init__(self, signals: set[int], handled: Callable[[], bool]) -> None:
        self.signals, self.handled = signals, handled
        self.main = threading.main_thread().ident or 0
        self.read_end, self.write_end = os.pipe()
        os.set_blocking(self.write_end, False)  # the C handler must never block on it
        self.previous_fd = signal.set_wakeup_fd(self.write_end, warn_on_full_buffer=False)
        self.thread = threading.Thread(target=self._watch, name="stop-signals", daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        while True:
            data = self._read(None)
            if data is None:
                return
            sig = next((s for s in data if s in self.signals), None)
            while sig is not None and not self.handled():
                with contextlib.suppress(OSError):
                    signal.pthread_kill(self.main, sig)
                if self._read(NUDGE_EVERY) is None:
                    return

    def _read(self, timeout: float | None) -> bytes | None:
        """What the pipe holds within ``timeout`` seconds (``b""`` if nothing came), or
        None once :meth:`close` has asked the thread to end."""
        ready, _, _ = select.select([self.read_end], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.read_end, 64)
        except OSError:
            return None
        return None if not data or _QUIT_WATCH in data else data

    def close(self) -> None:
        """End the thread, put the previous wake-up descriptor back and close the pipe."""
        signal.set_wakeup_fd(self.previous_fd)
        with contextlib.suppress(OSError):
            os.write(self.write_end, bytes([_QUIT_WATCH]))
        self.thread.join(timeout=1)
        os.close(self.write_end)
        os.close(self.read_end)

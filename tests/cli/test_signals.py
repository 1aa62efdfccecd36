"""A stop signal acts at once, even when it lands where CPython would not see it: in
another thread, or just before the main thread blocks in a read (the prompt)."""

from __future__ import annotations

import os
import signal
import threading
from types import FrameType

import pytest

from gangland.terminal.signals import stop_signals


class Stop(Exception):
    pass


def test_a_stop_signal_landing_in_another_thread_interrupts_a_blocking_read():
    read_end, write_end = os.pipe()
    noted: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        noted.append(signum)
        raise Stop

    parked = threading.Event()  # a thread for the kernel to hand the signal to
    other = threading.Thread(target=parked.wait, daemon=True)
    other.start()
    # Without the nudge, the read would wait for this byte; with it, the byte never comes.
    late = threading.Timer(10, os.write, (write_end, b"x"))
    late.start()
    try:
        with stop_signals(handler, lambda: bool(noted)):
            assert other.ident is not None
            threading.Timer(0.2, signal.pthread_kill, (other.ident, signal.SIGTERM)).start()
            with pytest.raises(Stop):
                os.read(read_end, 1)  # the prompt's blocking read
        assert late.is_alive(), "the read went on until the late byte came"
        assert noted == [signal.SIGTERM]
    finally:
        late.cancel()
        parked.set()
        os.close(read_end)
        os.close(write_end)


def test_the_previous_handlers_and_wakeup_descriptor_come_back():
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGHUP, signal.SIGTERM)}
    with stop_signals(lambda signum, frame: None, lambda: False):
        assert signal.getsignal(signal.SIGTERM) is not before[signal.SIGTERM]
        assert [t for t in threading.enumerate() if t.name == "stop-signals"]
    assert {sig: signal.getsignal(sig) for sig in before} == before
    assert signal.set_wakeup_fd(-1) == -1  # none was left behind
    assert not [t for t in threading.enumerate() if t.name == "stop-signals"]


def test_outside_the_main_thread_nothing_is_installed():
    seen: list[object] = []

    def body() -> None:
        with stop_signals(lambda signum, frame: None, lambda: False):
            seen.append(signal.getsignal(signal.SIGTERM))

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    assert seen == [signal.getsignal(signal.SIGTERM)]

"""The ``gangland`` command in a pseudo-terminal of a given size, as a person runs it.

Output is what the terminal receives (escape sequences included); :func:`plain` strips
them. The size is set both as the pty's window size and as COLUMNS/LINES, as a terminal
emulator does.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]")


def plain(text: str) -> str:
    """What a person reads: no escape sequences, no carriage returns."""
    return ESCAPES.sub("", text).replace("\r", "")


class PtyRun:
    """One ``python -m gangland ARGS`` in a pseudo-terminal ``columns`` x ``rows``."""

    def __init__(self, args: list[str], cwd: Path, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": str(columns),
               "LINES": str(rows), "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        pid, fd = pty.fork()
        if pid == 0:  # the child: its terminal is the pty
            os.chdir(cwd)
            os.execve(sys.executable, [sys.executable, "-m", "gangland", *args], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.pid, self.fd = pid, fd
        self.output = ""  # everything received so far
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")  # split characters
        self.code: int | None = None

    def read_until(self, pattern: str, timeout: float = 30) -> str:
        """Read until the plain output since the last call matches ``pattern``; return it."""
        start = len(self.output)
        found = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while not found.search(plain(self.output[start:])):
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                raise AssertionError(f"no {pattern!r} in:\n{plain(self.output[start:])}")
        return plain(self.output[start:])

    def _read(self, timeout: float) -> bool:
        """Read what is there (up to ``timeout`` seconds); False at the end of output."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child is gone and the pty closed
            return False
        if not data:
            return False
        self.output += self._decoder.decode(data)
        return True

    def type(self, line: str) -> None:
        """Type a line and press Enter."""
        os.write(self.fd, line.encode() + b"\r")

    def press_ctrl_c(self) -> None:
        """Ctrl-C: the terminal sends SIGINT to the whole foreground process group (worker
        processes included), not to one process."""
        os.write(self.fd, b"\x03")

    def kill(self, signum: int) -> int:
        """Send ``signum`` (SIGHUP: the terminal closes) and wait; the exit status."""
        if signum == signal.SIGHUP:
            os.close(self.fd)  # as when a terminal window is closed
            self.fd = -1
        os.kill(self.pid, signum)
        return self.wait()

    def wait(self, timeout: float = 30) -> int:
        """Wait for the command to end (reading its output meanwhile); its exit status."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.fd >= 0:
                self._read(0.05)
            else:
                time.sleep(0.05)
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.code = os.waitstatus_to_exitcode(status)
                if self.fd >= 0:
                    while self._read(0.05) and select.select([self.fd], [], [], 0)[0]:
                        pass
                    os.close(self.fd)
                    self.fd = -1
                return self.code
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError("the command did not end:\n" + plain(self.output)[-2000:])

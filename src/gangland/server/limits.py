"""Rate limits: how often one seat may do a thing (so far, chat).

A token bucket per key: a burst of ``burst`` at once, then one more every ``every_s``
seconds. It lives in this process's memory: with several server processes on one
database each process keeps its own buckets, so a seat connected to two of them could
send at twice the rate (still bounded; the stored chat is bounded per table anyway).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

#: Past this many buckets, the full ones (keys idle long enough to have their whole burst
#: back) are forgotten: a full bucket and no bucket mean the same.
PRUNE_AT = 4096


class RateLimit:
    """Token buckets by key; :meth:`take` says whether a key may act now."""

    def __init__(self, burst: int, every_s: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.every_s = every_s
        self.clock = clock
        self._buckets: dict[Hashable, tuple[float, float]] = {}  # key: (tokens, at)

    def _level(self, key: Hashable, now: float) -> float:
        tokens, at = self._buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - at) / self.every_s)

    def take(self, key: Hashable) -> float:
        """Use one of ``key``'s tokens: 0 if it had one, else the seconds until it will
        (and nothing is used: a refused try does not push the next one further away)."""
        now = self.clock()
        tokens = self._level(key, now)
        if tokens < 1:
            return (1 - tokens) * self.every_s
        if len(self._buckets) >= PRUNE_AT:
            self._buckets = {k: v for k, v in self._buckets.items()
                             if self._level(k, now) < self.burst}
        self._buckets[key] = (tokens - 1, now)
        return 0.0

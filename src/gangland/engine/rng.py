"""A small seeded random number generator that lives inside a game state.

Why not :mod:`random`? Its state is 625 integers: slow to copy on every ``clone()`` in a
search and bulky to store with every snapshot. SplitMix64 keeps one 64-bit integer, copies
for free, serializes to a short string and passes BigCrush, which is far more than dice and
shuffles need. Every game draws all its chance from the state's own ``Rng``, so the same
seed and the same actions always give the same game.

>>> r = Rng(7)
>>> [r.randbelow(6) + 1 for _ in range(5)]
[4, 1, 1, 4, 5]
>>> Rng.from_json(r.to_json()).randbelow(1000) == r.randbelow(1000)
True
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: a fast, splittable, serializable generator."""

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        self._s = seed & _MASK

    @classmethod
    def fresh_seed(cls) -> int:
        """A seed from the operating system, for games started without one."""
        return int.from_bytes(os.urandom(6), "big")

    def next64(self) -> int:
        """The next raw 64-bit output."""
        s = self._s = (self._s + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        r = self.next64()
        while r >= limit:
            r = self.next64()
        return r % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer with ``low <= x <= high``."""
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for a resampled state's future)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """An identical, independent generator."""
        return Rng(self._s)

    def to_json(self) -> str:
        """The whole state as a short hex string (JSON-safe, unlike a 64-bit number in JS)."""
        return format(self._s, "016x")

    @classmethod
    def from_json(cls, data: object) -> Rng:
        """Rebuild from :meth:`to_json`; a bad value raises ``ValueError``."""
        if not isinstance(data, str) or len(data) != 16:
            raise ValueError(f"an rng state is 16 hex digits, not {data!r}")
        return cls(int(data, 16))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other._s == self._s

    def __hash__(self) -> int:
        return hash(self._s)

    def __repr__(self) -> str:
        return f"Rng(0x{self._s:016x})"

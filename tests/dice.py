"""A random generator that answers scripted values first: the dice of rule scenarios.

Rule tests set up an exact position and then say which faces come up (or which card is
drawn) next; after the script runs out the generator falls back to a seeded one, so a
scenario that rolls more than it scripted still plays deterministically.
"""

from __future__ import annotations

from collections.abc import Sequence

from gangland.engine import Rng


class Dice(Rng):
    """``randbelow(n)`` answers the next scripted value (a die face minus one, or an index
    into what is drawn from), then falls back to the seeded generator."""

    __slots__ = ("script",)

    def __init__(self, script: Sequence[int], seed: int = 1) -> None:
        super().__init__(seed)
        self.script = list(script)

    def randbelow(self, n: int) -> int:
        if self.script:
            value = self.script.pop(0)
            assert 0 <= value < n, f"scripted {value} out of range({n})"
            return value
        return super().randbelow(n)

    def copy(self) -> Dice:
        new = Dice(self.script)
        new._s = self._s
        return new

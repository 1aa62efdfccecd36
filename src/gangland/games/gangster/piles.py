"""The face-down piles redrawn for a sample: ``Rng.shuffle``'s draws, in one loop.

A hard-level search resamples twice per model decision (the observation's sample and the
greedy bot's own), each time shuffling the district deck, the casino deck and the
equipment supply: some 30 Fisher-Yates draws, a fifth of a search's instructions once the
bot's own work was cut down. ``Rng.shuffle`` calls ``Rng.randbelow`` once per draw; here
SplitMix64's steps run inside the shuffle's loop on one local state, so a pile costs one
call. The numbers drawn, the order reached and the generator's state after it are exactly
``Rng.shuffle``'s (a test compares them over thousands of piles); a generator of another
kind (``KeyedRng``) shuffles by its own method.
"""

from __future__ import annotations

from gangland.engine import Rng

__all__ = ["shuffle"]

#: _LIMITS[n]: the largest multiple of ``n`` up to 2**64, below which a draw is kept
#: (``Rng.randbelow``'s rejection bound), for the piles' sizes.
_LIMITS = tuple(0x10000000000000000 - 0x10000000000000000 % n if n else 0
                for n in range(65))


def shuffle(rng: Rng, pile: list[int]) -> None:
    """``rng.shuffle(pile)``, the same draws (see the module docstring)."""
    size = len(pile)
    if type(rng) is not Rng or size >= len(_LIMITS):
        rng.shuffle(pile)
        return
    limits = _LIMITS
    s = rng._s
    for i in range(size - 1, 0, -1):
        n = i + 1
        limit = limits[n]
        while True:
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            r = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            r ^= r >> 31
            if r < limit:
                break
        j = r % n
        pile[i], pile[j] = pile[j], pile[i]
    rng._s = s

"""``piles.shuffle`` is ``Rng.shuffle``: the same order and the same generator after it.

The resample's fast shuffle runs SplitMix64's steps in its own loop; it must draw exactly
the numbers ``Rng.shuffle`` draws (the searches' moves and the golden traces rest on them),
for every pile size it meets and beyond, and leave a keyed generator to its own method.
"""

from __future__ import annotations

from gangland.engine import KeyedRng, Rng
from gangland.games.gangster.piles import shuffle


def test_the_same_order_and_generator_as_rng_shuffle() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 5, 10, 21, 64, 65, 90):
            plain, fast = Rng(seed * 7919 + size), Rng(seed * 7919 + size)
            a, b = list(range(size)), list(range(size))
            plain.shuffle(a)
            shuffle(fast, b)
            assert a == b
            assert fast == plain
            assert fast.next64() == plain.next64()


def _state_before(output: int) -> int:
    """The SplitMix64 state whose next raw output is ``output`` (its mixer inverted)."""
    mask = (1 << 64) - 1
    z = output ^ (output >> 31) ^ (output >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = z ^ (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    z = z ^ (z >> 30) ^ (z >> 60)
    return (z - 0x9E3779B97F4A7C15) & mask


def test_a_rejected_draw_is_drawn_again_as_randbelow_does() -> None:
    """The first draw of a 3-card pile rejects the output 2**64 - 1 (``randbelow``'s bound
    is 2**64 - 1 there): a generator set up to give it takes the next one, both ways."""
    state = _state_before((1 << 64) - 1)
    assert Rng(state).next64() == (1 << 64) - 1
    plain, fast = Rng(state), Rng(state)
    a, b = [0, 1, 2], [0, 1, 2]
    plain.shuffle(a)
    shuffle(fast, b)
    assert (a, fast) == (b, plain)
    three = Rng(state)
    for _ in range(3):
        three.next64()
    assert plain == three  # two draws kept, one rejected


def test_a_keyed_generator_shuffles_by_its_own_method() -> None:
    seed = 2**128 + 11
    plain, fast = KeyedRng(seed), KeyedRng(seed)
    a, b = list(range(21)), list(range(21))
    plain.shuffle(a)
    shuffle(fast, b)
    assert a == b
    assert fast.next64() == plain.next64()

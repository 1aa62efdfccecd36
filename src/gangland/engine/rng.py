"""The seeded random number generators that live inside a game state.

Why not :mod:`random`? Its state is 625 integers: slow to copy on every ``clone()`` in a
search and bulky to store with every snapshot. Every game draws all its chance from the
state's own generator, so the same seed and the same actions always give the same game.

There are two kinds, and the seed picks one (:meth:`Rng.for_seed`):

- Below ``2**64``, :class:`Rng` is SplitMix64: one 64-bit integer, free to copy, passes
  BigCrush. Seeds given by hand (tests, ``simulate``, tournaments, stored records) keep it,
  so everything ever recorded replays exactly.
- From ``2**64`` up, :class:`KeyedRng`: BLAKE2b in counter mode, keyed with 256 bits derived
  from the whole seed. A game started without a seed gets one of those
  (:meth:`Rng.fresh_seed`: 128 bits from :mod:`secrets`). SplitMix64 would not do for it:
  its whole state is 64 bits and each output is an invertible function of it, so one
  output rebuilds every card and die to come, and a seat that has seen a few cards can
  search all seeds of 48 or even 64 bits. The keyed generator's outputs reveal neither its
  key nor its counter (BLAKE2b keyed is a pseudo-random function), and its key is 256 bits.

>>> r = Rng(7)
>>> [r.randbelow(6) + 1 for _ in range(5)]
[4, 1, 1, 4, 5]
>>> Rng.from_json(r.to_json()).randbelow(1000) == r.randbelow(1000)
True
>>> k = Rng.for_seed(2**128 + 7)
>>> type(k).__name__, type(Rng.for_seed(7)).__name__
('KeyedRng', 'Rng')
>>> [k.randbelow(6) + 1 for _ in range(5)]
[5, 5, 6, 3, 3]
>>> Rng.from_json(k.to_json()) == k
True
"""

from __future__ import annotations

import secrets
import struct
from collections.abc import Callable, MutableSequence, Sequence
from hashlib import blake2b
from typing import Final, TypeVar

T = TypeVar("T")
_C = TypeVar("_C")

try:  # read by mypyc alone, for the optional compiled build (docs/speed.md)
    from mypy_extensions import i64, mypyc_attr
except ImportError:  # a pure install has no mypy: a plain int, and no such decorator
    i64 = int  # type: ignore[misc]

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_C], _C]:
        return lambda cls: cls

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64

#: Seeds from here up select :class:`KeyedRng`; below, SplitMix64 as always.
KEYED_SEEDS = _TWO64
#: The bit every drawn keyed seed carries, so it is always at least ``2**128`` and its
#: 128 random bits below survive any leading zeros.
_SEED_MARK = 1 << 128

#: One BLAKE2b call yields 64 bytes: eight 64-bit words.
_WORDS = 8
_unpack_block = struct.Struct(f"<{_WORDS}Q").unpack
_pack_counter = struct.Struct("<Q").pack
_pack_key = struct.Struct("<4Q").pack
_KEYED_PREFIX = "b2:"
#: ``_LIMITS[n]``: the multiple of ``n`` at or below ``2**64`` under which a word is kept
#: (:meth:`Rng.randbelow`'s rejection bound), for the bounds a shuffle meets in a pile.
_LIMITS = (0, *(_TWO64 - _TWO64 % n for n in range(1, 257)))


def _unshift(x: int, k: int) -> int:
    """``y`` with ``y ^ (y >> k) == x``: one of the mixer's xor-shifts undone."""
    y = x
    for _ in range(64 // k + 1):
        y = x ^ (y >> k)
    return y & _MASK


def _unmix(word: int) -> int:
    """The state, after its step, whose mixed output is ``word``: SplitMix64's mixer
    inverted (each multiplier is odd, so it has an inverse modulo ``2**64``).

    >>> Rng(_unmix(12345) - _GOLDEN).next64()
    12345
    """
    z = _unshift(word, 31)
    z = (z * _UNMIX_2) & _MASK
    z = _unshift(z, 27)
    z = (z * _UNMIX_1) & _MASK
    return _unshift(z, 30)


_UNMIX_1 = pow(0xBF58476D1CE4E5B9, -1, _TWO64)
_UNMIX_2 = pow(0x94D049BB133111EB, -1, _TWO64)
#: ``_REFUSED[n]``: the states whose draw for bound ``n`` :meth:`Rng.randbelow` refuses
#: (their words lie at or above ``_LIMITS[n]``: ``2**64 % n`` of them, fewer than ``n``),
#: listed on first use.
_REFUSED: list[frozenset[int] | None] = [None] * len(_LIMITS)


def _wraps() -> bool:
    """Whether a 64-bit native integer wraps around here, as a machine word does: in the
    compiled build (mypyc keeps an ``i64`` in one), not in pure Python (where ``i64`` is
    ``int`` and simply grows)."""
    x: i64 = 1 << 62
    return x + x < 0


#: The compiled build's generator works on machine words (:func:`_word_below`): there
#: SplitMix64's 64-bit products are one instruction each, where a Python integer of more
#: than 62 bits costs an allocation per operation, and the pure code's arithmetic, not the
#: interpreter, was most of a draw. The pure code is the reference; both draw the same.
NATIVE: Final = _wraps()
#: SplitMix64's constants as signed words (each minus ``2**64``): the golden gamma and
#: the mixer's two multipliers.
_GAMMA_WORD: Final[i64] = -7046029254386353131
_MIX_1_WORD: Final[i64] = -4658895280553007687
_MIX_2_WORD: Final[i64] = -7723592293110705685
#: Bounds below this are drawn on words alone; wider ones work out the rejection limit in
#: Python integers (no game asks for one).
_WORD_BOUND: Final = 1 << 62


def _word_mix(s: i64) -> i64:
    """SplitMix64's output for state ``s`` (both as two's complement words): the xor-shifts
    made logical with masks, since a word's ``>>`` keeps its sign."""
    z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX_1_WORD
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX_2_WORD
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _word_below(rng: Rng, n: int) -> int:
    """:meth:`Rng.randbelow` on machine words (compiled build only): the same words, the
    same refusals, the same state after.

    A word ``z`` stands for the unsigned ``z`` (``z >= 0``) or ``z + 2**64``; it is refused
    in the top ``2**64 % n`` values, that is when ``-(2**64 % n) <= z < 0``, and its value
    modulo ``n`` adds ``2**64 % n`` to ``z``'s when ``z`` is negative.
    """
    s: i64 = rng._s
    if n >= _WORD_BOUND:
        limit = _TWO64 - _TWO64 % n
        while True:
            s += _GAMMA_WORD
            r = int(_word_mix(s)) & _MASK
            if r < limit:
                rng._s = s
                return r % n
    k: i64 = n
    half: i64 = (0x7FFFFFFFFFFFFFFF % k + 1) % k  # 2**63 % n
    m: i64 = half + half - k if half >= k - half else half + half  # 2**64 % n
    while True:
        s += _GAMMA_WORD
        z = _word_mix(s)
        if z >= 0 or z < -m:
            rng._s = s
            return int(z % k) if z >= 0 else int((z % k + m) % k)


def _refused(n: int) -> frozenset[int]:
    found = _REFUSED[n] = frozenset(_unmix(w) for w in range(_LIMITS[n], _TWO64))
    return found


def _plain_shuffle(rng: Rng, seq: MutableSequence[T]) -> None:
    """Fisher-Yates on ``rng.randbelow``: what :meth:`Rng.shuffle` writes out."""
    for i in range(len(seq) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        seq[i], seq[j] = seq[j], seq[i]


@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    """SplitMix64: a fast, splittable, serializable generator (seeds below ``2**64``).

    It is also the generators' common face: :meth:`for_seed` and :meth:`from_json` give
    whichever kind a seed or snapshot names, and :class:`KeyedRng` answers every method.

    The state is a 64-bit counter: held as it is in pure Python, and as a machine word's
    two's complement in the compiled build (:data:`NATIVE`), where the hot draws
    (``randbelow``, ``choice``, ``shuffle``, ``next64``) work on words. :attr:`state` is
    the counter either way, and everything that stores or compares one goes through it.
    """

    __slots__ = ("_s",)
    _s: i64

    def __init__(self, seed: int) -> None:
        u = seed & _MASK
        self._s = u - _TWO64 if NATIVE and u >> 63 else u

    @property
    def state(self) -> int:
        """SplitMix64's counter, from 0 to ``2**64 - 1``, however it is held (a
        :class:`KeyedRng` has none: its state is its key and position, ``to_json``)."""
        return int(self._s) & _MASK

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        # pickled by its counter, so a pure process and a compiled one read each other's
        return (Rng, (self.state,))

    @classmethod
    def for_seed(cls, seed: int) -> Rng:
        """The generator a game's seed names: SplitMix64 below ``2**64``, keyed above.

        >>> Rng.for_seed(2**64 - 1) == Rng(2**64 - 1)
        True
        """
        return Rng(seed) if seed < KEYED_SEEDS else KeyedRng(seed)

    @classmethod
    def fresh_seed(cls) -> int:
        """A seed for a game started without one: 128 bits from :mod:`secrets`.

        It is at least ``2**128``, so it selects the keyed generator, and no two bits of it
        are guessable: nobody can search the seeds from the cards they have seen.

        >>> s = Rng.fresh_seed()
        >>> s >> 128, type(Rng.for_seed(s)).__name__
        (1, 'KeyedRng')
        """
        return _SEED_MARK | secrets.randbits(128)

    def next64(self) -> int:
        """The next raw 64-bit output."""
        if NATIVE:
            w: i64 = self._s + _GAMMA_WORD
            self._s = w
            return int(_word_mix(w)) & _MASK
        s = self._s = (self._s + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def next_seed(self) -> int:
        """A seed for another generator of the same kind (a bot's, a sub-game's).

        SplitMix64 gives 63 bits, as bots' seeds always were, so seeded games' bots are
        unchanged; :class:`KeyedRng` gives a keyed seed of 128 fresh bits.
        """
        return self.next64() >> 1

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias.

        :meth:`next64`'s steps written out here, on a local copy of the state, with the
        constants as literals: every legal move a playout picks comes through here, and
        the call and the attribute and global lookups were half its cost. The numbers
        drawn are the same (the doctest at the top of the module pins them).
        """
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if NATIVE:
            return _word_below(self, n)
        limit = 0x10000000000000000 - 0x10000000000000000 % n
        s = self._s
        while True:
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            r = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            r ^= r >> 31
            if r < limit:
                self._s = s
                return r % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer with ``low <= x <= high``."""
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """``count`` rolls of a die of ``sides`` faces: ``[self.randint(1, sides) for _ in
        range(count)]`` (the same numbers, and the state left the same), in one call
        instead of two a die: Gangsters rolls five dice a turn. On ``randbelow``, so every
        kind of generator (and a test's scripted dice) draws its own way.

        >>> a, b = Rng(7), Rng(7)
        >>> a.dice(5) == [b.randint(1, 6) for _ in range(5)] and a == b
        True
        """
        randbelow = self.randbelow
        return [1 + randbelow(sides) for _ in range(count)]

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence: ``seq[self.randbelow(len(seq))]``,
        with :meth:`randbelow`'s steps written out (one call fewer: a random playout picks
        every move here). The numbers drawn are the same; :class:`KeyedRng` keeps the
        plain form on its own ``randbelow``."""
        n = len(seq)
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if NATIVE:
            return seq[_word_below(self, n)]
        limit = 0x10000000000000000 - 0x10000000000000000 % n
        s = self._s
        while True:
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            r = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            r ^= r >> 31
            if r < limit:
                self._s = s
                return seq[r % n]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): ``j = self.randbelow(i + 1)`` for each place
        ``i`` from the last down, ``seq[i]`` and ``seq[j]`` swapped.

        :meth:`randbelow`'s steps written out in the loop on one local state, the bounds'
        rejection limits from a table: every resample shuffles the hidden piles (a fifth
        of Gangster's hard-level search was these draws, a call each). The numbers drawn
        and the state left are the same (``test_shuffle_draws_what_randbelow_would``);
        :class:`KeyedRng` keeps the plain form on its own ``randbelow``.
        """
        size = len(seq)
        if size >= len(_LIMITS) or NATIVE:  # the words' draws are one call each already
            _plain_shuffle(self, seq)
            return
        limits = _LIMITS
        s = self._s
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
            seq[i], seq[j] = seq[j], seq[i]
        self._s = s

    def skip_shuffle(self, size: int) -> None:
        """Move on as :meth:`shuffle` of ``size`` items would, shuffling nothing.

        A shuffle's draw for bound ``n`` steps the state by the golden gamma and keeps the
        word unless it lies in the top ``2**64 % n`` (then it steps again), so where it
        ends follows from the states alone: the few a bound refuses are found by inverting
        the mixer (:func:`_unmix`), and each draw costs one addition and one set lookup
        instead of the mixer's two 128-bit products. For a state that holds a pile it
        will shuffle afresh before reading it (Gangster's determinizations).

        >>> a, b = Rng(7), Rng(7)
        >>> a.shuffle(list(range(30))); b.skip_shuffle(30); a.next64() == b.next64()
        True
        """
        if size >= len(_LIMITS):
            _plain_shuffle(self, [None] * size)
            return
        refused_for = _REFUSED
        s = self.state
        for n in range(size, 1, -1):
            refused = refused_for[n]
            if refused is None:
                refused = _refused(n)
            s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            while s in refused:
                s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        self._s = s - _TWO64 if NATIVE and s >> 63 else s

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (for a resampled state's future)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """An identical, independent generator."""
        new = Rng(0)
        new._s = self._s
        return new

    def to_json(self) -> str:
        """The whole state as a short hex string (JSON-safe, unlike a 64-bit number in JS)."""
        return format(self.state, "016x")

    @classmethod
    def from_json(cls, data: object) -> Rng:
        """Rebuild either kind from its ``to_json``; a bad value raises ``ValueError``.

        SplitMix64 is 16 hex digits (every snapshot ever stored); the keyed kind starts
        with ``b2:`` (see :meth:`KeyedRng.to_json`).
        """
        if isinstance(data, str) and data.startswith(_KEYED_PREFIX):
            return KeyedRng._from_text(data)
        if not isinstance(data, str) or len(data) != 16:
            raise ValueError(f"an rng state is 16 hex digits or b2:KEY:POSITION, not {data!r}")
        return Rng(int(data, 16))

    def __eq__(self, other: object) -> bool:
        return type(other) is Rng and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(0x{self.state:016x})"


def _key_of(seed: int) -> bytes:
    """The 256-bit key of a seed: BLAKE2b of all its bits, so no part of it is dropped."""
    if seed < 0:
        raise ValueError(f"a seed is a whole number from 0, not {seed}")
    data = seed.to_bytes((seed.bit_length() + 7) // 8 or 1, "little")
    return blake2b(data, digest_size=32, person=b"gangland-seed").digest()


class KeyedRng(Rng):
    """BLAKE2b in counter mode, keyed: the generator of games started without a seed.

    Word ``8*c + j`` is the ``j``-th little-endian 64-bit word of
    ``BLAKE2b(key=key, data=c as 8 bytes, digest 64 bytes)``. BLAKE2b's keyed mode is a
    pseudo-random function (RFC 7693 gives it as a MAC), so outputs say nothing of the key
    or the counter, and what comes next cannot be told from what came before.

    Cheap where search needs it: one hash call (about a microsecond) yields eight words,
    so a word costs less than one SplitMix64 step in Python; the state is the key (bytes,
    shared and never changed), the counter, the block in hand (a tuple, shared) and the
    position in it, so :meth:`copy` allocates one small object and hashes nothing.
    """

    __slots__ = ("_block", "_ctr", "_i", "_key")

    _key: bytes
    _ctr: int  # the next block to hash
    _block: tuple[int, ...]  # the block in hand (empty before the first)
    _i: int  # the next word of it (``_WORDS``: none left)

    def __init__(self, seed: int, key: bytes | None = None) -> None:
        """The generator of ``seed``; with ``key``, that key's stream instead (the seed is
        then not read): the copies, spawns and loads below are made so, because the
        compiled build makes its objects through their class alone."""
        self._set(_key_of(seed) if key is None else key, 0)

    def _set(self, key: bytes, position: int) -> None:
        """Start at word ``position`` of ``key``'s stream."""
        if len(key) != 32 or not 0 <= position < _TWO64:
            raise ValueError("a keyed rng has a 32-byte key and a position below 2**64")
        self._key = key
        self._ctr, self._i = divmod(position, _WORDS)
        if self._i:
            self._block = _unpack_block(
                blake2b(_pack_counter(self._ctr), key=key).digest())
            self._ctr += 1
        else:
            self._block = ()
            self._i = _WORDS

    @classmethod
    def _from_key(cls, key: bytes, position: int = 0) -> KeyedRng:
        new = KeyedRng(0, key)
        if position:
            new._set(key, position)
        return new

    @property
    def position(self) -> int:
        """How many words have been drawn."""
        return (self._ctr - 1) * _WORDS + self._i

    def _refill(self) -> None:
        self._block = _unpack_block(blake2b(_pack_counter(self._ctr), key=self._key).digest())
        self._ctr += 1
        self._i = 0

    def next64(self) -> int:
        """The next raw 64-bit output."""
        i = self._i
        if i == _WORDS:
            self._refill()
            i = 0
        self._i = i + 1
        return self._block[i]

    def next_seed(self) -> int:
        """A keyed seed: at least ``2**128``, with 128 fresh bits below."""
        return _SEED_MARK | (self.next64() << 64) | self.next64()

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias.

        A word ``r`` is refused when it lies in the incomplete last run of ``n`` values
        below ``2**64`` (``r - r % n > 2**64 - n``): the same rule as SplitMix64's, without
        working out ``2**64 % n`` on every call.
        """
        if not 0 < n <= _TWO64:
            raise ValueError("randbelow needs a positive bound of at most 2**64")
        while True:
            i = self._i
            if i == _WORDS:
                self._refill()
                i = 0
            self._i = i + 1
            r = self._block[i]
            m = r % n
            if r - m <= _TWO64 - n:
                return m

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence (on this generator's ``randbelow``)."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, on this generator's ``randbelow``)."""
        _plain_shuffle(self, seq)

    def skip_shuffle(self, size: int) -> None:
        """Move on as :meth:`shuffle` of ``size`` items would: by drawing (a keyed word
        cannot be told from its position without the hash)."""
        _plain_shuffle(self, [None] * size)

    def spawn(self) -> KeyedRng:
        """An independent keyed generator whose 256-bit key is this one's next four words.

        A resampled state's future comes from here once per search iteration, so it costs
        no hash until the child draws (the key is already pseudo-random: no derivation).
        """
        i = self._i
        if i <= _WORDS - 4:
            self._i = i + 4
            key = _pack_key(*self._block[i:i + 4])
        else:
            key = _pack_key(self.next64(), self.next64(), self.next64(), self.next64())
        return KeyedRng(0, key)

    def copy(self) -> KeyedRng:
        """An identical, independent generator (shares the immutable key and block)."""
        new = KeyedRng(0, self._key)
        new._ctr = self._ctr
        new._block = self._block
        new._i = self._i
        return new

    def to_json(self) -> str:
        """``b2:`` + the key in hex + ``:`` + the position in hex (server-side data: the key
        is every hidden card, so a snapshot is never shown to a player)."""
        return f"{_KEYED_PREFIX}{self._key.hex()}:{self.position:x}"

    @classmethod
    def _from_text(cls, data: str) -> KeyedRng:
        parts = data.split(":")
        if len(parts) != 3 or len(parts[1]) != 64 or not parts[2]:
            raise ValueError(f"a keyed rng state is b2:64 hex digits:position, not {data!r}")
        return cls._from_key(bytes.fromhex(parts[1]), int(parts[2], 16))

    def __reduce__(self) -> tuple[Callable[[str], Rng], tuple[str]]:  # type: ignore[override]
        return (Rng.from_json, (self.to_json(),))

    def __eq__(self, other: object) -> bool:
        return (type(other) is KeyedRng and other._key == self._key
                and other.position == self.position)

    def __hash__(self) -> int:
        return hash((self._key, self.position))

    def __repr__(self) -> str:
        return f"KeyedRng(key=..., position={self.position})"  # the key stays out of logs

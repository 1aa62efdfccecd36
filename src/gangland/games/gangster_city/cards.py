"""The 54 case cards: loading them from components, matching, and candidate bitmasks.

Cards are indexed 0..53 inside the engine and shown by their number (index + 1). A set of
cards is a Python ``int`` used as a 54-bit mask: intersecting the knowledge from a dozen
clues is a dozen ``&`` operations, which keeps ``resample`` and the detective fast.

>>> deck = default_deck()
>>> deck.label(16)
'#17 Entertainer, Syringe, Hotel Room, Money'
>>> deck.match(16, 16), deck.match(0, 53)
(4, 0)
>>> [deck.with_count(0, k).bit_count() for k in range(5)]
[8, 20, 18, 7, 1]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache, reduce
from operator import or_
from pathlib import Path
from typing import TypeVar

from gangland.engine import Action, ComponentError
from gangland.engine.components import load_fields

CATEGORIES = ("suspects", "weapons", "scenes", "motives")
SIZES = (3, 3, 3, 2)
NCARDS = 54
ALL = (1 << NCARDS) - 1
CHUNK = 9  # bits of a mask per table of :meth:`Deck.open_arrests` (6 tables of 512)
DEFAULT_COMPONENTS = Path(__file__).with_name("components.toml")
T = TypeVar("T")


@dataclass(frozen=True)
class Deck:
    """Element names, each card's elements, and precomputed match tables."""

    elements: tuple[tuple[str, ...], ...]
    cards: tuple[tuple[int, int, int, int], ...]
    by_elements: dict[tuple[int, int, int, int], int] = field(repr=False)
    _match: tuple[bytes, ...] = field(repr=False)
    _masks: tuple[tuple[int, ...], ...] = field(repr=False)
    arrests: tuple[Action, ...] = field(repr=False)
    arrest_of: dict[Action, int] = field(repr=False)
    labels: tuple[str, ...] = field(repr=False, default=())
    # The arrests of the cards in each 9-bit slice of a mask, by the slice's bits: the legal
    # list's arrests, asked for at every decision, are six lookups joined (a refuted mask
    # seldom repeats in random play, so a cache by whole mask would mostly miss).
    _slices: tuple[tuple[tuple[Action, ...], ...], ...] = field(repr=False, default=(),
                                                               compare=False)
    # The same slices of each card's bit and its masks of counts 0 to 2, for the detective's
    # weighing of the blind draw, which walks every card of the pile at every decision.
    _row_slices: tuple[tuple[tuple[tuple[int, int, int, int], ...], ...], ...] = field(
        repr=False, default=(), compare=False)

    @classmethod
    def build(cls, elements: tuple[tuple[str, ...], ...], cards: list[tuple[int, ...]]) -> Deck:
        """Precompute the match counts and masks for a validated numbering."""
        combos = tuple((c[0], c[1], c[2], c[3]) for c in cards)
        match = tuple(
            bytes(sum(x == y for x, y in zip(a, b, strict=True)) for b in combos) for a in combos
        )
        masks = tuple(
            tuple(sum(1 << j for j in range(NCARDS) if row[j] == k) for k in range(5))
            for row in match
        )
        arrests = tuple(
            Action("arrest", tuple(elements[k][v] for k, v in enumerate(combo))) for combo in combos
        )
        labels = tuple(
            f"#{i + 1} " + ", ".join(elements[k][v].replace("-", " ").title()
                                     for k, v in enumerate(combo))
            for i, combo in enumerate(combos)
        )
        slices = tuple(tuple(tuple(arrests[c] for c in cards) for cards in table)
                       for table in _INDICES)
        rows = tuple((1 << c, m[0], m[1], m[2]) for c, m in enumerate(masks))
        row_slices = tuple(tuple(tuple(rows[c] for c in cards) for cards in table)
                           for table in _INDICES)
        return cls(
            elements,
            combos,
            {c: i for i, c in enumerate(combos)},
            match,
            masks,
            arrests,
            {a: i for i, a in enumerate(arrests)},
            labels,
            slices,
            row_slices,
        )

    def match(self, a: int, b: int) -> int:
        """How many of the four elements cards ``a`` and ``b`` share."""
        return self._match[a][b]

    def with_count(self, card: int, count: int) -> int:
        """Mask of the cards that share exactly ``count`` elements with ``card``."""
        return self._masks[card][count]

    def words(self, card: int) -> tuple[str, str, str, str]:
        """The card's element words, as typed in actions (``thug knife street love``)."""
        s, w, p, m = self.cards[card]
        e = self.elements
        return (e[0][s], e[1][w], e[2][p], e[3][m])

    def name(self, card: int) -> str:
        """Human name of the card's elements."""
        return ", ".join(w.replace("-", " ").title() for w in self.words(card))

    def label(self, card: int) -> str:
        """Number and elements: ``#17 Entertainer, Syringe, Hotel Room, Money``."""
        return self.labels[card]

    def open_arrests(self, refuted: int) -> tuple[Action, ...]:
        """The arrests of every card not in the mask ``refuted``, in card order.

        >>> deck = default_deck()
        >>> [deck.arrest_of[a] for a in deck.open_arrests(ALL & ~(1 << 3 | 1 << 40))]
        [3, 40]
        >>> len(deck.open_arrests(0))
        54
        """
        s0, s1, s2, s3, s4, s5 = self._slices
        m = ~refuted
        return (s0[m & 511] + s1[m >> 9 & 511] + s2[m >> 18 & 511] + s3[m >> 27 & 511]
                + s4[m >> 36 & 511] + s5[m >> 45 & 511])

    def rows_in(self, mask: int) -> list[tuple[int, int, int, int]]:
        """For each card of a set of cards, ascending: its bit and its masks of the cards
        sharing 0, 1 and 2 elements with it (``with_count``), in six table lookups.

        >>> deck = default_deck()
        >>> deck.rows_in(1 << 40) == [(1 << 40, *(deck.with_count(40, k) for k in range(3)))]
        True
        """
        if mask >> NCARDS or mask < 0:  # (not a set of cards: the plain walk)
            masks = self._masks
            return [(1 << c, masks[c][0], masks[c][1], masks[c][2]) for c in cards_in(mask)]
        return _listed(self._row_slices, mask)

    def card_of(self, words: tuple[str, ...]) -> int:
        """The card with these four element words (they must be valid words)."""
        key = tuple(self.elements[i].index(w) for i, w in enumerate(words))
        return self.by_elements[(key[0], key[1], key[2], key[3])]


def cards_in(mask: int) -> Iterator[int]:
    """The card indices in a mask, ascending.

    >>> list(cards_in(0b1011))
    [0, 1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _slice_tables(first: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per 9-bit slice of a mask, by its bits: the cards it holds, numbered from ``first``."""
    return tuple(
        tuple(tuple(first + low + j for j in range(CHUNK) if bits >> j & 1)
              for bits in range(1 << CHUNK))
        for low in range(0, NCARDS, CHUNK)
    )


# Immutable tables that list a whole mask in six lookups (views and redraws list masks at
# every step of a search), by card index and by card number.
_INDICES = _slice_tables(0)
_NUMBERS = _slice_tables(1)
# A card number's bit (number 0 has none: views number cards from 1).
_NUMBER_BITS = (0, *(1 << c for c in range(NCARDS)))


def _listed(tables: tuple[tuple[tuple[T, ...], ...], ...], mask: int) -> list[T]:
    s0, s1, s2, s3, s4, s5 = tables
    return [*s0[mask & 511], *s1[mask >> 9 & 511], *s2[mask >> 18 & 511],
            *s3[mask >> 27 & 511], *s4[mask >> 36 & 511], *s5[mask >> 45 & 511]]


def card_list(mask: int) -> list[int]:
    """The card indices in a mask, ascending, as a list (``list(cards_in(mask))``).

    >>> card_list(0b1011), card_list(1 << 53 | 1 << 9)
    ([0, 1, 3], [9, 53])
    """
    if mask >> NCARDS or mask < 0:  # (not a set of cards: the plain walk, as ever)
        return list(cards_in(mask))
    return _listed(_INDICES, mask)


def numbers_in(mask: int) -> list[int]:
    """The card numbers (index + 1) in a mask, ascending: how views list cards.

    >>> numbers_in(0b1011)
    [1, 2, 4]
    """
    if mask >> NCARDS or mask < 0:
        return [c + 1 for c in cards_in(mask)]
    return _listed(_NUMBERS, mask)


def mask_of(cards: Iterable[int]) -> int:
    """A mask from an iterable of card indices.

    >>> mask_of([0, 1, 3]) == 0b1011
    True
    """
    return reduce(or_, map((1).__lshift__, cards), 0)


def mask_of_numbers(numbers: Iterable[int]) -> int:
    """A mask from card numbers (1 to 54), as views list them.

    >>> mask_of_numbers([1, 2, 4]) == 0b1011
    True
    """
    return reduce(or_, map(_NUMBER_BITS.__getitem__, numbers), 0)


def load_deck(path: str | Path, expect: tuple[tuple[str, ...], ...] | None = None) -> Deck:
    """Read and check a components file; any problem raises :class:`ComponentError`.

    ``expect``: the element words a user's file must keep (the rules fix them; only the
    numbering is the user's to change).
    """
    root = load_fields(path)
    elements_t = root.table("elements")
    elements_t.provenance()
    elements: list[tuple[str, ...]] = []
    for category, size in zip(CATEGORIES, SIZES, strict=True):
        words = elements_t.get(category, list)
        if len(words) != size or not all(isinstance(w, str) and w for w in words):
            raise elements_t.fail(category, f"must list {size} words")
        if len(set(words)) != size:
            raise elements_t.fail(category, "words must differ")
        elements.append(tuple(words))
    if expect is not None and tuple(elements) != expect:
        raise ComponentError(
            f"{root.where}.elements: the elements are fixed by the rules "
            f"({'; '.join(' '.join(c) for c in expect)}); only the numbering may change"
        )
    cards_t = root.table("cards")
    cards_t.provenance()
    numbered = cards_t.get("numbered", list)
    if len(numbered) != NCARDS:
        raise cards_t.fail("numbered", f"must list {NCARDS} cards, found {len(numbered)}")
    seen: dict[tuple[int, ...], int] = {}
    cards: list[tuple[int, ...]] = []
    for i, entry in enumerate(numbered):
        here = f"numbered[{i}] (card {i + 1})"
        words = entry.split() if isinstance(entry, str) else []
        if len(words) != 4:
            raise cards_t.fail(here, f"must be four words (suspect weapon scene motive): {entry!r}")
        combo = []
        for category, names, word in zip(CATEGORIES, elements, words, strict=True):
            if word not in names:
                raise cards_t.fail(here, f"{word!r} is not one of the {category}")
            combo.append(names.index(word))
        key = tuple(combo)
        if key in seen:
            raise cards_t.fail(here, f"repeats card {seen[key] + 1}")
        seen[key] = i
        cards.append(key)
    setup = root.table("setup")
    setup.provenance()
    for name, want in (("middle", 3), ("cases_to_win", 2)):
        if setup.get(name, int) != want:
            raise setup.fail(name, f"is {want} in the printed game")
    return Deck.build(tuple(elements), cards)


@cache
def default_deck() -> Deck:
    """The shipped numbering (cached: it never changes during a run)."""
    return load_deck(DEFAULT_COMPONENTS)


@cache
def deck_from(path: str) -> Deck:
    """A user's components file (cached per path for the duration of a run)."""
    return load_deck(path, expect=default_deck().elements)


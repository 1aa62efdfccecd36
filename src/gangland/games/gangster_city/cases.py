"""Unsolved cases for solo and co-operative play: generated, proven unique, graded.

The printed game's 22 unsolved cases are not public, so Gangland makes its own. A case is a
hidden solution card and a few clues ("card N shares K elements with the solution") that
leave exactly one possible card: the exhaustive :func:`solutions` proves it.

Difficulty is graded by how a person with a player aid would get there. *Easy*: ticking
boxes element by element with two simple rules solves it (:func:`propagate`). *Medium*:
that stalls, but trying one element at a time and striking those that lead to a
contradiction finishes it. *Hard*: neither does; the solver must weigh whole cards against
each other. Every clue of a generated case is needed: drop any one and the case is
ambiguous.

>>> from gangland.engine import Rng
>>> case = generate(Rng(6), "hard")
>>> len(solutions(case.clues)), grade(case.clues)
(1, 'hard')
"""

from __future__ import annotations

from dataclasses import dataclass

from gangland.engine import Rng

from .cards import ALL, NCARDS, SIZES, Deck, cards_in, default_deck
from .knowledge import consistent

DIFFICULTIES = ("easy", "medium", "hard")
MAX_TRIES = 10_000


@dataclass(frozen=True)
class Case:
    """An unsolved case: the solution card and its clues, each ``(card, count)``."""

    solution: int
    clues: tuple[tuple[int, int], ...]
    difficulty: str


def solutions(clues: tuple[tuple[int, int], ...], deck: Deck | None = None) -> list[int]:
    """Every card consistent with the clues (a proven-unique case has exactly one)."""
    deck = deck or default_deck()
    return list(cards_in(consistent(deck, clues)))


Possible = list[set[int]]


def propagate(
    clues: tuple[tuple[int, int], ...], possible: Possible, deck: Deck | None = None
) -> bool:
    """Element-by-element reasoning, like ticking boxes on the player aid (in place).

    Each category keeps its set of possible values. A clue whose still-possible elements
    number exactly its count must match on all of them (they are confirmed); a clue whose
    confirmed elements already reach its count matches nothing else (the rest are struck).
    Clues are applied until nothing changes. Returns False on a contradiction: a clue that
    can no longer reach its count, or one already exceeded.
    """
    deck = deck or default_deck()
    changed = True
    while changed:
        changed = False
        for card, count in clues:
            elems = deck.cards[card]
            open_ = [k for k in range(4) if elems[k] in possible[k]]
            sure = [k for k in open_ if len(possible[k]) == 1]
            if len(open_) < count or len(sure) > count:
                return False
            if len(open_) == count:
                for k in open_:
                    if len(possible[k]) > 1:
                        possible[k] = {elems[k]}
                        changed = True
            elif len(sure) == count:
                for k in open_:
                    if k not in sure:
                        possible[k].discard(elems[k])
                        changed = True
    return all(possible)


def deduce(
    clues: tuple[tuple[int, int], ...], trials: bool = False, deck: Deck | None = None
) -> bool:
    """Whether the clues are solved by ticking boxes (and, with ``trials``, by trying).

    A trial assumes one still-open element, ticks boxes from there, and strikes the
    element if that leads to a contradiction; trials repeat until none strikes anything.
    """
    possible: Possible = [set(range(n)) for n in SIZES]
    if not propagate(clues, possible, deck):
        return False
    progress = trials
    while progress and not all(len(p) == 1 for p in possible):
        progress = False
        for k, values in enumerate(possible):
            for v in sorted(values) if len(values) > 1 else ():
                trial = [set(p) for p in possible]
                trial[k] = {v}
                if not propagate(clues, trial, deck):
                    possible[k].discard(v)
                    progress = True
        if progress and not propagate(clues, possible, deck):
            return False
    return all(len(p) == 1 for p in possible)


def grade(clues: tuple[tuple[int, int], ...], deck: Deck | None = None) -> str:
    """``easy``: boxes alone; ``medium``: boxes and trials; ``hard``: neither suffices."""
    if deduce(clues, deck=deck):
        return "easy"
    return "medium" if deduce(clues, trials=True, deck=deck) else "hard"


def generate(rng: Rng, difficulty: str, deck: Deck | None = None) -> Case:
    """A random case of the given difficulty, unique and without a redundant clue."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    deck = deck or default_deck()
    for _ in range(MAX_TRIES):
        clues = random_unique_clues(rng, deck)
        if grade(clues, deck) == difficulty:
            return Case(solutions(clues, deck)[0], clues, difficulty)
    raise RuntimeError(f"no {difficulty} case found in {MAX_TRIES} tries")  # pragma: no cover


def random_unique_clues(rng: Rng, deck: Deck | None = None) -> tuple[tuple[int, int], ...]:
    """Random clues added until one card remains, then every unneeded clue removed."""
    deck = deck or default_deck()
    solution = rng.randbelow(NCARDS)
    others = [c for c in range(NCARDS) if c != solution]
    rng.shuffle(others)
    clues: list[tuple[int, int]] = []
    mask = ALL
    for card in others:
        count = deck.match(card, solution)
        narrowed = mask & deck.with_count(card, count)
        if narrowed != mask:
            clues.append((card, count))
            mask = narrowed
        if mask == 1 << solution:
            break
    for clue in list(clues):
        rest = [c for c in clues if c != clue]
        if consistent(deck, rest) == 1 << solution:
            clues = rest
    clues.sort()
    return tuple(clues)

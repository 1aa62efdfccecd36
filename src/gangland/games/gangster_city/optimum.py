"""The fewest expected turns a lone detective can need: exact expectimax over beliefs.

A lone detective (one player at the table) solves its first case in some number of turns.
What is the least expected number any policy can achieve? The exact game tree is out of
reach: every investigation turns up a refill card whose identity shapes every later
choice, about 200 outcomes per turn. So this module solves exactly a *relaxation* of the
solo game, the **open-choice game**, whose optimum is a proven lower bound on the real one
(see ``docs/games/gangster-city-detective.md`` for the argument). Its belief state is
small because, in the solo game, the case is uniform over the candidate set ``C`` and all
the rest that matters for the odds is ``u``, the number of unseen cards (the case and the
pile, so the pile holds ``u - 1``):

* **query x**, any card ``x`` not in ``C`` (the real game offers only the three face-up
  cards): the count splits ``C``; then the refill is seen, and with probability
  ``(|C_k| - 1) / (u - 1)`` it is a candidate, uniformly one of them but never the case,
  which is struck out. ``u`` drops by one.
* **draw**: with probability ``(|C| - 1) / (u - 1)`` the top card is a candidate (uniform,
  never the case): it is struck out and splits the rest by its count; otherwise it is not
  a candidate, and the relaxation lets the detective choose which one (a query without a
  refill). ``u`` drops by one.
* **arrest c** for ``c`` in ``C``: solved with probability ``1/|C|``, else ``c`` is struck.

Every real policy is one of the open-choice policies in disguise, with the same
distribution of turns, so the open-choice optimum bounds the real optimum from below.

The search is exact and fast thanks to: closed forms for ``|C| <= 3`` (guessing in turn,
``(m+1)/2`` turns; no policy does better, since an investigation costs a turn and the
arrest another); a lower bound ``L(m, u)`` from perfect splits, used to skip actions that
cannot beat the best found (branch and bound: skipping never changes the value);
merging queries that split ``C`` identically; memoizing on ``(C, u)``; and averaging the
first position over the orbits of the 3 face-up cards under the 2592 symmetries of the
deck (permuting the values of each element and the three three-valued elements).

>>> from .cards import default_deck
>>> solver = OpenChoice(default_deck())
>>> solver.value(0b1, 10), solver.value(0b11, 10), solver.value(0b111, 10)
(1.0, 1.5, 2.0)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from math import sqrt
from statistics import fmean, stdev

from .cards import ALL, NCARDS, Deck, cards_in, default_deck

__all__ = [
    "START_UNSEEN",
    "Move",
    "OpenChoice",
    "expected_over_deals",
    "main",
    "middle_orbits",
    "simulate_solo",
    "start",
    "symmetry_generators",
]

START_UNSEEN = NCARDS - 3  # the case and the 50-card pile, with 3 cards face up
INF = float("inf")
_EPS = 1e-12

Move = tuple[str, int | None]
"""An open-choice action: ``("query", x)``, ``("draw", None)`` or ``("arrest", c)``;
``("arrest", None)`` arrests a uniformly random candidate (for policies)."""

Elements = tuple[int, int, int, int]
Triple = tuple[int, int, int]

Policy = Callable[[int, int], Move]
"""A decision rule of the open-choice game: ``(candidates, unseen) -> Move``."""

RealMove = tuple[str, int]
"""A real decision: ``("face-up", x)``, ``("draw", -1)`` or ``("arrest", c)``
(``c = -1``: a uniformly random candidate)."""

RealPolicy = Callable[[int, int, int], RealMove]
"""A decision rule at the table: ``(candidates, unseen mask, face-up mask) -> RealMove``."""


class OpenChoice:
    """Exact optimum, and exact value of any policy, in the open-choice solo game."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.splits = tuple(
            tuple(deck.with_count(x, k) for k in range(4)) for x in range(NCARDS)
        )
        self._value: dict[tuple[int, int], float] = {}
        self._quiet_memo: dict[tuple[int, int], float] = {}
        self._bound: dict[tuple[int, int], float] = {}
        self._real: dict[tuple[int, int, int, int | None], float] = {}
        self._draw_memo: dict[tuple[int, int], float] = {}
        self._terms: dict[tuple[int, int], list[float]] = {}
        self._rows: dict[int, list[float]] = {}
        self._refilled: dict[tuple[int, int, float], float] = {}
        self.expanded = 0  # positions solved (not closed-form, not memoized)

    # ----- the optimum -------------------------------------------------------------------

    def value(self, cands: int, unseen: int) -> float:
        """Least expected turns to solve, with candidates ``cands`` and ``unseen`` cards."""
        m = cands.bit_count()
        if m <= 3:
            return _guess(m)
        key = (cands, unseen)
        known = self._value.get(key)
        if known is not None:
            return known
        if unseen < m:
            raise ValueError(f"{m} candidates cannot hide among {unseen} unseen cards")
        self.expanded += 1
        best = self._best_query(cands, unseen - 1, unseen - 1, INF)
        if unseen > 1:
            best = min(best, self._draw(cands, unseen, best))
        if 1 + (m - 1) / m * self.bound(m - 1, unseen) < best - _EPS:
            for c in cards_in(cands):
                best = min(best, 1 + (m - 1) / m * self.value(cands & ~(1 << c), unseen))
        self._value[key] = best
        return best

    def _parts(self, cands: int) -> Iterator[tuple[int, ...]]:
        """Each distinct split of ``cands`` by a card outside it (by count 0..3)."""
        seen: set[tuple[int, ...]] = set()
        for x in cards_in(ALL & ~cands):
            parts = tuple(cands & w for w in self.splits[x])
            if parts not in seen:
                seen.add(parts)
                yield parts

    def _best_query(self, cands: int, after: int, den: int, best: float) -> float:
        """The best query's value, or ``best`` if none beats it.

        The parts are valued with ``after`` unseen cards; ``den`` is the pile the refill
        comes from (0: no refill is seen). Queries are tried from the lowest bound up, and
        the search stops at the first whose bound cannot beat the best value found.
        """
        m = cands.bit_count()
        row = self.bounds(after)
        ranked = []
        for parts in self._parts(cands):
            low = 0.0
            for p in parts:
                mk = p.bit_count()
                if mk:
                    q = (mk - 1) / den if den else 0.0
                    low += mk * ((1 - q) * row[mk] + q * row[mk - 1])
            ranked.append((1 + low / m, parts))
        ranked.sort(key=lambda t: t[0])
        for low, parts in ranked:
            if low >= best - _EPS:
                break
            total = 0.0
            for p in parts:
                mk = p.bit_count()
                if mk:
                    total += mk * self._after_refill(p, (mk - 1) / den if den else 0.0, after)
            best = min(best, 1 + total / m)
        return best

    def _after_refill(self, part: int, q: float, unseen: int) -> float:
        """Value of ``part`` once the refill is seen: struck out one candidate with chance q."""
        mk = part.bit_count()
        if mk <= 3:
            return _guess(mk) - q / 2
        if not q:
            return self.value(part, unseen)
        key = (part, unseen, q)
        known = self._refilled.get(key)
        if known is None:
            known = (1 - q) * self.value(part, unseen) if q < 1 else 0.0
            known += q * fmean(self.value(part & ~(1 << c), unseen) for c in cards_in(part))
            self._refilled[key] = known
        return known

    def _draw(self, cands: int, unseen: int, best: float) -> float:
        """The blind draw's value (or ``INF`` when its bound shows it cannot beat ``best``)."""
        key = (cands, unseen)
        known = self._draw_memo.get(key)
        if known is not None:
            return known if known < best - _EPS else INF
        m = cands.bit_count()
        den = unseen - 1
        hit = (m - 1) / den  # a candidate comes up
        splits = self.splits
        if best < INF:
            return self._bounded_draw(cands, unseen, best)
        value_hit = 0.0
        for c in cards_in(cands):
            rest = cands & ~(1 << c)
            value_hit += sum(
                (rest & w).bit_count() * self.value(rest & w, den) for w in splits[c]
            )
        value_hit /= m * (m - 1)
        value_miss = self._quiet(cands, den) if hit < 1 else 0.0
        known = 1 + hit * value_hit + (1 - hit) * value_miss
        self._draw_memo[key] = known
        return known

    def _bounded_draw(self, cands: int, unseen: int, best: float) -> float:
        """:meth:`_draw`, first bounded: ``INF`` when the bound shows it cannot beat ``best``."""
        m = cands.bit_count()
        den = unseen - 1
        hit = (m - 1) / den
        splits = self.splits
        row = self.bounds(den)
        low_hit = 0.0
        for c in cards_in(cands):
            rest = cands & ~(1 << c)
            low_hit += sum((rest & w).bit_count() * row[(rest & w).bit_count()] for w in splits[c])
        low_hit /= m * (m - 1)
        low_miss = self._quiet_bound(cands, den) if hit < 1 else 0.0
        if 1 + hit * low_hit + (1 - hit) * low_miss >= best - _EPS:
            return INF
        value = self._draw(cands, unseen, INF)
        return value if value < best - _EPS else INF

    def _quiet(self, cands: int, unseen: int) -> float:
        """Best expected turns after a query answered with no refill (excluding its turn)."""
        key = (cands, unseen)
        known = self._quiet_memo.get(key)
        if known is None:
            known = self._best_query(cands, unseen, 0, INF) - 1
            self._quiet_memo[key] = known
        return known

    def _quiet_bound(self, cands: int, unseen: int) -> float:
        m = cands.bit_count()
        row = self.bounds(unseen)
        return min(
            sum(p.bit_count() * row[p.bit_count()] for p in parts) / m
            for parts in self._parts(cands)
        )

    # ----- the lower bound ---------------------------------------------------------------

    def _mix(self, q: float, mk: int, unseen: int) -> float:
        low = (1 - q) * self.bound(mk, unseen) if q < 1 else 0.0
        return low + (q * self.bound(mk - 1, unseen) if q else 0.0)

    def bounds(self, unseen: int) -> list[float]:
        """``[L(m, unseen) for m in 0..unseen]``, kept as a list for the inner loops."""
        row = self._rows.get(unseen)
        if row is None:
            row = [self.bound(m, unseen) for m in range(unseen + 1)]
            self._rows[unseen] = row
        return row

    def bound(self, m: int, unseen: int) -> float:
        """``L(m, u)``: no position with ``m`` candidates and ``u`` unseen cards does better.

        The same recursion as :meth:`value`, with every split as even as the sizes allow
        (the best a card could do), so it is below the value of every actual position.
        """
        if m <= 3:
            return _guess(m) if m else 0.0
        key = (m, unseen)
        known = self._bound.get(key)
        if known is not None:
            return known
        best = 1 + (m - 1) / m * self.bound(m - 1, unseen)
        den = unseen - 1
        for sizes in _partitions(m):
            total = 0.0
            for mk in sizes:
                if mk:
                    q = (mk - 1) / den if den > 0 else 0.0
                    total += mk * self._mix(q, mk, den)
            best = min(best, 1 + total / m)
        if den > 0:
            hit = (m - 1) / den
            low_hit = min(
                sum(n * self.bound(n, den) for n in sizes) for sizes in _partitions(m - 1)
            ) / (m - 1)
            low_miss = (
                min(
                    sum(n * self.bound(n, den) for n in sizes)
                    for sizes in _partitions(m)
                )
                / m
                if hit < 1
                else 0.0
            )
            best = min(best, 1 + hit * low_hit + (1 - hit) * low_miss)
        self._bound[key] = best
        return best

    # ----- real choices for the first turns ----------------------------------------------


    def real_turns(self, cands: int, unseen: int, face_up: int, turns: int | None) -> float:
        """Least expected turns when the next ``turns`` decisions have the real choices.

        The position is the real one: ``unseen`` (a mask: the case and the pile) and the
        ``face_up`` cards. Each of the next ``turns`` decisions is a face-up card or the
        blind draw (every refill and drawn card followed exactly) or an arrest; after them
        the open-choice game takes over, and its value bounds the real continuation from
        below. So this is a lower bound on the real optimum that rises with ``turns``
        (``turns=0`` is :meth:`value`), at a cost that grows steeply with ``turns``.
        Each choice is first valued with the open-choice game after it (a bound), and
        followed further only while that bound can beat the best choice found.
        """
        m = cands.bit_count()
        u = unseen.bit_count()
        if m <= 3 or (turns is not None and turns <= 0):
            return self.value(cands, u)
        key = (cands, unseen, face_up, turns)
        known = self._real.get(key)
        if known is not None:
            return known
        less = _less(turns)

        def deeper(c: int, un: int, f: int) -> float:
            return self.real_turns(c, un, f, less)

        # (bound, exact bound?, move): the real draw's bound is dear, so it is first bounded
        # by the open-choice draw and made exact only when it comes up for expansion.
        ranked: list[tuple[float, bool, RealMove]] = [
            (self._open_after(cands, unseen, face_up, ("face-up", x)), True, ("face-up", x))
            for x in cards_in(face_up)
        ]
        ranked.append((self._draw(cands, u, INF), False, ("draw", -1)))
        best = INF
        while ranked:
            ranked.sort()
            low, exact, mv = ranked.pop(0)
            if low >= best - _EPS:
                break
            if not exact:
                ranked.append((self._open_after(cands, unseen, face_up, mv), True, mv))
                continue
            if turns is None or turns > 1:
                low = self._real_after(cands, unseen, face_up, mv, deeper)
            best = min(best, low)
        if 1 + (m - 1) / m * self.bound(m - 1, u) < best - _EPS:
            for c in cards_in(cands):
                rest = cands & ~(1 << c)
                if 1 + (m - 1) / m * self.value(rest, u) < best - _EPS:
                    later = self.real_turns(rest, unseen, face_up, less)
                    best = min(best, 1 + (m - 1) / m * later)
        self._real[key] = best
        return best

    def real_outcomes(
        self, cands: int, unseen: int, face_up: int, move: RealMove
    ) -> Iterator[tuple[float, int, int, int]]:
        """``(probability, candidates, unseen, face_up)`` after a real investigation.

        The case is uniform over ``cands``; the refill or the drawn card is uniform over the
        pile, the unseen cards less the case: ``x`` comes up with chance
        ``|C - {x}| / (|C| * (u - 1))``. (A case solved by an arrest has no next position.)
        """
        m = cands.bit_count()
        den = unseen.bit_count() - 1
        kind, card = move
        if kind == "face-up":
            others = face_up & ~(1 << card)
            for w in self.splits[card]:
                part = cands & w
                if part:
                    for y in cards_in(unseen):
                        rest = part & ~(1 << y)
                        if rest:
                            p = rest.bit_count() / (m * den)
                            yield p, rest, unseen & ~(1 << y), others | 1 << y
        elif kind == "draw":
            for x in cards_in(unseen):
                rest = cands & ~(1 << x)
                for w in self.splits[x]:
                    if rest & w:
                        p = (rest & w).bit_count() / (m * den)
                        yield p, rest & w, unseen & ~(1 << x), face_up
        else:
            raise ValueError(f"not a real investigation: {move!r}")

    def _open_after(self, cands: int, unseen: int, face_up: int, move: RealMove) -> float:
        """A real investigation's value if the open-choice game follows it (a bound)."""
        m = cands.bit_count()
        u = unseen.bit_count()
        if move[0] == "face-up":  # the refill matters only when it strikes a candidate
            total = 0.0
            for w in self.splits[move[1]]:
                part = cands & w
                mk = part.bit_count()
                if mk:
                    total += mk * self._after_refill(part, (mk - 1) / (u - 1), u - 1)
            return 1 + total / m
        terms = self._draw_terms(cands, u - 1)
        return 1 + sum(terms[x] for x in cards_in(unseen)) / (m * (u - 1))

    def _draw_terms(self, cands: int, after: int) -> list[float]:
        """Per card ``x``: the open-choice value of drawing it, times ``m`` and ``P(x)``'s
        numerator (the parts of ``C - {x}`` by count, each size times value).

        Real positions with the same candidates differ only in which cards are still
        unseen, so the real draw's bound is a sum of these over the unseen cards.
        """
        key = (cands, after)
        terms = self._terms.get(key)
        if terms is None:
            terms = []
            for x in range(NCARDS):
                rest = cands & ~(1 << x)
                total = 0.0
                for w in self.splits[x]:
                    part = rest & w
                    n = part.bit_count()
                    if n:
                        total += n * (self.value(part, after) if n > 3 else _guess(n))
                terms.append(total)
            self._terms[key] = terms
        return terms

    def _real_after(
        self,
        cands: int,
        unseen: int,
        face_up: int,
        move: RealMove,
        later: Callable[[int, int, int], float],
    ) -> float:
        """A real investigation's value, ``later`` valuing what follows it.

        The same sum as over :meth:`real_outcomes`, except that the many outcomes that
        leave at most three candidates are added in closed form (guessing), so ``later`` is
        asked only about positions with four or more.
        """
        m = cands.bit_count()
        u = unseen.bit_count()
        den = u - 1
        total = 0.0
        if move[0] == "face-up":
            x = move[1]
            others = face_up & ~(1 << x)
            for w in self.splits[x]:
                part = cands & w
                mk = part.bit_count()
                if not mk:
                    continue
                if mk <= 3:  # mk - 1 refills strike one out, the other u - mk do not
                    total += mk * ((mk - 1) * _guess(mk - 1) + (u - mk) * _guess(mk))
                    continue
                for y in cards_in(unseen):
                    if part >> y & 1:
                        rest = part & ~(1 << y)
                        f = others | 1 << y
                        v = _guess(3) if mk == 4 else later(rest, unseen & ~(1 << y), f)
                        total += (mk - 1) * v
                    else:
                        total += mk * later(part, unseen & ~(1 << y), others | 1 << y)
        else:
            for x in cards_in(unseen):
                rest = cands & ~(1 << x)
                after = unseen & ~(1 << x)
                for w in self.splits[x]:
                    part = rest & w
                    n = part.bit_count()
                    if n > 3:
                        total += n * later(part, after, face_up)
                    elif n:
                        total += n * _guess(n)
        return 1 + total / (m * den)

    def real_policy_turns(
        self,
        cands: int,
        unseen: int,
        face_up: int,
        turns: int | None,
        policies: tuple[RealPolicy, Policy],
        memo: dict[tuple[int, int, int, int | None], float],
        open_memo: dict[tuple[int, int], float],
    ) -> float:
        """Exact value of a policy in the same game as :meth:`real_turns`.

        ``policies``: the rule for the real decisions, then the rule for the open-choice
        game that follows them. The real rule must arrest whenever at most three
        candidates remain (as the detective does: nothing beats guessing there), so those
        positions are valued in closed form.
        """
        m = cands.bit_count()
        if m <= 3:
            return _guess(m)
        if turns is not None and turns <= 0:
            return self.policy_value(cands, unseen.bit_count(), policies[1], open_memo)
        key = (cands, unseen, face_up, turns)
        known = memo.get(key)
        if known is not None:
            return known
        kind, card = policies[0](cands, unseen, face_up)

        def later(c: int, un: int, f: int) -> float:
            return self.real_policy_turns(c, un, f, _less(turns), policies, memo, open_memo)

        if kind == "arrest":
            targets = list(cards_in(cands)) if card < 0 else [card]
            rests = [later(cands & ~(1 << c), unseen, face_up) for c in targets]
            value = 1 + (m - 1) / m * fmean(rests)
        else:
            value = self._real_after(cands, unseen, face_up, (kind, card), later)
        memo[key] = value
        return value

    # ----- any policy --------------------------------------------------------------------

    def policy_value(
        self, cands: int, unseen: int, policy: Policy, memo: dict[tuple[int, int], float]
    ) -> float:
        """Exact expected turns of ``policy`` (a queried or drawn card never the case)."""
        m = cands.bit_count()
        key = (cands, unseen)
        known = memo.get(key)
        if known is not None:
            return known
        kind, card = policy(cands, unseen)
        den = unseen - 1
        after = unseen - 1 if den > 0 else unseen

        def again(c: int, u: int) -> float:
            return self.policy_value(c, u, policy, memo)

        if kind == "arrest":
            if m <= 1:
                value = 1.0
            else:
                targets = list(cards_in(cands)) if card is None else [card]
                value = 1 + (m - 1) / m * fmean(again(cands & ~(1 << c), unseen) for c in targets)
        elif kind == "query":
            assert card is not None and not cands >> card & 1, "a query names a non-candidate"
            total = 0.0
            for w in self.splits[card]:
                part = cands & w
                mk = part.bit_count()
                if mk:
                    q = (mk - 1) / den if den > 0 else 0.0
                    v = (1 - q) * again(part, after) if q < 1 else 0.0
                    if q:
                        v += q * fmean(again(part & ~(1 << c), after) for c in cards_in(part))
                    total += mk * v
            value = 1 + total / m
        else:
            raise ValueError(f"policy_value evaluates arrests and queries, not {kind!r}")
        memo[key] = value
        return value


def _less(turns: int | None) -> int | None:
    """One real turn fewer (``None``: the real game to the end)."""
    return None if turns is None else turns - 1


def _guess(m: int) -> float:
    return (m + 1) / 2


def _partitions(m: int) -> Iterator[tuple[int, int, int, int]]:
    """Sizes of the four count classes (0..3 matches) summing to ``m``, as a multiset."""
    for a in range(m // 4 + 1):
        for b in range(a, (m - a) // 3 + 1):
            for c in range(b, (m - a - b) // 2 + 1):
                yield (a, b, c, m - a - b - c)


# ----- symmetry --------------------------------------------------------------------------


def symmetry_generators(deck: Deck) -> list[tuple[int, ...]]:
    """Card permutations generating the deck's 2592 symmetries (match counts unchanged).

    Swap and cycle the suspects, swap suspects with weapons and weapons with scenes
    (together: any values within each of those, any order of the three), swap the motives.
    """

    def perm(f: Callable[[Elements], Elements]) -> tuple[int, ...]:
        return tuple(deck.by_elements[f(deck.cards[c])] for c in range(NCARDS))

    return [
        perm(lambda e: ((1, 0, 2)[e[0]], e[1], e[2], e[3])),
        perm(lambda e: ((e[0] + 1) % 3, e[1], e[2], e[3])),
        perm(lambda e: (e[1], e[0], e[2], e[3])),
        perm(lambda e: (e[0], e[2], e[1], e[3])),
        perm(lambda e: (e[0], e[1], e[2], 1 - e[3])),
    ]


def middle_orbits(deck: Deck) -> list[tuple[Triple, int]]:
    """One triple of face-up cards per symmetry class, with the class size (sum 24804)."""
    gens = symmetry_generators(deck)
    seen: set[Triple] = set()
    orbits = []
    for a in range(NCARDS):
        for b in range(a + 1, NCARDS):
            for c in range(b + 1, NCARDS):
                if (a, b, c) in seen:
                    continue
                frontier: list[Triple] = [(a, b, c)]
                seen.add((a, b, c))
                size = 0
                while frontier:
                    t = frontier.pop()
                    size += 1
                    for g in gens:
                        x, y, z = sorted((g[t[0]], g[t[1]], g[t[2]]))
                        image = (x, y, z)
                        if image not in seen:
                            seen.add(image)
                            frontier.append(image)
                orbits.append(((a, b, c), size))
    return orbits


def start(triple: Triple) -> int:
    """The candidates of a lone detective who sees only the three face-up cards."""
    return ALL & ~sum(1 << c for c in triple)


def expected_over_deals(
    deck: Deck, value: Callable[[Triple], float]
) -> tuple[float, list[tuple[Triple, int, float]]]:
    """Average of ``value(face-up cards)`` over every deal, one deal per symmetry class."""
    rows = []
    total = 0.0
    weight = 0
    for triple, size in middle_orbits(deck):
        v = value(triple)
        rows.append((triple, size, v))
        total += size * v
        weight += size
    return total / weight, rows


# ----- the real game, sampled -----------------------------------------------------------


def simulate_solo(games: int, seed: int) -> tuple[list[int], list[float]]:
    """Turns to the first solve of ``games`` solo table games of the detective.

    Also returns the seconds each decision took, timed around ``choose`` alone.
    """
    from gangland.bots.gangster_city import Detective
    from gangland.engine import Observation, Rng

    from . import GAME

    rng = Rng(seed)
    turns = []
    times = []
    for _ in range(games):
        state = GAME.new_game(1, rng.next64() >> 1, {"cases_to_win": 1})
        bot = Detective(rng.next64() >> 1)
        while not state.is_terminal:
            obs = Observation.of(state, 0)
            start = time.perf_counter()
            action = bot.choose(obs)
            times.append(time.perf_counter() - start)
            state.apply(action)
        turns.append(len(state.history))
    return turns, times


# ----- the command -----------------------------------------------------------------------


def _solve_deal(job: tuple[Triple, int | None]) -> tuple[float, float, float]:
    """One deal class: the optimum and the detective's value, both with ``turns`` real turns,
    and the open-choice optimum. Runs in a worker process, reusing its open-choice memo."""
    from gangland.bots.gangster_city import open_choice_policy, table_policy

    global _SOLVER
    triple, turns = job
    if _SOLVER is None:
        _SOLVER = OpenChoice(default_deck())
    solver = _SOLVER
    face_up = sum(1 << c for c in triple)
    cands = ALL & ~face_up
    best = solver.real_turns(cands, cands, face_up, turns)
    solver._real.clear()  # real positions rarely recur across deals: free the memory
    policies = (table_policy(solver.deck), open_choice_policy(solver.deck))
    detective = solver.real_policy_turns(cands, cands, face_up, turns, policies, {}, {})
    return best, detective, solver.value(cands, START_UNSEEN)


_SOLVER: OpenChoice | None = None


def solve_deals(turns: int | None, jobs: int) -> tuple[float, float, float]:
    """Average over all deals of :func:`_solve_deal`, spread over ``jobs`` processes."""
    orbits = middle_orbits(default_deck())
    work = [(triple, turns) for triple, _ in orbits]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_solve_deal, work))
    else:
        results = [_solve_deal(w) for w in work]
    total = sum(size for _, size in orbits)
    return (
        sum(size * r[0] for (_, size), r in zip(orbits, results, strict=True)) / total,
        sum(size * r[1] for (_, size), r in zip(orbits, results, strict=True)) / total,
        sum(size * r[2] for (_, size), r in zip(orbits, results, strict=True)) / total,
    )


def main(argv: list[str] | None = None) -> int:
    """Print the exact optimum, the detective's exact value, and its simulated mean."""
    parser = argparse.ArgumentParser(
        prog="python -m gangland.games.gangster_city.optimum", description=main.__doc__
    )
    parser.add_argument("--games", type=int, default=1000, help="solo games to simulate")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulated games")
    parser.add_argument(
        "--turns", default="all",
        help="real turns before the open-choice game takes over: a number for a quicker "
             "lower bound, or 'all' (default) for the exact real game",
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    turns = None if args.turns == "all" else int(args.turns)
    what = "real game" if turns is None else f"{turns} real turns, then open choice"

    t0 = time.perf_counter()
    best, detective, open_best = solve_deals(turns, args.jobs)
    t1 = time.perf_counter()
    turns_played, times = simulate_solo(args.games, args.seed)
    times.sort()
    mean = fmean(turns_played)
    half = 1.96 * stdev(turns_played) / sqrt(len(turns_played))
    print(f"lone detective, turns to solve the first case, averaged over all deals"
          f" ({what}; {t1 - t0:.0f} s, {args.jobs} processes):")
    print(f"  optimum (exact):                 {best:.4f}")
    print(f"  detective (exact):               {detective:.4f}"
          f"  (+{detective - best:.4f}, {100 * (detective / best - 1):.2f}%)")
    print(f"  detective (simulated):           {mean:.4f} +- {half:.4f}"
          f"  (95% CI, {len(turns_played)} games, seed {args.seed})")
    print(f"  open-choice optimum (bound):     {open_best:.4f}")
    print(f"decision time: mean {fmean(times) * 1000:.3f} ms,"
          f" 99th percentile {times[int(0.99 * (len(times) - 1))] * 1000:.3f} ms,"
          f" max {times[-1] * 1000:.3f} ms over {len(times)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The open-choice solo game: a relaxation with a small exact state, and its exact optimum.

A lone detective's case is uniform over its candidates ``C``; what else matters for the odds
is ``u``, the number of unseen cards (the case and the pile, so the pile holds ``u - 1``).
In the *open-choice game* those two are the whole state, because the detective may
investigate any card:

* **query x**, any card ``x`` not in ``C`` (the real game offers only the three face-up
  cards): the count splits ``C``; then the refill is seen, and with probability
  ``(|C_k| - 1) / (u - 1)`` it is a candidate, uniformly one of them but never the case,
  which is struck out. ``u`` drops by one.
* **draw**: with probability ``(|C| - 1) / (u - 1)`` the top card is a candidate (uniform,
  never the case): it is struck out and splits the rest by its count; otherwise it is not
  a candidate, and the relaxation lets the detective choose which one (a query without a
  refill). ``u`` drops by one.
* **arrest c** for ``c`` in ``C``: solved with probability ``1/|C|``, else ``c`` is struck.

Every real policy can be played here with the same distribution of turns, so from every
position this optimum is at most the real one: the bound that prunes the exact search of
the real game in :mod:`.table`.

The search is exact: closed forms for ``|C| <= 3`` (guessing in turn, ``(m+1)/2`` turns; no
policy does better, since an investigation costs a turn and the arrest another); a lower
bound ``L(m, u)`` from perfect splits to skip actions that cannot beat the best found
(branch and bound: skipping never changes the value); queries that split ``C`` identically
merged; memoizing on ``(C, u)``.

>>> from ..cards import default_deck
>>> solver = OpenChoice(default_deck())
>>> solver.value(0b1, 10), solver.value(0b11, 10), solver.value(0b111, 10)
(1.0, 1.5, 2.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from statistics import fmean

from ..cards import ALL, NCARDS, Deck, cards_in

__all__ = ["INF", "START_UNSEEN", "Move", "OpenChoice", "Policy"]

START_UNSEEN = NCARDS - 3  # the case and the 50-card pile, with 3 cards face up
INF = float("inf")
_EPS = 1e-12

Move = tuple[str, int | None]
"""An open-choice action: ``("query", x)``, ``("draw", None)`` or ``("arrest", c)``;
``("arrest", None)`` arrests a uniformly random candidate (for policies)."""

Policy = Callable[[int, int], Move]
"""A decision rule of the open-choice game: ``(candidates, unseen) -> Move``."""


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
        self._draw_memo: dict[tuple[int, int], float] = {}
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


def _guess(m: int) -> float:
    return (m + 1) / 2


def _partitions(m: int) -> Iterator[tuple[int, int, int, int]]:
    """Sizes of the four count classes (0..3 matches) summing to ``m``, as a multiset."""
    for a in range(m // 4 + 1):
        for b in range(a, (m - a) // 3 + 1):
            for c in range(b, (m - a - b) // 2 + 1):
                yield (a, b, c, m - a - b - c)

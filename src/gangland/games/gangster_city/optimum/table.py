"""The real solo game, solved exactly: real choices, open-choice bounds to prune.

A lone detective's position is exact as ``(C, U, M)``: its candidates (the case is uniform
over them), the unseen cards (the case and the pile, in uniform order) and the face-up
cards. From there:

* *face-up x*: for each count ``k`` and each refill ``y`` (uniform over the pile, never the
  case: probability ``|C_k - {y}| / (|C| (|U| - 1))``), the position
  ``(C_k - {y}, U - {y}, M - {x} + {y})``;
* *draw*: for each drawn ``x`` and count ``k`` (probability
  ``|(C - {x})_k| / (|C| (|U| - 1))``), the position ``((C - {x})_k, U - {x}, M)``;
* *arrest c*: solved with probability ``1/|C|``, else ``(C - {c}, U, M)``.

:class:`TableSolver` minimises expected turns over these choices, to the end or for the
first few turns with the open-choice game (:mod:`.open_choice`) after them, and evaluates
any position-based policy exactly the same way. Positions with at most three candidates are
closed form; each choice is first valued with the open-choice game after it, a lower bound,
and followed only while that bound can beat the best choice found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from statistics import fmean

from ..cards import NCARDS, Deck, cards_in
from .open_choice import _EPS, INF, OpenChoice, Policy, _guess

__all__ = ["RealMove", "RealPolicy", "TableSolver"]

RealMove = tuple[str, int]
"""A real decision: ``("face-up", x)``, ``("draw", -1)`` or ``("arrest", c)``
(``c = -1``: a uniformly random candidate)."""

RealPolicy = Callable[[int, int, int], RealMove]
"""A decision rule at the table: ``(candidates, unseen mask, face-up mask) -> RealMove``."""


class TableSolver(OpenChoice):
    """Exact optimum, and exact value of a policy, in the real solo game."""

    def __init__(self, deck: Deck) -> None:
        super().__init__(deck)
        self._real: dict[tuple[int, int, int, int | None], float] = {}
        self._terms: dict[tuple[int, int], list[float]] = {}

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

def _less(turns: int | None) -> int | None:
    """One real turn fewer (``None``: the real game to the end)."""
    return None if turns is None else turns - 1

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

__all__ = ["Move", "OpenChoice", "middle_orbits", "symmetry_generators"]

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
        ranked = []
        for parts in self._parts(cands):
            low = 0.0
            for p in parts:
                mk = p.bit_count()
                if mk:
                    low += mk * self._mix((mk - 1) / den if den else 0.0, mk, after)
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
        value = (1 - q) * self.value(part, unseen) if q < 1 else 0.0
        if q:
            value += q * fmean(self.value(part & ~(1 << c), unseen) for c in cards_in(part))
        return value

    def _draw(self, cands: int, unseen: int, best: float) -> float:
        """The blind draw's value (or ``INF`` when its bound shows it cannot beat ``best``)."""
        m = cands.bit_count()
        den = unseen - 1
        hit = (m - 1) / den  # a candidate comes up
        splits = self.splits
        low_hit = 0.0
        for c in cards_in(cands):
            rest = cands & ~(1 << c)
            low_hit += sum(
                (rest & w).bit_count() * self.bound((rest & w).bit_count(), den)
                for w in splits[c]
            )
        low_hit /= m * (m - 1)
        low_miss = self._quiet_bound(cands, den) if hit < 1 else 0.0
        if 1 + hit * low_hit + (1 - hit) * low_miss >= best - _EPS:
            return INF
        value_hit = 0.0
        for c in cards_in(cands):
            rest = cands & ~(1 << c)
            value_hit += sum(
                (rest & w).bit_count() * self.value(rest & w, den) for w in splits[c]
            )
        value_hit /= m * (m - 1)
        value_miss = self._quiet(cands, den) if hit < 1 else 0.0
        return 1 + hit * value_hit + (1 - hit) * value_miss

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
        return min(
            sum(p.bit_count() * self.bound(p.bit_count(), unseen) for p in parts) / m
            for parts in self._parts(cands)
        )

    # ----- the lower bound ---------------------------------------------------------------

    def _mix(self, q: float, mk: int, unseen: int) -> float:
        low = (1 - q) * self.bound(mk, unseen) if q < 1 else 0.0
        return low + (q * self.bound(mk - 1, unseen) if q else 0.0)

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

    def two_real_turns(self, middle: Triple) -> float:
        """A tighter lower bound from the deal: :meth:`real_turns` with two real turns."""
        face_up = sum(1 << c for c in middle)
        cands = ALL & ~face_up
        return self.real_turns(cands, cands, face_up, 2)

    def real_turns(self, cands: int, unseen: int, face_up: int, turns: int) -> float:
        """Least expected turns when the next ``turns`` decisions have the real choices.

        The position is the real one: ``unseen`` (a mask: the case and the pile) and the
        ``face_up`` cards. Each of the next ``turns`` decisions is a face-up card or the
        blind draw (every refill and drawn card followed exactly) or an arrest; after them
        the open-choice game takes over, and its value bounds the real continuation from
        below. So this is a lower bound on the real optimum that rises with ``turns``
        (``turns=0`` is :meth:`value`), at a cost that grows about 200-fold per turn.
        """
        m = cands.bit_count()
        u = unseen.bit_count()
        if turns <= 0 or m <= 3:
            return self.value(cands, u)
        den = u - 1
        best = INF
        for x in cards_in(face_up):
            others = face_up & ~(1 << x)
            total = 0.0
            for w in self.splits[x]:
                part = cands & w
                if not part:
                    continue
                if turns == 1:  # the refill's identity no longer matters
                    mk = part.bit_count()
                    total += mk * self._after_refill(part, (mk - 1) / den, u - 1)
                    continue
                for y in cards_in(unseen):  # the refill: uniform over the pile, never the case
                    rest = part & ~(1 << y)
                    if rest:
                        total += rest.bit_count() / den * self.real_turns(
                            rest, unseen & ~(1 << y), others | 1 << y, turns - 1
                        )
            best = min(best, 1 + total / m)
        total = 0.0
        for x in cards_in(unseen):  # the blind draw: P(x) = |C - {x}| / (m * den)
            rest = cands & ~(1 << x)
            for w in self.splits[x]:
                if rest & w:
                    total += (rest & w).bit_count() * self.real_turns(
                        rest & w, unseen & ~(1 << x), face_up, turns - 1
                    )
        best = min(best, 1 + total / (m * den))
        if 1 + (m - 1) / m * self.bound(m - 1, u) < best - _EPS:
            for c in cards_in(cands):
                rest = cands & ~(1 << c)
                later = self.real_turns(rest, unseen, face_up, turns - 1)
                best = min(best, 1 + (m - 1) / m * later)
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


def simulate_solo(games: int, seed: int) -> tuple[list[int], float]:
    """Turns to the first solve of ``games`` solo table games of the detective.

    Also returns the mean seconds per decision, timed around ``choose`` alone.
    """
    from gangland.bots.gangster_city import Detective
    from gangland.engine import Observation, Rng

    from . import GAME

    rng = Rng(seed)
    turns = []
    spent = 0.0
    decisions = 0
    for _ in range(games):
        state = GAME.new_game(1, rng.next64() >> 1, {"cases_to_win": 1})
        bot = Detective(rng.next64() >> 1)
        while not state.is_terminal:
            obs = Observation.of(state, 0)
            start = time.perf_counter()
            action = bot.choose(obs)
            spent += time.perf_counter() - start
            decisions += 1
            state.apply(action)
        turns.append(len(state.history))
    return turns, spent / max(decisions, 1)


# ----- the command -----------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Print the open-choice optimum, the detective's exact value there, and its real mean."""
    parser = argparse.ArgumentParser(
        prog="python -m gangland.games.gangster_city.optimum", description=main.__doc__
    )
    parser.add_argument("--games", type=int, default=1000, help="solo games to simulate")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulated games")
    args = parser.parse_args(argv)
    # The bots sit above the games: only this command reaches up to them.
    from gangland.bots.gangster_city import open_choice_policy

    deck = default_deck()
    solver = OpenChoice(deck)
    t0 = time.perf_counter()
    optimum, rows = expected_over_deals(deck, lambda t: solver.value(start(t), START_UNSEEN))
    t1 = time.perf_counter()
    two, _ = expected_over_deals(deck, solver.two_real_turns)
    t1b = time.perf_counter()
    memo: dict[tuple[int, int], float] = {}
    policy = open_choice_policy(deck)
    open_detective, _ = expected_over_deals(
        deck, lambda t: solver.policy_value(start(t), START_UNSEEN, policy, memo)
    )
    t2 = time.perf_counter()
    turns, per_decision = simulate_solo(args.games, args.seed)
    half = 1.96 * stdev(turns) / sqrt(len(turns))
    print(f"deal classes (3 face-up cards): {len(rows)}")
    print(f"open-choice optimum (exact, lower bound on the real optimum): {optimum:.4f} turns"
          f"  [{solver.expanded} positions, {t1 - t0:.1f} s]")
    print(f"real choices for the first two turns, then open choice (exact, lower bound):"
          f" {two:.4f} turns  [{t1b - t1:.1f} s]")
    print(f"detective's rule in the open-choice game (exact): {open_detective:.4f} turns"
          f"  [{t2 - t1b:.1f} s]")
    print(f"detective in the real solo game: {fmean(turns):.4f} +- {half:.4f} turns"
          f" (95% CI, {len(turns)} games, seed {args.seed})")
    print(f"gap to the best lower bound: {fmean(turns) - two:.4f} turns;"
          f" decision time {per_decision * 1000:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

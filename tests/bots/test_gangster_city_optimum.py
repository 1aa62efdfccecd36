"""The exact solo optimum (open-choice game): hand-checked positions and a brute-force twin."""

from __future__ import annotations

from functools import cache
from math import comb

import pytest

import gangland
from gangland.bots.gangster_city import Detective, open_choice_policy, table_policy
from gangland.engine import Observation, Rng
from gangland.games.gangster_city import TableState
from gangland.games.gangster_city.cards import ALL, NCARDS, cards_in, default_deck
from gangland.games.gangster_city.knowledge import own_candidates_from_view, visible_mask
from gangland.games.gangster_city.optimum import (
    OpenChoice,
    TableSolver,
    middle_orbits,
    symmetry_generators,
)
from gangland.sim import gangster_city_optimum as measure
from gangland.sim.gangster_city_optimum import main, simulate_solo

DECK = default_deck()
GAME = gangland.load("gangster-city")


def card(words: str) -> int:
    return DECK.card_of(tuple(words.split()))


def mask(*words: str) -> int:
    return sum(1 << card(w) for w in words)


# Four cards alike in suspect and weapon, differing in scene (theater/street) and motive.
SQUARE = mask(
    "entertainer revolver theater money",
    "entertainer revolver theater love",
    "entertainer revolver street money",
    "entertainer revolver street love",
)
# Four cards matching "entertainer revolver theater money" in 3, 2, 1 and 0 elements.
LADDER = mask(
    "entertainer revolver theater love",
    "entertainer revolver street love",
    "entertainer knife street love",
    "scientist knife street love",
)


@pytest.fixture(scope="module")
def solver() -> TableSolver:
    return TableSolver(DECK)


def test_one_two_three_candidates_are_guessed():
    solver = OpenChoice(DECK)
    assert solver.value(1 << 7, 40) == 1.0
    assert solver.value(0b11 << 7, 40) == 1.5
    assert solver.value(0b111 << 7, 40) == 2.0


def test_a_card_that_splits_four_candidates_perfectly_solves_in_two(solver: TableSolver):
    assert solver.value(LADDER, 40) == pytest.approx(2.0)


def test_four_candidates_without_a_perfect_split(solver: TableSolver):
    # The best card splits 1/2/1; the refill strikes one of a pair with chance 1/(u-1).
    # u = 10: 1 + 1/4 + 1/2 * (3/2 - 1/18) + 1/4 = 9/4 - 1/36.
    assert solver.value(SQUARE, 10) == pytest.approx(9 / 4 - 1 / 36)
    # u = 4: the pile holds only candidates, q = 1/3 for the pair: 13/6. Drawing would
    # give 1 + 4/3 (a candidate always comes up, leaving a pair and a single): worse.
    assert solver.value(SQUARE, 4) == pytest.approx(13 / 6)


def test_the_bound_is_below_every_value(solver: TableSolver):
    rng = Rng(3)
    for _ in range(25):
        size = 4 + rng.randbelow(6)
        cands = 0
        while cands.bit_count() < size:
            cands |= 1 << rng.randbelow(NCARDS)
        unseen = size + rng.randbelow(20)
        assert solver.bound(size, unseen) <= solver.value(cands, unseen) + 1e-12


# ----- a brute-force twin: every action, no bounds, no merging ---------------------------


def brute(cands: int, unseen: int) -> float:
    splits = [[DECK.with_count(x, k) for k in range(4)] for x in range(NCARDS)]

    @cache
    def v(c: int, u: int) -> float:
        m = c.bit_count()
        if m == 1:
            return 1.0
        options = [1 + (m - 1) / m * v(c & ~(1 << a), u) for a in cards_in(c)]
        den = u - 1

        def query(x: int, refill: bool) -> float:
            total = 0.0
            for w in splits[x]:
                p = c & w
                mk = p.bit_count()
                if not mk:
                    continue
                q = (mk - 1) / den if refill else 0.0
                val = (1 - q) * v(p, u - 1) if q < 1 else 0.0
                if q:
                    val += q * sum(v(p & ~(1 << y), u - 1) for y in cards_in(p)) / mk
                total += mk / m * val
            return total

        outside = [x for x in range(NCARDS) if not c >> x & 1]
        options += [1 + query(x, True) for x in outside]
        hit = (m - 1) / den
        drawn = 0.0
        for x in cards_in(c):
            rest = c & ~(1 << x)
            drawn += sum((rest & w).bit_count() * v(rest & w, u - 1) for w in splits[x] if rest & w)
        drawn /= m * (m - 1)
        quiet = min(query(x, False) for x in outside) if hit < 1 else 0.0
        options.append(1 + hit * drawn + (1 - hit) * quiet)
        return min(options)

    return v(cands, unseen)


@pytest.mark.parametrize("seed", range(6))
def test_pruning_never_changes_the_value(solver: TableSolver, seed: int):
    rng = Rng(seed)
    anchor = rng.randbelow(NCARDS)
    near = DECK.with_count(anchor, 2) | DECK.with_count(anchor, 3)  # alike cards: hard sets
    pool = list(cards_in(near))
    rng.shuffle(pool)
    cands = sum(1 << c for c in pool[: 4 + seed % 3])
    unseen = cands.bit_count() + 2 + seed
    assert solver.value(cands, unseen) == pytest.approx(brute(cands, unseen))


@pytest.mark.parametrize("seed", range(2))
def test_pruning_never_changes_the_value_of_eight(solver: TableSolver, seed: int):
    rng = Rng(50 + seed)
    anchor = rng.randbelow(NCARDS)
    pool = list(cards_in(DECK.with_count(anchor, 1) | DECK.with_count(anchor, 2)))
    rng.shuffle(pool)
    cands = sum(1 << c for c in pool[:8])
    assert solver.value(cands, 12) == pytest.approx(brute(cands, 12))


# ----- the real choices and the detective's rule ----------------------------------------


def test_real_choices_bound_the_open_game_from_above(solver: TableSolver):
    rng = Rng(11)
    order = list(range(NCARDS))
    rng.shuffle(order)
    face_up = sum(1 << c for c in order[:3])
    seen = sum(1 << c for c in order[3:40])  # clue cards, already compared
    unseen = ALL & ~face_up & ~seen
    cands = unseen & DECK.with_count(order[3], 1)
    u = unseen.bit_count()
    open_value = solver.value(cands, u)
    one = solver.real_turns(cands, unseen, face_up, 1)
    assert open_value - 1e-12 <= one
    assert solver.real_turns(cands, unseen, face_up, 0) == open_value


def test_the_detective_is_never_better_than_the_optimum(solver: TableSolver):
    policy = open_choice_policy(DECK)
    memo: dict[tuple[int, int], float] = {}
    for c in (SQUARE, LADDER, SQUARE | LADDER):
        assert solver.value(c, 30) <= solver.policy_value(c, 30, policy, memo) + 1e-12
    assert solver.policy_value(LADDER, 30, policy, memo) == pytest.approx(2.0)


# ----- symmetry -------------------------------------------------------------------------


def test_the_symmetries_keep_match_counts_and_number_2592():
    gens = symmetry_generators(DECK)
    for g in gens:
        assert sorted(g) == list(range(NCARDS))
        for a in range(0, NCARDS, 5):
            for b in range(NCARDS):
                assert DECK.match(g[a], g[b]) == DECK.match(a, b)
    group = {tuple(range(NCARDS))}
    frontier = list(group)
    while frontier:
        p = frontier.pop()
        for g in gens:
            q = tuple(g[i] for i in p)
            if q not in group:
                group.add(q)
                frontier.append(q)
    assert len(group) == 6**3 * 2 * 6


def test_the_deal_classes_cover_every_deal():
    orbits = middle_orbits(DECK)
    assert sum(size for _, size in orbits) == comb(NCARDS, 3)
    assert len(orbits) == 30


def test_the_command_prints_every_figure(monkeypatch: pytest.MonkeyPatch, capsys):
    monkeypatch.setattr(measure, "solve_deals", lambda turns, jobs: (4.1, 4.12, 4.02))
    assert main(["--games", "20", "--seed", "2", "--turns", "3"]) == 0
    out = capsys.readouterr().out
    for text in ("optimum (that model", "detective (exact", "95% CI", "3 real turns"):
        assert text in out


def test_simulated_solo_games_are_reproducible():
    a = simulate_solo(10, 5)
    b = simulate_solo(10, 5)
    assert a[0] == b[0] and all(t >= 1 for t in a[0])
    assert len(a[1]) == sum(a[0])


# ----- the real game: a brute-force twin and the engine itself --------------------------


def brute_real(cands: int, unseen: int, face_up: int) -> float:
    """Every real choice, the case enumerated explicitly, no closed forms, no bounds."""

    @cache
    def v(c: int, u: int, f: int) -> float:
        m = c.bit_count()
        if m == 1:
            return 1.0
        options = [1 + (m - 1) / m * v(c & ~(1 << a), u, f) for a in cards_in(c)]
        den = u.bit_count() - 1
        for x in cards_in(f):
            total = 0.0
            for own in cards_in(c):
                part = c & DECK.with_count(x, DECK.match(x, own))
                for y in cards_in(u & ~(1 << own)):
                    total += v(part & ~(1 << y), u & ~(1 << y), f & ~(1 << x) | 1 << y)
            options.append(1 + total / (m * den))
        total = 0.0
        for own in cards_in(c):
            for x in cards_in(u & ~(1 << own)):
                part = c & ~(1 << x) & DECK.with_count(x, DECK.match(x, own))
                total += v(part, u & ~(1 << x), f)
        options.append(1 + total / (m * den))
        return min(options)

    return v(cands, unseen, face_up)


def small_position(seed: int, m: int, pile: int) -> tuple[int, int, int]:
    """``m`` alike candidates, ``pile`` other unseen cards, three face-up cards."""
    rng = Rng(seed)
    order = list(range(NCARDS))
    rng.shuffle(order)
    anchor = order[0]
    alike = [c for c in order if DECK.match(anchor, c) >= 2]
    cands = sum(1 << c for c in alike[:m])
    rest = [c for c in order if not cands >> c & 1]
    unseen = cands | sum(1 << c for c in rest[:pile])
    face_up = sum(1 << c for c in rest[pile : pile + 3])
    return cands, unseen, face_up


@pytest.mark.parametrize("seed", range(4))
def test_the_real_optimum_matches_brute_force(solver: TableSolver, seed: int):
    cands, unseen, face_up = small_position(seed, 4 + seed % 2, 2 + seed % 2)
    exact = solver.real_turns(cands, unseen, face_up, None)
    assert exact == pytest.approx(brute_real(cands, unseen, face_up))
    assert solver.value(cands, unseen.bit_count()) <= exact + 1e-12
    assert solver.real_turns(cands, unseen, face_up, 1) <= exact + 1e-12


def test_the_detectives_exact_value_is_what_it_scores_at_the_table(solver: TableSolver):
    """Exact value of the position-only policy against the real bot playing the engine."""
    state = GAME.new_game(1, seed=3, options={"cases_to_win": 1})
    assert isinstance(state, TableState)
    for card in list(state.pile):  # clue cards from the pile, down to 7..12 candidates
        known = own_candidates_from_view(DECK, state.view(0))
        if known.bit_count() <= 12:
            break
        count = DECK.match(card, state.cases[0])
        if (known & DECK.with_count(card, count)).bit_count() >= 7:
            state.pile.remove(card)
            state.clues[0].append((card, count))
    state._legal_cache = None
    view = state.view(0)
    cands = own_candidates_from_view(DECK, view)
    unseen = ALL & ~visible_mask(view)
    face_up = sum(1 << (n - 1) for n in view["middle"])
    policies = (table_policy(DECK), open_choice_policy(DECK))
    exact = solver.real_policy_turns(cands, unseen, face_up, None, policies, {}, {})
    assert solver.real_turns(cands, unseen, face_up, None) <= exact + 1e-12
    rng = Rng(17)
    runs = []
    for _ in range(1500):
        game = state.resample(0, rng)  # the case and the pile order, drawn afresh
        bot = Detective(rng.next64())
        start = len(game.history)
        while not game.is_terminal:
            game.apply(bot.choose(Observation.of(game, 0)))
        runs.append(len(game.history) - start)
    mean = sum(runs) / len(runs)
    spread = (sum((r - mean) ** 2 for r in runs) / (len(runs) - 1) / len(runs)) ** 0.5
    assert abs(mean - exact) < 4 * spread


def test_the_detective_guesses_among_three_or_fewer_as_the_exact_value_assumes():
    decide = table_policy(DECK)
    rng = Rng(5)
    for seed in range(30):
        m = 2 + seed % 2
        cands, unseen, face_up = small_position(seed, m, 10 + rng.randbelow(30))
        assert decide(cands, unseen, face_up) == ("arrest", -1)

"""Gangster City's fast paths give exactly what the plain code they replace gives.

The detective's scores are written out for speed (``draw_score``, ``face_up_score``), it
arrests without weighing investigations where the weighing cannot change its answer, and
the game lists masks and open arrests through tables: each is compared here with the
plain version over the positions of many seeded random games.
"""

from __future__ import annotations

import dataclasses
from math import log2

import gangland
from gangland.bots.gangster_city import (
    Detective,
    Pool,
    Score,
    draw_score,
    face_up_score,
    pool_of,
)
from gangland.engine import Action, Observation, Rng
from gangland.engine.observation import is_part
from gangland.games.gangster_city.cards import (
    ALL,
    card_list,
    cards_in,
    default_deck,
    mask_of,
    numbers_in,
)
from gangland.games.gangster_city.knowledge import own_candidates_from_view, visible_mask
from gangland.games.gangster_city.moves import DRAW as DRAW_ACTION

GAME = gangland.load("gangster-city")
DECK = default_deck()
LOG2 = [log2(n) if n else 0.0 for n in range(55)]


def plain_draw_score(cands: int, pool: Pool) -> Score:
    """The loop as first written: every card of the pool, every count."""
    m = cands.bit_count()
    entropy = turns = 0.0
    for x in cards_in(pool.cards):
        rest = cands & ~(1 << x)
        r = rest.bit_count()
        if not r:
            continue
        h, squares = 0.0, 0
        for k in range(4):
            n = (rest & DECK.with_count(x, k)).bit_count()
            h += n * LOG2[n]
            squares += n * n
        weight = 1.0 / (m * pool.size)
        entropy += weight * h
        turns += weight * (squares + r) / 2
    return Score(entropy, 1 + turns)


def plain_face_up_score(cands: int, card: int, refill: Pool) -> Score:
    m = cands.bit_count()
    entropy = turns = 0.0
    for k in range(4):
        mk = (cands & DECK.with_count(card, k)).bit_count()
        if mk:
            q = refill.elimination(mk)
            entropy += mk * ((1 - q) * LOG2[mk] + q * LOG2[mk - 1])
            turns += mk * ((mk + 1) / 2 - q / 2)
    return Score(entropy / m, 1 + turns / m)


def positions(games: int = 40, options: dict | None = None):
    """Every position of seeded random games, with its mover's observation."""
    for seed in range(games):
        state = GAME.new_game(3, seed, options or {})
        rng = Rng(seed)
        while not state.is_terminal:
            yield state
            state.step(rng.choice(state.legal_actions()))


def test_the_detectives_scores_are_the_plain_loops_bit_for_bit():
    checked = 0
    for state in positions():
        seat = state.current_player
        view = state.view(seat)
        cands = own_candidates_from_view(DECK, view)
        if not cands:
            continue
        pool = pool_of(view)
        if pool.size:
            assert draw_score(DECK, cands, pool) == plain_draw_score(cands, pool)
        for n in view["middle"]:
            if n is not None:
                assert (face_up_score(DECK, cands, n - 1, pool)
                        == plain_face_up_score(cands, n - 1, pool))
        checked += 1
    assert checked > 1000


def test_the_detective_arrests_unweighed_only_where_weighing_agrees():
    """With one or two candidates, or three in the plain game, it arrests at once; the
    full rule, investigations weighed, says the same at every such position (plain and
    experienced games)."""
    checked = 0
    for options in ({}, {"experienced": True}):
        for state in positions(30, options):
            seat = state.current_player
            obs = Observation.of(state, seat)
            view = obs.view
            cands = own_candidates_from_view(DECK, view)
            m = cands.bit_count()
            if not 1 <= m <= 3:
                continue
            bot = Detective(1)
            legal = {a for a in obs.legal_actions if a.kind != "arrest"}
            _, best = bot.best_investigation(view, cands, legal)
            me = view["stands"][seat]
            weighed = bot._should_arrest(view, seat, me, m, best, visible_mask(view))
            chosen = bot.choose(obs)
            assert (chosen.kind == "arrest") == weighed
            checked += 1
    assert checked > 100


def test_masks_and_open_arrests_list_as_the_plain_walk():
    rng = Rng(7)
    for _ in range(2000):
        mask = rng.next64() & ALL
        assert card_list(mask) == list(cards_in(mask))
        assert numbers_in(mask) == [c + 1 for c in cards_in(mask)]
        assert DECK.rows_in(mask) == [(1 << c, *(DECK.with_count(c, k) for k in range(3)))
                                      for c in cards_in(mask)]
        assert list(DECK.open_arrests(mask)) == [DECK.arrests[c] for c in range(54)
                                                 if not mask >> c & 1]


def test_the_legal_list_follows_refuted_arrests_set_from_outside():
    """The open arrests kept per seat are checked against its refuted mask, so a state
    edited by hand (as some tests do) still lists exactly the arrests left."""
    state = GAME.new_game(3, 4)
    seat = state.current_player
    state.refuted[seat] = ALL & ~(1 << 5)
    state._legal_cache = None
    arrests = [a for a in state.legal_actions() if a.kind == "arrest"]
    assert arrests == [DECK.arrests[5]]


def test_the_searchs_moves_from_the_states_own_list_are_the_plain_filters():
    """``gangster_city_moves`` reads the head of the state's own legal list (its layout is
    ``TableState._legal``'s); a copy of the list takes the plain walk: the same moves."""
    from gangland.bots.evaluations import gangster_city_moves

    checked = 0
    for options in ({}, {"experienced": True}):
        for state in positions(20, options):
            legal = state.legal_actions()
            fast = gangster_city_moves(state, legal)
            plain = gangster_city_moves(state, list(legal))
            assert fast == plain
            checked += 1
    assert checked > 1000


def plain_visible_mask(view: dict) -> int:
    """Every card the view shows, bit by bit, as first written."""
    mask = 0
    for stand in view["stands"]:
        for n, _ in stand["clues"]:
            mask |= 1 << (n - 1)
        for n in stand["solved"]:
            mask |= 1 << (n - 1)
        if stand["case"] is not None:
            mask |= 1 << (stand["case"] - 1)
    for n in [*(n for n in view["middle"] if n is not None), *view["discard"]]:
        mask |= 1 << (n - 1)
    if view["pile"]["cards"] is not None and not view["pile"]["with_cases_of"]:
        for n in view["pile"]["cards"]:
            mask |= 1 << (n - 1)
    return mask


def test_the_visible_mask_and_the_brief_view_are_the_plain_ones():
    checked = 0
    for options in ({}, {"experienced": True}, {"cases_to_win": 3}):
        for state in positions(15, options):
            for seat in range(state.players):
                view, brief = state.view(seat), state.brief_view(seat)
                assert visible_mask(view) == visible_mask(brief) == plain_visible_mask(view)
                assert is_part(brief, view)
                checked += 1
    assert checked > 3000


def plain_candidates(state, seat: int) -> int:
    """``TableState.candidates`` as first written: the pile's cards ORed afresh."""
    own = state.cases[seat]
    if own < 0:
        return 0
    if state.over:
        return 1 << own
    hides = not state.pile_known or state.from_pile[seat]
    unseen = 1 << own | (mask_of(state.pile) if hides else 0)
    fits = ALL & ~state.refuted[seat]
    for card, count in state.clues[seat]:
        fits &= DECK.with_count(card, count)
    return unseen & state.origin[seat] & fits


def searched_positions(games: int, options: dict | None = None):
    """Positions as the search meets them: every step asks for candidates, and now and
    then the walk goes on from a clone or a resampled state (the pile rebuilt there)."""
    for seed in range(games):
        state = GAME.new_game(3, seed, options or {})
        rng = Rng(seed)
        while not state.is_terminal:
            yield state
            seat = state.current_player
            state.candidates(seat)
            pick = rng.randbelow(4)
            if pick == 0:
                state = state.clone()
            elif pick == 1:
                state = state.resample(seat, rng)
            state.step(rng.choice(state.legal_actions()))


def test_the_pile_mask_on_the_state_is_exact_wherever_it_is_trusted():
    """``pile_mask`` is kept by the game's own moves, clones and redraws; wherever the
    guard trusts it, it is the pile's cards, and the candidates are the plain ones."""
    trusted = 0
    for options in ({}, {"experienced": True}, {"cases_to_win": 3}):
        for state in searched_positions(25, options):
            if state.pile_for is state.pile and state.pile_mask.bit_count() == len(state.pile):
                assert state.pile_mask == mask_of(state.pile)
                trusted += 1
            for seat in range(state.players):
                assert state.candidates(seat) == plain_candidates(state, seat)
    assert trusted > 1000


def test_the_pile_mask_sees_a_pile_edited_by_hand():
    """Tests deal cards off the pile by hand (``pop(0)``, ``remove``, a new list): the
    guard sees each edit, so the candidates stay the plain ones."""
    state = GAME.new_game(3, 2)
    seat = state.current_player
    assert state.candidates(seat) == plain_candidates(state, seat)
    edits = [lambda p: p.pop(0), lambda p: p.remove(p[3]), lambda p: p.append(p.pop(5)),
             lambda p: p.reverse()]
    for edit in edits:
        edit(state.pile)
        assert state.candidates(seat) == plain_candidates(state, seat)
        state.step(DRAW_ACTION)
        assert state.candidates(seat) == plain_candidates(state, seat)
    state.pile = [c for c in state.pile[1:]] + [state.cases[seat]]  # a new list, a card swapped
    state.cases[seat] = state.pile.pop(0)
    assert state.candidates(seat) == plain_candidates(state, seat)


def test_the_detective_decides_alike_on_any_listing_of_the_legal_actions():
    """The detective reads legality by the game's layout of its list (investigations and
    draw first, then the open arrests in card order); a list in another order, or of equal
    actions that are other objects, takes the plain membership tests: the same decisions."""
    checked = 0
    for options in ({}, {"experienced": True}):
        for state in positions(12, options):
            seat = state.current_player
            obs = Observation.of(state, seat, brief=True)
            legal = obs.legal_actions
            others = (tuple(reversed(legal)),
                      tuple(Action(a.kind, a.args) for a in legal))
            chosen = Detective(seat).choose(obs)
            for listing in others:
                again = dataclasses.replace(obs, legal_actions=listing)
                assert Detective(seat).choose(again) == chosen
            # Some arrests left out (no view is so, but the bot must still pick a listed
            # action): the layout's places then hold other arrests.
            head = [a for a in legal if a.kind != "arrest"]
            part = (*head, *[a for a in legal if a.kind == "arrest"][1::2])
            picked = [Detective(seat).choose(dataclasses.replace(obs, legal_actions=x))
                      for x in (part, tuple(Action(a.kind, a.args) for a in part))]
            assert picked[0] == picked[1] and picked[0] in part
            checked += 1
    assert checked > 500

"""The Gangster City detective: observations only, exact odds, sound arrests, strong play."""

from __future__ import annotations

from math import log2

import pytest

import gangland
from gangland.bots import bot_names, make_bot
from gangland.bots.gangster_city import Detective, Pool, draw_score, face_up_score, pool_of
from gangland.engine import Observation, Rng
from gangland.games.gangster_city import CaseState, TableState
from gangland.games.gangster_city.cards import ALL, cards_in, default_deck
from gangland.games.gangster_city.knowledge import own_candidates_from_view, visible_mask
from gangland.sim.runner import play_game

from .checks import wins_against_random

GAME = gangland.load("gangster-city")
DECK = default_deck()


def table(players: int, seed: int, **options: object) -> TableState:
    state = GAME.new_game(players, seed=seed, options=options)
    assert isinstance(state, TableState)
    return state


def pin(state: TableState, seat: int, keep: int = 1) -> None:
    """Give ``seat`` clue cards from the pile until ``keep`` candidates or fewer remain."""
    while own_candidates_from_view(DECK, state.view(seat)).bit_count() > keep:
        card = state.pile.pop(0)
        state.clues[seat].append((card, DECK.match(card, state.cases[seat])))
    state._legal_cache = None


def decide(state: TableState | CaseState, seed: int = 0) -> gangland.Action:
    seat = state.current_player
    assert seat is not None
    return Detective(seed).choose(Observation.of(state, seat))


def test_registered_for_gangster_city_only():
    assert "detective" in bot_names("gangster-city")
    assert make_bot("detective", GAME, 3).name == "detective"
    other = [g for g in gangland.game_ids() if g != "gangster-city"]
    for game_id in other:
        assert "detective" not in bot_names(game_id)


def test_it_is_handed_an_observation_and_never_samples():
    state = table(3, seed=4)
    obs = Observation.of(state, 0)  # no rng: sample_state would raise
    assert Detective.needs_samples is False
    assert Detective(1).choose(obs) in obs.legal_actions


def test_its_decision_depends_on_the_view_alone():
    """Resampled states share the seat's view; the decision must not change."""
    for seed in range(6):
        state = table(3, seed=seed)
        for _ in range(3 * seed):  # a few turns in, with clues on the table
            state.apply(decide(state, seed))
            if state.is_terminal:
                break
        if state.is_terminal:
            continue
        seat = state.current_player
        assert seat is not None
        truth = decide(state, seed)
        for r in range(4):
            twin = state.resample(seat, Rng(100 + r))
            assert twin.view(seat) == state.view(seat)
            assert decide(twin, seed) == truth


def test_with_one_candidate_it_arrests_its_case():
    for seed in range(5):
        state = table(2, seed=seed)
        pin(state, 0)
        case = state.cases[0]
        action = decide(state)
        assert action == DECK.arrests[case]
        state.apply(action)
        assert state.solved[0] == [case]


def test_with_two_or_three_candidates_it_guesses():
    state = table(1, seed=8)
    pin(state, 0, keep=3)
    assert decide(state).kind == "arrest"


def test_with_many_candidates_it_investigates_the_most_informative():
    state = table(1, seed=2)
    action = decide(state)
    assert action.kind in ("investigate", "draw")
    view = state.view(0)
    cands = own_candidates_from_view(DECK, view)
    pool = pool_of(view)
    scores = {f"investigate {n}": face_up_score(DECK, cands, n - 1, pool).entropy
              for n in view["middle"]}
    scores["draw"] = draw_score(DECK, cands, pool).entropy
    assert scores[str(action)] == pytest.approx(min(scores.values()))


def test_experienced_with_one_life_left_it_arrests_only_a_certainty():
    state = table(2, seed=5, experienced=True)
    pin(state, 0, keep=2)
    state.wrong[0] = 1
    assert decide(state).kind != "arrest"
    state.wrong[0] = 0
    assert decide(state).kind == "arrest"  # a wrong guess would leave a certainty


def test_racing_it_guesses_when_an_opponent_wins_next_turn():
    state = table(2, seed=6, cases_to_win=1)
    assert decide(state).kind != "arrest"
    pin(state, 1)  # the opponent now knows their case and will arrest it
    assert decide(state).kind == "arrest"


# ----- the odds it uses are exact -------------------------------------------------------


def _brute_face_up(state: TableState, seat: int, card: int) -> float:
    """E[log2 candidates] by enumerating the case and the refill card (uniform, not the case)."""
    view = state.view(seat)
    cands = own_candidates_from_view(DECK, view)
    unseen = ALL & ~visible_mask(view)
    total = 0.0
    for own in cards_in(cands):
        k = DECK.match(card, own)
        part = cands & DECK.with_count(card, k)
        pile = [y for y in cards_in(unseen) if y != own]
        for y in pile:
            total += log2((part & ~(1 << y)).bit_count()) / len(pile)
    return total / cands.bit_count()


def _brute_draw(state: TableState, seat: int) -> float:
    view = state.view(seat)
    cands = own_candidates_from_view(DECK, view)
    unseen = ALL & ~visible_mask(view)
    total = 0.0
    for own in cards_in(cands):
        pile = [x for x in cards_in(unseen) if x != own]
        for x in pile:
            part = cands & ~(1 << x) & DECK.with_count(x, DECK.match(x, own))
            total += log2(part.bit_count()) / len(pile)
    return total / cands.bit_count()


@pytest.mark.parametrize("seed", range(4))
def test_expected_entropies_match_brute_force(seed: int):
    state = table(2, seed=seed)
    pin(state, 0, keep=12)
    view = state.view(0)
    cands = own_candidates_from_view(DECK, view)
    pool = pool_of(view)
    assert pool.own_inside and pool.size == len(state.pile)
    for n in view["middle"]:
        got = face_up_score(DECK, cands, n - 1, pool).entropy
        assert got == pytest.approx(_brute_face_up(state, 0, n - 1))
    assert draw_score(DECK, cands, pool).entropy == pytest.approx(_brute_draw(state, 0))


def test_a_public_pile_holds_no_candidate():
    pool = Pool(0b111000, False, 3)
    assert pool.elimination(5) == 0.0
    cands = 0b111
    score = draw_score(DECK, cands, pool)
    assert 0 <= score.entropy <= log2(3)


# ----- playing --------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_it_solves_every_generated_case_at_the_first_arrest(difficulty: str):
    for seed in range(8):
        state = GAME.new_game(1, seed=seed, options={"case": difficulty})
        moves = 0
        while not state.is_terminal:
            state.apply(decide(state, seed))
            moves += 1
        assert state.winners() == [0] and moves == 1


def test_it_beats_random_detectives():
    games = 99
    assert wins_against_random(GAME, "detective", 3, games, seed=1000) >= 0.8 * games


def test_same_seed_same_game():
    a, _ = play_game(GAME, ["detective", "detective", "random"], seed=21)
    b, _ = play_game(GAME, ["detective", "detective", "random"], seed=21)
    assert a.record() == b.record()


def test_solo_games_are_solved_in_a_handful_of_turns():
    turns = []
    for seed in range(40):
        state, _ = play_game(GAME, ["detective"], seed=seed, options={"cases_to_win": 1})
        turns.append(len(state.history))
    assert max(turns) <= 10
    assert 3.5 <= sum(turns) / len(turns) <= 5


def test_the_detective_reads_a_users_card_numbering_from_the_view(tmp_path):
    """With --components the numbers mean other cards; the view says which numbering."""
    from gangland.games.gangster_city.cards import DEFAULT_COMPONENTS, deck_from
    from gangland.sim.runner import play_game

    lines = DEFAULT_COMPONENTS.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if "entertainer revolver theater" in line)
    lines[first], lines[first + 1] = lines[first + 1], lines[first]
    path = tmp_path / "mine.toml"
    path.write_text("\n".join(lines))
    game = gangland.load("gangster-city")
    state, result = play_game(game, ["detective"], seed=3,
                              options={"components": str(path), "cases_to_win": 1})
    assert state.view(0)["components"] == str(path)
    assert result.winners == (0,)
    bot = Detective(1)
    fresh = game.new_game(1, seed=3, options={"components": str(path)})
    bot.choose(Observation.of(fresh, 0))
    assert bot.deck is deck_from(str(path)) and bot.deck.words(0)[3] == "love"

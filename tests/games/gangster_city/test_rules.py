"""Gangster City's rules, clause by clause, and the rulebook's worked example."""

from __future__ import annotations

import pytest

from gangland import IllegalAction, InvalidAction, OptionError
from gangland.games.gangster_city.cards import cards_in
from gangland.games.gangster_city.knowledge import consistent, own_candidates_from_view

from .scenario import DECK, GAME, card, play, table

LENA_CASE = "entertainer syringe theater money"
BOB_CASE = "thug knife street love"
CLUE = "entertainer syringe theater love"  # the card in the middle in Lena's example


def test_setup_deals_a_hidden_case_to_each_and_three_face_up():
    for players in range(1, 7):
        state = GAME.new_game(players, seed=players)
        assert len([c for c in state.cases if c >= 0]) == players
        assert all(c >= 0 for c in state.middle) and len(state.middle) == 3
        assert len(state.pile) == 54 - players - 3
        assert state.current_player == 0
        view = state.view(0)
        assert view["stands"][0]["case"] is None
        for other in range(1, players):
            assert view["stands"][other]["case"] == state.cases[other] + 1


def test_lena_investigates_the_middle_card_and_learns_three():
    """The rulebook's example: Lena takes the Entertainer-Theater card and hears 3."""
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"],
                  pile_top=["scientist revolver street love"])
    events = play(state, f"investigate {card(CLUE) + 1}")
    assert state.clues[0] == [(card(CLUE), 3)]
    assert events[0].to is None and "3 of 4" in events[0].text
    # The card lies in front of her with its 3, for everyone to see.
    for seat in (None, 0, 1):
        assert state.view(seat)["stands"][0]["clues"] == [[card(CLUE) + 1, 3]]
    # The middle is refilled from the pile, and it is the next player's turn.
    assert card("scientist revolver street love") in state.middle
    assert state.current_player == 1
    # Knowing Entertainer and Theater, the third match is Love or Syringe, never both.
    known = {c for c in range(54) if DECK.words(c)[0] == "entertainer"
             and DECK.words(c)[2] == "theater"}
    fits = [c for c in cards_in(consistent(DECK, state.clues[0])) if c in known]
    assert sorted(DECK.name(c) for c in fits) == [
        "Entertainer, Knife, Theater, Love",
        "Entertainer, Revolver, Theater, Love",
        "Entertainer, Syringe, Theater, Money",
    ]
    assert all(("Love" in DECK.name(c)) != ("Syringe" in DECK.name(c)) for c in fits)


def test_blind_draw_turns_over_the_top_card():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"],
                  pile_top=["entertainer knife theater money"])
    play(state, "draw")
    assert state.clues[0] == [(card("entertainer knife theater money"), 3)]
    assert state.middle == [card(CLUE), card("scientist knife street money"),
                            card("thug revolver hotel-room love")]


def test_the_engine_counts_matches_itself():
    """No player reports counts, so the rulebook's 'wrong information' cannot happen."""
    for a in range(54):
        for b in range(54):
            same = sum(x == y for x, y in zip(DECK.words(a), DECK.words(b), strict=True))
            assert DECK.match(a, b) == same


def test_a_wrong_arrest_tells_only_wrong_and_cannot_be_repeated():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"])
    before = state.view(1)
    events = play(state, "arrest entertainer syringe theater love")
    assert [e.text for e in events] == [
        "P1 arrests #14 Entertainer, Syringe, Theater, Love: wrong."]
    assert state.current_player == 1
    after = state.view(1)
    assert after["arrests"] == [[0, card(CLUE) + 1, False]]
    assert after["stands"][0]["clues"] == before["stands"][0]["clues"]
    play(state, "draw")
    with pytest.raises(IllegalAction, match="already answered 'wrong'"):
        state.parse_action("arrest entertainer syringe theater love")


def test_a_correct_arrest_files_the_case_and_deals_a_new_unseen_one():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"],
                  pile_top=["scientist revolver street love", "scientist syringe street love"],
                  cases_to_win=2)
    play(state, f"investigate {card(CLUE) + 1}", "draw")
    events = play(state, f"arrest {LENA_CASE}")
    assert state.solved[0] == [card(LENA_CASE)]
    assert state.clues[0] == [] and state.discard == [card(CLUE)]
    new = state.cases[0]
    assert new not in (card(LENA_CASE), card(BOB_CASE))
    shown = [e for e in events if e.kind == "new-case-shown"]
    assert shown and all(e.to == frozenset({1}) for e in shown)
    assert all(DECK.label(new) not in e.text for e in events if e.visible_to(0))
    assert state.view(0)["stands"][0]["case"] is None
    assert state.view(1)["stands"][0]["case"] == new + 1
    assert state.view(0)["stands"][0]["solved"] == [card(LENA_CASE) + 1]


def test_first_to_solve_enough_cases_wins_at_once():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"], cases_to_win=1)
    play(state, f"arrest {LENA_CASE}")
    assert state.is_terminal and state.winners() == [0]
    assert state.returns() == [1.0, -1.0]
    with pytest.raises(IllegalAction, match="over"):
        state.parse_action("draw")


def test_cases_to_win_option_extends_the_game():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"], cases_to_win=3)
    play(state, f"arrest {LENA_CASE}", "draw")
    second = state.cases[0]
    play(state, f"arrest {' '.join(DECK.words(second))}", "draw")
    assert not state.is_terminal and len(state.solved[0]) == 2
    third = state.cases[0]
    play(state, f"arrest {' '.join(DECK.words(third))}")
    assert state.winners() == [0]


def test_experienced_second_wrong_arrest_puts_a_detective_out():
    state = table([LENA_CASE, BOB_CASE, "scientist revolver theater money"],
                  [CLUE, "scientist knife street money", "thug revolver hotel-room love"],
                  experienced=True)
    play(state, "arrest thug syringe street love", "draw", "draw")
    assert not state.out[0]
    events = play(state, "arrest thug syringe street money")
    assert state.out[0] and state.cases[0] == -1
    assert card(LENA_CASE) in state.discard
    assert any(e.kind == "out" for e in events)
    assert state.current_player == 1
    play(state, "draw", "draw")
    assert state.current_player == 1, "an eliminated detective's turn is skipped"
    assert sorted(state.locations()) == list(range(54))


def test_last_detective_standing_wins():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"], experienced=True)
    play(state, "arrest thug syringe street love", "draw",
         "arrest thug syringe street money")
    assert state.is_terminal and state.winners() == [1]


def test_spectators_and_seats_see_only_what_they_may():
    state = GAME.new_game(4, seed=3)
    spectator = state.view(None)
    assert all(stand["case"] is None for stand in spectator["stands"])
    assert spectator["pile"] == {"size": len(state.pile), "cards": None, "with_cases_of": []}
    for seat in range(4):
        view = state.view(seat)
        assert view["stands"][seat]["case"] is None
        assert own_candidates_from_view(DECK, view) >> state.cases[seat] & 1


def test_empty_pile_is_refilled_from_shuffled_discards():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"])
    while state.pile:
        play(state, "draw")
    assert not state.pile_known and state.discard == []
    # Nothing to draw and no discards: the blind draw is not possible.
    with pytest.raises(IllegalAction, match="empty"):
        state.parse_action("draw")
    if state.current_player == 1:
        play(state, f"arrest {CLUE}")  # Bob guesses wrong: now it is Lena's turn
    # Lena solves (she can deduce: every card but hers is now visible to her).
    only = own_candidates_from_view(DECK, state.view(0))
    assert list(cards_in(only)) == [card(LENA_CASE)]
    play(state, f"arrest {LENA_CASE}")
    # Her clues were discarded, shuffled into a new pile, and her new case came from it.
    assert state.pile_known
    view = state.view(1)
    assert sorted(view["pile"]["cards"]) == sorted(c + 1 for c in state.pile)
    assert view["stands"][0]["case_from"] is not None
    assert sorted(state.locations()) == list(range(54))


def test_no_card_left_for_a_new_case_ends_the_game():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"], cases_to_win=3)
    while state.pile:
        play(state, "draw", "draw") if len(state.pile) > 1 else play(state, "draw")
    # Give Bob every clue so Lena solves with none of her own: nothing is left to deal.
    state.clues[1] += state.clues[0]
    state.clues[0] = []
    state.to_move = 0
    state._legal_cache = None
    events = play(state, f"arrest {LENA_CASE}")
    assert state.is_terminal and state.winners() == [0]
    assert events[-1].kind == "end"


def test_precise_errors_for_bad_actions():
    state = GAME.new_game(2, seed=5)
    before = state.to_json()
    with pytest.raises(InvalidAction, match="unknown action 'shoot'"):
        state.parse_action("shoot the butler")
    with pytest.raises(InvalidAction, match="arrest takes 4 argument"):
        state.parse_action("arrest thug knife")
    with pytest.raises(InvalidAction, match="'butler'"):
        state.parse_action("arrest butler knife street love")
    with pytest.raises(InvalidAction, match="from 1 to 54"):
        state.parse_action("investigate 99")
    absent = next(n for n in range(1, 55) if n - 1 not in state.middle)
    with pytest.raises(IllegalAction, match=f"card {absent} is not face up"):
        state.parse_action(f"investigate {absent}")
    assert state.to_json() == before


def test_bad_options_are_refused_precisely():
    with pytest.raises(OptionError, match="1 to 6 players, not 7"):
        GAME.new_game(7)
    with pytest.raises(OptionError, match="cases_to_win must be from 1 to 10"):
        GAME.new_game(2, options={"cases_to_win": 0})
    with pytest.raises(OptionError, match="unknown option 'speed'"):
        GAME.new_game(2, options={"speed": 3})
    with pytest.raises(OptionError, match="case must be one of"):
        GAME.new_game(1, options={"case": "impossible"})
    with pytest.raises(OptionError, match="experienced is true or false"):
        GAME.new_game(2, options={"experienced": "maybe"})


def test_a_lone_detective_who_is_out_has_lost():
    state = table([LENA_CASE], [CLUE, "scientist knife street money",
                                "thug revolver hotel-room love"], experienced=True)
    play(state, "arrest thug syringe street love", "arrest thug syringe street money")
    assert state.is_terminal and state.winners() == []
    assert state.returns() == [-1.0]


def test_an_empty_middle_space_waits_for_discards():
    state = table([LENA_CASE, BOB_CASE], [CLUE, "scientist knife street money",
                                          "thug revolver hotel-room love"])
    while state.pile:
        play(state, "draw")
    if state.current_player == 1:
        play(state, f"arrest {CLUE}")
    play(state, f"investigate {card(CLUE) + 1}")
    assert state.view(0)["middle"][0] is None, "nothing to refill it with"
    assert [str(a) for a in state.legal_actions()][:2] == [
        f"investigate {card('scientist knife street money') + 1}",
        f"investigate {card('thug revolver hotel-room love') + 1}",
    ]
    play(state, f"arrest {BOB_CASE}")  # Bob solves: his clues go to the discards
    assert state.middle[0] >= 0, "the space is filled from the reshuffled discards"
    assert sorted(state.locations()) == list(range(54))

"""The words at the terminal: what the screen says is what a person may type, prompts
offer only what is legal, counts agree with their nouns, and people go by their names."""

from __future__ import annotations

import io
import random

from rich.console import Console

import gangland
from gangland.engine import Action, Arg, Grammar, Verb
from gangland.games.gangster.text import render_view as gangster_view
from gangland.terminal.menu import build_menu

from .conftest import one_error_line, read_record

G1994 = gangland.load("gangster-1994")
GANGSTER = gangland.load("gangster")


def text_of(renderable: object, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


# ----- Gangster (1994) -------------------------------------------------------------------


def test_the_english_names_of_the_jewels_are_typed_as_the_screen_says_them(invoke):
    # Seed 18: P1's first roll lands on the Dealer.
    for typed in ("buy pearl", "buy perle", "Buy Diamant"):
        result = invoke("play", "gangster-1994", "--seed", "18", "--save", "s.json", "--force",
                        input=["roll", typed, "quit"])
        assert result.exit_code == 0, result.output
        assert "Not accepted" not in result.output
        assert read_record("s.json")["actions"][1] == (
            "buy diamond" if "iamant" in typed else "buy pearl")


def test_the_turn_prompt_offers_only_what_is_legal():
    state = G1994.new_game(3, 3)
    assert state.view(0)["decision"]["why"] == "You may roll the die."
    assert state.view(1)["decision"]["why"] == "P1 may roll the die."
    state.cash[0] = state.target()
    state._legal_cache = None
    assert [a.kind for a in state.legal_actions()] == ["roll", "offer"]
    assert state.view(0)["decision"]["why"] == (
        "You may roll the die (or make the purchase offer).")


def test_a_rival_is_not_told_whether_a_kept_card_is_a_sum_or_an_alibi():
    from gangland.games.gangster_1994.components import ALIBI, AVENTURE, BONUS
    state = G1994.new_game(3, 3)
    comps = state.comps
    for effect, mine in ((BONUS, "You may roll the die (or open a starred card)."),
                         (ALIBI, "You may roll the die.")):
        card = next(c for c in comps.cards(AVENTURE) if comps.star[c] and comps.b[c] == effect)
        state.hands[0] = [card]
        assert state.view(0)["decision"]["why"] == mine
        assert state.view(1)["decision"]["why"] == "P1 may roll the die (or open a starred card)."


def test_a_crowded_bid_gives_its_range_in_dollars():
    state, rng = G1994.new_game(3, 0), random.Random(0)
    while not any(a.kind == "bid" for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    bids = sorted(int(a.args[0]) for a in legal if a.kind == "bid")
    assert len(bids) > 12
    text = text_of(build_menu(G1994, legal).render(state.options))
    assert f"amount: ${bids[0]:,} to ${bids[-1]:,}, in steps of $100" in text


def test_the_theft_gives_its_odds_and_its_fine(invoke):
    # Seed 10: P1's first roll lands on a Theft space and the die says the bank.
    result = invoke("play", "gangster-1994", "--seed", "10", input=["roll", "quit"])
    out = " ".join(result.output.split())
    assert "Robbing the bank: caught 1 time in 2 (12 of its 24 cards), else $2,500 to $7,100 " \
           "($4,800 on average)" in out
    assert "fine of $1,000 to $2,700" in out
    assert "rob (go through with the theft: its odds and fine are just above)" in out


# ----- Gangster -------------------------------------------------------------------------


def test_a_district_of_two_words_is_typed_with_a_space(invoke):
    # Seed 3: after "drive 1" Blue may drive to Little Africa or the West Side.
    result = invoke("play", "gangster", "--seed", "3", "--save", "g.json",
                    input=["drive 1", "to Little Africa", "quit"])
    assert result.exit_code == 0, result.output
    assert "Not accepted" not in result.output
    assert read_record("g.json")["actions"][:2] == ["drive 1", "to little-africa"]


def test_a_choice_of_words_is_regrouped_only_when_it_makes_a_choice():
    grammar = Grammar([Verb("bump", Arg("colour", choices=("blue",)), Arg("to", choices=("to",)),
                            Arg("district", choices=("little-italy", "the-loop")))])
    assert str(grammar.parse("bump blue to the loop")) == "bump blue to the-loop"
    assert grammar.parse("bump blue to little-italy") == Action(
        "bump", ("blue", "to", "little-italy"))
    try:
        grammar.parse("bump blue to little rome")
    except ValueError as exc:
        assert "bump takes 3 arguments, got 4" in str(exc)
    else:
        raise AssertionError("a district that is no district was taken")


def test_the_gangster_heading_and_tiles_are_in_plain_words():
    state = GANGSTER.new_game(3, 3)
    text = " ".join(text_of(gangster_view(state.view(0), state.options)).split())
    assert "round 1 of 3" in text
    assert "doublers placed: 1 of 8 (the last ends the round)" in text
    assert "turn 1 this round (180 at most)" in text
    assert "space 2 is next" in text and "next 2" not in text.replace("is next", "")
    assert "Gangsters in the supply for later rounds:" in text
    assert "still to come" not in text


# ----- plurals and small things ----------------------------------------------------------


def test_a_garbage_line_is_not_echoed_back_whole(invoke):
    garbage = "x" * 3000
    result = invoke("play", "gangster-1994", "--seed", "3", input=[garbage, "roll " + garbage,
                                                                   "quit"])
    refusals = [line for line in result.output.splitlines() if line.startswith("Not accepted")]
    assert len(refusals) == 2
    assert all(line.count("x") <= 80 and "..." in line for line in refusals), refusals


def test_a_first_turn_is_not_called_a_last_one(invoke):
    result = invoke("play", "gangster-city", "--seed", "5", "--seat", "random",
                    "--seat", "human", "--seat", "random", input=["draw", "quit"])
    out = result.output
    assert out.count("Before your first turn:") == 1  # P2, after P1's move
    assert "Since your last turn:" in out.split("Before your first turn:")[1]  # P2 again


def test_pay_off_aimed_at_ones_own_gang_says_so():
    state, rng = gangland.load("chicago-gangster").new_game(3, 2), random.Random(2)
    while True:
        legal = state.legal_actions()
        own = [a for a in legal if a.kind == "target" and a.args[0] - 1 == state.current_player]
        if own:
            break
        state.apply(rng.choice(legal))
    events = state.apply(own[0])
    assert events[0].text.endswith("at their own gang."), events[0].text


def test_the_end_names_the_winner_once_then_the_scores(invoke):
    state = gangland.load("gangster-city").new_game(2, 8, {"cases_to_win": 1})
    from gangland.games.gangster_city.cards import default_deck
    arrest = "arrest " + " ".join(default_deck().words(state.cases[0]))
    result = invoke("play", "gangster-city", "--seed", "8", "--players", "2",
                    "--option", "cases_to_win=1", input=[arrest])
    end = result.output.split("Game over")[-1]
    assert end.count("Winner") == 1 and "Scores: P1 (you) 1, P2 0" in end


# ----- names ----------------------------------------------------------------------------


def test_people_go_by_their_names_and_a_resume_gives_them_back(invoke):
    result = invoke("play", "gangster-1994", "--seed", "0", "--seat", "human:Ann",
                    "--seat", "human:Bob", "--seat", "random", "--save", "n.json",
                    input=["", "roll", "", "quit"])
    out = result.output
    assert "Seats: P1: Ann, P2: Bob, P3: random (bot)." in out
    assert "Pass the device to Ann (P1)." in out and "Bob (P2) >" in out
    assert "  Ann rolls" in out  # the news names her too
    assert read_record("n.json")["seats"] == ["human:Ann", "human:Bob", "random"]
    again = invoke("play", "--resume", "n.json", "--seat", "human", input=["", "quit"])
    assert "Seats: P1: Ann, P2: Bob, P3: random (bot)." in again.output
    assert "Bob (P2) >" in again.output
    assert read_record("n.json")["seats"] == ["human:Ann", "human:Bob", "random"]


def test_a_name_must_be_a_name_and_each_its_own(invoke):
    for bad in ("human:" + "A" * 30, "human:P2", "human:<b>", "human:a_b_"):
        assert "is not a name" in one_error_line(
            invoke("play", "gangster-city", "--seat", bad, "--seat", "random"))
    assert "both called Ann" in one_error_line(
        invoke("play", "gangster-city", "--seat", "human:Ann", "--seat", "human:ann"))
    ok = invoke("play", "gangster-city", "--seed", "1", "--seat", "HUMAN: Jean-Luc  Picard",
                input=["quit"])
    assert "Seats: P1: Jean-Luc Picard," in ok.output


def test_colours_stand_beside_the_seats_where_the_game_has_them(invoke):
    result = invoke("play", "gangster", "--seed", "3", "--seat", "human:Ann", input=["quit"])
    out = result.output
    assert "Seats: P1: Ann (blue), P2: greedy (bot, yellow), P3: greedy (bot, brown)." in out
    assert "Ann (P1, blue) >" in out
    plain = invoke("play", "gangster", "--seed", "3", "--save", "p.json", input=["quit"])
    assert "P1 (you, blue) >" in plain.output


def test_the_dealer_offers_only_the_jewels_still_to_be_had():
    from gangland.games.gangster_1994.components import DIAMANT
    state = G1994.new_game(3, 18)  # P1's first roll lands on the Dealer
    state.apply(state.parse_action("roll"))
    assert state.view(0)["decision"]["why"] == (
        "You may buy a pearl or a diamond from the dealer for $500.")
    state.pool[DIAMANT], state.used[DIAMANT] = [], []
    state._legal_cache = None
    assert "buy diamond" not in [str(a) for a in state.legal_actions()]
    assert state.view(0)["decision"]["why"] == "You may buy a pearl from the dealer for $500."


def test_the_prompt_commands_do_not_echo_a_garbage_line_either(invoke):
    garbage = "q" * 500
    result = invoke("play", "gangsters", "--seed", "2", input=["moves " + garbage,
                                                               "buildings " + garbage, "quit"])
    lines = [line for line in result.output.splitlines()
             if "qqq" in line and " > " not in line]  # not the typed line echoed by the test
    assert len(lines) == 2 and all(line.count("q") <= 80 for line in lines), lines

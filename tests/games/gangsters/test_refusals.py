"""Why an action is refused (``why_illegal``): one precise reason per case, never a secret.

Each test builds the position (``scenario``) and types the action as a person would; the
reason must say what is wrong, as the other games do, not only whose turn it is.
"""

from __future__ import annotations

import random

import pytest

from gangland.engine import Action, GanglandError, IllegalAction, Rng
from gangland.games.gangsters.table import MOVE

from .scenario import GAME, GREEN, RED, E, N, gang, joint, legal, play, roll, step, table


def refused(state, text: str) -> str:
    """The reason ``text`` is refused (and nothing changed)."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.parse_action(text)
    assert state.to_json() == before
    return str(caught.value).split(": ", 1)[1]


def opening(seed: int = 3):
    state = GAME.new_game(players=3, seed=seed)
    return state


# ----- setup -------------------------------------------------------------------------------


def test_a_gray_building_is_never_a_joint():
    assert refused(opening(), "joint md") == (
        "md (Marshall's Department Store) is gray: a gray building is never a joint")


def test_a_taken_building_names_its_owner():
    state = opening()
    first = state.current_player
    play(state, "joint hh")
    assert refused(state, "joint hh") == (
        f"hh (Hawthorne Hotel) is already P{first + 1}'s joint")


def test_a_street_space_is_not_a_building():
    assert refused(opening(), "joint 14.16") == (
        "14.16 (Madison St & Central Ave) is a street space, not a building")


def test_a_joint_over_the_budget_says_the_sums():
    state = opening()
    seat = state.current_player
    while state.current_player != seat or not state.joints(seat):
        play(state, "joint hh" if "joint hh" in legal(state) else sorted(legal(state))[0])
    # seat holds one joint now; two red ones ($1,200) cannot fit into $1,100
    dear = next(t for t in ("ah", "hb", "ac") if f"joint {t}" not in legal(state))
    reason = refused(state, f"joint {dear}")
    assert reason.startswith(f"{dear} (")
    assert "is worth $600: with your joints so far ($" in reason
    assert "1 more joint to pick" in reason and "over the $1,100 budget" in reason


def test_a_verb_of_another_decision_says_what_is_decided_now():
    assert refused(opening(), "gang 5 5 1") == (
        "not now: P1 picks a starting joint (legal now: joint)")


def _to_gangs(state):
    while state.view(None)["decision"]["kind"] == "pick":
        play(state, sorted(legal(state))[0])
    return state


def test_a_gang_over_budget_says_its_price_and_the_budget():
    state = _to_gangs(opening())
    change = state.cash[state.current_player]
    reason = refused(state, "gang 10 10 1")
    assert reason == (f"that gang costs $11,300: your budget is $2,100 plus your "
                      f"${change:,} change from the joints, ${2100 + change:,}")


def test_starting_places_must_fit_the_gang():
    state = _to_gangs(opening())
    while state.view(None)["decision"]["kind"] == "gang":
        play(state, "gang 3 2 0")
    assert refused(state, "start 1 1 1") == "your gang has no Vamp: its joint must be 0"
    assert refused(state, "start 0 1 0") == (
        "your Racketeer must start in one of your joints (1 to 3)")
    with pytest.raises(GanglandError, match="racketeer must be from 0 to 3"):
        state.parse_action("start 4 1 0")


# ----- a turn ------------------------------------------------------------------------------


def _turn(money: int = 3000):
    state = table(3, active=GREEN, money=money)
    joint(state, GREEN, "Lou's Diner")
    joint(state, RED, "Hawthorne Hotel")
    gang(state, GREEN, "racketeer", 4, "Lou's Diner")
    gang(state, GREEN, "thug", 3, "Lou's Diner")
    gang(state, GREEN, "vamp", 1, step("Lou's Diner"), N)
    return state


def test_buying_and_improving_say_what_stands_in_the_way():
    state = _turn()
    assert refused(state, "buy") == "ld (Lou's Diner) is already your joint"
    assert refused(state, "improve") == (
        "ld (Lou's Diner) is at level 1: the next level needs 2 yellow joints of yours")
    gang(state, GREEN, "racketeer", 4, "Hawthorne Hotel")
    assert refused(state, "buy") == "hh (Hawthorne Hotel) is already P1's joint"
    assert refused(state, "improve") == "hh (Hawthorne Hotel) is not your joint"
    gang(state, GREEN, "racketeer", 4, "Marshall's Department Store")
    assert refused(state, "buy") == (
        "md (Marshall's Department Store) is gray: a gray building is never a joint")
    gang(state, GREEN, "racketeer", 4, step("Lou's Diner"), E)
    assert refused(state, "buy") == "your Racketeer must stand in the building to buy it"
    poor = _turn(money=100)
    gang(poor, GREEN, "racketeer", 4, "Astoria House")
    assert refused(poor, "buy") == "ah (Astoria House) costs $600 and you have $100"


def test_a_joint_to_sell_or_give_must_be_yours():
    state = _turn()
    play(state, "offer 1")
    assert refused(state, "give hh") == "hh (Hawthorne Hotel) is P1's joint, not yours"
    assert refused(state, "take ld") == "ld (Lou's Diner) is not a joint of P1's"


def _moving():
    state = _turn()
    roll(state, 3, 2, 4, 5, 3)
    while state.phase != MOVE:
        play(state, "pass" if "pass" in legal(state) else sorted(legal(state))[0])
        while state.view(None)["decision"]["kind"] == "reveal":
            play(state, "allow")
    return state


def test_an_unreachable_end_lists_where_the_piece_can_end():
    state = _moving()
    reason = refused(state, "move thug 14.4 north criminal")
    assert reason.startswith("your Thug moves exactly 3 (black die) from ld (Lou's Diner): "
                             "it cannot end on 14.4 (Subway 5); it can end on ")
    ends = {a.split()[2] for a in legal(state) if a.startswith("move thug")}
    assert set(reason.split("it can end on ")[1].split(", ")) == ends


def test_a_wrong_facing_lists_the_facings_there():
    state = _moving()
    there = next(a for a in sorted(legal(state)) if a.startswith("move thug")).split()
    faces = {a.split()[3] for a in legal(state) if a.startswith(f"move thug {there[2]} ")}
    wrong = next(f for f in ("north", "east", "south", "west") if f not in faces)
    reason = refused(state, f"move thug {there[2]} {wrong} citizen")
    assert reason.startswith(f"on {there[2]} (") and reason.endswith(f", not {wrong}")
    assert all(f in reason for f in faces)


def test_pieces_that_cannot_move_say_why():
    state = _moving()
    assert refused(state, "wheels thug 14.4 north criminal") == "your gang has no Wheels"
    assert refused(state, "public 1 5.16 north") == "public piece 1 is not on the board"
    play(state, next(a for a in sorted(legal(state)) if a.startswith("move thug")))
    assert refused(state, "move thug 14.4 north criminal") == (
        "your Thug has already moved or recruited this turn")


def test_recruits_over_the_limit_or_the_purse_say_the_sums():
    state = _moving()
    assert refused(state, "recruit thug 7") == (
        "you may recruit 4 more gangsters this turn (seven minus the blue die 3, less 0 "
        "recruited)")
    assert refused(state, "recruit thug 3") == (
        "3 Thugs cost $1,500 x 3 (black die) = $4,500; you have $2,700")


def test_an_unknown_space_and_a_building_cell():
    state = _moving()
    assert refused(state, "move thug 99.99 north criminal") == "this map has no space '99.99'"
    assert refused(state, "move thug 1.4 north criminal") == (
        "1.4 is a cell of Astoria House: a building is named by its code, ah")


# ----- the words the map draws -------------------------------------------------------------


def test_every_cell_of_a_space_and_a_subways_number_parse_to_its_token():
    state = table(3, active=GREEN, money=0)
    vamp = gang(state, GREEN, "vamp", 1, "14.3", facing=E)
    gang(state, GREEN, "racketeer", 2, "Rosie's Bakery")
    roll(state, 3, 2, 4, 1, 3)
    while state.phase != MOVE:
        play(state, "pass" if "pass" in legal(state) else sorted(legal(state))[0])
        while state.view(None)["decision"]["kind"] == "reveal":
            play(state, "allow")
    target = next(a for a in sorted(legal(state)) if a.startswith("move vamp 14.4 "))
    rest = target.split()[3:]
    for word in ("14.5", "#5", "14.4"):
        assert str(state.parse_action(f"move vamp {word} {' '.join(rest)}")) == target
    play(state, f"move vamp #5 {' '.join(rest)}")
    assert state.history[-1] == Action("move", ("vamp", "14.4", *rest))
    assert state.record()["actions"][-1] == target  # the record keeps the token
    assert state.at[vamp] == state.comps.city.subway[4]


# ----- never a secret ----------------------------------------------------------------------

PROBES = ("joint hh", "gang 10 10 1", "start 1 1 0", "buy", "improve", "sell hh", "roll",
          "move thug 14.4 north criminal", "recruit thug 3", "recruit vamp 1", "reveal",
          "allow", "ask 5000",
          "public 1 5.16 north", "place hh", "take hh", "give ld", "hit 1", "bust 1 thug",
          "aim cops", "absorb guard", "release 5", "cop 5 8.3 west", "transfer 5 14.4",
          "exit 2", "seduce 1 thug", "equip wheels", "offer 2", "bribe", "done", "propose")


@pytest.mark.parametrize("seed", [1, 2])
def test_reasons_depend_only_on_what_the_seat_to_move_knows(seed):
    """The same reasons in a resample for that seat (other gangs' written choices and
    badges drawn afresh) and with other players' secret cash changed."""
    state = GAME.new_game(players=4, seed=seed, options={"secret_cash": True})
    rng = random.Random(seed)
    for _ in range(250):
        if state.is_terminal:
            break
        seat = state.current_player
        other = state.resample(seat, Rng.for_seed(seed))
        for s in range(state.players):
            if s != seat:
                other.cash[s] += 700
        other._legal_cache = None
        for text in PROBES:
            action = GAME.grammar.parse(text)
            if action in state.legal_actions():
                continue
            assert state.why_illegal(action) == other.why_illegal(action), text
        state.apply(rng.choice(state.legal_actions()))

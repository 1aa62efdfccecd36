"""Gangsters' options beyond the basic game: Donuts (16.4), random movement order (16.5), the
five-player game with the Police Commissioner (17) and secret cash (15.1)."""

from __future__ import annotations

import pytest

from gangland.engine import OptionError, Rng
from gangland.engine.conformance import playout
from gangland.games.gangsters.table import BUY, COP, PHASES

from .scenario import (
    GAME,
    GREEN,
    RED,
    YELLOW,
    allow_all,
    cop,
    door,
    gang,
    joint,
    legal,
    play,
    roll,
    rolls,
    table,
    tok,
    where,
)


def cop_phase(state, seat: int, blue: int = 1) -> None:
    """``seat`` is to act in the cop phase with these dice."""
    state.active = state.to_move = seat
    state.phase, state.dice, state.moved = COP, [blue, 1, 1, 1, 1], 0
    state._legal_cache = None


# ----- 16.4 Donuts ---------------------------------------------------------------------

def test_a_cop_stopping_in_a_gray_building_gets_a_donut_marker_and_is_held():
    state = table(4, active=GREEN, money=5000, donuts=True)
    c = cop(state, 5, door("Dixie Donut Shop"), 0)
    roll(state, 1, 1, 1, 1, 1)
    assert f"cop 5 {tok('Dixie Donut Shop')} inside" in legal(state)
    play(state, f"cop 5 {tok('Dixie Donut Shop')} inside")
    allow_all(state)
    assert state.donut[c] == GREEN * 2  # Green's Donut 1 marker
    assert state.view(RED)["cops"][c]["donut"] == [GREEN, 1]

    cop_phase(state, RED)  # 16.4: nobody else moves a cop under Green's marker
    assert not any(a.startswith("cop 5 ") for a in legal(state))

    cop_phase(state, GREEN)  # Green's next turn: flip it (his cop action) or move on
    assert "flip" in legal(state)
    play(state, "flip")
    assert state.donut[c] == GREEN * 2 + 1 and PHASES[state.phase] == "move"

    state.active = state.to_move = GREEN  # and the turn after, Donut 2 comes off
    state.phase, state.moved = BUY, 0
    state._legal_cache = None
    events = roll(state, 1, 1, 1, 1, 1)
    assert state.donut[c] == -1 and any(e.kind == "donut" for e in events)


def test_any_other_cop_action_takes_the_donut_1_marker_off():
    state = table(4, active=GREEN, money=5000, donuts=True)
    c = cop(state, 5, "Dixie Donut Shop")
    state.donut[c] = GREEN * 2
    cop_phase(state, GREEN, blue=2)
    play(state, "bribe")
    assert state.donut[c] == -1


def test_the_cops_secret_owner_may_release_him_by_returning_the_badge():
    state = table(4, active=YELLOW, money=5000, donuts=True)
    c = cop(state, 5, "Dixie Donut Shop")
    state.donut[c], state.badge[c] = GREEN * 2, YELLOW
    state._legal_cache = None
    assert "release 5" in legal(state)
    play(state, "release 5")
    assert state.donut[c] == -1 and state.badge[c] == -1


def test_donuts_are_not_played_with_five():
    with pytest.raises(OptionError, match="five-player"):
        GAME.new_game(5, 1, {"donuts": True})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_donuts_keep_every_promise(players):
    """The conformance checks for a preset the five-player game refuses."""
    for state, action in playout(GAME, players, 3, {"donuts": True, "turn_limit": 40}):
        if state.is_terminal:
            break
        assert action in state.legal_actions()
        assert state.resample(0, Rng(1)).view(0) == state.view(0)


# ----- 16.5 random movement order ------------------------------------------------------

def test_random_order_draws_every_pawn_once_a_series():
    state = GAME.new_game(4, 3, {"random_order": True, "turn_limit": 200})
    seen: list[int] = []
    rng = Rng(5)
    while len(seen) < 12 and not state.is_terminal:
        before = state.turn
        state.apply(rng.choice(state.legal_actions()))
        if state.turn != before and state.phase == BUY:
            seen.append(state.active)
    for series in (seen[0:4], seen[4:8], seen[8:12]):
        assert sorted(series) == [0, 1, 2, 3]
    assert seen[0:4] != [0, 1, 2, 3] or seen[4:8] != [0, 1, 2, 3]  # not the seat order


# ----- 17 the five-player game ---------------------------------------------------------

def five(money: int = 5000):
    state = table(5, active=GREEN, money=money)
    state.order = [0, 1, 2, 3]
    state._legal_cache = None
    return state


def test_the_commissioner_starts_with_1000_and_buys_nothing():
    state = GAME.new_game(5, 2, {})
    rng = Rng(2)
    while PHASES[state.phase] in ("pick", "gang", "place"):
        assert state.to_move != 4
        state.apply(rng.choice(state.legal_actions()))
    assert state.cash[4] == 1000 and state.active != 4 and sorted(state.order) == [0, 1, 2, 3]


def test_a_gang_rolls_blue_alone_then_bribes_or_defers_to_the_commissioner():
    state = five()
    c = cop(state, 6, step(door("Shop 'n' Save"), 1), 1)
    events = roll(state, 2, 0, 0, 0, 0)
    assert state.dice == [2, 0, 0, 0, 0] and state.to_move == GREEN
    assert legal(state) == {"bribe", "defer"}
    play(state, "defer")
    assert state.to_move == 4 and "patrol" not in legal(state)
    moves = sorted(a for a in legal(state) if a.startswith("cop 6 "))
    assert moves and "bribe" in legal(state)
    rolls(state, 3, 4, 5, 6)
    play(state, moves[0])
    allow_all(state)
    assert state.dice == [2, 3, 4, 5, 6] and PHASES[state.phase] == "move"
    assert state.to_move == GREEN and state.cop_at[c] != -1
    assert events[0].kind == "dice"


def step(space: int, d: int) -> int:
    from .scenario import step as walk

    return walk(space, d)


def test_the_commissioner_plays_when_the_cup_of_pawns_is_empty():
    state = five()
    state.pawns, state.active = [], GREEN
    assert state._next_seat() == 4
    state.active = 4
    assert state._next_seat() in (0, 1, 2, 3) and len(state.pawns) == 3


def test_the_commissioners_turn_cops_then_every_public_piece():
    state = five()
    state.active = state.to_move = 4
    state.pub_at[3] = where(door("Shop 'n' Save"))
    state._legal_cache = None
    assert legal(state) == {"roll"}
    roll(state, 1, 2, 0, 0, 0)
    assert state.dice[:2] == [1, 2] and "patrol" in legal(state)
    rolls(state, 1)  # the cop drawn
    play(state, "patrol")
    moves = sorted(a for a in legal(state) if a.startswith("cop "))
    play(state, moves[0])
    allow_all(state)
    assert PHASES[state.phase] == "move" and state.to_move == 4
    assert all(a.startswith("public 4 ") or a == "done" for a in legal(state))


def test_the_commissioner_is_rewarded_for_what_his_cops_shoot_down():
    state = five()
    p = gang(state, RED, "thug", 4, "Lou's Diner", criminal=True)
    c = cop(state, 10, "Lou's Diner")
    state.active = state.to_move = 4
    state.phase, state.dice = COP, [1, 1, 0, 0, 0]
    state._legal_cache = None
    before = state.cash[4]
    # the Thug's four dice miss (pieces fire first), the cop's ten dice hit twice
    rolls(state, 1, 1, 1, 1, 5, 6, 1, 1, 1, 1, 1, 1, 1, 1)
    events = state._end_moves()
    assert state.strength[p] == 2 and state.cop_at[c] == -1
    assert state.cash[4] - before == 400 + 300  # 17.4: the 4th and 3rd Thugs
    assert any(e.kind == "gain" and e.data["seat"] == 4 for e in events)


def test_the_commissioner_wins_with_the_cash_and_a_loyal_cop():
    state = five()
    state.cash[4] = 10_000
    assert state.victory(4) == ""
    c = cop(state, 7, "Lou's Diner")
    state.badge[c] = 4
    assert "Cop 7" in state.victory(4)


# ----- 15.1 secret cash ----------------------------------------------------------------

def test_secret_cash_hides_other_players_totals_until_the_end():
    state = table(4, money=3000, secret_cash=True)
    joint(state, RED, "Lou's Diner")
    view = state.view(RED)
    assert view["gangs"][RED]["cash"] == 3000 and view["gangs"][GREEN]["cash"] is None
    assert state.view(None)["gangs"][RED]["cash"] is None
    assert view["worth"][GREEN] is None and view["worth"][RED] == 3200
    state.over = True
    assert state.view(None)["gangs"][RED]["cash"] == 3000


def test_secret_cash_shows_others_that_a_payment_is_made_not_its_amount():
    """Issue 25: every amount was public, so the log told every total. Now the amount goes
    to the seat paid or paying alone; the others read a notice of what it was for."""
    state = table(4, active=GREEN, money=3000, secret_cash=True)
    gang(state, GREEN, "racketeer", 2, "Lou's Diner")
    events = play(state, "buy")
    pay = [e for e in events if e.kind == "pay"]
    assert pay and pay[0].to == frozenset({GREEN}) and pay[0].data["amount"] > 0
    notice = [e for e in events if e.kind == "cash"]
    assert notice and notice[0].to is None and "$" not in notice[0].text
    assert "Lou's Diner" in notice[0].text and notice[0].data == {"seat": GREEN}

    plain = table(4, active=GREEN, money=3000)  # without the option, as before
    gang(plain, GREEN, "racketeer", 2, "Lou's Diner")
    assert [e.to for e in play(plain, "buy") if e.kind in ("pay", "cash")] == [None]


def test_a_secret_cash_game_tells_no_amount_to_the_other_seats():
    state = GAME.new_game(3, 4, {"secret_cash": True, "turn_limit": 60})
    rng = Rng(4)
    seen = 0
    while not state.is_terminal:
        for event in state.apply(rng.choice(state.legal_actions())):
            if event.kind in ("gain", "pay") and "the trade" not in event.text:
                seat = event.data["seat"]
                assert event.to == frozenset({seat}), event.text
                assert not any(event.visible_to(s) for s in (None, 0, 1, 2) if s != seat)
                seen += 1
    assert seen

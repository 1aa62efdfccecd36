"""The end of a game of Gangsters: every winner named (the Police Commissioner too), and
the final count laid open (15.1, 15.2, 17.6)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from gangland.games.gangsters.text import render_view

from .scenario import CITY, GAME, GREEN, RED, cop, joint, play, roll, script, table, where


def text_of(state, seat) -> str:
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(state.view(seat), state.options))
    return console.export_text()


def five(money: int = 5000, **options):
    state = table(5, active=GREEN, money=money, **options)
    state.order = [0, 1, 2, 3]
    state._legal_cache = None
    return state


def commissioner_wins(**options):
    """The Commissioner ends his turn with $10,000 and a loyal cop on the streets (17.6)."""
    state = five(**options)
    c = cop(state, 7, "Lou's Diner")
    state.badge[c] = 4
    state.cash[4] = 10_100
    state.active = state.to_move = 4
    state._legal_cache = None
    roll(state, 1, 1, 0, 0, 0)
    script(state, 0)  # the badge drawn
    return state, play(state, "bribe")


def test_the_commissioners_win_is_announced_and_recorded():
    """Issue 25: the winner was named from the four gang colours, so the Commissioner's win
    raised IndexError with the game marked over and the action missing from the history."""
    state, events = commissioner_wins()
    assert state.is_terminal and state.winners() == [4]
    assert str(state.history[-1]) == "bribe"
    end = [e for e in events if e.kind == "end"]
    assert end and end[0].text.startswith("The Police Commissioner (P5) wins: $10,000")
    for seat in (None, 0, 4):
        assert "Game over: P5 Commissioner" in text_of(state, seat)


def test_a_five_player_random_game_plays_to_its_end():
    """Issue 25's repro: seed 0, random.Random(0) choices (it crashed at decision 12,428)."""
    state = GAME.new_game(players=5, seed=0)
    rng = random.Random(0)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.winners()


def test_on_a_time_limit_the_richest_player_wins_even_the_commissioner():
    """15.2: "the player with the highest net worth at game end wins"; the Commissioner is
    a player with cash, and scores() already counted him (issue 25: winners left him out)."""
    state = five()
    state.options = {**state.options, "rounds": 1}
    state.cash[4] = 9_000
    state.turn = 5  # the round is played: the next turn ends the game
    events = state._start_turn(0)
    assert state.is_terminal and state.winners() == [4]
    assert state.scores()[4] == max(state.scores())
    assert "Winner: P5" in events[-1].text


def test_the_final_count_is_laid_open_the_same_to_every_seat():
    """15.1: cash is secret "until he claims his win"; 15.2: net worth is cash plus joints
    with their improvements. At the end every seat and the spectators see each player's
    cash, joints and net worth, and why the winner won; Bribe badges stay secret (9.5)."""
    state, _ = commissioner_wins(secret_cash=True)
    joint(state, RED, "Lou's Diner", level=2)
    final = state.view(None)["final"]
    assert all(state.view(s)["final"] == final for s in range(5))
    rows = {r["seat"]: r for r in final["rows"]}
    assert rows[4]["cash"] == 10_000 and rows[4]["won"] and rows[GREEN]["cash"] == 5000
    lou = CITY.value[where("Lou's Diner")]
    assert rows[RED]["joints"] == 2 * lou and rows[RED]["worth"] == 5000 + 2 * lou
    assert final["why"] == "$10,000 and Cop 7 on the payroll"
    assert state.view(0)["gangs"][GREEN]["cash"] == 5000
    assert "my_badges" not in state.view(0)["commissioner"]
    text = text_of(state, 0)
    assert "Final count" in text and "$10,000 and Cop 7 on the payroll." in text


def test_the_final_count_names_a_win_on_worth():
    state = five()
    state.options = {**state.options, "rounds": 1}
    state.cash[RED] = 9_000
    state.turn = 5
    state._start_turn(0)
    assert state.view(None)["final"]["why"] == "the greatest net worth"
    assert "P1 red wins: the greatest net worth." in text_of(state, None)

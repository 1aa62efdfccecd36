"""The end of a game of Gangsters: every winner named (the Police Commissioner too), and
the final count laid open (15.1, 15.2, 17.6)."""

from __future__ import annotations

import io
import random

from rich.console import Console

from gangland.games.gangsters.text import render_view

from .scenario import GAME, GREEN, cop, play, roll, script, table


def text_of(state, seat) -> str:
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(state.view(seat), state.options))
    return console.export_text()


def five(money: int = 5000):
    state = table(5, active=GREEN, money=money)
    state.order = [0, 1, 2, 3]
    state._legal_cache = None
    return state


def commissioner_wins():
    """The Commissioner ends his turn with $10,000 and a loyal cop on the streets (17.6)."""
    state = five()
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

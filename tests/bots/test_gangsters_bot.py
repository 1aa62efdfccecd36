"""Gangsters' ``heuristic`` bot: legal, deterministic, far ahead of random play, and what
it does in a few scripted positions (a colour set to complete, the Commissioner's cops)."""

from __future__ import annotations

import pytest

import gangland
from gangland import OptionError
from gangland.bots import default_bot, make_bot
from gangland.bots.gangsters import Heuristic, _values
from gangland.bots.gangsters_board import printed_board
from gangland.engine import Observation
from gangland.games.gangsters.table import COP, MOVE
from gangland.sim.simulate import simulate
from tests.bots.checks import assert_deterministic, play_mixed_games
from tests.games.gangsters.scenario import (
    GREEN,
    RED,
    YELLOW,
    E,
    N,
    cop,
    gang,
    joint,
    legal,
    play,
    table,
    where,
)

GAME = gangland.load("gangsters")


def heuristic(seed: int) -> Heuristic:
    return Heuristic(seed, _values())


def test_it_is_the_default_opponent_and_takes_no_argument():
    assert default_bot("gangsters") == "heuristic"
    assert make_bot("heuristic", GAME, 1).name == "heuristic"
    with pytest.raises(OptionError, match="no argument"):
        make_bot("heuristic:fast", GAME, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_only_legal_choices_in_whole_games(players):
    """Heuristic bots in every other seat, random in the rest, two games per table size
    (with five, one game has the bot as the Police Commissioner)."""
    play_mixed_games(GAME, players, 2, heuristic)


def test_the_same_seed_makes_the_same_game():
    assert_deterministic(GAME, heuristic)


def test_it_beats_three_random_players():
    """A floor that cannot flake: 30 seeded games, at least 50% (measured: see
    docs/games/gangsters.md, "Bots")."""
    summary = simulate("gangsters", ["heuristic", "random", "random", "random"], 30, seed=11)
    found = summary.data["by_bot"][0]
    assert found["bot"] == "heuristic" and found["wins"] >= 15


# ----- scripted positions: the colour set (15.1) and the Commissioner (17) -----------------


def choice(state, seat=None) -> str:
    """What the heuristic bot plays in ``state``."""
    seat = state.current_player if seat is None else seat
    return str(heuristic(1).choose(Observation.of(state, seat)))


def test_it_pays_its_last_dollars_for_the_joint_that_completes_a_colour():
    """Three red joints held and the Racketeer in the fourth: $700 buys it and the game,
    though it keeps $800 back from any other buy (the rule before the colour sets: roll)."""
    state = table(2, active=YELLOW, money=700)
    for name in ("hh", "ah", "hb"):
        joint(state, YELLOW, name)
    gang(state, YELLOW, "racketeer", 4, "ac")
    gang(state, YELLOW, "thug", 2, "hh")
    gang(state, YELLOW, "vamp", 1, "hh")
    assert choice(state) == "buy"
    events = play(state, "buy", "roll")
    assert state.owner[where("ac")] == YELLOW and state.cash[YELLOW] == 100
    assert events
    other = table(2, active=YELLOW, money=700)  # no set: the reserve stands
    joint(other, YELLOW, "hh")
    gang(other, YELLOW, "racketeer", 4, "bb")
    gang(other, YELLOW, "thug", 2, "hh")
    gang(other, YELLOW, "vamp", 1, "hh")
    assert choice(other) == "roll"


def test_its_racketeer_takes_the_missing_joint_of_its_colour_over_a_dearer_one():
    """Four purple joints held: a green 5 from Madison St takes the Racketeer into Frankie's
    House of Cards (the fifth purple) or the Hawthorne Hotel (red, $600, listed first). The
    old rule saw two buildings it could pay for and took the first."""
    state = table(2, active=YELLOW, money=3000)
    for name in ("bb", "cc", "cv", "pc"):
        joint(state, YELLOW, name)
    gang(state, YELLOW, "racketeer", 4, "14.6", facing=N)
    gang(state, YELLOW, "thug", 2, "bb")
    gang(state, YELLOW, "vamp", 1, "bb")
    state.phase, state.dice = MOVE, [1, 1, 5, 1, 1]
    state._legal_cache = None
    moves = [str(a) for a in state.legal_actions() if str(a).startswith("move racketeer ")]
    assert moves.index("move racketeer hh inside citizen") < moves.index(
        "move racketeer fh inside citizen")
    assert choice(state) == "move racketeer fh inside citizen"


def test_its_first_pick_starts_a_colour_it_can_make():
    """4.1: three joints within $1,100. Two purples and an orange fit (a red, a blue and
    an orange are worth as much, with no two of a colour): the first pick is a purple."""
    state = GAME.new_game(2, 3)
    pick = choice(state)
    assert pick.startswith("joint ")
    assert printed_board().colour[pick.split()[1]] == "purple"


def test_the_commissioner_moves_a_cop_onto_a_criminal_rather_than_bribe():
    """17.2: Green leaves the cops to the Commissioner, who may bribe or move one. A bribe's
    money goes to the bank (17.5), and at a time limit his cash is his net worth (15.2):
    he sends Cop 6 into O'Malley's Saloon, where Red's criminal Vamp extorts (17.4: $300
    when she is shot). The rule before bribed whenever he held no badge."""
    state = table(5, active=GREEN, money=1000)
    state.order = [0, 1, 2, 3]
    cop(state, 6, "8.16", facing=E)
    gang(state, RED, "vamp", 1, "om", criminal=True)
    state.phase, state.dice, state.to_move = COP, [3, 0, 0, 0, 0], 4
    state._legal_cache = None
    assert "bribe" in legal(state)
    assert choice(state) == "cop 6 om inside"

"""Setup and starting setup, as the rulebook describes them, at every player count."""

from __future__ import annotations

import pytest

from gangland import OptionError
from gangland.games.gangster.moves import COLOURS
from gangland.games.gangster.setup import ALL_CARDS, POLICE
from gangland.games.gangster.tiles import EMPTY

from .scenario import GAME, d, legal, new


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_colour_starts_with_two_gangsters_out_and_seven_in_the_car(players):
    for seed in range(5):
        state = new(players, seed)
        colours = 4 if players == 2 else players
        assert state.ncol == colours
        assert state.ride == [7] * colours
        assert state.reserve == [11] * colours
        assert state.cards == [ALL_CARDS] * colours
        assert state.influence == [0] * players
        for x in range(colours):
            where = [dd for dd in state.scoring
                     if x in state.spaces[state.base[dd]:state.base[dd] + state.cap[dd]]]
            assert len(where) == 2, "two gangsters on two different districts"
            # The car stands where the first card sent a gangster.
            assert state.car[x] in where


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_gangsters_stand_on_arrow_spaces(players):
    state = new(players, 3)
    for dd in state.scoring:
        b = state.base[dd]
        tile = state.spaces[b:b + state.cap[dd]]
        assert all(x == EMPTY for x in tile[1:]), "only the arrow space can be taken"
    if players == 5:
        # Ten cards for ten districts: every district gets exactly one gangster.
        assert all(state.count[dd] == 1 for dd in state.scoring)


@pytest.mark.parametrize(("players", "police"), [(2, 2), (3, 2), (4, 2), (5, 3)])
def test_district_deck_after_the_first_doubler(players, police):
    state = new(players, 9)
    assert state.doublers == 1 and sum(state.doubler) == 1
    first = state.doubler.index(True)
    assert state.discard == [first]
    scoring = len(state.scoring)
    assert state.deck.count(POLICE) == police
    assert sorted(x for x in state.deck if x != POLICE) == sorted(
        x for x in state.scoring if x != first)
    assert len(state.deck) == scoring - 1 + police


def test_ten_scoring_tiles_dealt_onto_the_districts_the_rest_unused():
    state = new(4, 2)
    harbour = state.board.harbour
    assert state.tile[harbour] == -1
    dealt = [t for t in state.tile if t >= 0]
    assert len(dealt) == 10 and len(set(dealt)) == 10
    # Different seeds deal different tiles to a district.
    assert len({new(4, s).tile[d(state, "north-side")] for s in range(20)}) > 3


def test_equipment_three_in_the_harbour_one_per_tableau():
    for players in (2, 3, 4, 5):
        state = new(players, 4)
        assert len(state.harbour) == 3 and EMPTY not in state.harbour
        assert all(len(e) == 1 for e in state.equip)
        assert len(state.supply) == 30 - 3 - state.ncol - sum(state.box)


def test_three_players_leave_cicero_out():
    state = new(3, 1)
    cicero = d(state, "cicero")
    assert cicero not in state.scoring and state.cap[cicero] == 0
    assert cicero not in state.deck and cicero not in state.discard
    assert len(state.scoring) == 9
    view = state.view(0)
    entry = next(x for x in view["districts"] if x["name"] == "cicero")
    assert entry["tile"] is None and entry["scored"] is False


def test_seats_and_colours():
    state = new(2, 1)
    # Two players: four colours; P1 plays blue and brown, P2 yellow and gray.
    assert [COLOURS[x] for x in state.colours_of(0)] == ["blue", "brown"]
    assert [COLOURS[x] for x in state.colours_of(1)] == ["yellow", "gray"]
    assert state.current_player == 0 and legal(state) == ["play blue", "play brown"]
    five = new(5, 1)
    assert [five.colours_of(s) for s in range(5)] == [[0], [1], [2], [3], [4]]
    assert five.current_player == 0 and five.colour == 0


def test_the_same_seed_gives_the_same_table():
    assert new(4, 17).to_json() == new(4, 17).to_json()
    assert new(4, 17).to_json() != new(4, 18).to_json()


def test_options_are_checked():
    with pytest.raises(OptionError, match="turn_limit"):
        GAME.new_game(3, options={"turn_limit": 2})
    with pytest.raises(OptionError, match="2 to 5 players"):
        GAME.new_game(6)

"""Days of Reckoning: the rulebook's two examples, rounds, the end, and the safety limit."""

from __future__ import annotations

from gangland.games.gangster.setup import POLICE

from .scenario import (
    GAME,
    c,
    choose,
    clear_tiles,
    d,
    fill,
    give,
    legal,
    load_trunk,
    new,
    park,
    play,
    stack_casino,
    stack_deck,
    turn,
    use_tile,
)


def doublers_on(state, *names: str) -> None:
    """Doublers on exactly these districts; their cards go to the discard pile."""
    wanted = {d(state, n) for n in names}
    cards = [x for x in state.deck if x != POLICE] + [x for x in state.discard if x != POLICE]
    police = state.deck.count(POLICE) + state.discard.count(POLICE)
    state.doubler = [x in wanted for x in range(len(state.doubler))]
    state.doublers = len(wanted)
    state.discard = sorted(wanted)
    state.deck = sorted(x for x in cards if x not in wanted) + [POLICE] * police
    state._legal_cache = None


def eighth_doubler(state, colour: str, district: str, casino: int) -> list:
    """``colour`` drives with its last face-up card and draws the 8th doubler's card.

    The other seven doublers lie on the first seven scoring districts in board order other
    than ``district`` (South Side and Chinatown stay without one when it is North Side).
    """
    others = [n for n in state.board.names if n != district
              and d(state, n) in state.scoring][:7]
    doublers_on(state, *others)
    stack_deck(state, district)
    stack_casino(state, casino)
    state.cards[c(colour)] = 1 << 1
    if state.players == 2:
        choose(state, state.owner[c(colour)])
        play(state, f"play {colour}")
    else:
        turn(state, colour)
    park(state, colour, "stickney")
    give(state, colour)
    return play(state, "drive 1", "to west-side")


def placements(state, rnd: int, district: str) -> list[tuple[str, int, int]]:
    view = state.view(None)["reckonings"][rnd - 1]
    entry = next(x for x in view["districts"] if x["district"] == district)
    return [(p["colour"], p["gangsters"], p["points"]) for p in entry["placements"]]


def test_the_north_side_example():
    """Casino 5, a doubler, tile [?, 4, 2, ?]: Yellow 10, Gray 8, Brown 4, Blue 10, Green 0."""
    state = new(5, seed=1)
    clear_tiles(state)
    use_tile(state, "north-side", 4)
    assert state.board.parts.tiles[3].values_text() == ["?", 4, 2, "?"]
    # Yellow 3; Gray and Brown 2 each, Gray's last piece further down and right;
    # Blue and Green 1 each, Blue's ranked higher.
    fill(state, "north-side", ["yellow", "green", "brown", "yellow", "blue", "brown", "gray",
                               "yellow", "gray"])
    events = eighth_doubler(state, "green", "north-side", casino=5)
    assert placements(state, 1, "north-side") == [
        ("yellow", 3, 10), ("gray", 2, 8), ("brown", 2, 4), ("blue", 1, 10), ("green", 1, 0)]
    # Nothing else is on the board: these are everyone's points.
    blue, yellow, brown, gray, green = range(5)
    points = state.view(None)["reckonings"][0]["points"]
    assert [points[s] for s in (yellow, gray, brown, blue, green)] == [10, 8, 4, 10, 0]
    assert any("casino card 5" in e.text for e in events)
    assert any("North Side (doubled)" in e.text for e in events)
    # The ranks that broke the ties are kept: Gray's 9 over Brown's 6, Blue's 5 over Green's 2.
    entry = next(x for x in state.view(None)["reckonings"][0]["districts"]
                 if x["district"] == "north-side")
    assert [p["rank"] for p in entry["placements"]] == [8, 9, 6, 5, 2]


def test_a_game_stored_before_ranks_were_kept_still_loads():
    state = new(3, seed=5)
    eighth_doubler(state, "yellow", "north-side", casino=2)
    data = state.to_json()
    for record in data["state"]["reckonings"]:
        for result in record[4]:
            result[2] = [p[:3] for p in result[2]]
    again = GAME.state_from_json(data)
    view = again.view(None)
    placements = [p for d in view["reckonings"][0]["districts"] for p in d["placements"]]
    assert placements and all(p["rank"] is None for p in placements)
    assert view["influence"] == state.view(None)["influence"]


def test_the_two_player_example():
    """Kai (Gray, Yellow) and Carsten (Blue, Brown): Gray 10, Blue 4, Brown 10, Yellow 0."""
    state = new(2, seed=1)
    carsten, kai = 0, 1
    assert sorted(state.colours_of(kai)) == [c("yellow"), c("gray")]
    assert sorted(state.colours_of(carsten)) == [c("blue"), c("brown")]
    clear_tiles(state)
    use_tile(state, "north-side", 10)
    assert state.board.parts.tiles[9].values_text() == ["?", 2, "?"]
    fill(state, "north-side", ["gray", "blue", "yellow", "gray", "blue", "gray", "brown"])
    eighth_doubler(state, "blue", "north-side", casino=5)
    assert placements(state, 1, "north-side") == [
        ("gray", 3, 10), ("blue", 2, 4), ("brown", 1, 10), ("yellow", 1, 0)]
    assert state.influence[kai] == 10 and state.influence[carsten] == 14


def test_ties_go_to_the_highest_ranked_gangster_one_placement_each():
    state = new(3, seed=2)
    clear_tiles(state)
    use_tile(state, "chinatown", 3)  # [8, 5, 3, 1]; no doubler there
    fill(state, "chinatown", ["blue", "yellow", "brown", "brown", "yellow", "blue"])
    eighth_doubler(state, "blue", "north-side", casino=2)
    assert placements(state, 1, "chinatown") == [
        ("blue", 2, 8), ("yellow", 2, 5), ("brown", 2, 3)]


def test_the_reckoning_happens_the_moment_the_eighth_doubler_is_placed():
    state = new(4, seed=3)
    events = eighth_doubler(state, "brown", "north-side", casino=7)
    kinds = [e.kind for e in events]
    assert kinds.index("district-card") < kinds.index("reckoning") < kinds.index("new-round")
    rec = state.view(None)["reckonings"][0]
    assert rec["triggered_by"] == 2 and rec["casino"] == 7
    assert "last doubler" in rec["why"]


def test_between_rounds():
    state = new(4, seed=4)
    give(state, "gray", "trunk")
    load_trunk(state, "gray", "blue")
    cards_yellow = state.cards[c("yellow")] = 1 << 2
    before_cars = list(state.car)
    ride = list(state.ride)
    tiles = list(state.spaces)
    eighth_doubler(state, "brown", "north-side", casino=4)
    assert state.round == 2 and state.turns == 0
    # The casino card left the game.
    assert state.casino_drawn == [4] and 4 not in state.casino and len(state.casino) == 5
    # Doublers removed; the first doubler of the new round drawn; police shuffled in.
    assert state.doublers == 1 and sum(state.doubler) == 1
    assert len(state.discard) == 1 and state.discard[0] == state.doubler.index(True)
    assert len(state.deck) == len(state.scoring) - 1 + 2 and state.deck.count(POLICE) == 2
    # Six new gangsters each; leftovers stay, the trunk included; the board stays.
    assert state.ride == [r + 6 for r in ride]
    assert state.reserve == [5] * 4
    assert state.trunk[c("gray")] == (c("blue"),)
    assert state.spaces == tiles
    assert state.car[c("yellow")] == before_cars[c("yellow")]
    assert state.cards[c("yellow")] == cards_yellow, "movement cards stay as they are"
    # The player left of the one who triggered it starts.
    assert state.current_player == 3 and state.colour == c("gray")


def test_the_third_round_brings_five_and_the_third_reckoning_ends_the_game():
    state = new(3, seed=5)
    eighth_doubler(state, "yellow", "north-side", casino=2)
    eighth_doubler(state, "blue", "north-side", casino=3)
    assert state.round == 3 and state.reserve == [0, 0, 0]
    ride = list(state.ride)
    events = eighth_doubler(state, "brown", "north-side", casino=4)
    assert state.is_terminal and state.current_player is None and legal(state) == []
    assert state.ride == ride
    best = max(state.influence)
    assert state.winners() == [s for s in range(3) if state.influence[s] == best]
    assert events[-1].kind == "end"
    assert len(state.view(None)["reckonings"]) == 3


def tied_at_the_end():
    """Three players, the last reckoning played with P1 and P2 level on influence."""
    state = new(3, seed=6)
    clear_tiles(state)
    eighth_doubler(state, "blue", "north-side", casino=2)
    eighth_doubler(state, "blue", "north-side", casino=3)
    state.influence = [9, 9, 4]
    eighth_doubler(state, "blue", "north-side", casino=4)
    return state


def test_tied_influence_shares_the_win():
    state = tied_at_the_end()
    assert state.winners() == [0, 1]
    assert state.returns() == [0.25, 0.25, -0.5]


def test_three_players_never_score_or_unload_in_cicero():
    state = new(3, seed=7)
    clear_tiles(state)
    give(state, "blue")
    park(state, "blue", "west-side")
    turn(state, "blue")
    play(state, "drive 1")
    assert "to cicero" in legal(state), "cars may stop in Cicero"
    play(state, "to cicero")
    turn(state, "blue")
    assert all(a.startswith("drive") for a in legal(state)), "nothing is unloaded there"
    give(state, "blue", "tommy-gun")
    fill(state, "west-side", ["yellow"])
    turn(state, "blue")
    assert legal(state)[-1] == "tommy-gun west-side 1"
    eighth_doubler(state, "yellow", "north-side", casino=2)
    scored = [x["district"] for x in state.view(None)["reckonings"][0]["districts"]]
    assert "cicero" not in scored and len(scored) == 9


def test_a_round_also_ends_at_the_safety_limit():
    state = new(3, seed=8, turn_limit=5)
    assert state.limit == 15
    last = None
    while state.round == 1:
        last = state.current_player
        unloads = [a for a in state.legal_actions() if a.kind in ("unload", "load")]
        state.apply(unloads[0])
    rec = state.view(None)["reckonings"][0]
    assert "limit of 15 turns" in rec["why"] and rec["triggered_by"] == last
    assert state.current_player == (last + 1) % 3


def test_the_move_bound_follows_from_the_limit():
    assert GAME.move_bound(3, {"turn_limit": 60}) == 3 * 60 * 3 * 5
    assert GAME.move_bound(2, {"turn_limit": 60}) == 3 * 60 * 4 * 6


def test_two_players_next_round_starts_with_the_other_seat_choosing():
    state = new(2, seed=9)
    eighth_doubler(state, "brown", "north-side", casino=3)  # P1 (blue and brown) triggers
    assert state.round == 2 and state.current_player == 1
    assert state.view(None)["phase"] == "choose-colour"
    assert legal(state) == ["play yellow", "play gray"]
    assert state.reserve == [5] * 4, "six new gangsters for each of the four colours"


def test_a_reckonings_texts_count_gangsters_in_good_english():
    """"Yellow 12 (1 gangster)", never "(1 gangsters)": every district's line, over whole
    random games, names each colour's count with the right noun."""
    from gangland.engine import Rng

    lone = 0
    for seed in range(1, 4):
        state, chooser = GAME.new_game(3, seed), Rng(seed)
        while not state.is_terminal:
            for e in state.apply(chooser.choice(state.legal_actions())):
                if e.kind != "district-scored":
                    continue
                for _colour, gangsters, points in e.data["placements"]:
                    noun = "gangster" if gangsters == 1 else "gangsters"
                    assert f" {points} ({gangsters} {noun})" in e.text, e.text
                    lone += gangsters == 1
    assert lone, "no district was scored with a lone gangster: the test saw no singular"

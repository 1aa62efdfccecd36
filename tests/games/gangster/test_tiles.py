"""Placement on a scoring tile: one test per sentence of the rulebook, step by step.

North Side gets tile 1 (8 spaces, two rows of four) and Blue's car; every step is a real
``unload`` or ``load`` action played through the state.
"""

from __future__ import annotations

import pytest

from gangland import IllegalAction

from .scenario import clear_tiles, fill, new, park, play, tile, turn, use_tile

B, Y = "blue", "yellow"


@pytest.fixture
def state():
    s = new(4, seed=2)
    clear_tiles(s)
    use_tile(s, "north-side", 1)
    park(s, B, "north-side")
    return s


def act(state, *texts: str) -> None:
    """Blue plays each action on a turn of its own."""
    for text in texts:
        turn(state, B)
        play(state, text)


def next_space(state) -> int | None:
    entry = next(x for x in state.view(0)["districts"] if x["name"] == "north-side")
    return entry["tile"]["next_space"]


def test_the_first_gangster_goes_on_the_arrow_space(state):
    """'The first gangster is always placed on the arrow space at the very top left.'"""
    act(state, "unload blue")
    assert tile(state, "north-side") == [B] + [None] * 7


def test_then_in_reading_order_and_on_to_the_next_row(state):
    """'The next gangsters are placed to the right of it, in reading order ... Once a row
    is full, placement begins again at the far left of the row below.'"""
    act(state, *["unload blue"] * 5)
    assert tile(state, "north-side") == [B, B, B, B, B, None, None, None]
    assert next_space(state) == 6


def test_rank_is_the_space_number(state):
    """'The higher the number of the space a gangster occupies, the higher their rank.'"""
    fill(state, "north-side", [Y, B, Y, B, B])
    spaces = next(x for x in state.view(0)["districts"]
                  if x["name"] == "north-side")["tile"]["spaces"]
    ranks = {colour: max(i + 1 for i, x in enumerate(spaces) if x == colour) for colour in (B, Y)}
    assert ranks == {B: 5, Y: 3}


def test_a_gap_remains_and_is_not_refilled_at_once(state):
    """'Over the course of the game, gaps appear ... as gangsters are loaded away. These
    gaps remain and are not immediately refilled.'"""
    fill(state, "north-side", [B, Y, B])
    act(state, "load 2")  # Yellow's gangster into Blue's trunk: a gap at space 2
    act(state, "unload blue")
    assert tile(state, "north-side")[:4] == [B, None, B, B]


def test_removing_the_last_placed_gangster_leaves_no_gap(state):
    """'Removing the last-placed gangster from a scoring tile does not create a gap.'"""
    fill(state, "north-side", [B, B, Y])
    act(state, "load 3")
    assert tile(state, "north-side")[:4] == [B, B, None, None]
    act(state, "unload yellow")
    assert tile(state, "north-side")[:4] == [B, B, Y, None]


def test_an_emptied_tile_starts_again_on_the_arrow_space(state):
    """'The first gangster is always placed on the arrow space at the very top left of the
    scoring tile': also once the tile has been emptied, whatever order it was emptied in."""
    act(state, "unload blue", "unload blue")
    assert tile(state, "north-side")[:3] == [B, B, None]
    act(state, "load 1", "load 2")  # space 1 first: a gap, then the end of the sequence
    assert tile(state, "north-side") == [None] * 8
    assert next_space(state) == 1
    act(state, "unload blue")
    assert tile(state, "north-side")[:3] == [B, None, None]
    act(state, "unload blue")
    assert tile(state, "north-side")[:3] == [B, B, None]


def test_an_emptied_full_tile_starts_again_on_the_arrow_space(state):
    """Emptied after its last space was reached, a tile starts from the arrow space too."""
    fill(state, "north-side", [B] * 8)
    act(state, "load 1", *[f"load {space}" for space in range(8, 1, -1)])
    assert tile(state, "north-side") == [None] * 8
    assert next_space(state) == 1


def test_empty_spaces_left_at_the_end_of_the_sequence_are_no_gaps(state):
    """Decision: a gap is an empty space with a gangster after it. When the gangster at the
    end of the sequence is loaded away, the empty spaces before it that now end the tile
    are free again: the next gangster goes right after the highest-ranked one left."""
    fill(state, "north-side", [B, None, B])
    act(state, "load 3")
    assert next_space(state) == 2
    act(state, "unload blue")
    assert tile(state, "north-side")[:4] == [B, B, None, None]


def test_earlier_gaps_stay_gaps_when_the_end_is_removed(state):
    """Only the empty spaces at the end become free: a gap before a gangster stays a gap."""
    fill(state, "north-side", [B, None, B, B])
    act(state, "load 4", "unload blue")
    assert tile(state, "north-side")[:5] == [B, None, B, B, None]


def test_a_gap_just_before_the_last_space_ends_the_sequence_once_it_is_emptied(state):
    """'If the gangster on the last space is removed again, that space must be filled again
    before any further gaps can be filled': the gaps with gangsters after them wait. An
    empty space right before the last one has none after it any more, so it comes first."""
    fill(state, "north-side", [B, B, None, B, B, B, None, B])
    act(state, "load 8")
    assert next_space(state) == 7
    act(state, "unload blue", "unload blue")
    assert tile(state, "north-side") == [B, B, None, B, B, B, B, B]
    assert next_space(state) == 3


def test_gaps_are_used_only_once_the_last_space_is_taken(state):
    """'Gangsters may only be placed into a gap again once a gangster already occupies the
    last space of the scoring tile.'"""
    fill(state, "north-side", [B, None, B, B, B, B, B])
    act(state, "unload blue")
    assert tile(state, "north-side") == [B, None, B, B, B, B, B, B]
    act(state, "unload blue")
    assert tile(state, "north-side") == [B] * 8


def test_gaps_are_filled_top_to_bottom_in_reading_order(state):
    """'Gaps are then filled from top to bottom, in reading order.'"""
    fill(state, "north-side", [B, B, B, B, None, B, B, B])
    act(state, "load 2")
    assert tile(state, "north-side") == [B, None, B, B, None, B, B, B]
    act(state, "unload blue")
    assert tile(state, "north-side") == [B, B, B, B, None, B, B, B]
    act(state, "unload blue")
    assert tile(state, "north-side") == [B] * 8


def test_the_last_space_is_refilled_before_other_gaps(state):
    """'If the gangster on the last space is removed again, that space must be filled
    again before any further gaps can be filled.'"""
    fill(state, "north-side", [B, B, None, B, B, B, B, B])
    act(state, "load 8")
    assert tile(state, "north-side") == [B, B, None, B, B, B, B, None]
    assert next_space(state) == 8
    act(state, "unload blue")
    assert tile(state, "north-side") == [B, B, None, B, B, B, B, B]
    assert next_space(state) == 3
    act(state, "unload blue")
    assert tile(state, "north-side") == [B] * 8


def test_a_full_tile_takes_nobody(state):
    """Silent in the rules: with every space taken there is nowhere to unload."""
    fill(state, "north-side", [B] * 8)
    turn(state, B)
    assert "unload blue" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="full"):
        state.parse_action("unload blue")
    assert next_space(state) is None

"""The public events carry what the board marks as changed (web/renderers/parts/g1994-marks.js):
a move names the space the pawn left as well as the one it reached, and an exchange the kind
of item that changed hands (its values stay in the two players' own event)."""

from __future__ import annotations

from .scenario import card, give, play, script, table


def test_a_roll_names_the_space_left_and_the_space_reached():
    state = table(2)
    state.pos[0] = 4
    script(state, 2)  # a 3: space 5 -> space 8
    moves = [e for e in play(state, "roll") if e.kind == "move"]
    assert [(e.data["from"], e.data["to"], e.data["steps"]) for e in moves] == [(5, 8, 3)]
    assert moves[0].to is None  # public: every pawn is on the board for all to see


def test_a_secret_passage_names_the_space_left_too():
    state = table(2)
    state.pos[0] = 9
    state.pos[1] = 22
    script(state, 0, 5, 5, 5)  # onto the Passage (space 11); 18 in the sewers: any free space
    play(state, "roll")
    moves = [e for e in play(state, "goto 12") if e.kind == "move"]
    assert [(e.data["from"], e.data["to"]) for e in moves] == [(11, 12)]


def test_an_exchange_says_the_kind_in_public_and_the_values_only_to_the_two():
    state = table(3)
    give(state, 0, card("perle", 100))
    give(state, 2, card("perle", 7500))
    state.pos[0] = 13
    script(state, 0)  # space 14: the Exchange
    play(state, "roll", "trade 3 pearl")
    script(state, 0)
    events = play(state, "give 1")
    public = next(e for e in events if e.kind == "exchange")
    assert public.to is None and public.data == {"seat": 0, "with": 2, "kind": "pearl"}
    values = next(e for e in events if e.kind == "exchange-values")
    assert values.to == frozenset({0, 2})

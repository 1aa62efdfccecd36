"""The public events carry what the board marks as changed (web/renderers/parts/
gangsters-marks.js): a move of a gang piece, a cop or a public piece names the space it
left as well as the one it reached (space ids, the order of client_data's spaces)."""

from __future__ import annotations

from gangland.games.gangsters.web import client_data

from .scenario import (
    GREEN,
    E,
    N,
    S,
    allow_all,
    cop,
    gang,
    play,
    public,
    roll,
    step,
    table,
    tok,
    where,
)


def test_a_cop_move_names_the_space_it_left():
    state = table(active=GREEN)
    gang(state, GREEN, "racketeer", 2, "Ontario St 3", E)
    start = step("Roosevelt Rd 1", E, E, E, E, E)
    cop(state, 10, start, E)
    roll(state, 2, 1, 1, 1, 1)
    move = next(a for a in state.legal_actions() if a.kind == "cop" and a.args[0] == 10
                and a.args[2] != "inside")
    events = [e for e in play(state, str(move)) if e.kind == "cop"]
    assert events[0].data["from"] == start and events[0].data["space"] == where(str(move.args[1]))
    assert events[0].to is None
    allow_all(state)


def _to_the_moves(state, public_at: int):
    """Green rolls (a white 2 moves a public piece) and its cop move stands."""
    gang(state, GREEN, "racketeer", 2, "Ontario St 3", E)
    public(state, 0, public_at, E)
    cop(state, 10, step("Roosevelt Rd 1", E, E, E, E, E), E)
    roll(state, 1, 2, 1, 1, 3)
    move = next(a for a in state.legal_actions() if a.kind == "cop" and a.args[0] == 10
                and a.args[2] != "inside")
    play(state, str(move))
    allow_all(state)


def test_a_gang_piece_names_the_space_it_left():
    state = table(active=GREEN)
    thug_at = step("Riverside Drive & Central Ave", N)
    gang(state, GREEN, "thug", 3, thug_at, S)
    _to_the_moves(state, where("Ontario St 9"))
    thug = next(a for a in state.legal_actions() if a.kind == "move" and a.args[0] == "thug")
    moved = [e for e in play(state, str(thug)) if e.kind == "move"]
    assert moved[0].data["from"] == thug_at and moved[0].data["space"] == where(str(thug.args[1]))
    assert moved[0].to is None
    spaces = client_data({})["spaces"]
    assert spaces[moved[0].data["from"]]["token"] == tok(thug_at)  # what the board looks up


def test_a_public_piece_names_the_space_it_left():
    state = table(active=GREEN)
    public_at = where("Ontario St 9")
    _to_the_moves(state, public_at)
    shift = next(a for a in state.legal_actions() if a.kind == "public")
    moved = [e for e in play(state, str(shift)) if e.kind == "public"]
    assert moved[0].data == {"public": 0, "from": public_at, "space": where(str(shift.args[1]))}

"""The secret setup choices (4.2, 4.3): the chooser sees its own, nobody else sees any of it.

Until the last gang has chosen, the board holds nothing of a written-down gang (every
strength is 0), so a seat's own view must say what it wrote (``secret``), and every other
view, the spectators' included, must be the same whatever it wrote.
"""

from __future__ import annotations

import io
import json

from rich.console import Console

import gangland
from gangland.engine import visible
from gangland.games.gangsters.text import render_view

GAME = gangland.load("gangsters")


def at_phase(phase: str, players: int = 3, seed: int = 4):
    """A game played by first legal actions (every gang 1 1 1) up to the first decision of
    ``phase``."""
    state = GAME.new_game(players=players, seed=seed)
    while state.view(None)["decision"]["kind"] != phase:
        legal = state.legal_actions()
        state.apply(next((a for a in legal if str(a) == "gang 1 1 1"), legal[0]))
    return state


def words(view) -> str:
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(view))
    return console.export_text()


def same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_your_own_secret_gang_is_in_your_view_and_drawn():
    state = at_phase("gang")
    seat = state.to_move
    state.apply(state.parse_action("gang 2 1 1"))
    mine = state.view(seat)["gangs"][seat]
    assert mine["secret"] == {"gang": {"racketeer": 2, "thug": 1, "vamp": 1}}
    assert all(p["strength"] == 0 for p in mine["pieces"])  # the board: nothing yet
    text = words(state.view(seat))
    assert "Your gang, written down: 2 Racketeers, 1 Thug and a Vamp" in text
    assert "2/1/1 secret" in text


def test_nobody_else_sees_anything_of_a_secret_gang():
    base = at_phase("gang")
    seat = base.to_move
    views = []
    for gang in ("gang 2 1 1", "gang 0 3 0"):
        state = base.clone()
        events = state.apply(state.parse_action(gang))
        others = [s for s in range(state.players) if s != seat] + [None]
        views.append({s: (state.view(s), [(e.kind, e.text, e.data)
                                          for e in visible(events, s)]) for s in others})
        for s in others:
            assert "secret" not in json.dumps(state.view(s)["gangs"])
            assert "chosen" not in state.view(s)["gangs"][seat]
    for s in views[0]:
        assert same(views[0][s], views[1][s]), f"seat {s} can tell the two gangs apart"


def test_your_own_secret_start_is_in_your_view_and_nobody_elses():
    base = at_phase("place")
    seat = base.to_move
    options = [str(a) for a in base.legal_actions()]
    assert len(options) > 1
    views = []
    for start in (options[0], options[-1]):
        state = base.clone()
        state.apply(state.parse_action(start))
        mine = state.view(seat)["gangs"][seat]
        joints = [tok for tok, _ in mine["joints"]]
        picks = [int(n) for n in start.split()[1:]]
        want = {k: joints[n - 1] if n else None
                for k, n in zip(("racketeer", "thug", "vamp"), picks, strict=True)}
        assert mine["secret"] == {"start": want}
        assert "Your gang starts, written down:" in words(state.view(seat))
        views.append({s: state.view(s) for s in [*range(state.players), None] if s != seat})
    for s in views[0]:
        assert same(views[0][s], views[1][s]), f"seat {s} can tell the two starts apart"

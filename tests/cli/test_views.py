"""Every view the terminal draws is the view of the person at the keyboard, in every game.

The terminal renders views only, so what it can leak is a whole view: the wrong seat's.
These tests watch each view the play loop draws and check that it is exactly the view of
the seat whose person is looking: the one person among bots, the person to move in hot
seat, the spectators' at the end of a hot-seat game. They run over every game, through a
new game, a quit and a resume, with the prompt commands typed in between.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import click
import pytest

import gangland
import gangland.cli
from gangland.terminal.play import Session

Shown = list[tuple[dict[str, Any], int | None, bool, dict[int | None, dict[str, Any]]]]
FIRST = "<the first legal action>"
TYPED = ["help", "history", "view", *[FIRST, "history"] * 8]


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Shown:
    """Each view drawn: the view, whose turn it was, whether the game was over, and every
    seat's (and the spectators') true view at that moment.

    The person types :data:`TYPED` (Enter at every pass screen, ``quit`` at the end),
    ``FIRST`` standing for the first legal action, so that every game moves on.
    """
    drawn: Shown = []
    sessions: list[Session] = []
    script: Iterator[str] = iter(())

    class Watched(Session):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            nonlocal script
            super().__init__(*args, **kwargs)
            sessions.append(self)
            script = iter(TYPED)
            inner = self.render

            def render(view: Any, options: Any) -> Any:
                st = self.state
                every = {s: st.view(s) for s in [*range(st.players), None]}
                drawn.append((view, st.current_player, st.is_terminal, every))
                return inner(view, options)

            self.render = render

    def prompt(text: str, *args: Any, **kwargs: Any) -> str:
        if text.endswith("press Enter"):
            return ""
        typed = next(script, "quit")
        return str(sessions[-1].state.legal_actions()[0]) if typed == FIRST else typed

    monkeypatch.setattr(gangland.cli, "Session", Watched)
    monkeypatch.setattr(click, "prompt", prompt)
    return drawn


def seats_of(view: dict[str, Any], every: dict[int | None, dict[str, Any]]) -> set[int | None]:
    """The seats whose view this is (several when their views happen to be equal)."""
    return {s for s, v in every.items() if v == view}


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_one_person_among_bots_only_ever_sees_their_own_seat(invoke, shown, game_id):
    seats = ["--seat", "random", "--seat", "human", "--seat", "random"]
    first = invoke("play", game_id, "--seed", "4", *seats, "--save", "v.json")
    assert first.exit_code == 0, first.output
    before = len(shown)
    again = invoke("play", "--resume", "v.json")
    assert again.exit_code == 0, again.output
    assert len(shown) > before + 1
    for view, _, _, every in shown:
        assert 1 in seats_of(view, every), "the person at P2 was shown another seat's view"


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_hot_seat_shows_each_person_only_their_own_seat(invoke, shown, game_id):
    seats = ["--seat", "human", "--seat", "random", "--seat", "human"]
    first = invoke("play", game_id, "--seed", "4", *seats, "--save", "h.json")
    assert first.exit_code == 0, first.output
    before = len(shown)
    again = invoke("play", "--resume", "h.json")
    assert again.exit_code == 0, again.output
    resumed = {to_move for _, to_move, _, _ in shown[before:]}
    assert resumed == {0, 2}, "after the resume both people play their own seats"
    for view, to_move, over, every in shown:
        allowed = None if over else to_move
        assert allowed in (None, 0, 2)
        assert allowed in seats_of(view, every), f"P{to_move} saw another seat's view"

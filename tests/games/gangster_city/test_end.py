"""The end of the game lays open every case (decision 11): views, text and replays."""

from __future__ import annotations

import io
import time

from fastapi.testclient import TestClient
from rich.console import Console

from gangland.engine import Rng
from gangland.engine.conformance import check_resample
from gangland.games.gangster_city.text import render_view
from gangland.server.app import create_app
from gangland.server.config import Settings

from .scenario import DECK, GAME, card, dealt_from_a_public_pile, play, table

LENA_CASE = "entertainer syringe theater money"
BOB_CASE = "thug knife street love"
CARL_CASE = "scientist revolver theater money"
MIDDLE = ["entertainer syringe theater love", "scientist knife street money",
          "thug revolver hotel-room love"]


def text_of(view: dict, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(view, {}))
    return console.export_text()


def test_a_win_shows_every_case_to_every_seat_and_to_spectators():
    state = table([LENA_CASE, BOB_CASE, CARL_CASE], MIDDLE, cases_to_win=1)
    assert state.view(1)["stands"][1]["case"] is None  # during play: hidden from its holder
    assert state.view(None)["stands"][2]["case"] is None  # and from spectators
    play(state, f"arrest {LENA_CASE}")
    assert state.is_terminal
    for seat in (None, 0, 1, 2):
        stands = state.view(seat)["stands"]
        assert stands[0]["case"] is None  # Lena's last case is solved: no case on her stand
        assert stands[0]["solved"] == [card(LENA_CASE) + 1]
        assert stands[1]["case"] == card(BOB_CASE) + 1
        assert stands[2]["case"] == card(CARL_CASE) + 1


def test_the_last_detective_standing_sees_its_own_case():
    state = table([LENA_CASE, BOB_CASE], MIDDLE, experienced=True)
    play(state, "arrest thug syringe street love", "draw", "arrest thug syringe street money")
    assert state.is_terminal and state.winners() == [1]
    assert state.view(1)["stands"][1]["case"] == card(BOB_CASE) + 1
    assert state.view(None)["stands"][1]["case"] == card(BOB_CASE) + 1


def test_at_the_end_a_case_dealt_from_the_public_pile_is_no_longer_mixed_in():
    state = dealt_from_a_public_pile(experienced=True)
    assert state.view(0)["pile"]["with_cases_of"] == [0]
    assert state.view(None)["pile"]["with_cases_of"] == [0]
    wrong = [a for a in state.legal_actions()
             if a.kind == "arrest" and a != DECK.arrests[state.cases[1]]]
    state.apply(wrong[0])  # P2 errs,
    state.apply(next(a for a in state.legal_actions() if a.kind == "draw"))
    state.apply(wrong[1])  # and again: out, so P1 is the last detective and wins
    assert state.is_terminal and state.winners() == [0]
    assert state.from_pile[0]
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["stands"][0]["case"] == state.cases[0] + 1
        assert view["pile"] == {"size": len(state.pile),
                                "cards": sorted(c + 1 for c in state.pile),
                                "with_cases_of": []}


def test_resampling_a_finished_game_keeps_every_case():
    state = table([LENA_CASE, BOB_CASE, CARL_CASE], MIDDLE, cases_to_win=1)
    play(state, f"arrest {LENA_CASE}")
    check_resample(state, 5)
    for seat in (None, 0, 1, 2):
        for seed in range(5):
            assert state.resample(seat, Rng(seed)).cases == state.cases


def test_the_terminal_shows_every_case_at_the_end():
    state = table([LENA_CASE, BOB_CASE, CARL_CASE], MIDDLE, cases_to_win=1)
    during = text_of(state.view(None))
    assert "Thug, Knife, Street, Love" not in during and "hidden" in during
    assert "hidden (your own case)" in text_of(state.view(1))
    play(state, f"arrest {LENA_CASE}")
    for seat in (None, 1):
        shown = text_of(state.view(seat))
        assert "hidden" not in shown
        assert "Case card: #" + str(card(BOB_CASE) + 1) + " Thug, Knife, Street, Love" in shown
        assert "none (the last case was solved)" in shown
    assert "Thug, Knife, Street, Love (your case)" in text_of(state.view(1))


def test_a_replay_hides_the_cases_at_the_start_and_shows_them_at_the_end(tmp_path):
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'tables.db'}", bot_pool="thread",
                        think_ms=0, min_think_ms=0)
    with TestClient(create_app(settings)) as client:
        made = client.post("/api/tables", json={
            "game": "gangster-city", "players": 3, "options": {"cases_to_win": 1},
            "think_ms": 0, "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "detective"}]
            * 2}).json()
        tid = made["table"]["id"]
        hub = client.app.state.hub
        for _ in range(3000):
            state = hub.tables[tid].state
            if state.is_terminal and client.get(f"/api/tables/{tid}").json()["status"] \
                    == "finished":
                break
            if state.current_player == 0:
                client.post(f"/api/tables/{tid}/actions", json={
                    "token": made["token"], "action": str(state.legal_actions()[0]),
                    "version": len(state.history)})
            else:
                time.sleep(0.01)
        state = hub.tables[tid].state
        assert state.is_terminal
        steps = len(state.history)
        for seat in ("", "&seat=0", "&seat=2"):
            first = client.get(f"/api/tables/{tid}/replay?step=0{seat}").json()["view"]
            last = client.get(f"/api/tables/{tid}/replay?step={steps}{seat}").json()["view"]
            viewer = None if not seat else int(seat[-1])
            hidden_at_start = [s for s, st in enumerate(first["stands"]) if st["case"] is None]
            assert hidden_at_start == ([0, 1, 2] if viewer is None else [viewer])
            shown = [s for s, st in enumerate(last["stands"]) if st["case"] is not None]
            assert shown == [s for s in range(3) if state.cases[s] >= 0]
            assert len(shown) == 2  # the winner's stand alone is empty: it solved its case


def test_the_goal_is_counted_in_good_english():
    """"first to 1 solved case wins", never "1 solved cases"."""
    one = GAME.new_game(2, seed=1, options={"cases_to_win": 1})
    assert "first to 1 solved case wins" in text_of(one.view(0))
    assert "first to 2 solved cases wins" in text_of(GAME.new_game(2, seed=1).view(0))

"""The golden traces: every game, its bots and the search still do exactly what they did.

A failure names the game, the trace (seed, players, options), the first step that differs
and which aspect of it (legal actions, their indices, the views, the snapshot, scores and
turn, a resample, the action played or its events), or the decision whose move or visit
counts changed. Speed work must never fail here. Regenerate the files
(``python scripts/golden_traces.py --write``) only for an intended change of behaviour,
and name it in the commit.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import gangland
from gangland.engine import Action, Event
from gangland.games.gangster_city.rules import TableState
from gangland.games.gangster_city.solo import CaseState

from . import golden


@pytest.mark.slow  # about 25 s for the five games (Gangsters 11 s)
@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_the_game_plays_as_its_golden_traces(game_id):
    problems = golden.compare(game_id)
    assert not problems, "\n".join([*problems, "Regenerate only if the change is intended: "
                                    + golden.REGENERATE])


def test_every_game_has_golden_traces_of_every_player_count_and_variant():
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        data = golden.load_golden(game_id)
        traces = data["traces"]
        assert {t["players"] for t in traces} == set(range(game.min_players,
                                                           game.max_players + 1))
        assert all(o in [t["options"] for t in traces] for o in game.conformance_options)
        assert {t["lineup"] for t in traces} == {"", "own", "mixed"}
        assert {d["bot"].partition(":")[0] for d in data["decisions"]} >= {"ismcts"}


def test_a_changed_event_text_is_found_at_its_step(monkeypatch):
    apply = TableState._apply

    def reworded(self: TableState, action: Action) -> list[Event]:
        events = apply(self, action)
        if len(self.history) == 3:
            first = events[0]
            events[0] = Event(first.kind, first.text + " (reworded)", first.to, first.data)
        return events

    monkeypatch.setattr(TableState, "_apply", reworded)
    problems = golden.compare("gangster-city")
    assert problems[0].startswith(
        "gangster-city trace 0 (seed 11, 1 player, options {}): step 3 differs in events "
        "(the code now plays ")


def test_a_reordered_legal_list_is_found_at_its_step(monkeypatch):
    legal = CaseState._legal

    def reordered(self: CaseState) -> list[Action]:
        actions = legal(self)
        return actions[::-1] if len(self.history) == 4 else actions

    monkeypatch.setattr(CaseState, "_legal", reordered)
    problems = golden.compare("gangster-city")
    # The first trace that plays a printed case (CaseState) and lasts five steps.
    assert problems[0].startswith(
        'gangster-city trace 4 (seed 15, 3 players, options {"case":"hard","experienced":true})'
        ": step 4 differs in legal, ")


def test_a_clone_that_shares_a_list_is_found_where_the_list_changes(monkeypatch):
    clone = TableState.clone

    def sharing(self: TableState) -> TableState:
        new = clone(self)
        new.middle = self.middle  # a face-up card taken from the clone leaves the original
        return new

    monkeypatch.setattr(TableState, "clone", sharing)
    problems = golden.compare("gangster-city")
    assert " differs in state " in problems[0]


def test_the_script_refuses_an_unknown_game_naming_the_games():
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, str(root / "scripts" / "golden_traces.py"), "nope"],
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONPATH": str(root / "src")})
    assert result.returncode == 2
    assert "unknown game 'nope'; games are: chicago-gangster, gangster," in result.stderr

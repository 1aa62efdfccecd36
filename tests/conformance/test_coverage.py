"""A conformance suite that reaches rare states (issue 25).

Seeded games between bots (``bulk.py``) at every game, player count and option preset:

- every seat wins at least once, within a budget of decisions;
- every ending a game declares (``Game.endings``) is reached, and no game ends in a
  way its endings do not declare;
- every rare event named for the game (``coverage_data.RARE``) is reached, and the
  hidden-information properties, snapshot isolation and malformed actions are checked
  right after the first of each;
- one long bot game per game has the hidden-information properties checked at every
  step, and must pass through the game's reshuffles, rebuilt piles or new rounds;
- the record of what was reached is written to ``test-artifacts/conformance-coverage.json``
  (``scripts/conformance-coverage.py`` prints it as the table in ``docs/conformance.md``).

Each check is shown to fail on a planted bug at the end of this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import gangland
from gangland.engine import conformance as c
from gangland.engine.game import Ending

from . import bulk
from .coverage_data import LONG, RARE, SEATS_PENDING, UNREACHED

ROOT = Path(__file__).resolve().parents[2]
CASES = bulk.cases()


def _id(case: tuple[str, int, dict[str, Any]]) -> str:
    return bulk.case_key(*case)


@pytest.mark.parametrize("case", CASES, ids=[_id(x) for x in CASES])
def test_every_seat_wins(case: tuple[str, int, dict[str, Any]]):
    game_id, players, options = case
    cov = bulk.coverage(game_id, players)
    result = cov.cases[bulk.case_key(game_id, players, options)]
    never = c.seats_never_won(players, result["wins"])
    pending = SEATS_PENDING.get((game_id, players))
    if pending is not None:
        seat, _why = pending
        never = [s for s in never if s != f"P{seat + 1}"]
    assert not never, (
        f"{bulk.case_key(*case)}: {', '.join(never)} never won in {result['games']} games "
        f"({result['decisions']} decisions); wins: {result['wins']}"
    )


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_every_ending_is_reached_and_declared(game_id: str):
    cov = bulk.coverage(game_id)
    endings = bulk.endings(game_id)
    assert endings, f"{game_id} declares no endings (Game.endings)"
    seen = cov.total(game_id, "endings")
    wanted = [e.name for e in endings if (game_id, e.name) not in UNREACHED]
    never = c.missing(wanted, seen)
    assert not never, f"{game_id}: never ended by {', '.join(never)}; seen: {seen}"
    odd = {k: v["undeclared"] for k, v in cov.cases.items()
           if v["game"] == game_id and v.get("undeclared")}
    assert not odd, f"{game_id}: games ended in no declared way: {odd}"


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_every_rare_event_is_reached(game_id: str):
    cov = bulk.coverage(game_id)
    seen = cov.total(game_id, "rare")
    never = c.missing(RARE.get(game_id, ()), seen)
    assert not never, f"{game_id}: never reached {', '.join(never)}; seen: {seen}"


@pytest.mark.parametrize("game_id", sorted(LONG))
def test_hidden_information_at_every_step_of_a_long_game(game_id: str):
    players, options, pattern, seed, through = LONG[game_id]
    cov = c.Coverage()
    key = "long:" + bulk.case_key(game_id, players, options)
    bulk.play_one(cov, key, game_id, players, options, seed,
                  bulk.lineup(game_id, players, seed, pattern), every_step=True)
    case = cov.cases[key]
    never = c.missing(through, case["rare"])
    assert not never, f"{key} seed {seed}: the long game never passed {', '.join(never)}"
    assert case["decisions"] > 60, f"{key}: the long game was only {case['decisions']} moves"


def test_the_random_suite_runs_every_game_count_and_preset():
    """Snapshot isolation and malformed actions (test_conformance) at every case."""
    from .test_conformance import CASES as RANDOM_CASES

    assert [bulk.case_key(*x) for x in RANDOM_CASES] == [bulk.case_key(*x) for x in CASES]
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        for players in range(game.min_players, game.max_players + 1):
            for options in game.conformance_options:
                assert (game_id, players, dict(options)) in CASES


def test_the_coverage_record_is_written():
    cov = bulk.coverage()
    path = ROOT / "test-artifacts" / "conformance-coverage.json"
    bulk.write_record(cov, path)
    assert path.exists()
    for game_id, players, options in CASES:
        case = cov.cases[bulk.case_key(game_id, players, options)]
        assert case["games"] >= 1 and case["decisions"] > 0


# ----- each check can fail ---------------------------------------------------------------


def test_a_seat_that_never_wins_is_named(monkeypatch: pytest.MonkeyPatch):
    state_cls = type(gangland.load("gangster-city").new_game(3, 1))
    real = state_cls.winners

    def never_p3(self: Any) -> list[int]:
        return [s for s in real(self) if s != 2]

    monkeypatch.setattr(state_cls, "winners", never_p3)
    cov = c.Coverage()
    key = bulk.play_case(cov, "gangster-city", 3, {}, budget=3_000, max_games=12)
    assert c.seats_never_won(3, cov.cases[key]["wins"]) == ["P3"]


def test_an_ending_never_reached_is_named():
    game_id = "gangster-city"
    cov = c.Coverage()
    bulk.play_case(cov, game_id, 2, {}, budget=1_000, max_games=3)
    endings = (*bulk.endings(game_id), Ending("a planted ending", "end", "never said"))
    seen = cov.total(game_id, "endings")
    assert c.missing([e.name for e in endings], seen)[-1] == "a planted ending"


def test_an_undeclared_ending_is_caught(monkeypatch: pytest.MonkeyPatch):
    game = gangland.load("gangster-city")
    monkeypatch.setattr(type(game), "endings", (Ending("x", "end", "nothing"),))
    cov = c.Coverage()
    key = bulk.play_case(cov, "gangster-city", 2, {}, budget=500, max_games=1, min_games=1)
    assert cov.cases[key]["endings"] == {"(undeclared)": 1}
    assert cov.cases[key]["undeclared"][0]["seed"] == 1


def test_a_rare_event_never_reached_is_named():
    cov = c.Coverage()
    bulk.play_case(cov, "chicago-gangster", 2, {"turn_limit": 12}, budget=200, max_games=1,
                   min_games=1)
    assert "a planted event" in c.missing(("war", "a planted event"),
                                          cov.total("chicago-gangster", "rare"))


def test_a_view_that_leaks_after_a_rebuild_is_caught(monkeypatch: pytest.MonkeyPatch):
    """A view that shows the pile's top card once the pile was rebuilt leaks; the check
    run after the rebuild (a rare event) catches it."""
    game = gangland.load("chicago-gangster")
    state_cls = type(game.new_game(2, 1))
    real = state_cls.view

    def leaky(self: Any, seat: int | None) -> dict[str, Any]:
        view = real(self, seat)
        view["top"] = self.pile[-1] if self.pile else None
        return view

    monkeypatch.setattr(state_cls, "view", leaky)
    # Only the rebuild is a rare event here, so only it is followed by the checks.
    monkeypatch.setitem(bulk.RARE, "chicago-gangster", ("reshuffle",))
    cov = c.Coverage()
    with pytest.raises(AssertionError, match=r"after reshuffle .*leaks"):
        bulk.play_case(cov, "chicago-gangster", 4, {}, budget=20_000, max_games=20)


def test_a_leak_at_one_step_of_the_long_game_is_caught(monkeypatch: pytest.MonkeyPatch):
    players, options, pattern, seed, _through = LONG["gangster-city"]
    state_cls = type(gangland.load("gangster-city").new_game(players, seed, options))
    real = state_cls.view

    def leaky(self: Any, seat: int | None) -> dict[str, Any]:
        view = real(self, seat)
        if len(self.history) == 7:  # one step only: checking every step finds it
            view["pile_top"] = self.pile[-1] if self.pile else None
        return view

    monkeypatch.setattr(state_cls, "view", leaky)
    with pytest.raises(AssertionError, match=r"decision 7 .*leaks"):
        bulk.play_one(c.Coverage(), "long", "gangster-city", players, options, seed,
                      bulk.lineup("gangster-city", players, seed, pattern), every_step=True)

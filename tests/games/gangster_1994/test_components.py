"""The components file: the rulebook's counts and averages, and precise refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangland.engine import ComponentError
from gangland.games.gangster_1994.components import (
    COUNTS,
    DECKS,
    DEFAULT_COMPONENTS,
    load_components,
)

from .scenario import COMPS, GAME


def deck_figures(name: str, which: str = "a") -> list[int]:
    d = DECKS.index(name)
    figures = COMPS.a if which == "a" else COMPS.b
    return [figures[c] for c in COMPS.cards(d)]


def test_card_counts_and_the_averages_the_rulebook_states():
    assert [COMPS.count(d) for d in range(len(DECKS))] == list(COUNTS)
    assert sum(COUNTS) == 288
    assert sum(deck_figures("collecte")) / 24 == 2300
    shop = deck_figures("commerce")
    assert shop.count(0) == 8 and sum(shop) / 16 == 1600
    bank = deck_figures("banque")
    assert bank.count(0) == 12 and sum(bank) / 12 == 4800
    fines = deck_figures("justice") + deck_figures("justice", "b")
    assert sum(fines) / 48 == 1100
    men = deck_figures("recrutement")
    assert men.count(1) > men.count(3)
    assert sorted(deck_figures("perle"))[-1] == 7500 and max(deck_figures("diamant")) == 10000


def test_every_space_type_and_double_space_is_on_the_track():
    kinds = {k for space in COMPS.track for k in space.split("/")}
    assert len(kinds) == 13
    assert {s for s in COMPS.track if "/" in s} == {
        "expert/vendeur", "mission/recrutement", "aventure/vol", "course/echange",
        "echange/protection"}


def test_a_bad_components_file_is_refused_naming_the_field(tmp_path: Path):
    text = DEFAULT_COMPONENTS.read_text().replace("start_cash = 3000", "start_cash = 'x'")
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ComponentError, match=r"setup\.start_cash"):
        load_components(bad)
    with pytest.raises(ComponentError, match=r"start_cash"):
        GAME.new_game(2, 1, {"components": str(bad)})


def test_the_short_game_target():
    assert GAME.new_game(3, 1, {"short": True}).view(None)["target"] == 40000
    assert GAME.new_game(6, 1).view(None)["target"] == 32500


def test_client_data_has_the_track_and_every_card_face():
    from gangland.games.gangster_1994.web import client_data

    data = client_data({})
    assert data["game"] == "gangster-1994" and data["track"] == list(COMPS.track)
    assert [c["number"] for c in data["cards"]] == list(range(288))
    assert data["cards"][COMPS.first[DECKS.index("perle")]]["a"] == 100

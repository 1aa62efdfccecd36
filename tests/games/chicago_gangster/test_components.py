"""The components file: shipped contents, provenance, and refusals naming the field."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from gangland.engine import Action, ComponentError
from gangland.games.chicago_gangster.cards import (
    DEFAULT_COMPONENTS,
    KINDS,
    default_components,
    load_components,
)
from gangland.games.chicago_gangster.text import describe_action, render_view

from .scenario import GAME, play, table


def test_shipped_deck_and_gangs():
    comps = default_components()
    assert comps.ncards == 58
    assert dict(zip(KINDS, comps.counts, strict=True))["contract"] == 18
    assert sum(comps.counts[:10]) == 33 and sum(comps.counts[10:14]) == 12
    assert sum(comps.counts[14:]) == 13
    assert comps.gangs == ("Capone Mob", "Moran Gang", "New York Mob", "Murder Inc.",
                           "Purple Gang", "Bank Robbers")
    assert len({n for g in comps.members for n in g}) == 54


def test_a_bad_file_is_refused_naming_the_field(tmp_path: Path):
    text = DEFAULT_COMPONENTS.read_text().replace("hit = 2", "hit = -1")
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ComponentError, match=r"deck\.counts\.hit"):
        load_components(bad)
    with pytest.raises(ComponentError, match="hit"):
        GAME.new_game(3, 1, {"components": str(bad)})
    text = DEFAULT_COMPONENTS.read_text().replace('"Al Capone", ', "")
    bad.write_text(text)
    with pytest.raises(ComponentError, match=r"gang\[0\]\.members"):
        load_components(bad)


def test_a_users_file_renames_a_gang(tmp_path: Path):
    good = tmp_path / "mine.toml"
    good.write_text(DEFAULT_COMPONENTS.read_text().replace("Capone Mob", "Outfit"))
    state = GAME.new_game(2, 1, {"components": str(good)})
    assert state.view(0)["gangs"][0]["gang"] == "Outfit"
    assert next(o for o in GAME.options if o.name == "components").path


def test_terminal_rendering_and_descriptions():
    s = table(hands={0: ["contract"]}, hitlist=["Bugs Moran"])
    play(s, "play contract", "target 2")
    console = Console(width=120, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(s.view(1), s.options))
    out = console.export_text()
    assert "Bugs Moran" in out and "counter" in out and "Your hand" in out
    assert "Al Capone" in describe_action(Action("pick", (1,)))
    assert "no counter" in describe_action(Action("pass"))

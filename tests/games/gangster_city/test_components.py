"""Components files: the shipped numbering, a user's own, and precise refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gangland import ComponentError, OptionError
from gangland.engine.components import read_toml
from gangland.games.gangster_city.cards import DEFAULT_COMPONENTS, default_deck, load_deck

from .scenario import GAME

TEXT = DEFAULT_COMPONENTS.read_text()


def test_shipped_components_name_their_provenance():
    data = read_toml(DEFAULT_COMPONENTS)
    assert data["elements"]["provenance"] == "rulebook"
    assert data["cards"]["provenance"] == "reconstructed"


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    return str(path)


def test_a_user_numbering_is_used(tmp_path):
    lines = TEXT.splitlines()
    first = next(i for i, line in enumerate(lines) if "entertainer revolver theater money" in line)
    lines[first], lines[first + 1] = lines[first + 1], lines[first]
    path = write(tmp_path, "\n".join(lines))
    deck = load_deck(path)
    assert deck.words(0) == ("entertainer", "revolver", "theater", "love")
    state = GAME.new_game(2, seed=1, options={"components": path})
    assert state.deck.words(0)[3] == "love"
    assert state.record()["options"]["components"] == path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('provenance = "reconstructed"', 'provenance = "guessed"'),
         "cards.provenance: must be one of"),
        (lambda t: t.replace('"thug syringe hotel-room love",  # 54\n', ""),
         "numbered: must list 54 cards, found 53"),
        (lambda t: t.replace('"thug syringe hotel-room love"', '"thug syringe hotel-room money"'),
         r"numbered\[53\] \(card 54\): repeats card 53"),
        (lambda t: t.replace('"thug syringe hotel-room love"', '"butler syringe hotel-room love"'),
         r"'butler' is not one of the suspects"),
        (lambda t: t.replace('"thug syringe hotel-room love"', '"thug syringe love"'),
         "must be four words"),
        (lambda t: t.replace('motives = ["money", "love"]', 'motives = ["money", "fame"]'),
         "elements are fixed by the rules"),
        (lambda t: t.replace("middle = 3", "middle = 4"), "setup.middle: is 3"),
        (lambda t: t.replace("[setup]", "[set-up]"), "setup: missing"),
        (lambda t: t + "\n[[[", "not valid TOML"),
    ],
)
def test_bad_component_files_are_refused_naming_the_field(tmp_path, change, message):
    path = write(tmp_path, change(TEXT))
    with pytest.raises(ComponentError, match=message):
        load_deck(path, expect=default_deck().elements)
    with pytest.raises(ComponentError, match=re.escape("mine.toml")):
        GAME.new_game(2, options={"components": path})


def test_a_missing_components_file_is_refused():
    with pytest.raises(ComponentError, match="cannot read components file"):
        GAME.new_game(2, options={"components": "/nonexistent/file.toml"})


def test_case_mode_refuses_cases_to_win():
    with pytest.raises(OptionError, match="does not apply"):
        GAME.new_game(1, options={"case": "easy", "cases_to_win": 3})

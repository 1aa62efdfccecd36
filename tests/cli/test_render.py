"""The terminal renderers: what each seat's screen shows and never shows."""

from __future__ import annotations

import copy
import io

from rich.console import Console

import gangland
from gangland.engine import Action
from gangland.games.gangster_city.cards import DEFAULT_COMPONENTS, default_deck
from gangland.games.gangster_city.text import card_label, describe_action, render_view
from gangland.terminal.menu import build_menu
from gangland.terminal.render import renderer

GAME = gangland.load("gangster-city")
DECK = default_deck()


def text_of(renderable) -> str:
    console = Console(width=120, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_card_labels_name_every_element():
    assert card_label(17) == "#17 Entertainer, Syringe, Hotel Room, Money"
    assert "Hotel Room" in describe_action(Action("investigate", (17,)))


def test_table_view_shows_others_cases_and_hides_your_own():
    state = GAME.new_game(3, 7)
    out = text_of(render_view(state.view(1), state.options))
    assert DECK.label(state.cases[0]) in out
    assert DECK.label(state.cases[2]) in out
    assert DECK.label(state.cases[1]) not in out
    assert "hidden (your own case)" in out
    for card in state.middle:
        assert DECK.label(card) in out
    assert "Draw pile: 48 cards face down" in out


def test_counts_of_one_are_singular():
    state = GAME.new_game(2, 7)
    view = state.view(0)
    view["pile"]["size"] = 1
    assert "Draw pile: 1 card face down" in text_of(render_view(view, state.options))
    view.update(terminal=True, turn=1, winners=[0])
    assert "Game over after 1 turn." in text_of(render_view(view, state.options))


def test_spectators_see_no_case():
    state = GAME.new_game(4, 3)
    out = text_of(render_view(state.view(None), state.options))
    for case in state.cases:
        assert DECK.label(case) not in out


def test_clues_counts_arrests_and_discards_are_shown():
    state = GAME.new_game(2, 5)
    state.apply(state.parse_action("draw"))
    wrong = next(a for a in state.legal_actions()
                 if a.kind == "arrest" and DECK.arrest_of[a] != state.cases[1])
    state.apply(wrong)
    view = state.view(0)
    clue, count = view["stands"][0]["clues"][0]
    out = text_of(render_view(view, state.options))
    assert f"{count} of 4  {card_label(clue)}" in out
    assert f"arrested {card_label(DECK.arrest_of[wrong] + 1)}: wrong" in out
    assert "Ruled out by wrong arrests" in out
    faked = copy.deepcopy(view)
    faked["discard"] = [5, 6]
    faked["pile"] = {"size": 2, "cards": [7, 8]}
    out = text_of(render_view(faked, state.options))
    assert card_label(5) in out and card_label(6) in out
    assert "#7, #8" in out


def test_out_of_the_game_and_game_over():
    state = GAME.new_game(3, 5, {"experienced": True})
    for _ in range(2):
        wrong = next(a for a in state.legal_actions()
                     if a.kind == "arrest" and DECK.arrest_of[a] != state.cases[0])
        state.apply(wrong)
        state.apply(state.parse_action("draw"))
        state.apply(state.parse_action("draw"))
    out = text_of(render_view(state.view(1), state.options))
    assert "out of the game" in out
    view = state.view(1)
    view["terminal"], view["winners"], view["to_move"] = True, [1], None
    assert "Winner: P2 (you)" in text_of(render_view(view, state.options))


def test_solo_case_view():
    state = GAME.new_game(1, 3, {"case": "easy"})
    out = text_of(render_view(state.view(0), state.options))
    assert "Unsolved case (easy)" in out
    for card, count in state.case.clues:
        assert card_label(card + 1) in out
        assert f"{count} of 4" in out
    assert DECK.label(state.case.solution) not in out
    state.apply(DECK.arrests[state.case.solution])
    out = text_of(render_view(state.view(0), state.options))
    assert f"The culprit was {DECK.label(state.case.solution)}" in out


def test_a_components_file_changes_the_labels(tmp_path):
    text = DEFAULT_COMPONENTS.read_text()
    one, two = '"entertainer revolver theater money",', '"entertainer revolver theater love",'
    swapped = text.replace(one, "@@").replace(two, one).replace("@@", two)
    path = tmp_path / "printed.toml"
    path.write_text(swapped)
    assert card_label(1, {"components": str(path)}) == "#1 Entertainer, Revolver, Theater, Love"


def test_games_without_a_renderer_fall_back_to_the_data():
    class Fake:
        id = "no-such-game"
    render = renderer(Fake())  # type: ignore[arg-type]
    assert "'turn': 3" in text_of(render({"turn": 3}, {}))


def test_menu_numbers_few_actions_and_groups_many():
    state = GAME.new_game(3, 7)
    menu = build_menu(GAME, state.legal_actions())
    assert len(menu.numbered) == 4
    assert [verb.name for verb, _ in menu.crowded] == ["arrest"]
    few = build_menu(GAME, state.legal_actions()[:5])
    assert len(few.numbered) == 5 and not few.crowded

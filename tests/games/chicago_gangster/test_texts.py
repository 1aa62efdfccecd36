"""The log's words: cards by their printed names, each move said once, plurals right."""

from __future__ import annotations

from gangland.engine import Action
from gangland.games.chicago_gangster.cards import KINDS, card_title

from .scenario import play, table


def texts(events: list) -> list[str]:
    return [e.text for e in events]


def test_a_vendetta_and_its_safe_house_are_logged_by_their_printed_names_once():
    s = table(hands={0: ["vendetta"], 2: ["safe-house"]})
    played = texts(play(s, "play vendetta"))
    assert played[:2] == ["P1 plays Vendetta.",
                          "Each rival may answer the Vendetta with a counter."]
    assert sum("plays" in t for t in played) == 1  # (it used to say so twice)
    play(s, "pass")
    countered = texts(play(s, "counter safe-house"))
    assert countered[0] == "P3 counters with Safe House and will take the next turn."
    assert countered[1] == "P3 draws 1 card to replace it."


def test_an_aimed_card_names_the_card_and_its_target_once_each():
    s = table(hands={0: ["priority-contract"]})
    assert texts(play(s, "play priority-contract")) == ["P1 plays Priority Contract."]
    aimed = texts(play(s, "target 2"))
    assert aimed[:2] == ["P1 aims Priority Contract at P2.",
                         "Each rival may answer the Priority Contract with a counter."]


def test_a_discard_a_draw_and_a_refusal_name_the_cards():
    s = table(hands={0: ["mob-war", "hit"]}, pile_top=["double-cross", "lam"])
    assert s.why_illegal(Action("play", ("safe-house",))) == "you hold no Safe House card"
    events = play(s, "discard mob-war")
    assert events[0].text == "P1 discards Mob War, forgoing its effect."
    drawn = [e.text for e in events if e.kind == "drawn"]
    assert drawn and all("-" not in t for t in drawn)  # no "double-cross" ids


def test_no_text_anywhere_names_a_card_by_its_id():
    """Every kind's title has no hyphenated id in it (the printed names have spaces)."""
    for kind in KINDS:
        assert "-" not in card_title(kind) and card_title(kind)[0].isupper()

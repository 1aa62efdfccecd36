"""One language: actions say pearl and diamond; old records with the French words replay.

Until issue 26 the canonical texts said ``buy perle`` and ``sell diamant 1``: records,
terminal saves and the web table's stored moves hold those words. They parse to the very
same actions as today's English ones, so an old record rebuilds the same game, move for
move, and says it in English when written again. A person may type either language, and a
double space's half by its English name (``choose dealer``) as well as its printed one.
"""

from __future__ import annotations

import re

import pytest

import gangland
from gangland.engine import Action, Arg, InvalidAction, replay
from gangland.games.gangster_1994.moves import GRAMMAR
from gangland.terminal.moves import replay_moves

GAME = gangland.load("gangster-1994")
FRENCH = re.compile(r"\b(perle|diamant)\b")


@pytest.mark.parametrize(("typed", "canonical"), [
    ("buy perle", "buy pearl"), ("BUY Diamant", "buy diamond"), ("buy pearl", "buy pearl"),
    ("sell diamant 2", "sell diamond 2"), ("trade 3 perle", "trade 3 pearl"),
    ("auction diamant", "auction diamond"), ("choose dealer", "choose vendeur"),
    ("choose Theft", "choose vol"), ("choose échange", "choose echange"),
    ("choose recruitment", "choose recrutement"), ("choose vendeur", "choose vendeur"),
])
def test_both_languages_parse_to_one_canonical_action(typed: str, canonical: str):
    assert str(GAME.parse(typed)) == canonical
    assert GAME.parse(typed) == GAME.parse(canonical)


def test_a_wrong_word_is_refused_naming_the_english_choices():
    with pytest.raises(InvalidAction, match="what must be one of pearl, diamond, protection, "
                                            "not 'ruby'"):
        GAME.parse("buy ruby")
    # a hand-built action says the choice itself: the alias is for people and old texts
    assert "kind must be one of pearl, diamond" in GRAMMAR.problem(Action("auction", ("perle",)))


def test_an_alias_must_name_a_choice():
    with pytest.raises(ValueError, match="the alias 'perle' must name one of its choices"):
        Arg("kind", choices=("pearl",), aliases=(("perle", "diamond"),))


def played(seed: int, moves: int = 600) -> gangland.State:
    """A 3-player game of first-and-last legal actions (buys, sells, trades, auctions)."""
    state = GAME.new_game(3, seed, {"turn_limit": 80})
    for i in range(moves):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[-1] if i % 3 else legal[0])
    return state


def test_no_canonical_text_says_a_french_item_word():
    state = played(5)
    texts = [str(a) for a in state.history]
    assert {t.split()[0] for t in texts} >= {"buy", "auction"}
    assert not [t for t in texts if FRENCH.search(t)]


@pytest.mark.parametrize("seed", [5, 11])
def test_an_old_record_with_the_french_words_replays_exactly(seed: int):
    state = played(seed)
    record = state.record()
    old = {**record, "actions": [
        t.replace("pearl", "perle").replace("diamond", "diamant") for t in record["actions"]]}
    assert old["actions"] != record["actions"]  # the game did buy or sell items
    again = replay(old)
    assert again.to_json() == state.to_json()
    assert again.record() == record  # written again, it says pearl and diamond
    assert [again.view(s) for s in range(3)] == [state.view(s) for s in range(3)]
    # the terminal's replay (saves, --resume) reads the same
    _, moves = replay_moves(old)
    assert [m.action for m in moves] == state.history
    # and a snapshot whose history holds the old words
    snapshot = {**state.to_json(), "history": old["actions"]}
    assert GAME.state_from_json(snapshot).to_json() == state.to_json()

"""Building exact Gangster City positions for scripted rule tests.

Cards are given by their element words (``"thug knife street love"``), the way a person
reads them off the table; every card not placed elsewhere goes to the pile.
"""

from __future__ import annotations

import gangland
from gangland.games.gangster_city import TableState
from gangland.games.gangster_city.cards import ALL, NCARDS, default_deck

GAME = gangland.load("gangster-city")
DECK = default_deck()


def card(words: str) -> int:
    """Card index from its four element words."""
    return DECK.card_of(tuple(words.split()))


def table(
    cases: list[str],
    middle: list[str],
    pile_top: list[str] = (),  # type: ignore[assignment]
    **options: object,
) -> TableState:
    """A table with these cases and face-up cards; ``pile_top[0]`` is drawn first."""
    state = GAME.new_game(len(cases), seed=1, options=options)
    assert isinstance(state, TableState)
    state.cases = [card(w) for w in cases]
    state.origin = [ALL] * len(cases)
    state.middle = [card(w) for w in middle]
    top = [card(w) for w in pile_top]
    used = set(state.cases) | set(state.middle) | set(top)
    assert len(used) == len(cases) + len(middle) + len(top), "a card is placed twice"
    state.pile = [c for c in range(NCARDS) if c not in used] + top[::-1]
    state._legal_cache = None
    assert sorted(state.locations()) == list(range(NCARDS))
    return state


def play(state: TableState, *texts: str) -> list[gangland.Event]:
    """Apply actions given as text; returns all their events."""
    events = []
    for text in texts:
        events += state.apply(state.parse_action(text))
    return events


def dealt_from_a_public_pile(**options: object) -> TableState:
    """Two detectives; P1 solves a case (its clues go to the discards), the pile runs out
    and is rebuilt from them; then P1 solves again and is dealt its new case from the
    public pile while it still holds cards (no rebuild at that moment). The driver peeks
    at P1's case to arrest it."""
    state = GAME.new_game(players=2, seed=11, options={"cases_to_win": 3, **options})
    assert isinstance(state, TableState)
    while True:
        mine = state.to_move == 0
        if mine and len(state.solved[0]) == 0 and len(state.pile) <= 10:
            state.apply(DECK.arrests[state.cases[0]])
        elif mine and state.pile_known and len(state.pile) > 5:
            break
        else:
            legal = state.legal_actions()
            state.apply(next((a for a in legal if a.kind == "draw"), legal[0]))
    size = len(state.pile)
    state.apply(DECK.arrests[state.cases[0]])
    assert len(state.pile) == size - 1 and state.from_pile[0] and not state.over
    return state

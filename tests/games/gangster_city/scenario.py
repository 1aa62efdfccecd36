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

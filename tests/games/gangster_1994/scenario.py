"""Building exact Gangster (1994) positions for scripted rule tests.

``table()`` gives a fresh game with seat 0 to roll; ``Dice`` replaces the state's generator
so a test says which die faces come up (each ``randbelow(n)`` answers the next scripted
value, taken as ``face - 1`` for dice, or an index for draws); ``card(deck, value)`` finds a
card by its figure so a test can put it where it wants.
"""

from __future__ import annotations

import gangland
from gangland.games.gangster_1994 import Gangster1994State
from gangland.games.gangster_1994.components import DECKS, default_components
from gangland.games.gangster_1994.table import TURN
from gangland.games.gangster_1994.view import all_cards
from tests.dice import Dice

GAME = gangland.load("gangster-1994")
COMPS = default_components()


def card(deck: str, a: int, b: int | None = None, skip: int = 0) -> int:
    """The card of ``deck`` whose first figure is ``a`` (and second ``b``)."""
    d = DECKS.index(deck)
    found = [c for c in COMPS.cards(d) if COMPS.a[c] == a and (b is None or COMPS.b[c] == b)]
    return found[skip]


def table(players: int = 3, **options: object) -> Gangster1994State:
    """A new game with seat 0 to roll, on the Refuge."""
    state = GAME.new_game(players, seed=1, options=options)
    assert isinstance(state, Gangster1994State)
    state.player = state.to_move = 0
    state.phase = TURN
    state._legal_cache = None
    return state


def give(state: Gangster1994State, seat: int, *cards: int) -> None:
    """Move cards from wherever they are into ``seat``'s hand or items."""
    for c in cards:
        for pile in (*state.pool, *state.used):
            if c in pile:
                pile.remove(c)
        d = COMPS.deck[c]
        if DECKS[d] in ("perle", "diamant"):
            state.items[seat].append(c)
            state.known[c] = 1 << seat
        else:
            state.hands[seat].append(c)
    state._legal_cache = None


def top(state: Gangster1994State, deck: str, c: int) -> None:
    """Make ``c`` the only card of its pool that a draw can return next (index 0)."""
    pool = state.pool[DECKS.index(deck)]
    pool.remove(c)
    pool.insert(0, c)


def script(state: Gangster1994State, *values: int) -> None:
    """The next values of ``randbelow``: die faces minus one, or draw indexes."""
    state.rng = Dice(values)


def play(state: Gangster1994State, *texts: str) -> list[gangland.Event]:
    """Apply actions given as text, checking every card is in one place after each."""
    events = []
    for text in texts:
        events += state.apply(state.parse_action(text))
        check_places(state)
    return events


def check_places(state: Gangster1994State) -> None:
    """Every card is in exactly one place."""
    assert sorted(all_cards(state)) == list(range(len(COMPS.deck)))


def at(state: Gangster1994State, space: int) -> None:
    """Put seat 0's pawn ``space`` spaces before... exactly on space index ``space``."""
    state.pos[0] = space

"""Building exact Gangster positions for scripted rule tests.

Positions are edited in place the way a person would rearrange the table, and always so
that every gangster and every equipment tile stays in exactly one place (the helpers move
pieces, they never create or destroy them), so ``conservation_problem`` keeps holding.
"""

from __future__ import annotations

import gangland
from gangland.games.gangster import GangsterState
from gangland.games.gangster.components import KINDS
from gangland.games.gangster.moves import COLOURS
from gangland.games.gangster.rules import ACT, CHOOSE
from gangland.games.gangster.setup import POLICE
from gangland.games.gangster.tiles import EMPTY
from gangland.games.gangster.view import conservation_problem

GAME = gangland.load("gangster")


def new(players: int = 4, seed: int = 1, **options: object) -> GangsterState:
    state = GAME.new_game(players, seed=seed, options=options)
    assert isinstance(state, GangsterState)
    return state


def d(state: GangsterState, name: str) -> int:
    """District index from its name."""
    return state.board.index[name]


def c(name: str) -> int:
    """Colour index from its word."""
    return COLOURS.index(name)


def k(name: str) -> int:
    """Equipment kind index from its word."""
    return KINDS.index(name)


def clear_tiles(state: GangsterState) -> None:
    """Every gangster on a tile goes back into its own car."""
    for i, x in enumerate(state.spaces):
        if x != EMPTY:
            state.ride[x] += 1
            state.spaces[i] = EMPTY
    state.front = [0] * len(state.front)
    state.count = [0] * len(state.count)
    touched(state)


def use_tile(state: GangsterState, district: str, number: int) -> None:
    """Put scoring tile ``number`` (1-based, as in components.toml) on ``district``.

    The tiles must be empty (call :func:`clear_tiles` first). A tile already lying
    elsewhere swaps places with the district's own.
    """
    assert all(x == EMPTY for x in state.spaces), "clear the tiles first"
    tiles = list(state.tile)
    here = d(state, district)
    want = number - 1
    if want in tiles:
        tiles[tiles.index(want)] = tiles[here]
    tiles[here] = want
    state.tile = tuple(tiles)
    caps = [state.board.parts.tiles[t].spaces if t >= 0 else 0 for t in tiles]
    state.cap = tuple(caps)
    state.base = tuple(sum(caps[:i]) for i in range(len(caps)))
    state.spaces = [EMPTY] * sum(caps)
    touched(state)


def fill(state: GangsterState, district: str, spaces: list[str | None]) -> None:
    """Lay out a tile as if placed in this order; ``None`` entries are gaps.

    The gangsters come out of their own cars. The frontier ends after the last entry.
    """
    here = d(state, district)
    b = state.base[here]
    assert state.count[here] == 0 and len(spaces) <= state.cap[here]
    assert not spaces or spaces[-1] is not None, "empty spaces at the end are no gaps"
    for i, word in enumerate(spaces):
        if word is None:
            continue
        x = c(word)
        assert state.ride[x] > 0, f"no {word} gangster left in the car"
        state.ride[x] -= 1
        state.spaces[b + i] = x
        state.count[here] += 1
    state.front[here] = len(spaces)
    touched(state)


def tile(state: GangsterState, district: str) -> list[str | None]:
    """The spaces of a district's tile, as colour words."""
    here = d(state, district)
    b = state.base[here]
    return [None if x == EMPTY else COLOURS[x] for x in state.spaces[b:b + state.cap[here]]]


def park(state: GangsterState, colour: str, district: str) -> None:
    """Move a car."""
    state.car[c(colour)] = d(state, district)
    touched(state)


def give(state: GangsterState, colour: str, *kinds: str) -> None:
    """Set a tableau's equipment (left first); tiles come from the supply or the box."""
    x = c(colour)
    for old in state.equip[x]:
        state.box[old] += 1
    state.equip[x] = ()
    wanted = []
    for word in kinds:
        kind = k(word)
        if kind in state.supply:
            state.supply.remove(kind)
        elif state.box[kind]:
            state.box[kind] -= 1
        else:
            slot = state.harbour.index(kind)
            state.harbour[slot] = state.supply.pop()
        wanted.append(kind)
    state.equip[x] = tuple(wanted)
    touched(state)


def set_harbour(state: GangsterState, *kinds: str | None) -> None:
    """Lay out the harbour (``None``: an empty space); old tiles go back to the supply."""
    for old in state.harbour:
        if old != EMPTY:
            state.supply.append(old)
    for slot, word in enumerate(kinds):
        if word is None:
            state.harbour[slot] = EMPTY
            continue
        kind = k(word)
        state.supply.remove(kind)
        state.harbour[slot] = kind
    touched(state)


def load_trunk(state: GangsterState, colour: str, *gangsters: str) -> None:
    """Put other colours' gangsters (from their cars) into a trunk."""
    x = c(colour)
    for word in gangsters:
        y = c(word)
        state.ride[y] -= 1
        state.trunk[x] = (*state.trunk[x], y)
    touched(state)


def stack_deck(state: GangsterState, *cards: str) -> None:
    """Put these district cards (or ``police``) on top of the deck, first drawn first."""
    chosen = [POLICE if word == "police" else d(state, word) for word in cards]
    for card in chosen:
        state.deck.remove(card)
    state.deck.extend(reversed(chosen))
    touched(state)


def stack_casino(state: GangsterState, value: int) -> None:
    """Put the casino card ``value`` on top of the casino deck."""
    state.casino.remove(value)
    state.casino.append(value)


def turn(state: GangsterState, colour: str) -> None:
    """Make it ``colour``'s turn, at the start of the turn (its colour already chosen)."""
    x = c(colour)
    state.to_move = state.owner[x]
    state.colour = x
    state.phase = ACT
    touched(state)


def choose(state: GangsterState, seat: int) -> None:
    """Two players: make it ``seat``'s turn, before it picks a colour."""
    state.to_move = seat
    state.colour = -1
    state.phase = CHOOSE
    touched(state)


def touched(state: GangsterState) -> None:
    """After an edit: forget cached legal actions and check nothing was lost."""
    state._legal_cache = None
    assert not conservation_problem(state), conservation_problem(state)


def play(state: GangsterState, *texts: str) -> list[gangland.Event]:
    """Apply actions given as text; returns all their events."""
    events = []
    for text in texts:
        events += state.apply(state.parse_action(text))
    return events


def legal(state: GangsterState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]

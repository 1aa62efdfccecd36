"""Setting up a game and preparing each round.

Setup draws everything from the state's own generator, in a fixed order, so a seed always
gives the same table: the equipment supply and the harbour, one tile per tableau, the
scoring tiles, the casino deck, the district deck, each colour's two starting gangsters
and car, and the first doubler of round 1 (then the police cards are shuffled in).
"""

from __future__ import annotations

from gangland.engine import Event

from .equipment import check_triples, draw_supply
from .table import Table
from .tiles import EMPTY, place

POLICE = -1  # a police card in the district deck; every other card is a district index
ALL_CARDS = 0b1110  # movement cards 1, 2 and 3 face up (bit k for card k)


def deal(state: Table) -> None:
    """Everything the rulebook's "Setup" and "Starting Setup" describe."""
    board, rng = state.board, state.rng
    parts = board.parts
    material = parts.material
    ncol = state.ncol
    # Special equipment: the supply, three in the harbour, one on each tableau (left slot).
    supply = [k for k, n in enumerate(parts.equipment) for _ in range(n)]
    rng.shuffle(supply)
    state.supply = supply
    state.box = [0] * len(parts.equipment)
    state.harbour = [EMPTY] * material.harbour_spaces
    for slot in range(material.harbour_spaces):
        state.harbour[slot] = draw_supply(state)
    check_triples(state)
    state.equip = [(draw_supply(state),) if state.supply else () for _ in range(ncol)]
    # Scoring tiles: 10 of 15 at random onto the districts in play.
    scoring = [d for d in range(len(board.names)) if d != parts.harbour
               and not (state.players == 3 and d == parts.unused_with_three)]
    numbers = list(range(len(parts.tiles)))
    rng.shuffle(numbers)
    tile = [-1] * len(board.names)
    cap = [0] * len(board.names)
    base = [0] * len(board.names)
    offset = 0
    for d, number in zip(scoring, numbers, strict=False):
        tile[d] = number
        cap[d] = parts.tiles[number].spaces
        base[d] = offset
        offset += cap[d]
    state.tile, state.cap, state.base = tuple(tile), tuple(cap), tuple(base)
    state.scoring = tuple(scoring)
    state.spaces = [EMPTY] * offset
    state.front = [0] * len(board.names)
    state.count = [0] * len(board.names)
    # Decks.
    state.casino = list(parts.casino)
    rng.shuffle(state.casino)
    state.casino_drawn = []
    state.deck = list(scoring)
    rng.shuffle(state.deck)
    state.discard = []
    # Tableaus: gangsters, movement cards, influence.
    state.ride = [material.starting_gangsters] * ncol
    state.reserve = [material.gangsters_per_colour - material.starting_gangsters] * ncol
    state.trunk = [()] * ncol
    state.cards = [ALL_CARDS] * ncol
    state.breakfast = [0] * ncol
    state.influence = [0] * state.players
    state.doubler = [False] * len(board.names)
    state.doublers = 0
    state.reckonings = []
    # Starting setup: two district cards per colour, a gangster on each, the car on the first.
    state.car = [parts.harbour] * ncol
    for colour in range(ncol):
        for n in range(2):
            d = state.deck.pop()
            state.discard.append(d)
            place(state.spaces, state.front, d, state.base[d], state.cap[d], colour)
            state.count[d] += 1
            state.ride[colour] -= 1
            if n == 0:
                state.car[colour] = d
    start_round(state)


def start_round(state: Table) -> list[Event]:
    """Reshuffle the district cards, place the round's first doubler, shuffle in police."""
    rng = state.rng
    cards = sorted(state.scoring)
    rng.shuffle(cards)
    first = cards.pop()
    state.discard = [first]
    state.doubler[first] = True
    state.doublers = 1
    police = state.board.parts.material.police_in_deck[state.players - 2]
    cards.extend([POLICE] * police)
    rng.shuffle(cards)
    state.deck = cards
    if state.quiet:
        return []
    title = state.board.titles[first]
    return [Event("doubler", f"Round {state.round}: the first doubler goes to {title}.",
                  data={"district": state.board.names[first], "round": state.round})]

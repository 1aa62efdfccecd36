"""What lies on the table in a game of Gangster: the data, without the turn's rules.

``Table`` declares every field of a position (as slots) and the few words for colours,
and nothing else: no legal actions, no transitions. The helpers (``setup``, ``equipment``,
``reckoning``, ``view``) take a ``Table`` and work on its fields, so they depend on the data
they need and never on the class that holds the rules of a turn (``rules.GangsterState``,
a ``Table`` with the rules added). The imports point one way: ``rules`` imports the helpers
and this module, and no helper imports ``rules``.

It is a ``TurnState`` (abstract: the rules are ``GangsterState``'s) so that a position
stays one flat slotted object, whose ``clone`` is a handful of list copies.
"""

from __future__ import annotations

from gangland.engine import TurnState

from .board import Board
from .moves import COLOURS, title

#: One placement: colour, gangsters in the district, points won, and the rank (space) of its
#: highest-ranked gangster, which breaks ties (0: not known, a snapshot from before it was kept).
Placement = tuple[int, int, int, int]
#: One district's result: district, doubled?, placements best first.
DistrictResult = tuple[int, bool, tuple[Placement, ...]]
#: One reckoning: round, casino value (0 if none), triggering seat, why, districts, per seat.
Reckoning = tuple[int, int, int, str, tuple[DistrictResult, ...], tuple[int, ...]]


class Table(TurnState):
    """A position's fields. Lists hold per-district, per-colour or per-seat ints."""

    __slots__ = (
        "base",
        "board",
        "box",
        "breakfast",
        "cap",
        "car",
        "card",
        "cards",
        "casino",
        "casino_drawn",
        "colour",
        "count",
        "deck",
        "discard",
        "doubler",
        "doublers",
        "equip",
        "front",
        "harbour",
        "influence",
        "limit",
        "ncol",
        "owner",
        "phase",
        "reckonings",
        "reserve",
        "ride",
        "round",
        "scoring",
        "spaces",
        "supply",
        "tile",
        "trunk",
        "turns",
    )

    board: Board
    ncol: int  # colours in play (4 with two players)
    owner: tuple[int, ...]  # seat of each colour
    limit: int  # turns after which a round ends even without the 8th doubler
    scoring: tuple[int, ...]  # districts with a scoring tile in play
    tile: tuple[int, ...]  # per district: tile number (index), -1 for none
    cap: tuple[int, ...]  # per district: spaces on its tile, 0 for none
    base: tuple[int, ...]  # per district: where its tile starts in ``spaces``
    spaces: list[int]  # every tile's spaces, flat: colour or EMPTY
    front: list[int]  # per district: the placement frontier (see ``tiles``)
    count: list[int]  # per district: gangsters on its tile
    doubler: list[bool]  # per district
    doublers: int  # doublers placed this round
    car: list[int]  # per colour: the district where its car stands
    ride: list[int]  # per colour: own gangsters riding in the car (on the tableau)
    trunk: list[tuple[int, ...]]  # per colour: other colours' gangsters in the trunk
    equip: list[tuple[int, ...]]  # per colour: equipment kinds, left slot first
    cards: list[int]  # per colour: face-up movement cards, bit k for card k
    reserve: list[int]  # per colour: gangsters still in the box for later rounds
    breakfast: list[int]  # per colour: gangsters at the Sicilian Breakfast
    influence: list[int]  # per seat
    deck: list[int]  # district deck, top last: district index or POLICE
    discard: list[int]
    casino: list[int]  # casino deck, top last
    casino_drawn: list[int]
    supply: list[int]  # equipment supply, top last
    harbour: list[int]  # the Gold Coast's spaces: kind or EMPTY
    box: list[int]  # per kind: tiles pushed off tableaus or removed as a triple
    round: int
    turns: int  # turns taken this round
    colour: int  # the colour acting this turn; -1 while a two-player seat chooses
    phase: int
    card: int  # the movement card being driven with (phase DEST)
    reckonings: list[Reckoning]

    def colour_word(self, colour: int) -> str:
        """``blue``: the colour as typed in actions."""
        return COLOURS[colour]

    def colour_title(self, colour: int) -> str:
        """``Blue``: the colour in texts for people."""
        return title(COLOURS[colour])

    def colours_of(self, seat: int) -> list[int]:
        """The colours ``seat`` plays."""
        return [c for c in range(self.ncol) if self.owner[c] == seat]

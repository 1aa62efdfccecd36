"""Gangster's observation tensor: its view (``view.build_view``) as fixed slices for an
agent (layout: ``docs/rl.md``).

Everything in Gangster is public but the order of the face-down piles, so the tensor is the
table: per district its tile and the colours on its spaces, per colour its tableau, and the
piles' contents. Colours keep their printed order (blue first); each tableau says whose it
is relative to the observer (``you`` first). Sizes come from the components in use: the
districts, the largest tile, the casino cards. Not encoded: district names and roads (fixed
by the components, the same in every position), the reckonings' history and the final
count (the influence track carries their results).
"""

from __future__ import annotations

from typing import Any

from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder, encode_seats, relative, seat_names

from .board import Board
from .components import KINDS
from .reckoning import ROUNDS
from .view import PHASE_NAMES

#: Scales (values above read as 1): influence points, gangsters of one colour.
INFLUENCE = 100


def encode(enc: Encoder, view: JSON, players: int, board: Board) -> None:
    """Append Gangster's slices for ``view``."""
    parts = board.parts
    material = parts.material
    observer = encode_seats(enc, view, players)
    ncol = len(view["tableaus"])
    colour_of = {name: c for c, name in enumerate(material.colours)}
    enc.onehot("round", f"the round, 1 to {ROUNDS}", ROUNDS, view["round"] - 1)
    enc.scalar("turns", "turns taken / the turn limit", view["turns_taken"], view["turn_limit"])
    playing = view["colour"]
    enc.onehot("colour to move", "the colour whose turn it is", ncol,
               None if playing is None else colour_of[playing])
    enc.onehot("phase", "the phase: " + ", ".join(PHASE_NAMES), len(PHASE_NAMES),
               PHASE_NAMES.index(view["phase"]))
    cards = material.movement_cards
    drive = view["drive_card"]
    enc.onehot("drive card", "the movement card being driven", len(cards),
               None if drive is None else cards.index(drive))
    names = seat_names(players)
    influence = view["influence"]
    enc.scalars("influence", f"influence per seat (you first) / {INFLUENCE}",
                [influence[(k + (observer or 0)) % players] for k in range(players)],
                INFLUENCE)
    _districts(enc, view, board, ncol, colour_of)
    per_colour = material.gangsters_per_colour
    for c, tab in enumerate(view["tableaus"]):
        who = material.colours[c]
        enc.onehot(f"{who} owner", f"{who}: whose colour (relative: "
                   + ", ".join(names) + ")", players, relative(tab["seat"], observer, players))
        enc.onehot(f"{who} car", f"{who}: the district of its car", len(board.names),
                   board.names.index(tab["car"]))
        enc.scalar(f"{who} in car", f"{who}: gangsters in the car / {per_colour}",
                   tab["in_car"], per_colour)
        enc.counts(f"{who} trunk", f"{who}: captured gangsters in the trunk per colour / 2",
                   ncol, (colour_of[x] for x in tab["trunk"]), 2)
        enc.counts(f"{who} equipment", f"{who}: equipment held per kind / 2 ("
                   + ", ".join(KINDS) + ")", len(KINDS),
                   (KINDS.index(k) for k in tab["equipment"]), 2)
        enc.multihot(f"{who} face up", f"{who}: movement cards face up", len(cards),
                     (cards.index(k) for k in tab["face_up"]))
        enc.scalar(f"{who} in box", f"{who}: gangsters still in the box / {per_colour}",
                   tab["in_box"], per_colour)
        enc.scalar(f"{who} breakfast", f"{who}: gangsters at breakfast / {per_colour}",
                   tab["breakfast"], per_colour)
    _supplies(enc, view, board)


def _districts(enc: Encoder, view: JSON, board: Board, ncol: int,
               colour_of: dict[str, int]) -> None:
    tiles = board.parts.tiles
    most = max(t.spaces for t in tiles)
    values = max(len(t.values) for t in tiles)
    for district in view["districts"]:
        who = district["name"]
        enc.flag(f"{who} scored", f"{who}: scored this round", district["scored"])
        enc.flag(f"{who} doubler", f"{who}: holds a doubler", district["doubler"])
        enc.multihot(f"{who} cars", f"{who}: the colours whose car is here", ncol,
                     (colour_of[c] for c in district["cars"]))
        tile = district["tile"] or {}
        enc.onehot(f"{who} tile", f"{who}: its scoring tile, by number", len(tiles),
                   tile["number"] - 1 if tile else None)
        printed = tile.get("values", [])
        enc.scalars(f"{who} values", f"{who}: the tile's point values / 10 (0: none or ?)",
                    [v if isinstance(v, int) else 0 for v in printed]
                    + [0] * (values - len(printed)), 10)
        enc.flags(f"{who} casino values", f"{who}: the tile's values printed ?",
                  [v == "?" for v in printed] + [False] * (values - len(printed)))
        spaces = tile.get("spaces", [])
        start = enc.pos
        enc.multihot(f"{who} spaces", f"{who}: per space (up to {most}) and colour, a "
                     "gangster of that colour there", most * ncol, ())
        if enc.out is not None:
            for i, colour in enumerate(spaces):
                if colour is not None:
                    enc.out[start + i * ncol + colour_of[colour]] = 1.0
        size = len(spaces) or 1
        enc.flags(f"{who} space exists", f"{who}: the spaces the tile has",
                  [i < len(spaces) for i in range(most)])
        nxt = tile.get("next_space")
        enc.onehot(f"{who} next space", f"{who}: the next space to fill", most,
                   None if nxt is None else nxt - 1)
        enc.scalar(f"{who} frontier", f"{who}: the frontier / the tile's spaces",
                   tile.get("frontier", 0), size)
        enc.scalar(f"{who} gangsters", f"{who}: gangsters on the tile / its spaces",
                   tile.get("gangsters", 0), size)


def _supplies(enc: Encoder, view: JSON, board: Board) -> None:
    parts = board.parts
    material = parts.material
    harbour = view["harbour"]
    for slot in range(material.harbour_spaces):
        kind = harbour[slot] if slot < len(harbour) else None
        enc.onehot(f"harbour {slot + 1}", f"the equipment in harbour space {slot + 1}",
                   len(KINDS), None if kind is None else KINDS.index(kind))
    most = max(parts.equipment)
    supply: dict[str, Any] = view["equipment_supply"]["contents"]
    enc.scalars("supply", f"equipment in the face-down supply per kind / {most}",
                [supply[k] for k in KINDS], most)
    box = view["equipment_box"]
    enc.scalars("equipment box", f"equipment in the box per kind / {most}",
                [box[k] for k in KINDS], most)
    cards = [*board.names, "police"]
    police = material.police_cards
    enc.counts("district deck", f"the district deck's cards, per district and police / "
               f"{police}", len(cards), (cards.index(c) for c in
                                          view["district_deck"]["contents"]), police)
    enc.counts("district discard", f"the discarded district cards / {police}", len(cards),
               (cards.index(c) for c in view["district_discard"]), police)
    casino = sorted(set(parts.casino))
    enc.counts("casino deck", "the casino cards still in the deck, per value", len(casino),
               (casino.index(v) for v in view["casino_deck"]["contents"]),
               max(parts.casino.count(v) for v in casino))
    enc.counts("casino drawn", "the casino cards drawn, per value", len(casino),
               (casino.index(v) for v in view["casino_drawn"]),
               max(parts.casino.count(v) for v in casino))
    doublers = view["doublers"]
    enc.scalar("doublers", "doublers placed / all", doublers["placed"], doublers["total"])

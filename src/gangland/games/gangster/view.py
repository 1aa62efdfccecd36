"""What a seat sees, and the full snapshot for storage.

Everything in Gangster is public except the order of the three face-down piles (district
deck, casino deck, equipment supply). Even their contents are public: every card and tile
is either on the table, in a discard pile, in the box, or in its pile, so what a pile holds
follows from the rest. The view lists those contents (sorted, never in pile order), so a
bot or a renderer needs nothing else. ``view(None)`` equals ``view(seat)`` except for the
``seat`` field.
"""

from __future__ import annotations

from typing import Any, TypeVar

from gangland.engine import RecordError

from .board import Board
from .components import KINDS, TRUNK
from .moves import COLOURS
from .reckoning import ROUNDS
from .setup import POLICE
from .table import Table
from .tiles import EMPTY, next_space

T = TypeVar("T", bound=Table)

PHASE_NAMES = ("choose-colour", "act", "destination", "bump", "breakfast", "take", "door",
               "over")


#: A space's colour word, by what the space holds: a colour index, or EMPTY (-1), which
#: indexes the last entry, None.
_COLOUR_OR_NONE: tuple[str | None, ...] = (*COLOURS, None)


def _kind(k: int) -> str | None:
    return None if k == EMPTY else KINDS[k]


def _district_card(state: Table, card: int) -> str:
    return "police" if card == POLICE else state.board.names[card]


def build_view(state: Table, seat: int | None) -> dict[str, Any]:
    """The whole public table; see the module docstring.

    Asked for at every decision a bot makes, in searches too: what depends on the board
    alone comes from the board's tables, and lists are copied, never shared between views.
    """
    board = state.board
    material = board.parts.material
    spaces, front, names, harbour = state.spaces, state.front, board.names, board.harbour
    cars: list[list[str]] = [[] for _ in names]
    for c in range(state.ncol):
        cars[state.car[c]].append(COLOURS[c])
    districts = []
    for d, name in enumerate(names):
        tile: dict[str, Any] | None = None
        cap = state.cap[d]
        if cap:
            b = state.base[d]
            nxt = front[d] if front[d] < cap else next_space(spaces, front, d, b, cap)
            tile = {
                "number": state.tile[d] + 1,
                "values": list(board.values_texts[state.tile[d]]),
                "spaces": list(map(_COLOUR_OR_NONE.__getitem__, spaces[b:b + cap])),
                "next_space": None if nxt < 0 else nxt + 1,
                "frontier": front[d],
                "gangsters": state.count[d],
            }
        districts.append({
            "name": name,
            "title": board.titles[d],
            "roads": list(board.roads[d]),
            "harbour": d == harbour,
            "scored": d in state.scoring,
            "doubler": state.doubler[d],
            "cars": cars[d],
            "tile": tile,
        })
    tableaus = [
        {
            "colour": COLOURS[c],
            "seat": state.owner[c],
            "car": names[state.car[c]],
            "in_car": state.ride[c],
            "trunk": [COLOURS[x] for x in state.trunk[c]],
            "trunk_spaces": 2 if TRUNK in state.equip[c] else 1,
            "equipment": [KINDS[k] for k in state.equip[c]],
            "face_up": list(board.faces[state.cards[c]][0]),
            "face_down": list(board.faces[state.cards[c]][1]),
            "in_box": state.reserve[c],
            "breakfast": state.breakfast[c],
        }
        for c in range(state.ncol)
    ]
    supply = [0] * len(KINDS)
    for k in state.supply:
        supply[k] += 1
    playing = state.colour if state.colour >= 0 and not state.over else None
    return {
        "game": "gangster",
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "rounds": ROUNDS,
        "turns_taken": state.turns,
        "turn_limit": state.limit,
        "to_move": state.current_player,
        "colour": None if playing is None else COLOURS[playing],
        "phase": PHASE_NAMES[state.phase],
        "drive_card": state.card or None,
        "terminal": state.over,
        "winners": list(state.won),
        "influence": list(state.influence),
        "districts": districts,
        "tableaus": tableaus,
        "harbour": [_kind(k) for k in state.harbour],
        "equipment_supply": {"size": len(state.supply),
                             "contents": dict(zip(KINDS, supply, strict=True))},
        "equipment_box": dict(zip(KINDS, state.box, strict=True)),
        "district_deck": {"size": len(state.deck),
                          "contents": sorted(_district_card(state, x) for x in state.deck)},
        "district_discard": [_district_card(state, x) for x in state.discard],
        "casino_deck": {"size": len(state.casino), "contents": sorted(state.casino)},
        "casino_drawn": list(state.casino_drawn),
        "doublers": {"placed": state.doublers, "total": material.doublers},
        "reckonings": [_reckoning_view(state, r) for r in state.reckonings],
        "final": final_count(state) if state.over else None,
    }


def final_count(state: Table) -> dict[str, Any]:
    """The final count, laid out: where every seat's influence came from.

    The rulebook's end is the influence track ("whoever then has their influence marker
    furthest ahead ... has won"), and every point on it was won in the open, district by
    district, on a Day of Reckoning. Nothing hidden is turned over at the end: the only
    secrets are the order of the face-down piles, which the rules never reveal and which
    decide nothing once the game is over. So this is the reckonings' placements regrouped,
    per seat, per colour and per district, each list one entry per Day of Reckoning.
    """
    names = state.board.names
    rounds = len(state.reckonings)
    by_colour = [[0] * rounds for _ in range(state.ncol)]
    by_district: dict[int, list[list[int]]] = {
        d: [[0] * rounds for _ in range(state.ncol)] for d in state.scoring}
    doubled: dict[int, list[int]] = {d: [] for d in state.scoring}
    for i, (round_, _, _, _, results, _) in enumerate(state.reckonings):
        for d, dbl, placements in results:
            if dbl:
                doubled[d].append(round_)
            for colour, _, points, _ in placements:
                by_district[d][colour][i] = points
                by_colour[colour][i] += points
    influence = state.influence
    return {
        "seats": [
            {"seat": s, "colours": [COLOURS[c] for c in range(state.ncol) if state.owner[c] == s],
             "reckonings": [r[5][s] for r in state.reckonings], "influence": influence[s],
             "place": 1 + sum(1 for x in influence if x > influence[s]),
             "winner": s in state.won}
            for s in range(state.players)
        ],
        "colours": [
            {"colour": COLOURS[c], "seat": state.owner[c], "reckonings": by_colour[c],
             "total": sum(by_colour[c])}
            for c in range(state.ncol)
        ],
        "districts": [
            {"district": names[d], "title": state.board.titles[d], "doubled": doubled[d],
             "points": {COLOURS[c]: by_district[d][c] for c in range(state.ncol)}}
            for d in state.scoring
        ],
        "casino": [r[1] for r in state.reckonings],
    }


def _reckoning_view(state: Table, record: tuple[Any, ...]) -> dict[str, Any]:
    round_, casino, seat, why, results, points = record
    return {
        "round": round_,
        "casino": casino,
        "triggered_by": seat,
        "why": why,
        "districts": [
            {"district": state.board.names[d], "doubled": doubled,
             "placements": [{"colour": COLOURS[c], "gangsters": g, "points": p,
                             "rank": rank or None}
                            for c, g, p, rank in placements]}
            for d, doubled, placements in results
        ],
        "points": list(points),
    }


# ----- snapshots -------------------------------------------------------------------------

_LISTS = ("spaces", "front", "doubler", "car", "ride", "cards", "reserve", "breakfast",
          "influence", "deck", "discard", "casino", "casino_drawn", "supply", "harbour", "box")
_INTS = ("doublers", "round", "turns", "to_move", "colour", "phase", "card")


def body_to_json(state: Table) -> dict[str, Any]:
    """Every field, hidden order included (a snapshot is for storage, never for a player)."""
    body: dict[str, Any] = {name: list(getattr(state, name)) for name in _LISTS}
    body.update({name: getattr(state, name) for name in _INTS})
    body["tiles"] = list(state.tile)
    body["trunk"] = [list(t) for t in state.trunk]
    body["equip"] = [list(e) for e in state.equip]
    body["reckonings"] = [
        [r, casino, seat, why, [[d, dbl, [list(p) for p in pl]] for d, dbl, pl in results],
         list(points)]
        for r, casino, seat, why, results, points in state.reckonings
    ]
    body["won"] = list(state.won)
    body["over"] = state.over
    return body


def state_from_body(state: T, board: Board, body: dict[str, Any]) -> T:
    """Fill a fresh ``state`` (players, seed and options set) from :func:`body_to_json`,
    checking that nothing was lost; returns it."""
    players = state.players
    state.board = board
    state.ncol = 4 if players == 2 else players
    state.owner = tuple(c % players for c in range(state.ncol))
    state.limit = int(state.options["turn_limit"]) * state.ncol
    for name in _LISTS:
        setattr(state, name, [int(x) for x in body[name]])
    state.doubler = [bool(x) for x in body["doubler"]]
    for name in _INTS:
        setattr(state, name, int(body[name]))
    tiles = [int(t) for t in body["tiles"]]
    n = len(board.names)
    if len(tiles) != n or any(not -1 <= t < len(board.parts.tiles) for t in tiles):
        raise RecordError("gangster snapshot: one tile number per district is expected")
    state.tile = tuple(tiles)
    state.scoring = tuple(d for d in range(n) if tiles[d] >= 0)
    caps = [board.parts.tiles[t].spaces if t >= 0 else 0 for t in tiles]
    bases = [sum(caps[:d]) for d in range(n)]
    state.cap, state.base = tuple(caps), tuple(bases)
    state.trunk = [tuple(int(x) for x in t) for t in body["trunk"]]
    state.equip = [tuple(int(x) for x in e) for e in body["equip"]]
    state.reckonings = [
        (int(r), int(casino), int(seat), str(why),
         tuple((int(d), bool(dbl), tuple(_placement(p) for p in pl)) for d, dbl, pl in results),
         tuple(int(p) for p in points))
        for r, casino, seat, why, results, points in body["reckonings"]
    ]
    state.won = [int(s) for s in body["won"]]
    state.over = bool(body["over"])
    if len(state.spaces) != sum(caps):
        raise RecordError("gangster snapshot: the spaces do not match the tiles")
    state.count = [sum(1 for x in state.spaces[bases[d]:bases[d] + caps[d]] if x != EMPTY)
                   for d in range(n)]
    per_colour = (state.car, state.ride, state.cards, state.reserve, state.breakfast,
                  state.trunk, state.equip)
    if any(len(x) != state.ncol for x in per_colour) or len(state.influence) != players:
        raise RecordError("gangster snapshot: per-colour lists do not match the players")
    problem = conservation_problem(state)
    if problem:
        raise RecordError(f"gangster snapshot: {problem}")
    return state


def _placement(stored: list[Any]) -> tuple[int, int, int, int]:
    """A stored placement; one stored before ranks were kept has none (0)."""
    colour, gangsters, points = (int(x) for x in stored[:3])
    return colour, gangsters, points, int(stored[3]) if len(stored) > 3 else 0


def gangster_places(state: Table) -> list[int]:
    """Per colour, the gangsters in every place: box, car, trunks, tiles, breakfast."""
    total = [state.reserve[c] + state.ride[c] + state.breakfast[c] for c in range(state.ncol)]
    for trunk in state.trunk:
        for x in trunk:
            total[x] += 1
    for x in state.spaces:
        if x != EMPTY:
            total[x] += 1
    return total


def equipment_places(state: Table) -> list[int]:
    """Per kind, the tiles in every place: supply, harbour, tableaus, box."""
    total = list(state.box)
    for k in state.supply:
        total[k] += 1
    for k in state.harbour:
        if k != EMPTY:
            total[k] += 1
    for tableau in state.equip:
        for k in tableau:
            total[k] += 1
    return total


def conservation_problem(state: Table) -> str:
    """Empty when every gangster and every equipment tile is in exactly one place."""
    per_colour = state.board.parts.material.gangsters_per_colour
    if gangster_places(state) != [per_colour] * state.ncol:
        return "gangsters were lost or made up"
    if equipment_places(state) != list(state.board.parts.equipment):
        return "equipment tiles were lost or made up"
    return ""

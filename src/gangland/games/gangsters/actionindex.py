"""Gangsters' fixed action index: the map's spaces, the cops and the cash supplied.

The grammar reads a space as any token of the right shape (a user's map may have other
spaces), so the index lists the spaces of the map the options name: buildings for the
verbs that name a joint (``joint``, ``sell``, ``give``, ``take``, ``place``), and for a
piece's destination a space with a facing taken together, since a building is only ever
faced ``inside`` and a street space a compass point (``paths.py``: a move ends in a
building facing -1, on a street facing one of the four directions). Cops are named by
their strengths, seats only up to the player count.

Cash amounts are multiples of $100 and have no bound in the rules: the bank pays out for
ever. The index lists ``pay`` and ``ask`` up to ten times the cash that wins (the
``cash`` option, $10,000 by default, so $100,000): a gang that holds the winning cash at
the end of its turn has won, unless it lacks a Racketeer, a Thug or a Vamp (15.1) or the
game is played for rounds (15.2); such a gang may hoard. Random play with the default
options met amounts up to $19,200.
A legal amount above the cap raises :class:`ActionIndexError` naming it from
``legal_action_indices`` (never dropped); ``docs/rl.md`` gives the figures.
"""

from __future__ import annotations

from collections.abc import Mapping

from gangland.engine.actionindex import ActionIndex, Part, amounts
from gangland.engine.actions import ArgValue
from gangland.engine.options import OptionValue

from .components import FACES, KINDS, Components
from .moves import GRAMMAR, tokens


def cash_cap(options: Mapping[str, OptionValue]) -> int:
    """The largest ``pay`` or ``ask`` amount the index holds: ten times the winning cash.

    >>> cash_cap({"cash": 10_000}), cash_cap({"cash": 1_250})
    (100000, 12500)
    """
    return 10 * int(options.get("cash") or 10_000) // 100 * 100


def build_index(players: int, options: Mapping[str, OptionValue],
                components: Components) -> ActionIndex:
    """The index for this player count, options and map (see the module text)."""
    city = components.city
    names = tokens(city)
    buildings: Part = [(names[s],) for s in range(len(names)) if not city.street[s]]
    # (space, facing): where a piece or a cop may stand, and facing which way
    placed: list[tuple[ArgValue, ...]] = []
    for s, name in enumerate(names):
        if city.street[s]:
            placed += [(name, f) for f in FACES]
        else:
            placed.append((name, "inside"))
    cops: Part = [(c,) for c in components.cops]
    seats: Part = [(p,) for p in range(1, players + 1)]
    kinds: Part = [(k,) for k in KINDS]
    targets: Part = [(str(p),) for p in range(1, players + 1)] + [("cops",)]
    status: Part = [("criminal",), ("citizen",)]
    cash = amounts(100, cash_cap(options))
    parts: dict[str, list[Part]] = {
        "joint": [buildings], "sell": [buildings], "give": [buildings],
        "take": [buildings], "place": [buildings],
        "offer": [seats], "seduce": [seats, kinds], "bust": [seats, kinds],
        "hit": [targets], "aim": [targets],
        "pay": [cash], "ask": [cash],
        "release": [cops],
        "cop": [cops, placed],
        "transfer": [cops, [(names[s],) for s in city.subway]],
        "exit": [[(k + 1,) for k in range(len(city.subway))]],
        "move": [kinds, placed, status], "wheels": [kinds, placed, status],
        "public": [[(k + 1,) for k in range(len(components.public))], placed],
    }
    cap = f"${cash_cap(options):,}"
    notes = {
        "pay": f"amounts of $100 to {cap}, ten times the winning cash; more is outside",
        "ask": f"amounts of $100 to {cap}, ten times the winning cash; more is outside",
        "joint": "the buildings of the map", "sell": "the buildings of the map",
        "give": "the buildings of the map", "take": "the buildings of the map",
        "place": "the buildings of the map",
        "transfer": "the subway spaces of the map",
    }
    return ActionIndex("gangsters", players, GRAMMAR, parts, notes)

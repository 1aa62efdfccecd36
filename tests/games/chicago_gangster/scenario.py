"""Building exact Chicago Gangster positions for scripted rule tests.

Mobsters are named as printed (``"Al Capone"``); cards by kind (``"contract"``). Seat ``s``
plays gang ``s`` (Capone Mob, Moran Gang, New York Mob, ...). Cards not placed go to the
pile, ``pile_top[0]`` drawn first.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console

import gangland
from gangland.games.chicago_gangster import ChicagoState
from gangland.games.chicago_gangster.cards import (
    COUNTERS,
    KIND_INDEX,
    NMOBSTERS,
    default_components,
)
from gangland.games.chicago_gangster.table import PLAY
from gangland.games.chicago_gangster.text import render_view

GAME = gangland.load("chicago-gangster")
COMPS = default_components()
NAMES = {COMPS.mobster_name(m): m for m in range(NMOBSTERS)}


def mob(name: str) -> int:
    """Mobster index from its printed name."""
    return NAMES[name]


def gang(seat: int) -> list[int]:
    """The nine mobsters of the gang seat ``seat`` plays."""
    return list(range(seat * 9, seat * 9 + 9))


def table(
    players: int = 3,
    hands: Mapping[int, Sequence[str]] | None = None,
    hitlist: Sequence[str] = (),
    dead: Sequence[str] = (),
    war: int = 0,
    pile_top: Sequence[str] = (),
    remove: Mapping[int, int] | None = None,
    **options: object,
) -> ChicagoState:
    """Seat 0 to play with exactly the given hands (other seats: five plain attack cards).

    ``remove``: per seat, how many of its mobsters (from the last) are dead already.
    """
    state = GAME.new_game(players, seed=1, options=options)
    assert isinstance(state, ChicagoState)
    free = list(range(COMPS.ncards))

    def take(kind: str) -> int:
        k = KIND_INDEX[kind]
        card = next(c for c in free if COMPS.kind_of[c] == k)
        free.remove(card)
        return card

    hands = dict(hands or {})
    state.hands = [[take(k) for k in hands[s]] if s in hands else [] for s in range(players)]
    top = [take(k) for k in pile_top]
    for s in range(players):
        if s not in hands:
            plain = [c for c in free if COMPS.kind_of[c] not in COUNTERS][:5]
            for c in plain:
                free.remove(c)
            state.hands[s] = plain
    state.pile = free + top[::-1]
    state.discard = []
    for s, count in (remove or {}).items():
        for m in gang(s)[9 - count:]:
            state.inplay[s].remove(m)
            state.dead.append(m)
    for name in dead:
        m = mob(name)
        state.inplay[state.owner[m]].remove(m)
        state.dead.append(m)
    for name in hitlist:
        m = mob(name)
        state.inplay[state.owner[m]].remove(m)
        state.hitlist.append(m)
    state.war = war
    state._reset_decision()
    state.phase, state.player, state.to_move, state.turn = PLAY, 0, 0, 1
    state._legal_cache = None
    check_places(state)
    return state


def check_places(state: ChicagoState) -> None:
    """Every mobster and every action card is in exactly one place."""
    mobsters = state.box + state.hitlist + state.dead + [m for p in state.inplay for m in p]
    assert sorted(mobsters) == list(range(NMOBSTERS))
    cards = state.pile + state.discard + [c for h in state.hands for c in h]
    assert sorted(cards) == list(range(state.comps.ncards))


def play(state: ChicagoState, *texts: str) -> list[gangland.Event]:
    """Apply actions given as text (``pick`` may name a mobster: ``pick Al Capone``)."""
    events = []
    for text in texts:
        if text.startswith("pick ") and not text[5:].strip().isdigit():
            text = f"pick {mob(text[5:].strip()) + 1}"
        events += state.apply(state.parse_action(text))
        check_places(state)
    return events


def hand(state: ChicagoState, seat: int) -> list[str]:
    """The kinds in ``seat``'s hand, sorted."""
    return sorted(state.comps_kind(c) for c in state.hands[seat])


def names(mobsters: Sequence[int]) -> list[str]:
    """Printed names of mobster indices."""
    return [COMPS.mobster_name(m) for m in mobsters]


def text(view: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    """The terminal's drawing of ``view`` at 80 columns, as plain text."""
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(view, options))
    return console.export_text()


def flat(out: str) -> str:
    """The panel's words on one line (its borders and line breaks gone)."""
    return " ".join(out.replace("│", " ").split())

"""Special equipment: the harbour, the supply, and sliding tiles onto a tableau.

A tableau holds at most two tiles, left first. A new tile slides in from the left and
pushes the others right; one pushed off the tableau goes to the box. The two must differ,
so a player may only take a kind they do not hold; if the harbour offers nothing else (or
nothing at all), the tableau stays as it is. Three identical tiles in the harbour leave the
game and three new ones are drawn, as often as it happens; an empty supply refills nothing.
"""

from __future__ import annotations

from gangland.engine import Event

from .components import KINDS, TRUNK
from .moves import title
from .table import Table
from .tiles import EMPTY

TABLEAU_SLOTS = 2


def draw_supply(state: Table) -> int:
    """The top tile of the face-down supply, or ``EMPTY`` when it is used up."""
    return state.supply.pop() if state.supply else EMPTY


def check_triples(state: Table) -> list[Event]:
    """Three identical tiles in the harbour leave the game; three new ones are drawn."""
    events: list[Event] = []
    harbour = state.harbour
    while harbour[0] != EMPTY and harbour.count(harbour[0]) == len(harbour):
        kind = harbour[0]
        state.box[kind] += len(harbour)
        for slot in range(len(harbour)):
            harbour[slot] = draw_supply(state)
        if state.quiet:
            continue
        shown = ", ".join(KINDS[k] for k in harbour if k != EMPTY) or "nothing (supply empty)"
        events.append(Event(
            "harbour-triple",
            f"Three {title(KINDS[kind])} tiles lay in the harbour: they leave the game; "
            f"the harbour now shows {shown}.",
            data={"kind": KINDS[kind], "harbour": [KINDS[k] if k != EMPTY else None
                                                  for k in harbour]}))
    return events


def takeable(state: Table, colour: int) -> list[int]:
    """Kinds in the harbour that ``colour`` may take (not already on its tableau), sorted."""
    held = state.equip[colour]
    return sorted({k for k in state.harbour if k != EMPTY and k not in held})


def take(state: Table, colour: int, kind: int) -> list[Event]:
    """Slide ``kind`` from the harbour onto the tableau; refill the harbour."""
    slot = state.harbour.index(kind)
    tableau = (kind, *state.equip[colour])
    pushed = EMPTY
    if len(tableau) > TABLEAU_SLOTS:
        pushed = tableau[-1]
        tableau = tableau[:TABLEAU_SLOTS]
        state.box[pushed] += 1
    state.equip[colour] = tableau
    refill = state.harbour[slot] = draw_supply(state)
    if state.quiet:
        check_triples(state)
        return []
    who = state.colour_title(colour)
    text = f"{who} takes the {title(KINDS[kind])}"
    if pushed != EMPTY:
        text += f", pushing the {title(KINDS[pushed])} off the tableau into the box"
    text += "; " + (f"a {title(KINDS[refill])} is laid out in its place." if refill != EMPTY
                    else "the supply is empty, so the space stays empty.")
    events = [Event("take", text, data={
        "colour": state.colour_word(colour), "kind": KINDS[kind],
        "pushed_out": KINDS[pushed] if pushed != EMPTY else None,
        "refill": KINDS[refill] if refill != EMPTY else None})]
    return events + check_triples(state)


def trunk_room(state: Table, colour: int) -> int:
    """How many gangsters ``colour``'s trunk holds: one, or two with the Trunk."""
    return 2 if TRUNK in state.equip[colour] else 1

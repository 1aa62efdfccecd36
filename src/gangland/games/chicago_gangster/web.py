"""Chicago Gangster in the browser: the static, public components a renderer draws from.

A view names mobsters by number (``"hitlist": [10, 3]``) and cards by kind, because that is
all the rules need. To draw them the browser must know each number's printed name and gang,
and what each kind of card does. Names and gangs depend on the components in use (a file
may rename them), so the server sends them once per table, in the ``welcome`` message, as
``client_data``.

Nothing here comes from a state: the rosters are printed face up, and the kinds of card and
how many of each the deck holds are in the rules. Who owns a mobster now (a Turncoat may
change it), what is listed or dead, and every hand come from the view alone.

>>> data = client_data({})
>>> data["mobsters"][9]["name"], data["mobsters"][9]["gang"]
('Bugs Moran', 1)
>>> [c["title"] for c in data["cards"][:2]]
['Contract', 'Priority Contract']
>>> data["cards"][10]["type"], data["cards"][10]["answers"]
('counter', ['contract', 'priority-contract', 'double-contract'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine import OptionValue

from .cards import ATTACKS, COUNTERS, EFFECTS, KINDS, PER_GANG, card_title, components_from
from .effects import ANSWERS

__all__ = ["SHORT", "client_data"]

#: A few words for the face of each card (the whole effect is in ``help``).
SHORT = {
    "contract": "A rival lists one of theirs",
    "priority-contract": "Listed straight to the wall",
    "double-contract": "A rival lists two of theirs",
    "hit": "Kill one in play, list one of yours",
    "massacre": "The whole list dies",
    "double-cross": "One of each rival goes on the list",
    "mob-war": "War at normal speed",
    "ambush": "War at double speed",
    "vendetta": "Two of each rival listed, then war",
    "turncoat": "Strongest loses one, weakest gains one",
    "mob-power": "Turn a contract back on its maker",
    "family-influence": "Cancel a contract on you",
    "finger": "Stop a rival's escape",
    "safe-house": "Your gang is spared the vendetta",
    "lam": "One listed mobster escapes",
    "police-protection": "One listed mobster goes home",
    "substitution": "Swap a listed mobster for one in play",
    "intrigue": "Put the list in a new order",
    "truce": "Stop the war",
    "pay-off": "One gang's listed all go home",
    "crackdown": "Everyone listed goes home",
}

#: Printed gang colours as the browser paints them (any other colour name is used as is).
PAINT = {"red": "#c0392b", "green": "#2e8b57", "blue": "#2f6fb5", "black": "#2b2b2b",
         "purple": "#7d3c98", "yellow": "#d4ac0d"}


def _type(k: int) -> str:
    if k in ATTACKS:
        return "attack"
    return "counter" if k in COUNTERS else "rescue"


def client_data(options: Mapping[str, OptionValue]) -> dict[str, Any]:
    """The rosters and the kinds of card of the components in use, JSON-safe.

    ``gangs[g]``: the printed gang ``g`` (seat ``g`` plays it), its name, colour (and the
    colour to paint it) and its nine mobsters' numbers. ``mobsters[n - 1]``: mobster ``n``
    with its printed name and gang. ``cards``: every kind in canonical order, with its
    printed title, type (attack, counter, rescue), a few words for its face, the whole
    effect, how many the deck holds, and for counters the kinds they answer.
    """
    comps = components_from(str(options.get("components") or ""))
    gangs = [
        {"index": g, "name": name, "colour": colour, "paint": PAINT.get(colour, colour),
         "mobsters": [g * PER_GANG + i + 1 for i in range(PER_GANG)]}
        for g, (name, colour) in enumerate(zip(comps.gangs, comps.colours, strict=True))
    ]
    mobsters = [
        {"number": m + 1, "name": comps.mobster_name(m), "gang": m // PER_GANG}
        for m in range(len(comps.gangs) * PER_GANG)
    ]
    answered: dict[int, list[str]] = {}
    for attack, counters in ANSWERS.items():
        for k in counters:
            answered.setdefault(k, []).append(KINDS[attack])
    cards = [
        {"kind": kind, "title": card_title(kind), "type": _type(k), "short": SHORT[kind],
         "help": EFFECTS[kind], "count": comps.counts[k], "answers": answered.get(k, [])}
        for k, kind in enumerate(KINDS)
    ]
    return {"game": "chicago-gangster", "hand": comps.hand, "gangs": gangs,
            "mobsters": mobsters, "cards": cards}

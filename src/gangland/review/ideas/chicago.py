"""Chicago Gangster's ideas: a mobster at the wall left to die, a war started on one's own,
an attack aimed past the strongest rival.

"From the next turn on, each turn begins with the first mobster on the list being
executed (two at double speed)". The list, its owners, the war's speed and every gang are
public, and the seat's hand is its own: all of it is in the seat's view.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Action
from gangland.games.chicago_gangster.cards import (
    AMBUSH,
    KIND_INDEX,
    MOB_WAR,
    RESCUES,
    VENDETTA,
    card_title,
    components_from,
)

#: The cards that start a war, and at what speed (executions a turn).
WARS = {MOB_WAR: 1, AMBUSH: 2, VENDETTA: 2}


def _doomed(view: dict[str, Any], rate: int) -> list[int]:
    """The seat's mobsters (1-based) among the first ``rate`` on the list."""
    owners, seat = view["owners"], view["seat"]
    return [m for m in view["hitlist"][:rate] if owners[m - 1] == seat]


def _name(view: dict[str, Any], mobster: int) -> str:
    return components_from(view.get("components") or "").mobster_name(mobster - 1)


def _alive(gang: dict[str, Any]) -> int:
    return len(gang["in_play"]) + len(gang["listed"])


def chicago(view: dict[str, Any], played: Action, best: Action) -> str:
    """The seat's own mobster at the wall in a war, left there though a rescue in hand
    would save it; a war card played with the seat's own mobster where the first
    executions fall; a card aimed at a weaker rival than the strongest one."""
    if "hitlist" not in view:
        return ""
    rate = view["war"]["rate"]
    if (played.kind in ("play", "discard") and best.kind == "play" and rate
            and KIND_INDEX[str(best.args[0])] in RESCUES
            and KIND_INDEX.get(str(played.args[0])) not in RESCUES):
        doomed = _doomed(view, rate)
        if doomed:
            who = " and ".join(_name(view, m) for m in doomed)
            return (f"{played.kind} {card_title(str(played.args[0]))} rather than "
                    f"{card_title(str(best.args[0]))} to save your {who} from execution "
                    "at the next turn")
    if played.kind == "play" and KIND_INDEX[str(played.args[0])] in WARS:
        doomed = _doomed(view, max(rate, WARS[KIND_INDEX[str(played.args[0])]]))
        if doomed:
            who = " and ".join(_name(view, m) for m in doomed)
            return (f"a war card ({card_title(str(played.args[0]))}) with your {who} "
                    "first in line against the wall")
    if played.kind == "target" and best.kind == "target":
        gangs, seat = view["gangs"], view["seat"]
        aimed, better = gangs[int(played.args[0]) - 1], gangs[int(best.args[0]) - 1]
        rivals = [g for g in gangs if g["seat"] != seat and not g["out"]]
        strongest = max(_alive(g) for g in rivals)
        if _alive(better) == strongest > _alive(aimed):
            card = view["decision"]["card"]
            return (f"{card_title(card)} aimed at P{played.args[0]} ({_alive(aimed)} mobsters "
                    f"alive) rather than the strongest rival, P{best.args[0]} ({strongest})")
    return ""

"""Gangsters' ideas: a criminal moved in with a cop, the criminal side where the citizen
side would do, a cop sent into one's own joint to raid it.

"A Cop has no effect on a gangster whose colored side is face-up. A Cop in the same space
with a criminal engages in a Shootout" (9.7), and "Any Cop present in an Organized Crime
Scene reduces the level of that Joint by one" (11.6). Cops, pieces, joints and the public
are all on the open board, so each idea reads the seat's view and nothing else.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Action

_MOVES = ("move", "wheels")  # a gang piece's move: KIND SPACE FACING STATUS


def _cops_at(view: dict[str, Any], space: str) -> list[int]:
    return [c["cop"] for c in view.get("cops", ()) if c["at"] == space]


def _as_citizen(move: Action) -> Action:
    return Action(move.kind, (*move.args[:3], "citizen"))


def gangsters(view: dict[str, Any], played: Action, best: Action) -> str:
    """A gang piece moved on its criminal side onto a cop (a shootout at the turn's end),
    or on its criminal side where the best move was the same move as a citizen; a cop
    moved into the seat's own joint while the public is in it (a raid)."""
    if "buildings" not in view:
        return ""
    if played.kind in _MOVES and played.args[3] == "criminal":
        kind, space = str(played.args[0]), str(played.args[1])
        cops = _cops_at(view, space)
        if cops:
            which = ", ".join(str(c) for c in cops)
            return (f"a criminal {kind} moved onto cop {which}: a shootout at the end of "
                    "the turn, where a citizen is left alone (9.7)")
        if best == _as_citizen(played):
            return (f"the criminal side for the {kind} where the citizen side would do: "
                    "cops ignore a citizen (9.7)")
    if played.kind == "cop":
        space = str(played.args[1])
        owner = view["buildings"].get(space, [None])[0]
        public = any(p["at"] == space for p in view.get("public", ()))
        if owner == view["seat"] and public:
            return (f"cop {played.args[0]} sent into your own joint with the public in it: "
                    "the raid costs it a level (11.6)")
    return ""

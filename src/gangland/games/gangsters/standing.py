"""Standing answers to "allow or reveal?" (9.5), given once for the game.

After every cop move every other player is asked whether to reveal a bribe (decision 8 of
``docs/games/gangsters.md``: asking everyone keeps the question from telling who holds a
badge). A player who holds a badge is asked for real each time, dozens of times a game,
and nearly always allows. A standing answer lets the table answer for them:

- ``allow-unless-mine``: allow, unless the cop ends in one of the player's joints or on a
  space where one of the player's pieces stands (then the player is asked);
- ``allow-all``: allow every cop move.

Both read only the player's view, and the first looks only at public facts (where the cop
went, whose joints and pieces are there), never at the badges: whether the table answers
tells nothing of what the player holds. (A seat with no matching badge has a single legal
answer, which its auto-pass plays anyway.)

>>> import gangland
>>> state = gangland.load("gangsters").new_game(players=2, seed=1)
>>> answer(state.view(state.to_move), ALLOW_ALL) is None  # no cop question yet
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangland.engine import Action, Standing

from .moves import ALLOW

ALLOW_UNLESS_MINE = "allow-unless-mine"
ALLOW_ALL = "allow-all"

STANDING = (
    Standing(ALLOW_UNLESS_MINE, "Allow cop moves, except into my joints or onto my pieces"),
    Standing(ALLOW_ALL, "Allow every cop move"),
)


def comes_for(view: Mapping[str, Any], seat: int, space: str | None) -> bool:
    """Whether a cop at ``space`` is in one of ``seat``'s joints or with one of its pieces."""
    if space is None:
        return False
    owner = view["buildings"].get(space)
    if owner is not None and owner[0] == seat:
        return True
    gang = next((g for g in view["gangs"] if g["seat"] == seat), None)
    return gang is not None and any(p["strength"] and p["at"] == space
                                    for p in gang["pieces"])


def answer(view: Mapping[str, Any], name: str) -> Action | None:
    """What the standing answer ``name`` plays for the viewing seat, or ``None`` (ask)."""
    decision, seat = view["decision"], view["seat"]
    if view["terminal"] or decision["kind"] != "reveal" or decision["seat"] != seat:
        return None
    if name == ALLOW_ALL:
        return ALLOW
    if name == ALLOW_UNLESS_MINE:
        cop = next((c for c in view["cops"] if c["cop"] == decision.get("cop")), None)
        return None if cop is None or comes_for(view, seat, cop["at"]) else ALLOW
    return None

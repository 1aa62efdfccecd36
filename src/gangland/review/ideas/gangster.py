"""Gangster's idea: a majority handed over, given up or left untaken, read off the tiles.

"The player with the most gangsters in a district receives the first point value"; equal
numbers go by the highest-ranked gangster. Every tile is public, so the standings before
and after an unload or a load follow from the seat's view alone, with the rules' own
:func:`~gangland.games.gangster.tiles.standings`. Whether the Day of Reckoning is near is
public too: the doublers placed, and the round's turn limit.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Action
from gangland.games.gangster.moves import COLOUR_INDEX, COLOURS
from gangland.games.gangster.tiles import EMPTY, standings

#: What a tile's spaces look like in a view: a colour word, or None for an empty space.
Spaces = list[str | None]


def leader(spaces: Spaces) -> str | None:
    """The colour with the majority on a tile (ties by rank, as scored), or None if empty.

    >>> leader(["blue", "yellow", None, "yellow"]), leader(["blue", "yellow"]), leader([None])
    ('yellow', 'yellow', None)
    """
    order = standings([EMPTY if c is None else COLOUR_INDEX[c] for c in spaces])
    return COLOURS[order[0][0]] if order else None


def after(view: dict[str, Any], move: Action) -> tuple[str, Spaces, Spaces] | None:
    """``(district title, spaces before, spaces after)`` of the tile ``move`` changes, or None
    for a move that changes no tile (a drive, a pick of equipment)."""
    colour = view.get("colour")
    mine = next((t for t in view.get("tableaus", ()) if t["colour"] == colour), None)
    if mine is None:
        return None
    where = mine["car"]
    if move.kind == "tommy-gun":
        where = str(move.args[0])
    elif move.kind not in ("unload", "load"):
        return None
    district = next((d for d in view["districts"] if d["name"] == where), None)
    if district is None or not district["tile"]:
        return None
    tile = district["tile"]
    before: Spaces = list(tile["spaces"])
    changed = before.copy()
    if move.kind == "unload":
        if tile["next_space"] is None:
            return None
        changed[tile["next_space"] - 1] = str(move.args[0])
    else:
        changed[int(move.args[-1]) - 1] = None
    return district["title"], before, changed


def _when(view: dict[str, Any]) -> str:
    """How near the Day of Reckoning is, where the seat can be sure of it ("" if not)."""
    left = view["turn_limit"] - view["turns_taken"]
    if left <= 1:
        return " on the round's last turn"
    if left <= view["players"]:
        return " with the Day of Reckoning before your next turn"
    doublers = view["doublers"]
    if doublers["placed"] == doublers["total"] - 1:
        return " with one doubler left before the Day of Reckoning"
    return ""


#: A tile-changing move as the subject of a sentence.
_A = {"unload": "an unload", "load": "a load", "tommy-gun": "a Tommy Gun load"}


def _what(move: Action) -> str:
    """A move in a few words: "unloading a blue gangster", "a drive"."""
    if move.kind == "unload":
        return f"unloading a {move.args[0]} gangster"
    if move.kind == "load":
        return f"loading the gangster on space {move.args[0]}"
    if move.kind == "tommy-gun":
        return f"the Tommy Gun on space {move.args[1]}"
    return "a drive" if move.kind == "drive" else move.kind


def gangster(view: dict[str, Any], played: Action, best: Action) -> str:
    """An unload or a load that hands a rival the majority of a district (or gives up the
    seat's own), or another move where the best one found would have taken a majority.

    A rival's gangster in the trunk is unloaded somewhere to be rid of it; unloaded where
    it tips the count, it wins that colour the district's first value. Loading one's own
    gangster away from a district held by one gangster gives it up. Nearness to the Day of
    Reckoning is said where the seat could be sure of it.
    """
    if "tableaus" not in view:
        return ""
    seats = {t["colour"]: t["seat"] for t in view["tableaus"]}
    seat = view["seat"]
    change = after(view, played)
    if change is not None:
        where, before, changed = change
        was, now = leader(before), leader(changed)
        ours = was is not None and seats[was] == seat
        if now != was and (now is None or seats[now] != seat):
            place, when = where, _when(view)
            if ours:
                to = f" to {now}" if now else ""
                return f"{_A[played.kind]} that gives up your majority in {place}{to}{when}"
            if now is not None and played.kind == "unload" and str(played.args[0]) == now:
                return f"an unload that hands {now} the majority in {place}{when}"
    change = after(view, best)
    if change is not None:
        where, before, changed = change
        was, now = leader(before), leader(changed)
        if now is not None and seats[now] == seat and (was is None or seats[was] != seat):
            return f"{_what(played)} where {_what(best)} would take the majority in {where}"
    return ""

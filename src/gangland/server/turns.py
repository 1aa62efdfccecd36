"""A live table's decision in time: its turn clock, the game's own timed stretch, and the
move the server makes for a person (an auto-pass or a standing answer).

Pure reads of a :class:`LiveTable` (``game_timed`` and ``turn_deadline`` also fix the
deadline they find, once per decision or stretch, so that nothing gives a player the time
again); :meth:`Hub.schedule` acts on them.
"""

from __future__ import annotations

import time

from gangland.engine import Timed

from .live import LiveTable


def timed_until(live: LiveTable) -> float:
    """When the game's own timed stretch ends (set by ``game_timed``)."""
    assert live.timed_until is not None
    return live.timed_until


def turn_deadline(live: LiveTable) -> float:
    """The end of the turn clock of the decision now: set once per decision, so that
    a seat change, a reconnection or a restart never gives the player the time again."""
    if live.turn_version != live.version or live.turn_deadline is None:
        live.turn_version = live.version
        live.turn_deadline = time.time() + float(live.row["clock_s"])
    return live.turn_deadline


def game_timed(live: LiveTable) -> Timed | None:
    """The stretch the game's own rules time now (6.9 in Gangsters), its deadline kept
    across every decision of that stretch."""
    timed = live.state.timed()
    if timed is not None and timed.key != live.timed_key:  # (a decision outside the
        # stretch, such as a rival's answer in the middle of it, keeps the deadline)
        live.timed_key, live.timed_until = timed.key, time.time() + timed.seconds
    return timed


def forced_text(live: LiveTable, seat: int) -> str | None:
    """The move the server makes for a person now, if any: their only legal move when
    it is a true pass (the auto-pass; a lone roll waits for a click), or what their
    standing answer plays (``State.standing``)."""
    info, legal = live.seats[seat], live.state.legal_actions()
    if info.auto_pass and len(legal) == 1 and live.game.is_pass(legal[0]):
        return str(legal[0])
    answer = None if info.standing is None else live.state.standing(info.standing)
    return str(answer) if answer is not None and answer in legal else None

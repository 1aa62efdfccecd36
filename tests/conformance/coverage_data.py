"""What the coverage suite must reach in each game beyond its endings (which each game
declares itself: ``Game.endings``, see :class:`gangland.engine.game.Ending`).

This is the suite's data, keyed by game id, and the only place in ``tests/conformance``
that names a game.

- ``UNREACHED``: endings the suite's games have not reached, each with its reason.
- ``RARE``: the rare events (event kinds) the suite's games must reach at least once per
  game. Every rare thing a game does announces itself with an event (a pile rebuilt from
  the discards is a ``reshuffle``), so the suite needs no look inside the state.
- ``EXTRA``: more seeded batches, beyond the option presets, for endings the presets
  cannot reach (the full game to its purchase offer, a game played to a victory).
- ``LONG``: one long game per game whose hidden information is checked at every step.
"""

from __future__ import annotations

from typing import Any

#: Endings not reached yet, each with its reason; the suite requires every other one.
UNREACHED: dict[tuple[str, str], str] = {
    # Not met in about a hundred seeded games (random, heuristic, mixed; 2 to 4 players,
    # even with the cash target out of reach): ten joints or the cash always come first.
    ("gangsters", "every joint of a colour"): "not reached by any bot line-up searched",
}


#: Seats not required to win at a game and count, each with its reason: (seat, reason).
SEATS_PENDING: dict[tuple[str, int], tuple[int, str]] = {
    # At the preset's turn limit (40) the Police Commissioner wins only with the most net
    # worth, which no line-up reached in 40 games; his own win, the payroll's cash, comes
    # in full-length games, and EXTRA plays one ("Commissioner's cash" is required).
    ("gangsters", 5): (4, "the Commissioner wins full-length games, not at turn 40"),
}


RARE: dict[str, tuple[str, ...]] = {
    "chicago-gangster": ("reshuffle", "out", "revive", "substitute", "reorder", "fail",
                         "aim", "war"),
    "gangster": ("new-round", "doubler", "harbour-triple", "breakfast", "bump", "take"),
    "gangster-1994": ("reshuffle", "caught", "justice", "alibi", "dossier", "protect",
                      "race", "mission", "exchange", "sell", "rob"),
    "gangster-city": ("reshuffle", "out", "new-case"),
    "gangsters": ("gang-war", "out", "raid", "joint-lost", "hit", "seduce", "cops",
                  "cop-cup", "public-cup", "sell", "trade", "improve"),
}

#: Extra batches: (players, options, line-up, seeds). A line-up is "h" (every seat the
#: game's own bot), "r" (every seat random) or "m" (alternating, own bot on odd seats).
#: Seeds found by a search, named so a run is short; each says what it reaches.
EXTRA: dict[str, tuple[tuple[int, dict[str, Any], str, tuple[int, ...]], ...]] = {
    "chicago-gangster": ((3, {}, "r", (22,)),),  # the last two gangs fall together
    "gangster-1994": (
        (2, {}, "h", (1, 2)),  # the full game: the purchase offer completed
        (2, {"short": True}, "r", tuple(range(1, 9))),  # seed 8: the last player free
    ),
    "gangster-city": (
        (4, {}, "r", (20,)),  # the pile runs out and is rebuilt
        (6, {"cases_to_win": 10}, "h", (1,)),  # rebuilt thrice, then no card is left
    ),
    "gangsters": (
        (2, {}, "h", (1, 2, 3, 4)),  # played to a victory: cash, ten joints
        (2, {}, "r", (1,)),  # the last gang standing
        (5, {}, "r", (1,)),  # five players in full: the Commissioner's cash (14,255 moves)
    ),
}

#: One long game per game between bots, its hidden information checked at every step:
#: (players, options, line-up, seed, the rare events it must pass through).
LONG: dict[str, tuple[int, dict[str, Any], str, int, tuple[str, ...]]] = {
    "chicago-gangster": (6, {}, "h", 1, ("reshuffle", "out", "war")),
    "gangster": (5, {"turn_limit": 6}, "h", 1, ("new-round", "doubler")),
    "gangster-1994": (2, {}, "h", 5, ("reshuffle", "caught")),  # the full game: 706 moves
    "gangster-city": (6, {"cases_to_win": 10}, "h", 1, ("reshuffle", "new-case")),
    "gangsters": (4, {"turn_limit": 40}, "m", 4, ("gang-war", "cop-cup", "public-cup")),
}

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
UNREACHED: dict[tuple[str, str], str] = {}


#: Seats not required to win at a game and count, each with its reason: (seat, reason).
SEATS_PENDING: dict[tuple[str, int], tuple[int, str]] = {
    # At the presets' limits (turn 40, turn 30, six rounds) the Police Commissioner wins
    # only with the greatest net worth (15.2), and his is his cash: the $1,000 of 17.1,
    # which the gangs' first turns take as bribes (17.2: a gang defers to him, and with no
    # cop yet on the board to move he must bribe), then what his cops earn (17.4: about
    # $1,100 a game in 20 heuristic games at turn 40). Measured in the presets' own
    # line-ups (seeds 1-56, the 40 games of each where he is the heuristic bot): his net
    # worth $965 on average (at most $2,600) against the best gang's $5,755 (at least
    # $3,100) at turn 40; $708 (at most $2,100) against $4,698 (at least $2,900) at turn
    # 30 with the equipment; $638 (at most $1,300) against $4,628 (at least $2,900) in six
    # rounds: never within $2,000 of the best gang. The random Commissioner of the
    # all-random line-up fares no better (24 games: at most $1,000, the best gang at
    # least $1,100). His own win, the payroll's cash (17.6), comes in full-length games,
    # and EXTRA plays one ("Commissioner's cash" is required).
    ("gangsters", 5): (4, "at a 30/40-turn limit his net worth (his cash) came to $640-$965 "
                          "on average against the best gang's $4,630-$5,755, in 120 games"),
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
        (2, {}, "h", (1, 23)),  # played to a victory: cash; seed 23, every purple joint
        (2, {"cash": 30_000}, "h", (2,)),  # the cash out of reach (15.1): ten joints
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
    "gangsters": (4, {"turn_limit": 40}, "m", 3, ("gang-war", "cop-cup", "public-cup")),
}

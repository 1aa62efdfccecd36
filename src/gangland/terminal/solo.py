"""``gangland play GAME --solo [--difficulty D]``: one generated case, alone or together.

A game offers a solo mode by declaring an option ``case`` whose choices are the
difficulties (and ``""`` for the table game); only Gangster City does so far. The flags
are a short way to set that option, so their errors name the flags, not the option, and
list only the difficulties.

Gangster City's rulebook has one section, "Rules for Solo or Co-operative Play", for both:
the same unsolved cases, played "on your own or together with your friends". So there is
no ``--coop`` flag: ``--solo --players 3`` is that co-operative case, and the table says so
in one line before play (:func:`coop_notice`), since the other detectives are bots unless
``--seat`` makes them people.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gangland.engine import Game, OptionError, State, counted, game_ids, load

from .seats import HUMAN, is_human

DEFAULT_DIFFICULTY = "medium"


def difficulties(game: Game) -> tuple[str, ...]:
    """The difficulties of the game's solo case; empty when it has no solo mode.

    >>> difficulties(load("gangster-city")), difficulties(load("gangster"))
    (('easy', 'medium', 'hard'), ())
    """
    case = next((o for o in game.options if o.name == "case"), None)
    return tuple(c for c in case.choices if c) if case is not None else ()


def solo_choices(game: Game, options: Mapping[str, object], players: int | None,
                 seats: Sequence[str], solo: bool, difficulty: str | None
                 ) -> tuple[dict[str, Any], int | None, list[str]]:
    """The options, player count and seats that ``--solo``/``--difficulty`` ask for.

    ``--solo`` plays the case at ``--difficulty`` (medium unless given, or the case
    ``--option case=...`` names); one player unless ``--players`` or several ``--seat``
    say more; P1 is you unless ``--seat`` says who. Refused, with the flag named: a game
    without a solo mode, ``--difficulty`` without ``--solo``, a difficulty the game lacks,
    and a ``--difficulty`` that contradicts ``--option case``.
    """
    opts = dict(options)
    if not (solo or difficulty):
        return opts, players, list(seats)
    levels = difficulties(game)
    flag = "--solo" if solo else "--difficulty"
    if not levels:
        others = [g for g in game_ids() if difficulties(load(g))]
        raise OptionError(f"{game.id} has no solo mode, so {flag} does not apply "
                          f"(games with one: {', '.join(others) or 'none'})")
    if not solo:
        raise OptionError(f"--difficulty sets the case of a solo game: add --solo "
                          f"(gangland play {game.id} --solo --difficulty {difficulty})")
    if difficulty is not None and difficulty not in levels:
        raise OptionError(f"--difficulty must be one of {', '.join(levels)}, not {difficulty!r}")
    given = opts.get("case")
    if difficulty is not None and given not in (None, difficulty):
        raise OptionError(f"--difficulty {difficulty} and --option case={given} disagree; "
                          "give one of them")
    opts["case"] = difficulty or given or DEFAULT_DIFFICULTY
    return opts, players or max(1, len(seats)), list(seats) or [HUMAN]


def coop_notice(state: State, specs: Sequence[str]) -> str | None:
    """One line on what will be played when a generated case has several detectives:
    who plays it together, and that they win or lose as one. None for a lone detective
    and for the table game.

    >>> state = load("gangster-city").new_game(3, 1, {"case": "hard"})
    >>> print(coop_notice(state, ["human", "detective", "detective"]))
    ... # doctest: +NORMALIZE_WHITESPACE
    Solo with 3 players is a co-operative case: you and 2 detective bots against one hard
    generated case, taking turns to arrest; you all win together on the first right arrest.
    """
    case = state.options.get("case")
    if not case or state.players < 2:
        return None
    people = sum(1 for spec in specs if is_human(spec))
    bots: dict[str, int] = {}
    for spec in specs:
        if not is_human(spec):
            bots[spec] = bots.get(spec, 0) + 1
    team = ["you" if people == 1 else counted(people, "person", "people")] if people else []
    team += [counted(n, f"{spec} bot") for spec, n in bots.items()]
    together = " and ".join([", ".join(team[:-1]), team[-1]] if len(team) > 2 else team)
    who = "you all" if people else "they all"
    err = (" Each detective may make one wrong arrest; a second puts them out."
           if state.options.get("experienced") else "")
    return (f"Solo with {state.players} players is a co-operative case: {together} against "
            f"one {case} generated case, taking turns to arrest; {who} win together on the "
            f"first right arrest.{err}")

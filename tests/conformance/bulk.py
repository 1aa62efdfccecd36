"""Seeded games between bots, in bulk, to reach what random play rarely does.

Each case (game, player count, option preset) plays seeded games, the line-up changing
from game to game (every seat the game's own bot; every seat random; the game's bot with
one random seat, each seat in turn), until every seat has won at least once or the
case's budget of decisions is spent. The budget counts decisions, not seconds, so what a
run reaches is the same on every machine. Every move's events are counted and the rare
events noted (:class:`gangland.engine.conformance.Coverage`); at the first few of each
rare event in a case, the hidden-information properties, snapshot isolation and
malformed actions are checked right after it.
"""

from __future__ import annotations

import json
from typing import Any

import gangland
from gangland.bots import bot_seeds, decide, easy_bot, make_bot
from gangland.engine import conformance as c
from gangland.engine.game import Ending
from gangland.engine.rng import Rng

from .coverage_data import EXTRA, RARE, SEATS_PENDING

#: Decisions a case may spend looking for every seat's win, and games at most.
BUDGET = 40_000
MAX_GAMES = 40
#: Checks after a rare event: the first few of each kind in each case.
CHECKS_PER_RARE = 2


def case_key(game_id: str, players: int, options: dict[str, Any]) -> str:
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game_id}-{players}p" + (f"-{extra}" if extra else "")


def endings(game_id: str) -> tuple[Ending, ...]:
    """Every way the game declares it can end (``Game.endings``)."""
    return gangland.load(game_id).endings


def lineup(game_id: str, players: int, index: int, pattern: str = "") -> list[str]:
    own = easy_bot(game_id)
    if pattern == "h":
        return [own] * players
    if pattern == "r":
        return ["random"] * players
    if pattern == "m":
        return [own if s % 2 else "random" for s in range(players)]
    cycle = [[own] * players, ["random"] * players]
    cycle += [[own if s != k else "random" for s in range(players)] for k in range(players)]
    return cycle[index % len(cycle)]


def play_one(cov: c.Coverage, key: str, game_id: str, players: int,
             options: dict[str, Any], seed: int, specs: list[str],
             every_step: bool = False) -> None:
    """One seeded game between bots, its coverage added to ``cov`` under ``key``.

    With ``every_step``, the hidden-information properties are checked at every position
    (after every reshuffle, rebuild and new deal too), not only after rare events.
    """
    game = gangland.load(game_id)
    state = game.new_game(players, seed, options)
    bound = game.move_bound(players, state.options)
    bots = [make_bot(spec, game, s) for spec, s in zip(specs, bot_seeds(seed, players),
                                                           strict=True)]
    rng = Rng(seed ^ 0x5A3F)
    rare = set(RARE.get(game_id, ()))
    checked = cov.case(key, game_id).setdefault("checked", {})
    events: list[Any] = []
    decisions = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = decide(bots[seat], state, rng)
        events = state.apply(action)
        decisions += 1
        assert decisions <= bound, f"{key} seed {seed}: past its move bound {bound}"
        cov.events(key, events)
        reached = [e.kind for e in events if e.kind in rare]
        if every_step:
            try:
                c.check_resample(state, seed + decisions)
            except AssertionError as error:
                raise AssertionError(f"{key} seed {seed} decision {decisions} (after "
                                     f"{reached or 'no rare event'}): {error}") from error
        for name in dict.fromkeys(reached):
            cov.note(key, name)
            if checked.get(name, 0) < CHECKS_PER_RARE:
                checked[name] = checked.get(name, 0) + 1
                _check_here(state, seed + decisions, f"{key} seed {seed} after {name} "
                            f"(decision {decisions})", action)
    ending = c.ending_of(endings(game_id), events, state.winners())
    cov.finished(key, state, ending, decisions)
    if not ending:
        cov.case(key).setdefault("undeclared", []).append(
            {"seed": seed, "events": [e.text for e in events[-3:]]})


def _check_here(state: gangland.State, seed: int, where: str, last: gangland.Action) -> None:
    """The promises that rare positions test best, each failure saying where it was."""
    try:
        c.check_resample(state, seed)
        c.check_snapshot_shares_nothing(state, more=3, seed=seed)
        legal = state.legal_actions()
        c.check_malformed_refused(state, list(dict.fromkeys([last, *legal[:1], *legal[-1:]])))
    except AssertionError as error:
        raise AssertionError(f"{where}: {error}") from error


def play_case(cov: c.Coverage, game_id: str, players: int, options: dict[str, Any],
              budget: int = BUDGET, max_games: int = MAX_GAMES, min_games: int = 3) -> str:
    """Seeded games until every seat has won (after ``min_games``) or the budget is spent."""
    key = case_key(game_id, players, options)
    case = cov.case(key, game_id)
    pending = SEATS_PENDING.get((game_id, players))
    excused = {f"P{pending[0] + 1}"} if pending else set()
    seed = 0
    while case["decisions"] < budget and case["games"] < max_games:
        seed += 1
        play_one(cov, key, game_id, players, options, seed, lineup(game_id, players, seed))
        never = set(c.seats_never_won(players, case["wins"])) - excused
        if case["games"] >= min_games and not never:
            break
    return key


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for game_id in gangland.game_ids():
        game = gangland.load(game_id)
        for players in range(game.min_players, game.max_players + 1):
            out.extend((game_id, players, dict(o)) for o in game.conformance_options)
    return out


_COVERAGE = c.Coverage()
_PLAYED: set[str] = set()


def coverage(game_id: str | None = None, players: int | None = None) -> c.Coverage:
    """The session's coverage with every case of ``game_id`` (all games: None) at
    ``players`` (every count: None) and the game's extra batches played, each only once
    per test session, so a test that asks for one case plays only that case."""
    cov = _COVERAGE
    for gid, n, options in cases():
        key = case_key(gid, n, options)
        if game_id in (None, gid) and players in (None, n) and key not in _PLAYED:
            play_case(cov, gid, n, options)
            _PLAYED.add(key)
    for gid, batches in EXTRA.items():
        if game_id not in (None, gid) or players is not None:
            continue
        for n, options, pattern, seeds in batches:
            key = "extra:" + case_key(gid, n, options) + f"-{pattern}"
            if key in _PLAYED:
                continue
            cov.case(key, gid)
            for seed in seeds:
                play_one(cov, key, gid, n, options, seed, lineup(gid, n, seed, pattern))
            _PLAYED.add(key)
    return cov


def write_record(cov: c.Coverage, path: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(cov.to_json(), indent=1) + "\n")

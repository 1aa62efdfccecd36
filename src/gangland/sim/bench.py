"""``gangland bench``: how fast the engine and the bots are, on one core.

What is measured, per game (default player count and options):

- ``playout``: random games from fresh seeded states, choosing uniformly among
  ``legal_actions()`` and calling ``step`` (``apply`` without its events, which a playout
  throws away); reported as decisions/s and games/s. This is the engine alone: no
  observations, no bots. It is measured twice, each for the time budget, on new seeds
  each time: ``playout decisions first`` is the process's first games, while the memos
  that a map's games share (Gangsters' walks and prebuilt actions: each fills once per
  process) fill; ``playout decisions`` is the games after them, the steady state a
  simulation of many games or a search runs at (and the figure ``--reference`` compares).
- ``clone``, ``view``: one call on a mid-game position (the midpoint of a seeded random
  game), in microseconds; ``view`` is taken for the seat to move.
- ``legal_actions``: one call on a fresh clone of a mid-game position whose legal actions
  were never computed (``legal_actions`` caches, so timing a second call would measure the
  cache). The clones are made before the clock starts.
- ``bot <name>``: for every registered bot of the game except ``random`` and ``ismcts``,
  one decision (building the :class:`Observation` included, as in play) on mid-game
  positions where it is to move, in milliseconds.
- ``ismcts iterations``: the search bot's iterations per second in quarter-second searches
  at mid-game positions (its strength grows with them; a decision's time is its budget).
- ``hard level iterations``: the same for the search with the options the web table's
  *hard* level uses for the game (``ismcts.tuned_spec``), where they differ: the game's
  own bot inside the search costs iterations, and this says how many a second still buys.
- ``clone() keyed``, ``ismcts iterations keyed``, ``hard level iterations keyed``: the same
  again with the generators of a game started without a seed
  (:class:`~gangland.engine.KeyedRng`: the positions', the search bot's and its samples'),
  on the same positions, so each pair of figures says what unguessable chance costs.

Each measurement repeats until its time budget is spent (at least once), so the whole run
takes about ``seconds`` times the number of measurements.
"""

from __future__ import annotations

import math
import os
import platform
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass

from gangland.bots import Bot, bot_names, make_bot
from gangland.bots import decide as decide_for
from gangland.bots.ismcts import Ismcts, tuned_spec
from gangland.compiled import running
from gangland.engine import Game, KeyedRng, Rng, State

POSITIONS = 12  # mid-game positions per game
#: The seed of the keyed measurements (any seed from ``2**64`` up is keyed).
KEYED_SEED = 2**128 + 3


@dataclass(frozen=True)
class Measurement:
    """One figure: what was measured, its value and unit, and how many samples it rests on."""

    game: str
    measure: str
    value: float
    unit: str
    samples: int
    note: str = ""

    def to_json(self) -> dict[str, object]:
        """A JSON-safe dict with stable keys (a failed measurement's value is null)."""
        data = asdict(self)
        if math.isnan(self.value):
            data["value"] = None
        return data


def machine() -> dict[str, object]:
    """Where the figures were taken (they mean little without it), and with what code:
    ``compiled`` names the modules running compiled (the optional build, docs/speed.md;
    empty for the pure package, the reference)."""
    return {
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "compiled": running(),
    }


@contextmanager
def one_core() -> Iterator[None]:
    """Pin this process to one CPU while measuring (where the OS allows), then restore.

    Figures then do not depend on the scheduler moving the process between cores.
    """
    getter = getattr(os, "sched_getaffinity", None)
    setter = getattr(os, "sched_setaffinity", None)
    if getter is None or setter is None:
        yield
        return
    before = getter(0)
    try:
        setter(0, {min(before)})
    except OSError:
        yield
        return
    try:
        yield
    finally:
        setter(0, before)


def default_players(game: Game) -> int:
    """Three players where the game allows it: a typical table."""
    return min(max(3, game.min_players), game.max_players)


def random_playout(state: State, rng: Rng) -> int:
    """Play ``state`` to the end with uniform random moves; returns the decisions made."""
    moves = 0
    while not state.is_terminal:
        state.step(rng.choice(state.legal_actions()))
        moves += 1
    return moves


def mid_positions(game: Game, players: int, count: int = POSITIONS) -> list[State]:
    """Midpoints of seeded random games, rebuilt by ``apply`` so no legal list is cached."""
    positions = []
    for seed in range(count):
        played = game.new_game(players, seed)
        random_playout(played, Rng(seed))
        state = game.new_game(players, seed)
        for action in played.history[: len(played.history) // 2]:
            state.apply(action)
        positions.append(state)
    return positions


def _timed(budget: float, batch: Callable[[], int]) -> tuple[float, int]:
    """Run ``batch`` (returning how many operations it timed) until ``budget`` seconds."""
    spent = 0.0
    ops = 0
    while ops == 0 or spent < budget:
        start = time.perf_counter()
        ops += batch()
        spent += time.perf_counter() - start
    return spent, ops


def bench_game(game: Game, seconds: float, players: int | None = None) -> list[Measurement]:
    """Every measurement for one game (see the module docstring)."""
    n = players or default_players(game)
    out: list[Measurement] = []
    seeds = iter(range(1_000_000))

    def one_game() -> int:
        seed = next(seeds)
        return random_playout(game.new_game(n, seed), Rng(seed))

    def playouts() -> tuple[float, int, int]:
        start = time.perf_counter()
        decisions = games = 0
        while games == 0 or time.perf_counter() - start < seconds:
            decisions += one_game()
            games += 1
        return time.perf_counter() - start, decisions, games

    # the process's first games fill the map's memos (walks, prebuilt actions): a cost
    # paid once per process, reported apart; the headline figure is the steady state that
    # simulations and searches run at, measured on new seeds after them
    spent, decisions, games = playouts()
    first = Measurement(game.id, "playout decisions first", decisions / spent, "per s",
                        decisions, "the process's first games, as its memos fill")
    spent, decisions, games = playouts()
    out.append(Measurement(game.id, "playout decisions", decisions / spent, "per s", decisions,
                           f"{n} players, uniformly random moves, no bots; after the first"))
    out.append(Measurement(game.id, "playout games", games / spent, "per s", games))
    out.append(first)

    positions = [p for p in mid_positions(game, n) if not p.is_terminal]

    def clones() -> int:
        for p in positions:
            p.clone()
        return len(positions)

    def views() -> int:
        for p in positions:
            p.view(p.current_player)
        return len(positions)

    spent, ops = _timed(seconds, clones)
    out.append(Measurement(game.id, "clone()", spent / ops * 1e6, "us", ops))
    keyed = keyed_copies(positions)

    def keyed_clones() -> int:
        for p in keyed:
            p.clone()
        return len(keyed)

    spent, ops = _timed(seconds, keyed_clones)
    out.append(Measurement(game.id, "clone() keyed", spent / ops * 1e6, "us", ops,
                           "as at a table started without a seed"))
    spent, ops = _timed(seconds, views)
    out.append(Measurement(game.id, "view(seat)", spent / ops * 1e6, "us", ops))

    legal_spent = 0.0
    legal_ops = 0
    while legal_ops == 0 or legal_spent < seconds:
        fresh = [p.clone() for p in positions]  # made outside the clock
        for p in fresh:
            p._legal_cache = None  # clones share the cached list; time the real work
        begin = time.perf_counter()
        for p in fresh:
            p.legal_actions()
        legal_spent += time.perf_counter() - begin
        legal_ops += len(fresh)
    out.append(Measurement(game.id, "legal_actions()", legal_spent / legal_ops * 1e6, "us",
                           legal_ops, "first call on a fresh clone"))
    out.extend(bench_bots(game, positions, seconds))
    if "ismcts" in bot_names(game.id):
        out.append(bench_search(game, keyed, seconds, keyed=True))
        if tuned_spec(game.id, "250ms") != "ismcts:250ms":
            out.append(bench_search(game, keyed, seconds, hard=True, keyed=True))
    return out


def keyed_copies(positions: list[State]) -> list[State]:
    """The positions again, each drawing its chance from a keyed generator from here on."""
    copies = []
    for i, p in enumerate(positions):
        copy = p.clone()
        copy.rng = KeyedRng(KEYED_SEED + i)
        copies.append(copy)
    return copies


def bench_bots(game: Game, positions: list[State], seconds: float) -> list[Measurement]:
    """Milliseconds per decision for each registered bot of the game other than random."""
    out = []
    for name in bot_names(game.id):
        if name in ("random", "ismcts"):
            continue
        decide = _bot_batch(make_bot(name, game, 1), positions, Rng(2))
        try:
            spent, ops = _timed(seconds, decide)
        except Exception as exc:  # a broken bot must not hide the other figures
            out.append(Measurement(game.id, f"bot {name}", float("nan"), "ms", 0,
                                   f"failed: {type(exc).__name__}: {exc}"))
            continue
        out.append(Measurement(game.id, f"bot {name}", spent / ops * 1e3, "ms", ops,
                               "per decision, observation included"))
    if "ismcts" in bot_names(game.id):
        out.append(bench_search(game, positions, seconds))
        if tuned_spec(game.id, "250ms") != "ismcts:250ms":
            out.append(bench_search(game, positions, seconds, hard=True))
    return out


def bench_search(game: Game, positions: list[State], seconds: float,
                 hard: bool = False, keyed: bool = False) -> Measurement:
    """ISMCTS iterations per second: searches of 1/4 s at mid-game positions with at least
    two legal moves, the time spread over them; with ``hard``, the hard level's search; with
    ``keyed``, the bot and its samples draw from keyed generators."""
    spec = tuned_spec(game.id, "250ms") if hard else "ismcts:250ms"
    search = make_bot(spec, game, KEYED_SEED if keyed else 1)
    assert isinstance(search, Ismcts)
    rng, iterations, spent = Rng.for_seed(KEYED_SEED + 1 if keyed else 3), 0, 0.0
    choices = [p for p in positions if len(p.legal_actions()) > 1]
    for p in choices:
        if spent >= seconds and iterations:
            break
        begin = time.perf_counter()
        decide_for(search, p, rng)
        spent += time.perf_counter() - begin
        iterations += search.iterations
    rate = iterations / spent if spent else 0.0
    suffix = " keyed" if keyed else ""
    if keyed:
        note = "as at a table started without a seed"
    elif hard:
        note = "the search of the web table's hard level (tuned_spec)"
    else:
        note = "random playouts, cut at the game's depth"
    measure = "hard level iterations" if hard else "ismcts iterations"
    return Measurement(game.id, measure + suffix, rate, "per s", iterations, note)


def _bot_batch(bot: Bot, positions: list[State], rng: Rng) -> Callable[[], int]:
    """One decision by ``bot`` at each position where it is to move."""

    def decide() -> int:
        for p in positions:
            decide_for(bot, p, rng)
        return len(positions)

    return decide

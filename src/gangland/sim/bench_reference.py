"""The yardstick beside ``gangland bench``'s playout figures: OpenSpiel's Python
``python_tic_tac_toe``, stepped at random in the same process.

A playout rate alone says little on a shared, noisy machine. OpenSpiel's own Python
tic-tac-toe is a game implementation many researchers know, pure Python driven through
``pyspiel`` as ours are. Stepped the same way (uniformly random legal moves, one core,
the same process, measured before and after the games so both see the same machine),
it turns each game's decisions per second into a ratio that means the same on any
machine. Needs the ``rl`` extra (``open_spiel``); ``--reference`` without it is refused.
"""

from __future__ import annotations

import random
import time
from typing import Any

from .bench import Measurement

REFERENCE = "python_tic_tac_toe"


def _game() -> Any:
    """OpenSpiel's Python tic-tac-toe (registered by importing its module)."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers it)
    except ImportError:
        raise ImportError("--reference needs OpenSpiel: pip install -e '.[rl]'") from None
    return pyspiel.load_game(REFERENCE)


def reference_steps(seconds: float, seed: int = 0) -> tuple[float, int]:
    """Random-playout steps per second of OpenSpiel's Python tic-tac-toe over about
    ``seconds``, and the steps counted (at least one whole game)."""
    game = _game()
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start), steps


def with_reference(results: list[Measurement], before: tuple[float, int],
                   after: tuple[float, int]) -> list[Measurement]:
    """``results`` with the reference's rate (the faster of the runs before and after the
    games) and, after each game's playout decisions, that figure as a multiple of it.

    The faster, not the mean: what the games leave behind in the process can slow the run
    after them. On a quiet machine the code of before issue 30 (``ae325f2``) left
    tic-tac-toe at 39,295 steps/s after its games against 59,346 before them, which
    flattered its every ratio by a fifth; the faster run is the nearer to the machine's
    own speed, and never flatters.

    >>> m = Measurement("g", "playout decisions", 3000.0, "per s", 9000)
    >>> out = with_reference([m], (1000.0, 5000), (800.0, 4000))
    >>> [(x.game, x.measure, x.value, x.unit) for x in out]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('openspiel', 'python_tic_tac_toe steps', 1000.0, 'per s'),
     ('g', 'playout decisions', 3000.0, 'per s'),
     ('g', 'playout vs tic-tac-toe', 3.0, 'x')]
    """
    rate = max(before[0], after[0])
    out = [Measurement("openspiel", f"{REFERENCE} steps", rate, "per s",
                       before[1] + after[1],
                       f"uniformly random moves, same process; {before[0]:,.0f} before the "
                       f"games and {after[0]:,.0f} after")]
    for m in results:
        out.append(m)
        if m.measure == "playout decisions":
            out.append(Measurement(m.game, "playout vs tic-tac-toe", m.value / rate, "x",
                                   m.samples, f"playout decisions per s / {REFERENCE} steps "
                                   "per s"))
    return out

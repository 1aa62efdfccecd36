"""Playing whole games between bots: the loop every tool shares.

Each decision goes through :func:`gangland.bots.decide`, so no bot is ever handed the true
state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gangland.bots import Bot, bot_seeds, decide, make_bot
from gangland.engine import Game, OptionValue, Rng, State


@dataclass(frozen=True)
class GameResult:
    """The outcome of one finished game."""

    seed: int
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    moves: int


def seat_bots(game: Game, specs: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat from specs, each seeded differently but reproducibly."""
    seeds = bot_seeds(seed, len(specs))
    return [make_bot(spec, game, s) for spec, s in zip(specs, seeds, strict=True)]


def play_out(state: State, bots: Sequence[Bot], rng: Rng, max_moves: int | None = None) -> State:
    """Let the bots play ``state`` to the end (in place); returns it."""
    moves = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.step(decide(bots[seat], state, rng))
        moves += 1
        if max_moves is not None and moves > max_moves:
            raise RuntimeError(f"{state.game.id} did not end within {max_moves} moves")
    return state


def play_game(
    game: Game,
    specs: Sequence[str],
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
) -> tuple[State, GameResult]:
    """One seeded game between bots given by spec (one spec per seat)."""
    state = game.new_game(len(specs), seed, options)
    bots = seat_bots(game, specs, seed)
    play_out(state, bots, Rng(seed ^ 0x5A3F))
    result = GameResult(
        seed=seed,
        bots=tuple(specs),
        winners=tuple(state.winners()),
        scores=tuple(state.scores()),
        moves=len(state.history),
    )
    return state, result

"""Playing whole games between bots: the loop every tool shares.

Each decision gives the deciding seat's bot an :class:`Observation` (with a determinization
only for bots that sample), so no bot is ever handed the true state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gangland.bots import Bot, make_bot
from gangland.engine import Game, Observation, OptionValue, Rng, State


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
    rng = Rng(seed ^ 0xB075)
    return [make_bot(spec, game, rng.next64() >> 1) for spec in specs]


def play_out(state: State, bots: Sequence[Bot], rng: Rng, max_moves: int | None = None) -> State:
    """Let the bots play ``state`` to the end (in place); returns it."""
    moves = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        bot = bots[seat]
        obs = Observation.of(state, seat, rng if bot.needs_samples else None)
        state.apply(bot.choose(obs))
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

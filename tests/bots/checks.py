"""Checks every game's bot tests share: legal choices in whole games, and determinism."""

from __future__ import annotations

from collections.abc import Callable

from gangland.bots import decide
from gangland.bots.base import Bot, RandomBot
from gangland.engine import Game, Observation, Rng
from gangland.sim.runner import play_game


def play_mixed_games(game: Game, players: int, games: int,
                     make: Callable[[int], Bot]) -> None:
    """The bot in every other seat, random in the rest: every choice must be legal."""
    for seed in range(games):
        state = game.new_game(players, seed=100 * players + seed)
        bots = [make(seed + s) if s % 2 == seed % 2 else RandomBot(seed + s)
                for s in range(players)]
        while not state.is_terminal:
            seat = state.current_player
            action = bots[seat].choose(Observation.of(state, seat))
            assert action in state.legal_actions(), (seed, str(action))
            state.apply(action)
        assert state.winners()


def assert_deterministic(game: Game, make: Callable[[int], Bot], players: int = 4) -> None:
    """The same seeds make the same game, move for move."""
    def moves() -> list[str]:
        state = game.new_game(players, seed=5)
        bots = [make(7 + s) for s in range(players)]
        out = []
        while not state.is_terminal:
            action = decide(bots[state.current_player], state, Rng(0))
            out.append(str(action))
            state.apply(action)
        return out

    first = moves()
    assert first == moves() and len(first) > 20


def wins_against_random(game: Game, bot: str, players: int, games: int, seed: int) -> int:
    """Games ``bot`` won alone against random players, taking each seat in turn."""
    wins = 0
    for i in range(games):
        seat = i % players
        specs = ["random"] * players
        specs[seat] = bot
        _, result = play_game(game, specs, seed=seed + i)
        wins += result.winners == (seat,)
    return wins

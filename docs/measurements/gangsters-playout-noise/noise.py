"""How noisy is a Gangsters playout, against how far apart moves are?

At three positions of a seeded game between heuristic bots (after 120, 180 and 270
decisions, each time at the next decision with three or more legal moves), each of the
first eight legal moves of the seat to move is scored by ROUNDS playouts of the
heuristic (the best response's playouts), each from its own sample of what the seat
cannot see, cut at 10, 30 and 60 decisions and scored by ``evaluations.gangsters``.
Printed: a playout's standard deviation, how far apart the moves' means are, and the
standard error the ROUNDS playouts leave.

Then paired playouts: each round, one sample is played after every move with the same
dice to come (a clone of the sample, whose generator is copied), against a fresh sample
for each move. If the dice kept in step, the difference between two moves would vary
less when paired.

Usage: python noise.py [ROUNDS]   (25 by default; a few minutes on one core)
"""

from __future__ import annotations

import statistics as st
import sys

from gangland.bots import decide, default_bot, make_bot
from gangland.bots.ismcts import Ismcts, parse_settings
from gangland.engine import Observation, Rng, State, registry


def position(game_id: str, decisions: int) -> State:
    """The seeded heuristic game at its first decision of three or more moves after
    ``decisions``."""
    game = registry.load(game_id)
    state = game.new_game(4, 11, None)
    bots = [make_bot(default_bot(game.id), game, 100 + s) for s in range(4)]
    rng, done = Rng(3), 0
    while done < decisions or len(state.legal_actions()) < 3:
        seat = state.current_player
        assert seat is not None
        state.apply(decide(bots[seat], state, rng))
        done += 1
    return state


def main() -> None:
    registry.discover()
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 25
    spec = "100/playout=default/model=default/prior=default"
    for decisions in (120, 180, 270):
        state = position("gangsters", decisions)
        seat = state.current_player
        assert seat is not None
        obs = Observation.of(state, seat, Rng(1))
        moves = list(obs.legal_actions)[:8]
        print(f"after {decisions} decisions: {len(obs.legal_actions)} legal moves "
              f"({state.view(seat)['decision']['kind']})")
        for depth in (10, 30, 60):
            bot = Ismcts(state.game, 5, parse_settings(f"{spec}/depth={depth}"))
            rng = Rng(7)
            values = []
            for move in moves:
                scored = []
                for _ in range(rounds):
                    sample = obs.sample_state(rng)
                    sample.apply(move)
                    scored.append(bot._playout(sample, rng)[seat])
                values.append(scored)
            means = sorted(st.mean(v) for v in values)
            sd = st.mean(st.stdev(v) for v in values)
            print(f"  cut at {depth:2d}: a playout's sd {sd:.3f}; move means span "
                  f"{means[-1] - means[0]:.3f}, best two {means[-1] - means[-2]:.3f} apart; "
                  f"standard error {sd / rounds ** 0.5:.3f}")
    state = position("gangsters", 120)
    seat = state.current_player
    assert seat is not None
    obs = Observation.of(state, seat, Rng(1))
    moves = list(obs.legal_actions)[:6]
    bot = Ismcts(state.game, 5, parse_settings(spec))
    rng = Rng(7)
    paired: list[list[float]] = [[] for _ in moves]
    fresh: list[list[float]] = [[] for _ in moves]
    for _ in range(rounds):
        sample = obs.sample_state(rng)
        for i, move in enumerate(moves):
            clone = sample.clone()
            clone.apply(move)
            paired[i].append(bot._playout(clone, rng)[seat])
            other = obs.sample_state(rng)
            other.apply(move)
            fresh[i].append(bot._playout(other, rng)[seat])
    print(f"paired playouts, cut at 60, after 120 decisions ({rounds} rounds):")
    for i in range(1, len(moves)):
        p = st.stdev(a - b for a, b in zip(paired[i], paired[0], strict=True))
        f = st.stdev(a - b for a, b in zip(fresh[i], fresh[0], strict=True))
        print(f"  {moves[i]!s:18s} - {moves[0]!s:6s}: sd of the difference {p:.3f} paired, "
              f"{f:.3f} with fresh samples")


if __name__ == "__main__":
    main()

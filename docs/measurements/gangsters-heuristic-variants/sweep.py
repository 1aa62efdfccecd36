"""Is the Gangsters heuristic easy to beat by changing its numbers? Variants of it, each in
one seat against three heuristic bots, seats rotated (game i: the variant in seat i mod 4),
the games of ``gangland simulate gangsters --seed 1 --rotate``.

Usage: python sweep.py [GAMES [VARIANT ...]]   (300 games and every variant by default)

A variant changes one thing: the cash it keeps after buying a joint (``RESERVE``, $800),
whether it improves joints, or the gang it writes down (four Racketeers, two Thugs and the
Vamp).
"""

from __future__ import annotations

import sys
from typing import Any

import gangland.bots.gangsters as heuristic
from gangland.bots import register_bot
from gangland.engine import Action, Observation, registry
from gangland.sim.simulate import one_against


def variant(reserve: int = heuristic.RESERVE, improve: bool = True,
            gang: tuple[int, int, int] = (4, 2, 1)) -> type[heuristic.Heuristic]:
    class Variant(heuristic.Heuristic):
        def choose(self, obs: Observation) -> Action:
            # RESERVE is read at each score; the variant's stands in while it decides
            kept, heuristic.RESERVE = heuristic.RESERVE, reserve
            try:
                return super().choose(obs)
            finally:
                heuristic.RESERVE = kept

        def _score_buy(self, view: dict[str, Any], a: Action) -> float:
            return -1.0 if a.kind == "improve" and not improve else super()._score_buy(view, a)

        def _score_gang(self, view: dict[str, Any], a: Action) -> float:
            r, t, v = (int(x) for x in a.args)
            return -abs(r - gang[0]) * 3 - abs(t - gang[1]) * 2 - abs(v - gang[2]) * 5
    return Variant


VARIANTS = {
    "as it is": variant(),
    "reserve $0": variant(reserve=0),
    "reserve $400": variant(reserve=400),
    "reserve $1,600": variant(reserve=1600),
    "reserve $3,000": variant(reserve=3000),
    "never improves": variant(improve=False),
    "gang 5-1-1": variant(gang=(5, 1, 1)),
    "gang 3-2-1": variant(gang=(3, 2, 1)),
}


def main() -> None:
    registry.discover()
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for k, name in enumerate(sys.argv[2:] or list(VARIANTS)):
        spec, cls = f"variant{k}", VARIANTS[name]
        register_bot(spec, lambda g, seed, arg, cls=cls: cls(seed, heuristic._values()), name,
                     games=["gangsters"])
        row = one_against("gangsters", spec, "heuristic", games, 1)
        low, high = row["win_rate_ci95"]
        print(f"{name:20s} {row['wins']:7.1f} of {games} = {row['win_rate']:.1%} "
              f"({low:.1%}-{high:.1%})", flush=True)


if __name__ == "__main__":
    main()

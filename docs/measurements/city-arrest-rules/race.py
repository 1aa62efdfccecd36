"""Does arresting sooner or later win Gangster City races? Variants of the detective's
arrest rule, each against three detectives, seats rotated (game i: the variant in seat
i mod 4), the games of ``gangland simulate gangster-city --seed 3 --rotate``.

Usage: python race.py [GAMES [RULE ...]]   (4,000 games and every rule by default)

Every variant keeps the detective's investigations, its racing rule (guess when an opponent
surely wins next turn) and arrests with one candidate; only the arrest rule between differs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from gangland.bots import register_bot
from gangland.bots.gangster_city import Detective, Score, arrest_now, guess_turns
from gangland.engine import registry
from gangland.sim.simulate import one_against

Rule = Callable[[dict[str, Any], int, int, Score], bool]


def behind(view: dict[str, Any], seat: int) -> bool:
    """Has a rival solved more cases than this seat?"""
    mine = len(view["stands"][seat]["solved"])
    return any(len(s["solved"]) > mine for i, s in enumerate(view["stands"]) if i != seat)


RULES: dict[str, Rule] = {
    "detective": lambda v, s, m, b: arrest_now(m, b),
    "at most 3 left": lambda v, s, m, b: m <= 3,
    "at most 4 left": lambda v, s, m, b: m <= 4,
    "at most 5 left": lambda v, s, m, b: m <= 5,
    "behind: at most 4": lambda v, s, m, b: arrest_now(m, b) or (behind(v, s) and m <= 4),
    "behind: at most 5": lambda v, s, m, b: arrest_now(m, b) or (behind(v, s) and m <= 5),
    "half a turn bolder": lambda v, s, m, b: guess_turns(m) <= b.turns + 0.5,
    "0.3 turns warier": lambda v, s, m, b: guess_turns(m) <= b.turns - 0.3,
}


def variant(rule: Rule) -> type[Detective]:
    class Variant(Detective):
        def _should_arrest(self, view: dict[str, Any], seat: int, me: dict[str, Any], m: int,
                           best: Score | None) -> bool:
            if m <= 1 or best is None or self._raced(view, seat, me):
                return True
            return rule(view, seat, m, best)
    return Variant


def main() -> None:
    registry.discover()
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    for k, name in enumerate(sys.argv[2:] or list(RULES)):
        spec = f"variant{k}"
        cls = variant(RULES[name])
        register_bot(spec, lambda g, seed, arg, cls=cls: cls(seed), name,
                     games=["gangster-city"])
        row = one_against("gangster-city", spec, "detective", games, 3)
        low, high = row["win_rate_ci95"]
        print(f"{name:20s} {row['wins']:7.1f} of {games} = {row['win_rate']:.1%} "
              f"({low:.1%}-{high:.1%})", flush=True)


if __name__ == "__main__":
    main()

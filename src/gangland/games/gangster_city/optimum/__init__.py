"""The fewest expected turns a lone detective can need: exact expectimax over beliefs.

A lone detective (one player at the table) solves its first case in some number of turns.
What is the least expected number any policy can achieve, and how close is the detective?

- :mod:`.table`: the real solo game solved exactly (:class:`TableSolver`), and any
  position-based policy evaluated exactly, over the detective's exact belief;
- :mod:`.open_choice`: the open-choice relaxation (:class:`OpenChoice`), whose exact
  optimum bounds the real one from below and prunes its search;
- :mod:`.deals`: the 30 classes of deals under the deck's 2592 symmetries.

How and why, with the figures: ``docs/games/gangster-city-detective.md``. The command that
measures the detective against it is :mod:`gangland.sim.gangster_city_optimum` (the bots sit
above the games, so measuring them does too).
"""

from .deals import expected_over_deals, middle_orbits, start, symmetry_generators
from .open_choice import START_UNSEEN, Move, OpenChoice, Policy
from .table import RealMove, RealPolicy, TableSolver

__all__ = [
    "START_UNSEEN",
    "Move",
    "OpenChoice",
    "Policy",
    "RealMove",
    "RealPolicy",
    "TableSolver",
    "expected_over_deals",
    "middle_orbits",
    "start",
    "symmetry_generators",
]

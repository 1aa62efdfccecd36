"""Gangland's games in the research ecosystems: PettingZoo, Gymnasium and OpenSpiel.

An optional extra (``pip install gangland[rl]``); ``import gangland`` imports none of it.

- :mod:`gangland.rl.pettingzoo`: ``env(game_id, players=N)``, an AEC environment;
- :mod:`gangland.rl.gymnasium`: ``gymnasium.make("gangland/<game-id>-v0", seat=0,
  opponents="heuristic")``, one seat against named bots;
- :mod:`gangland.rl.openspiel`: ``register()``, every game as ``python_gangland_<id>``.

All three stand on the engine's research views: each game's fixed action index
(``Game.action_index``) and its observation tensor, built from ``view(seat)`` alone, so no
seat observes what it may not know. See ``docs/rl.md``.
"""

from importlib.util import find_spec

if find_spec("gymnasium") is not None:  # Gymnasium's ids, when the rl extra is installed
    from .gymnasium import register_envs as _register_envs

    _register_envs()

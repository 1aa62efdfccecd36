"""Gangster City's ``heuristic``: a casual detective who plays a hunch.

The ``detective`` weighs every investigation by what it expects to learn and arrests when
the odds say so; that is near-perfect play (``docs/games/gangster-city-detective.md``)
and a stiff opponent for a newcomer. This bot plays the way the rulebook's example plays
(Lena, sure of her suspect and scene, picks up a card showing both to learn the rest):

- it keeps the same exact candidates (what a player with the player aid can work out
  from the cards in front of them, :func:`own_candidates_from_view`);
- *hunch*: it picks one candidate at random as its current guess, afresh each turn (a
  bot keeps no memory between decisions);
- *investigate*: the face-up card that shares the most elements with the hunch (the
  lower card number on a tie), to confirm or refute it; if none shares at least two,
  it draws blind instead, hoping for a better card;
- *arrest*: only once two candidates or fewer remain; in the experienced variant, after
  a wrong arrest (the next one puts it out), only a certainty.

It is slower to solve a case than the detective, and that is the point: it is the *easy*
opponent of the web table, and the yardstick for the search bot's edge over a fixed-rule
player (``docs/bots.md``). Seeded like every bot: the hunch and the arrest among equal
candidates come from its own :class:`~gangland.engine.Rng`.
"""

from __future__ import annotations

from gangland.engine import Action, Game, Observation, OptionError
from gangland.games.gangster_city.cards import cards_in
from gangland.games.gangster_city.knowledge import own_candidates_from_view
from gangland.games.gangster_city.moves import DRAW, INVESTIGATE

from .base import Bot, register_bot
from .gangster_city import Detective

__all__ = ["ARREST_AT", "CONFIRM", "Hunch"]

ARREST_AT = 2
"""It arrests once this many candidates or fewer remain."""

CONFIRM = 2
"""A face-up card must share this many elements with the hunch to be worth taking."""


class Hunch(Detective):
    """The casual detective: see the module docstring. Shares the detective's bookkeeping
    (its deck, generated cases, the arrest among candidates) and decides differently."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.name = "heuristic"

    def _table(self, obs: Observation) -> Action:
        view = obs.view
        cands = own_candidates_from_view(self.deck, view)
        legal = set(obs.legal_actions)
        face_up = [n - 1 for n in view["middle"] if n is not None]
        face_up = [c for c in face_up if INVESTIGATE[c] in legal]
        can_draw = DRAW in legal
        careful = view["experienced"] and view["stands"][obs.seat]["wrong_arrests"]
        if cands.bit_count() <= (1 if careful else ARREST_AT) or not (face_up or can_draw):
            return self._arrest(obs, cands)
        hunch: int = self.rng.choice(list(cards_in(cands)))
        best: int | None = max(sorted(face_up), key=lambda x: self.deck.match(hunch, x),
                               default=None)
        if best is None or (can_draw and self.deck.match(hunch, best) < CONFIRM):
            return DRAW
        return INVESTIGATE[best]


def _hunch(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the heuristic bot takes no argument")
    return Hunch(seed)


register_bot(
    "heuristic",
    _hunch,
    "a casual detective: tests a hunch with the closest face-up card, arrests at two or fewer",
    games=["gangster-city"],
    strength=8,
)

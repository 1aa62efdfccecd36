"""Gangster's ``greedy`` bot: the best end of its own turn, one turn ahead.

A Gangster turn is a few small decisions (``drive 3``, ``to little-italy``, perhaps a
bump, the breakfast, a ``take``), and only the end of the turn means anything: a drive is
good or bad by where it stops and what is taken there. So for each legal action the bot
plays out every way of finishing its turn and keeps the best, scoring each end with
:class:`~gangland.bots.gangster_eval.Evaluator`: the majorities as if the round were
scored now (doublers and "?" at their expected values), against the leading opponent,
plus what the car and the tableau promise for the next turn.

**What it looks at.** The rules are played on a *sampled* position
(``Observation.sample_state``), never the true state. In Gangster only the order of the
three face-down piles is hidden, and it matters inside one turn in just one place: a
drive that uses the last face-up movement card turns a district card, which may place a
doubler and may end the round. The bot handles that draw in expectation, not by one
sampled card:

- when the card cannot end the round, a police card is put on top of the sampled deck.
  The evaluation already counts every undoubled district at ``1 + r/u`` (``r`` doublers
  to come over ``u`` districts without one), and that expectation is exactly the same
  after "no doubler yet" as averaged over every card that could come: so "police" stands
  for the average draw;
- when the card can end the round (one doubler to go), every distinct card of the deck is
  put on top in turn, and each end of the turn is valued as the average over those
  positions, weighted by how many such cards the deck holds.

Other colours' moves are not searched: it is a greedy bot. Exact ties are broken with the
bot's own seeded generator, so a seed fixes every decision.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from gangland.engine import Action, Game, Observation, OptionError, Rng
from gangland.games.gangster import GangsterState
from gangland.games.gangster.setup import POLICE

from .base import Bot, register_bot
from .gangster_eval import Evaluator, Weights

__all__ = ["Greedy"]


class Greedy:
    """One-turn lookahead on a sampled position, scored by :class:`Evaluator`."""

    needs_samples: ClassVar[bool] = True

    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        self.name = "greedy"
        self.rng = Rng.for_seed(seed)
        self.evaluator = Evaluator(weights)

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = obs.sample_state(self.rng)
        if not isinstance(state, GangsterState):
            raise TypeError("the greedy bot plays gangster only")
        values = self.action_values(state, obs.seat, legal)
        best = max(values)
        tied = [a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def action_values(self, state: GangsterState, seat: int,
                      legal: tuple[Action, ...] | list[Action]) -> list[float]:
        """Each legal action's value: the best end of the turn that starts with it.

        ``state`` is a sampled position of the seat to move; the search may reorder its
        district deck (see :class:`_TurnSearch`), so pass a copy to keep one.
        """
        search = _TurnSearch(self.evaluator, state, seat)
        return [search.after(state, (action,)) for action in legal]


class _TurnSearch:
    """Every way to finish the seat's turn from a sampled position, best end kept.

    The sampled deck gets a police card on top when it has one (see the module docstring).
    When the next district card could bring the last doubler, a turn that ends by turning
    a card is valued over every distinct top card: the same actions are replayed on a copy
    of the root with that card on top, and the ends are averaged by the cards' counts.
    """

    def __init__(self, evaluator: Evaluator, state: GangsterState, seat: int) -> None:
        self.value = evaluator.value
        self.seat = seat
        self.round = state.round
        self.drawn = len(state.discard)
        deck = state.deck
        if POLICE in deck:
            _to_top(state, POLICE)
        self.others: list[tuple[float, GangsterState]] = []
        material = state.board.parts.material
        if deck and state.doublers + 1 >= material.doublers:
            for card, n in sorted(Counter(deck).items()):
                root = state  # a police card is on top already
                if card != POLICE:
                    root = state.clone()
                    _to_top(root, card)
                self.others.append((n / len(deck), root))

    def after(self, position: GangsterState, path: tuple[Action, ...],
              owned: bool = False) -> float:
        """The value of ``position`` after the last action of ``path`` is applied to it.

        ``owned``: ``position`` is this search's own copy, needed no more, so it is stepped
        itself instead of a clone (the last action tried from a position inside the turn;
        never the root, which the other actions and the replays start from).
        """
        child = position if owned else position.clone()
        child.step(path[-1])
        if child.current_player == self.seat:
            legal = child.legal_actions()
            last = len(legal) - 1
            return max(self.after(child, (*path, a), i == last) for i, a in enumerate(legal))
        if self.others and (child.round != self.round or len(child.discard) != self.drawn):
            return sum(weight * self.value(self._replay(root, path), self.seat)
                       for weight, root in self.others)
        return self.value(child, self.seat)

    @staticmethod
    def _replay(root: GangsterState, path: tuple[Action, ...]) -> GangsterState:
        position = root.clone()
        for action in path:
            position.step(action)
        return position


def _to_top(state: GangsterState, card: int) -> None:
    """Move one ``card`` of the district deck to the top (the end of the list)."""
    state.deck.remove(card)
    state.deck.append(card)


def _greedy(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the greedy bot takes no argument")
    return Greedy(seed)


register_bot(
    "greedy",
    _greedy,
    "one turn ahead: majorities as if scored now, the car's next move, equipment",
    games=["gangster"],
    strength=10,
)

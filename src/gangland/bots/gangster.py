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

**Ends already weighed.** A search asks the bot at a ``drive`` and then at the ``to`` that
follows it, and the second decision's ends are the first's, already valued (a third of
the hard level's turn steps). So a decision keeps each action's values under the public
position after it (:class:`_Weighed`), and a later decision at an equal position reads
them instead of searching. That is exact only where the turn can end no round: see
:func:`_exact`.
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
        self.weighed = _Weighed()

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
        if _exact(state, search):
            memo = search.memo = self.weighed.memo(state)
            found = memo.get(_public(state))
            if found is not None and _same(found[0], legal):
                return list(found[1])
        # Listed once on the sample, whose clones share the list: each first action is
        # then stepped as one taken from it, not checked against a list made afresh.
        state.legal_actions()
        return [search.first(state, action) for action in legal]


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
        #: Where each first action's continuations are kept by the public position they
        #: start from (:class:`_Weighed`); None where that is not exact (:func:`_exact`).
        self.memo: dict[tuple[object, ...], tuple[list[Action], list[float]]] | None = None
        material = state.board.parts.material
        if deck and state.doublers + 1 >= material.doublers:
            for card, n in sorted(Counter(deck).items()):
                root = state  # a police card is on top already
                if card != POLICE:
                    root = state.clone()
                    _to_top(root, card)
                self.others.append((n / len(deck), root))

    def first(self, root: GangsterState, action: Action) -> float:
        """:meth:`after` for a first action from the root, keeping the values of the
        actions that continue the turn (if it goes on) in :attr:`memo`, by the public
        position they are taken from."""
        memo = self.memo
        if memo is None:
            return self.after(root, (action,))
        child = root.clone()
        child.step(action)
        if child.current_player != self.seat:
            return self._end(child, (action,))
        key = _public(child)  # before the last continuation steps ``child`` itself
        legal = child.legal_actions()
        last = len(legal) - 1
        values = [self.after(child, (action, a), i == last) for i, a in enumerate(legal)]
        memo[key] = (legal, values)
        return max(values)

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
        return self._end(child, path)

    def _end(self, child: GangsterState, path: tuple[Action, ...]) -> float:
        """The value of ``child``, where the seat's turn has ended after ``path``."""
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


class _Weighed:
    """The values of the actions that continue a turn, by the public position they are
    taken from: ``(legal actions, their values)`` as a turn search found them.

    Kept for one game at a time: emptied when a position comes whose fixed parts (board,
    tile layout, seats) are not the last one's objects, as ``Evaluator._game`` does, and
    when it grows past a cap.
    """

    __slots__ = ("fixed", "values")

    LIMIT = 4_096

    def __init__(self) -> None:
        self.fixed: tuple[object, ...] = ()
        self.values: dict[tuple[object, ...], tuple[list[Action], list[float]]] = {}

    def memo(self, st: GangsterState) -> dict[tuple[object, ...],
                                              tuple[list[Action], list[float]]]:
        """The kept values, for positions of ``st``'s game."""
        fixed = self.fixed
        if (not fixed or fixed[0] is not st.board or fixed[1] is not st.tile
                or fixed[2] is not st.scoring or fixed[3] is not st.owner
                or len(self.values) > self.LIMIT):
            self.fixed = (st.board, st.tile, st.scoring, st.owner)
            self.values = {}
        return self.values


def _exact(st: GangsterState, search: _TurnSearch) -> bool:
    """Whether the seat's turn from ``st`` can end no round, so that what it comes to is
    fixed by the public position and the top district card (:func:`_public`).

    The proof. A turn reads three hidden things: the district deck's top card (turned when
    the last movement card is used: the key holds it, a police card put on top when there
    is one), the supply's top tiles (a ``take``, the last step of a turn, refills the
    harbour with them: the evaluation reads neither harbour nor supply, and the turn is
    over), and, at a Day of Reckoning, the casino deck's top card and the position's own
    generator (the next round's doubler). A reckoning comes when the turn is the round's
    last by the limit (``turns + 1 >= limit``) or when the card turned places the last
    doubler, which only ``doublers + 1 >= material.doublers`` allows: the case where the
    search weighs every card (``others``). Neither here, every end of the turn is the same
    function of the key in every sample, and so is its value (the evaluation reads public
    fields only: the casino deck by its sum and size).
    """
    return not search.others and st.turns + 1 < st.limit


def _public(st: GangsterState) -> tuple[object, ...]:
    """Everything a turn that can end no round reads of ``st`` (see :func:`_exact`): the
    public position, less the game's fixed parts (:class:`_Weighed` holds those), and the
    district deck's top card. ``count`` follows from ``spaces``."""
    deck = st.deck
    casino = st.casino
    return (st.to_move, st.colour, st.phase, st.card, st.round, st.turns, st.limit,
            st.doublers, deck[-1] if deck else -1, len(deck), len(st.discard),
            sum(casino), len(casino), len(st.supply), tuple(st.spaces), tuple(st.front),
            tuple(st.doubler), tuple(st.car), tuple(st.ride), tuple(st.trunk),
            tuple(st.equip), tuple(st.cards), tuple(st.reserve), tuple(st.breakfast),
            tuple(st.influence), tuple(st.harbour), tuple(st.box))


def _same(kept: list[Action], legal: tuple[Action, ...] | list[Action]) -> bool:
    """Whether two legal lists hold the same actions in the same order (by identity first:
    both come from the rules' prebuilt tables)."""
    return len(kept) == len(legal) and all(
        a is b or a == b for a, b in zip(kept, legal, strict=True))


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

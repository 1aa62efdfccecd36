"""Chicago Gangster's ``heuristic`` bot: protect your own, hit the threat, time the rescues.

The bot reads only its view (its hand, the list in order, the wall, each gang in play,
listed and dead, hand sizes, the war, the pending decision) and the legal actions; it needs
no sampled state. Every decision is a comparison on the small table model of
:mod:`~gangland.bots.chicago_gangster_eval`:

- **Its turn.** Each card it may play is tried on the model, with its own later choices
  (target, mobsters) made greedily, and valued against the table now, less what holding the
  card would be worth later; discarding a card costs only that holding worth. So a rescue is
  played when it saves a mobster that would otherwise die (a war is on, or the list is about
  to start one, and the mobster is near the wall), not when the list is calm; attacks go to
  the rival whose loss helps most, which is the strongest gang (the model weighs the
  strongest rival and the rivals' mean); wars are started when rivals stand at the wall and
  its own mobsters do not; when nothing is worth playing, the least useful card is
  discarded, and counters, worth most in hand, are the last to go.
- **A rival's contract against it.** Mob Power if held (the maker lists instead), else
  Family Influence: a counter saves a mobster and gives the bot the next turn.
- **A rival's Lam.** Finger, unless the Lam would free one of the bot's own mobsters.
- **A Vendetta.** Safe House whenever held.
- **Picks.** Each option is valued on the model (kill or list the threat's mobster, rescue
  or substitute its own mobster nearest the wall with the threat's); Intrigue puts the
  strongest rivals at the wall and its own last; when it must list one of its own, any will
  do, since mobsters of a gang are alike.

Exact ties are broken with the bot's own seeded generator, so a seed fixes every decision.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from gangland.engine import Action, Game, Observation, OptionError, Rng
from gangland.games.chicago_gangster.cards import (
    FINGER,
    INFLUENCE,
    KIND_INDEX,
    LAM,
    MOB_POWER,
    POLICE,
    SAFE_HOUSE,
)
from gangland.games.chicago_gangster.moves import COUNTER, PASS

from .base import Bot, register_bot
from .chicago_gangster_eval import (
    Position,
    Weights,
    aimed,
    keep_value,
    outcomes,
    rescued,
    strengths,
    substituted,
    value,
)

__all__ = ["Heuristic"]

_EPS = 1e-9
#: Kinds whose outcomes on the model are another kind's (a Lam the bot plays is a Police
#: Protection there: counters are not guessed), worked out once a turn.
SAME_EFFECT = {POLICE: LAM}
_MEMO = 20_000  # positions remembered before the memo starts afresh


class Heuristic:
    """Greedy on the table model: one card, one target, one pick at a time."""

    needs_samples: ClassVar[bool] = False
    #: It reads only the brief view's keys (``State.brief_view``): the search's playouts,
    #: which ask it at almost every step, then skip the names and words built for people.
    brief: ClassVar[bool] = True

    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        self.name = "heuristic"
        self.rng = Rng.for_seed(seed)
        self.weights = weights or Weights()
        #: Positions already valued. The model is a few counts, so positions recur: inside
        #: a search four in five values asked for were asked before.
        self._values: dict[tuple[object, ...], float] = {}
        #: The best value a card of a kind can reach from a position, by position, then
        #: kind: hands differ from turn to turn but positions recur, one in four in a search.
        self._plays: dict[tuple[object, ...], dict[int, float]] = {}

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        kind = view["decision"]["kind"]
        if kind == "respond":
            return self._respond(view, legal)
        pos = Position.from_view(view)
        if kind == "turn":
            scores = self._turn_scores(view, pos, legal)
        elif kind == "target":
            card = KIND_INDEX[view["decision"]["card"]]
            scores = [self._value(aimed(pos, card, int(a.args[0]) - 1)) for a in legal]
        else:
            scores = self._pick_scores(view, pos, legal)
        return self._best(legal, scores)

    # ----- the turn ----------------------------------------------------------------------

    def _turn_scores(self, view: dict[str, Any], pos: Position,
                     legal: tuple[Action, ...]) -> list[float]:
        """Play: the model's gain less the card's holding worth; discard: that worth only.

        The best a kind reaches from a position is kept per position (``_plays``: one
        lookup of the position a turn, not one per card), and the holding worth per kind
        once a turn: this is most of a search's playouts.
        """
        w = self.weights
        held: dict[int, int] = {}
        for name in view["hand"]:
            k = KIND_INDEX[name]
            held[k] = held.get(k, 0) + 1
        here = _key(pos)
        base = self._value(pos, here)
        plays = self._plays
        known = plays.get(here)
        if known is None:
            if len(plays) >= _MEMO:
                plays.clear()
            known = plays[here] = {}
        cost_of = {k: keep_value(k, n, w) for k, n in held.items()}  # once a kind
        scores = []
        for action in legal:
            k = KIND_INDEX[str(action.args[0])]
            cost = cost_of[k]
            if action.kind == "discard":
                scores.append(-cost)
                continue
            effect = SAME_EFFECT.get(k, k)
            best = known.get(effect)
            if best is None:
                best = known[effect] = self._best_outcome(pos, k, base)
            scores.append(best - base - cost)
        return scores

    def _best_outcome(self, pos: Position, kind: int, base: float) -> float:
        """The best value playing ``kind`` reaches on the model; ``base`` if it changes
        nothing there."""
        values, w = self._values, self.weights
        best = -math.inf
        for p in outcomes(pos, kind, w):
            # ``_key(p)`` written out: a search asks here for most of its keys.
            key = (len(p.inplay), p.me, p.war, p.permanent, *p.inplay, *p.out, *p.hitlist)
            v = values.get(key)
            if v is None:
                if len(values) >= _MEMO:
                    values.clear()
                v = values[key] = value(p, w)
            if v > best:
                best = v
        return base if best == -math.inf else best

    # ----- answering a rival's card ------------------------------------------------------

    def _respond(self, view: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        """Counter whenever it saves its own or stops a rival's rescue (see the module)."""
        decision = view["decision"]
        for counter in (MOB_POWER, INFLUENCE, SAFE_HOUSE):
            if COUNTER[counter] in legal:
                return COUNTER[counter]
        if COUNTER[FINGER] in legal and KIND_INDEX[decision["card"]] == LAM:
            mobster = decision["chosen"][0]
            if view["owners"][mobster - 1] != view["seat"]:
                return COUNTER[FINGER]
        return PASS

    # ----- picks -------------------------------------------------------------------------

    def _pick_scores(self, view: dict[str, Any], pos: Position,
                     legal: tuple[Action, ...]) -> list[float]:
        """Each mobster the pick may name, valued on the model by what happens to it."""
        w = self.weights
        purpose = view["decision"]["purpose"]
        owners = view["owners"]
        mobsters = [int(a.args[0]) for a in legal]
        if purpose in ("list", "list-front", "turncoat-revive"):
            return [0.0] * len(legal)  # mobsters of a gang are alike
        if purpose in ("kill", "turncoat-kill"):
            return [self._value(_killed(pos, owners[m - 1])) for m in mobsters]
        if purpose == "list-rival":
            return [self._value(_appended(pos, owners[m - 1])) for m in mobsters]
        at = {m: i for i, m in enumerate(view["hitlist"])}
        if purpose == "rescue":
            return [self._value(rescued(pos, at[m])) for m in mobsters]
        if purpose == "substitute-out":
            seats = [s for s, c in enumerate(pos.inplay) if c and not pos.out[s]]
            return [max((self._value(substituted(pos, at[m], s)) for s in seats
                         if s != pos.hitlist[at[m]]), default=-1e9) for m in mobsters]
        if purpose == "substitute-in":
            index = at[view["decision"]["chosen"][0]]
            return [self._value(substituted(pos, index, owners[m - 1])) for m in mobsters]
        # reorder: the strongest rivals' mobsters to the wall, the bot's own last
        s = strengths(pos, w)
        return [(-1e6 if owners[m - 1] == pos.me else s[owners[m - 1]]) for m in mobsters]

    def _value(self, pos: Position, key: tuple[object, ...] | None = None) -> float:
        """:func:`value` with this bot's weights, each distinct position worked out once
        (``key``: the position's :func:`_key`, when the caller has it)."""
        if key is None:
            key = _key(pos)
        found = self._values.get(key)
        if found is None:
            if len(self._values) >= _MEMO:
                self._values.clear()
            found = self._values[key] = value(pos, self.weights)
        return found

    def _best(self, legal: tuple[Action, ...], scores: list[float]) -> Action:
        floor = max(scores) - _EPS
        tied = [legal[i] for i, v in enumerate(scores) if v >= floor]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)


def _key(pos: Position) -> tuple[object, ...]:
    """All of a model position, as a key for the memos."""
    return (len(pos.inplay), pos.me, pos.war, pos.permanent, *pos.inplay, *pos.out,
            *pos.hitlist)


def _killed(pos: Position, seat: int) -> Position:
    new = pos.copy()
    new.inplay[seat] -= 1
    return new.settle()


def _appended(pos: Position, seat: int) -> Position:
    new = pos.copy()
    new.inplay[seat] -= 1
    new.hitlist.append(seat)
    return new.settle()


def _heuristic(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the heuristic bot takes no argument")
    return Heuristic(seed)


register_bot(
    "heuristic",
    _heuristic,
    "protects its own near the wall, hits the strongest gang, counters and rescues in time",
    games=["chicago-gangster"],
    strength=10,
)

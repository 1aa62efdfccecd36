"""Gangster (1994)'s ``heuristic`` bot: buy jewels cheap, sell them full, steal when it can pay.

The bot reads only its view and the legal actions; every decision is a fixed rule:

- **Its turn.** Make the purchase offer when it is legal and the bot's estimated final
  assets lead every rival's (the offer ends the game soon, so it times it for when it is
  ahead); open starred money cards; otherwise roll.
- **Items.** A pearl or diamond's mean value (about $3,900) is far above the dealer's $500,
  so it buys from the Vendeur whenever it keeps a cash cushion; it sells its most valuable
  pearl and diamond to the Expert (full value, against half at the final count); in an
  exchange it gives its cheapest item, and only when that item is below the mean.
- **Auction.** Bids the minimum while it stays within a limit of $2,500 (below the mean
  value, since only the buyer learns it) and a cash cushion.
- **Dossier risk.** It steals only when it can pay the worst fine and holds fewer than two
  Dossiers; it answers a Collecte card with Protection, and buys Protection only above the
  $10,000 where a Collecte card can be answered.
- **Double spaces and the passage.** The half (or the free space) with the best expected
  gain for its cash and items: the Vendeur or the Expert first, then theft, recruitment.

Ties are broken by the order of the legal actions, so a seed fixes every decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from gangland.engine import Action, Game, Observation, OptionError, Rng

from . import chicago_gangster as _chicago_gangster  # noqa: F401  (registers first)
from .base import Bot, register_bot

__all__ = ["Heuristic"]

MEAN_ITEM = 3_900
BID_LIMIT = 2_500
CUSHION = 1_000
SAFE_THEFT = 2_000  # cash that pays any fine
PROTECT_ABOVE = 10_000

#: How much the bot likes each space, before its cash and items are considered.
_SPACE_RANK = {
    "vendeur": 9, "expert": 8, "vol": 6, "recrutement": 5, "mission": 4, "echange": 3,
    "enchere": 3, "aventure": 3, "course": 2, "protection": 1, "collecte": 0, "passage": 2,
    "refuge": 0,
}


class Heuristic:
    """Fixed rules on the bot's own view."""

    needs_samples: ClassVar[bool] = False
    #: Given the game's brief view (``build_brief``: what this class reads, and no more),
    #: the search's playouts and models no longer build a whole view per decision.
    brief: ClassVar[bool] = True

    def __init__(self, seed: int) -> None:
        self.name = "heuristic"
        self.rng = Rng.for_seed(seed)

    # ----- what the bot knows about itself --------------------------------------------

    @staticmethod
    def _me(view: dict[str, Any]) -> dict[str, Any]:
        me: dict[str, Any] = view["table"][view["seat"]]
        return me

    def _cash(self, view: dict[str, Any]) -> int:
        return int(self._me(view)["cash"])

    def _dossiers(self, view: dict[str, Any]) -> int:
        return int(self._me(view)["cards"].get("dossier", 0))

    def _items(self, view: dict[str, Any], kind: str) -> list[int]:
        return [int(v) if v is not None else MEAN_ITEM for v in self._me(view)["items"][kind]]

    def _space_scorer(self, view: dict[str, Any]) -> Callable[[str], float]:
        """How much the bot likes each kind of space now. What that reads of the view (its
        cash, its items, whether a theft is safe, its cheapest item) is read once per
        decision, not once per space weighed: the passage weighs up to 39 spaces."""
        cash = self._cash(view)
        mine = self._me(view)["items"]
        held = len(mine["perle"]) + len(mine["diamant"])
        steal = self._can_steal(view)
        cheap = self._worst_item(view)[1] < MEAN_ITEM - 1_000

        def score(space: str) -> float:
            if space == "vendeur":
                return 10.0 if cash >= 500 + CUSHION else 1.0
            if space == "expert":
                return 9.5 if held else 0.5
            if space == "vol":
                return 7.0 if steal else -1.0
            if space == "protection":
                return 6.0 if cash > PROTECT_ABOVE - 1_000 else 0.5
            if space == "echange":
                return 6.5 if cheap else 1.0
            return float(_SPACE_RANK.get(space, 1))

        return score

    @staticmethod
    def _worth(player: dict[str, Any]) -> float:
        """A player's final assets as this seat can estimate them: cash, half the items
        (unknown values at the mean), less the Dossier penalties."""
        items = [v if v is not None else MEAN_ITEM
                 for kind in ("perle", "diamant") for v in player["items"][kind]]
        dossiers = int(player["cards"].get("dossier", 0))
        return float(player["cash"]) + sum(items) / 2 - 2_500 * dossiers

    def _leads(self, view: dict[str, Any]) -> bool:
        me = self._worth(self._me(view))
        return all(me > self._worth(p) for p in view["table"]
                   if p["seat"] != view["seat"] and not p["out"])

    def _can_steal(self, view: dict[str, Any]) -> bool:
        return self._cash(view) >= SAFE_THEFT and self._dossiers(view) < 2

    def _worst_item(self, view: dict[str, Any]) -> tuple[str, int, int]:
        """(kind, value, 1-based index) of the bot's cheapest item (value huge if none)."""
        best = ("perle", 0, 10**9)
        for kind in ("perle", "diamant"):
            for i, v in enumerate(self._items(view, kind)):
                if v < best[2]:
                    best = (kind, i + 1, v)
        return best[0], best[2], best[1]

    # ----- decisions ------------------------------------------------------------------

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        kind = view["decision"]["kind"]
        if kind == "bid":  # one action per amount: answered without sorting them by verb
            return self._bid(view, legal)
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.kind, []).append(a)
        cash = self._cash(view)

        if kind == "turn":
            if "offer" in by_verb and self._leads(view):
                return by_verb["offer"][0]
            if "play" in by_verb:
                return by_verb["play"][0]
            return by_verb.get("roll", list(legal))[0]
        if kind == "choose":
            liked = self._space_scorer(view)
            return max(by_verb["choose"], key=lambda a: liked(str(a.args[0])))
        if kind == "vendeur":
            if cash >= 500 + CUSHION:
                buys = by_verb.get("buy", [])
                # the kind it holds fewer of, so the Expert can buy one of each
                buys.sort(key=lambda a: len(self._items(view, _DECK[str(a.args[0])])))
                if buys:
                    return buys[0]
            return _first(by_verb, "pass", legal)
        if kind == "protection":
            protections = int(self._me(view)["cards"].get("protection", 0))
            if cash > PROTECT_ABOVE - 1_000 and protections < 2 and "buy" in by_verb:
                return by_verb["buy"][0]
            return _first(by_verb, "pass", legal)
        if kind == "expert":
            sells = by_verb.get("sell", [])
            if sells:
                return max(sells, key=lambda a: self._items(view, _DECK[str(a.args[0])])[
                    int(a.args[1]) - 1])
            return _first(by_verb, "done", legal)
        if kind == "vol":
            if self._can_steal(view) and "rob" in by_verb:
                return by_verb["rob"][0]
            return _first(by_verb, "pass", legal)
        if kind == "collecte":
            return _first(by_verb, "protect", legal)
        if kind == "mission":
            return _first(by_verb, "do", by_verb.get("take", list(legal)))
        if kind == "passage":
            return self._passage(view, by_verb.get("goto", list(legal)))
        if kind == "echange":
            wkind, value, _ = self._worst_item(view)
            trades = [a for a in by_verb.get("trade", []) if _DECK[str(a.args[1])] == wkind]
            if trades and value < MEAN_ITEM - 500:
                # the rival with the most items of that kind (more chance of a good one)
                return max(trades, key=lambda a: len(
                    view["table"][int(a.args[0]) - 1]["items"][wkind]))
            return _first(by_verb, "pass", legal)
        if kind == "give":
            trade_kind = self._trade_kind(view, by_verb.get("give", []))
            vals = self._items(view, trade_kind)
            gives = by_verb.get("give", list(legal))
            return min(gives, key=lambda a: vals[int(a.args[0]) - 1]
                       if a.kind == "give" and int(a.args[0]) - 1 < len(vals) else 10**9)
        if kind == "enchere":
            return _first(by_verb, "auction", legal)
        return legal[0]

    def _bid(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The lowest bid, if it is within the bot's limit and someone else leads; else pass."""
        if view["decision"]["bidder"] != view["seat"]:
            limit = min(BID_LIMIT, self._cash(view) - CUSHION)
            # the rules list bids in ascending order, so the first is the lowest (a bid
            # decision offers one action per $100, and is over half a playout's decisions)
            lowest = next((a for a in legal if a.kind == "bid"), None)
            if lowest is not None and int(lowest.args[0]) <= limit:
                return lowest
        return next((a for a in legal if a.kind == "pass"), legal[0])

    def _trade_kind(self, view: dict[str, Any], gives: list[Action]) -> str:
        """The kind being given: the one whose item count matches the give choices."""
        n = len(gives)
        for kind in ("perle", "diamant"):
            if len(self._items(view, kind)) == n:
                return kind
        return self._worst_item(view)[0]

    def _passage(self, view: dict[str, Any], gotos: list[Action]) -> Action:
        track, liked = view["track"], self._space_scorer(view)

        def score(a: Action) -> float:
            if a.kind != "goto":
                return -1e9
            space = str(track[int(a.args[0]) - 1])
            return max(liked(s) for s in space.split("/"))

        return max(gotos, key=score)


#: An action's item word (``buy pearl``) and the view's key for those items (``perle``).
_DECK = {"pearl": "perle", "diamond": "diamant"}


def _first(
    by_verb: dict[str, list[Action]], verb: str, fallback: Sequence[Action]
) -> Action:
    options = by_verb.get(verb)
    if options:
        return options[0]
    return fallback[0]


def _heuristic(game: Game, seed: int, arg: str) -> Bot:
    if arg:
        raise OptionError("the heuristic bot takes no argument")
    return Heuristic(seed)


_HELP = (
    "buys jewels cheap and sells them to the Expert, bids below the mean, steals only when "
    "it can pay the fine, makes the purchase offer when it leads"
)


register_bot("heuristic", _heuristic, _HELP, games=["gangster-1994"], strength=10)

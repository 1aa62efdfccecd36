"""Gangster (1994)'s action language: one small decision per action.

- ``roll``: roll the die and move; ``offer``: announce the purchase offer first;
  ``play N``: before rolling, open your N-th starred Aventure card;
- ``choose KIND``: which half of a double space you play;
- ``buy pearl|diamond|protection`` / ``pass``: the Vendeur and Protection offers (``pass``
  also walks away from a theft, an exchange or an auction bid);
- ``sell pearl|diamond N`` / ``done``: the Expert buys your N-th pearl or diamond;
- ``rob``: go through with the theft; ``protect`` / ``take``: answer a Collecte card with a
  Protection card, or take the card; ``take`` / ``do N`` on a Mission space;
- ``goto N``: the secret passage's space (1-based along the track from the Refuge);
- ``trade P pearl|diamond`` then ``give N``: the exchange with player P, giving your N-th
  item;
- ``auction pearl|diamond`` then ``bid X`` / ``pass``: the auction.

Item numbers count a player's own items of that kind in the order they were acquired, which
every player saw, so an action's text never tells a value.

One language: actions say pearl and diamond in English. The French words of the printed
cards (``perle``, ``diamant``), which canonical texts used before, are read as the same
choices, so every old record replays as it was played; a space keeps its printed name
(``choose vendeur``), and its English name is read too (``choose dealer``).

>>> str(GRAMMAR.parse("SELL Perle 2")), str(GRAMMAR.parse("choose Dealer"))
('sell pearl 2', 'choose vendeur')
"""

from __future__ import annotations

from gangland.engine import Action, Arg, Grammar, Verb

from .components import NAMES, SPACES

#: The item words of actions, in the order of ``components.ITEMS``.
KINDS = ("pearl", "diamond")
#: The view's and the decks' names of those items (the printed cards' categories).
DECKS_OF = {"pearl": "perle", "diamond": "diamant"}
WORD_OF = {deck: word for word, deck in DECKS_OF.items()}
#: Earlier canonical words and the French a player may type: the same items.
ITEM_ALIASES = (("perle", "pearl"), ("diamant", "diamond"))
#: The spaces' English names (what the board shows), the printed names' accents and two
#: translations, read as the printed names.
SPACE_ALIASES = (
    *((NAMES[k].lower(), k) for k in SPACES if NAMES[k].lower() != k),
    ("échange", "echange"), ("enchère", "enchere"), ("adventure", "aventure"),
    ("collection", "collecte"),
)
MAX_BID = 10_000_000

GRAMMAR = Grammar(
    [
        Verb("roll"),
        Verb("offer"),
        Verb("play", Arg("card", low=1, high=48)),
        Verb("choose", Arg("space", choices=SPACES, aliases=SPACE_ALIASES)),
        Verb("buy", Arg("what", choices=(*KINDS, "protection"), aliases=ITEM_ALIASES)),
        Verb("pass"),
        Verb("sell", Arg("kind", choices=KINDS, aliases=ITEM_ALIASES),
             Arg("item", low=1, high=24)),
        Verb("done"),
        Verb("rob"),
        Verb("protect"),
        Verb("take"),
        Verb("do", Arg("mission", low=1, high=24)),
        Verb("goto", Arg("space", low=1, high=80)),
        Verb("trade", Arg("player", low=1, high=6),
             Arg("kind", choices=KINDS, aliases=ITEM_ALIASES)),
        Verb("give", Arg("item", low=1, high=24)),
        Verb("auction", Arg("kind", choices=KINDS, aliases=ITEM_ALIASES)),
        Verb("bid", Arg("amount", low=100, high=MAX_BID)),
    ]
)

ROLL, OFFER, PASS, DONE, ROB, PROTECT, TAKE = (Action(v) for v in (
    "roll", "offer", "pass", "done", "rob", "protect", "take"))
PLAY = tuple(Action("play", (i + 1,)) for i in range(48))
CHOOSE = {k: Action("choose", (k,)) for k in SPACES}
BUY = {k: Action("buy", (k,)) for k in (*KINDS, "protection")}
SELL = tuple(tuple(Action("sell", (k, i + 1)) for i in range(24)) for k in KINDS)
DO = tuple(Action("do", (i + 1,)) for i in range(24))
GOTO = tuple(Action("goto", (i + 1,)) for i in range(80))
TRADE = tuple(tuple(Action("trade", (s + 1, k)) for k in KINDS) for s in range(6))
GIVE = tuple(Action("give", (i + 1,)) for i in range(24))
AUCTION = tuple(Action("auction", (k,)) for k in KINDS)
#: ``BIDS[i]`` bids ``100 * (i + 1)``; larger bids are built when needed.
BIDS = tuple(Action("bid", (100 * (i + 1),)) for i in range(2000))


def bids(low: int, high: int) -> list[Action]:
    """Every bid from ``low`` to ``high`` (multiples of $100), in ascending order."""
    if high < low:
        return []
    lo, hi = low // 100 - 1, high // 100 - 1
    if hi < len(BIDS):
        return list(BIDS[lo:hi + 1])
    return list(BIDS[lo:]) + [Action("bid", (100 * (i + 1),))
                              for i in range(max(lo, len(BIDS)), hi + 1)]

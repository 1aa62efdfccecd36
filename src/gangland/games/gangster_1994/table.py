"""The table: pawns, cash, cards in hand, the decks and the bank's moves on them.

This is the part of the state every space works on. :class:`TableBase` keeps the fields and
the small moves that spaces combine (pay, collect, draw a card, put one under its deck, go
to prison); ``spaces`` builds the spaces on top, ``rules`` the flow of a turn.

Places: every card is in exactly one of ``pool[deck]`` (face down, drawn at random, which is
the same as a shuffled deck), ``used[deck]`` (face up under the deck: public), a player's
``hands`` or ``items`` (pearls and diamonds, in the order they were acquired), ``aside``
(the cards of imprisoned players) or ``lot`` (the item being auctioned). When a deck's pool
runs out, its used cards are shuffled back in: drawing at random from the pool is exactly a
face-down deck whose used cards wait underneath.

Every change of cash goes through ``_gain`` and ``_pay`` (:mod:`gangland.engine.ledger`),
which log it, so "cash = start + gains - payments" can be checked from the events alone.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Event, OptionValue, TurnState, ledger, seat_label

from .components import DECKS, DOSSIER, ITEMS, PERLE, RECRUTEMENT, Components

# Phases of the pending decision.
(TURN, CHOOSE, VENDEUR, PROTECTION, EXPERT, VOL, SHIELD, MISSION, PASSAGE, TRADE, GIVE,
 LOT, BID) = range(13)
PHASES = ("turn", "choose", "vendeur", "protection", "expert", "vol", "collecte", "mission",
          "passage", "echange", "give", "enchere", "bid")

ALL_SEATS = (1 << 6) - 1


def up100(amount: int) -> int:
    """Round up to the next $100 (the rulebook's only rounding).

    >>> up100(450), up100(500), up100(0)
    (500, 500, 0)
    """
    return -(-amount // 100) * 100


class TableBase(TurnState):
    """Fields and elementary moves shared by the spaces and the turn flow."""

    __slots__ = (
        "aside",
        "aventures",
        "bidder",
        "bidding",
        "cash",
        "comps",
        "goal",
        "hands",
        "high",
        "items",
        "known",
        "last",
        "limit",
        "lot",
        "offer",
        "out",
        "paid",
        "phase",
        "player",
        "pool",
        "pos",
        "race",
        "roll",
        "shuffled",
        "sold",
        "swap",
        "trade",
        "turn",
        "used",
        "vol",
    )

    comps: Components
    goal: int  # the purchase offer's sum (``Components.target``), fixed by the options
    limit: int  # the option ``turn_limit``: asked at every turn, so read once
    pos: list[int]
    cash: list[int]
    hands: list[list[int]]  # per seat: cards other than items, in the order taken
    items: list[list[int]]  # per seat: pearls and diamonds, in the order acquired
    known: list[int]  # per card: bitmask of the seats that know its value (items)
    pool: list[list[int]]  # per deck: face-down cards, drawn at random
    used: list[list[int]]  # per deck: face-up cards under the deck
    aside: list[int]  # cards of imprisoned players
    out: list[bool]  # in prison
    paid: list[int]  # per seat: Recruitment cards held at the last Refuge pay, -1 never paid
    offer: int  # the seat that made the purchase offer, -1 none
    last: bool  # the offerer reached the Refuge: the game ends with this turn
    turn: int
    player: int  # whose turn it is (``to_move`` may be a bidder)
    phase: int
    aventures: int  # Aventure cards played this turn
    roll: list[int]  # the last dice rolled (public)
    vol: int  # the deck a theft would draw from, -1 none
    sold: int  # Expert: bitmask of the kinds sold this visit (1 pearl, 2 diamond)
    trade: int  # Échange: the other player, -1 none; kind in ``sold``
    lot: int  # the item being auctioned, -1 none
    high: int  # the highest bid so far
    bidder: int  # who made it, -1 none
    bidding: list[int]  # the seats still in the auction, the next to speak first
    race: list[int]  # the last race: winning horse, then (seat, horse) of every ticket
    swap: list[int]  # the last exchange: seat, other seat, item deck (public); [] none yet
    shuffled: list[tuple[int, int]]  # (deck, cards) reshuffled during this move: its news

    # ----- setup -------------------------------------------------------------------------

    def _setup(self, players: int, options: dict[str, OptionValue], comps: Components) -> None:
        """Everyone on the Refuge with the starting money; the decks face down."""
        self._fix(options, comps)
        self.pos = [0] * players
        self.cash = [comps.start_cash] * players
        self.hands = [[] for _ in range(players)]
        self.items = [[] for _ in range(players)]
        self.known = [0] * len(comps.deck)
        self.pool = [list(comps.cards(d)) for d in range(len(DECKS))]
        self.used = [[] for _ in DECKS]
        self.aside = []
        self.out = [False] * players
        self.paid = [-1] * players
        self.offer, self.last, self.turn = -1, False, 0
        self.player = self.to_move = 0
        self.over, self.won = False, []
        self.phase, self.aventures, self.roll = TURN, 0, []
        self.vol = self.trade = self.lot = self.bidder = -1
        self.sold = self.high = 0
        self.bidding = []
        self.race = []
        self.swap = []
        self.shuffled = []

    def _fix(self, options: dict[str, OptionValue], comps: Components) -> None:
        """The components and what the options fix for the whole game."""
        self.comps = comps
        self.goal = comps.target(self.players, bool(options["short"]))
        self.limit = int(options["turn_limit"])

    def _copy_table(self, new: TableBase) -> None:
        self._copy_base_into(new)
        new.comps, new.goal, new.limit = self.comps, self.goal, self.limit
        new.pos = self.pos.copy()
        new.cash = self.cash.copy()
        new.hands = [h.copy() for h in self.hands]
        new.items = [h.copy() for h in self.items]
        new.known = self.known.copy()
        new.pool = [p.copy() for p in self.pool]
        new.used = [u.copy() for u in self.used]
        new.shuffled = []  # empty between moves: what a move reshuffled is in its events
        new.aside = self.aside.copy()
        new.out = self.out.copy()
        new.paid = self.paid.copy()
        new.offer, new.last, new.turn = self.offer, self.last, self.turn
        new.player, new.phase, new.aventures = self.player, self.phase, self.aventures
        new.roll = self.roll.copy()
        new.vol, new.sold, new.trade, new.lot = self.vol, self.sold, self.trade, self.lot
        new.high, new.bidder = self.high, self.bidder
        new.bidding = self.bidding.copy()
        new.race = self.race.copy()
        new.swap = self.swap.copy()

    # ----- money -------------------------------------------------------------------------

    def _gain(self, seat: int, amount: int, why: str) -> list[Event]:
        """:func:`ledger.gain`; while :attr:`quiet` (``step``) the cash moves untold."""
        return ledger.gain(self.cash, seat, amount, why, self.quiet)

    def _pay(self, seat: int, amount: int, why: str) -> tuple[int, list[Event]]:
        """:func:`ledger.pay`; while :attr:`quiet` (``step``) the cash moves untold."""
        return ledger.pay(self.cash, seat, amount, why, self.quiet)

    # ----- cards -------------------------------------------------------------------------

    def _draw(self, deck: int) -> int:
        """A card from the face-down pool (reshuffling the used ones in when it is empty).

        Returns -1 when every card of the deck is in someone's hand or set aside.
        """
        pool = self.pool[deck]
        if not pool:
            used = self.used[deck]
            if not used:
                return -1
            pool.extend(sorted(used))
            self.shuffled.append((deck, len(used)))
            used.clear()
            if deck in ITEMS:
                for c in pool:
                    self.known[c] = 0
        i = self.rng.randbelow(len(pool))
        card = pool[i]
        pool[i] = pool[-1]
        pool.pop()
        return card

    def _discard(self, card: int) -> None:
        """A used card goes under its deck, face up: from now on everyone knows it."""
        self.used[self.comps.deck[card]].append(card)
        self.known[card] = ALL_SEATS

    def held(self, seat: int, deck: int) -> list[int]:
        """The cards of ``deck`` in ``seat``'s hand (or items), in the order taken."""
        source = self.items[seat] if deck in ITEMS else self.hands[seat]
        kind = self.comps.deck
        return [c for c in source if kind[c] == deck]

    def men(self, seat: int) -> int:
        """Men in ``seat``'s service: the player plus every recruit on their cards."""
        men_on = self.comps.men_on
        return 1 + sum([men_on[c] for c in self.hands[seat]])

    def men_paid(self, seat: int) -> int | None:
        """The men the table counted at ``seat``'s last Refuge payment (public), or None."""
        k = self.paid[seat]
        if k < 0:
            return None
        return 1 + sum(self.comps.a[c] for c in self.held(seat, RECRUTEMENT)[:k])

    def item_value(self, seat: int) -> int:
        """The printed value of ``seat``'s unsold pearls and diamonds."""
        a = self.comps.a
        return sum(a[c] for c in self.items[seat])

    def assets(self, seat: int) -> int:
        """Final assets: cash, half the items rounded up, less the Dossier penalties, and
        never below $0: the count claims the jewels' half first, then each Dossier is a
        payment, and a payment you cannot afford takes all you have (decision 5)."""
        value = self.item_value(seat)
        dossiers = len(self.held(seat, DOSSIER))
        return max(0, self.cash[seat] + up100(value // 2 + value % 2)
                   - dossiers * self.comps.dossier_penalty)

    def count(self, seat: int) -> dict[str, Any]:
        """The final count of ``seat``'s assets, term by term (JSON-safe): cash, each pearl's
        and diamond's value in the order acquired, half their total rounded up, the Dossier
        cards and what they cost, the sum before the $0 floor, the assets and the men (the
        tie-break). Only read once the game is over, when the rules lay all of it open."""
        a, kind = self.comps.a, self.comps.deck
        value = self.item_value(seat)
        half = up100(value // 2 + value % 2)
        dossiers = len(self.held(seat, DOSSIER))
        penalty = dossiers * self.comps.dossier_penalty
        total = self.cash[seat] + half - penalty
        return {"seat": seat, "cash": self.cash[seat],
                "perle": [a[c] for c in self.items[seat] if kind[c] == PERLE],
                "diamant": [a[c] for c in self.items[seat] if kind[c] != PERLE],
                "jewels": value, "half": half, "dossiers": dossiers, "penalty": penalty,
                "total": total, "assets": max(0, total), "men": self.men(seat)}

    def active(self) -> list[int]:
        """Seats still in the game (not in prison), in seat order."""
        return [s for s in range(self.players) if not self.out[s]]

    def after(self, seat: int) -> int:
        """The next seat clockwise that is still in the game."""
        n = self.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if not self.out[s]:
                return s
        return seat

    def kind_name(self, deck: int) -> str:
        """``pearl`` or ``diamond`` for people."""
        return "pearl" if deck == PERLE else "diamond"

    def _take_dossier(self, seat: int) -> list[Event]:
        """A Dossier card for ``seat``; the third one sends them to prison."""
        who = seat_label(seat)
        if len(self.held(seat, DOSSIER)) + 1 >= self.comps.prison_at:
            return [Event("dossier", f"{who} gets one Dossier too many.",
                          data={"seat": seat}), *self._prison(seat)]
        card = self._draw(DOSSIER)
        if card < 0:
            return self._prison(seat)
        self.hands[seat].append(card)
        return [Event("dossier", f"{who} takes a Dossier card.", data={"seat": seat})]

    def _prison(self, seat: int) -> list[Event]:
        """Out of the game: cash to the bank, every card set aside for good."""
        _, events = self._pay(seat, self.cash[seat], "everything goes to the bank in prison")
        self.out[seat] = True
        self.paid[seat] = -1
        self.aside.extend(self.hands[seat])
        self.aside.extend(self.items[seat])
        self.hands[seat] = []
        self.items[seat] = []
        if self.offer == seat:
            self.offer, self.last = -1, False
        return [*events, Event("prison", f"{seat_label(seat)} goes to prison and is out.",
                               data={"seat": seat})]

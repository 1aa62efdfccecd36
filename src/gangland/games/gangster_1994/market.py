"""The spaces that deal with the other players: the race (Course), the exchange (Échange)
and the auction (Enchère), with the dealing of items they share with the dealer.

``spaces`` builds the other spaces on top of :class:`Market`. Every space ends the turn
through ``_end_turn`` (provided by ``rules``) once its business is done; while
:attr:`quiet` is set (``step``) none of them builds its events.
"""

from __future__ import annotations

from gangland.engine import Event, seat_label

from .components import COURSE, DIAMANT, ITEMS, PERLE
from .table import BID, LOT, TRADE, TableBase


class Market(TableBase):
    """The race, the exchange and the auction."""

    __slots__ = ()

    def _end_turn(self) -> list[Event]:  # provided by rules
        raise NotImplementedError

    def _decide(self, phase: int) -> list[Event]:
        self.phase, self.to_move = phase, self.player
        return []

    def _available(self, deck: int) -> bool:
        return bool(self.pool[deck] or self.used[deck])

    def _get_item(self, seat: int, card: int) -> list[Event]:
        deck = self.comps.deck[card]
        self.items[seat].append(card)
        self.known[card] = 1 << seat
        if self.quiet:
            return []
        name = self.kind_name(deck)
        return [Event("item", f"{seat_label(seat)} gets a {name}.",
                      data={"seat": seat, "kind": name}),
                Event("item-value", f"Your new {name} is worth ${self.comps.a[card]:,}.",
                      to=frozenset({seat}),
                      data={"seat": seat, "kind": name, "value": self.comps.a[card]})]

    # ----- Course ------------------------------------------------------------------------

    def _space_course(self) -> list[Event]:
        """Two tickets for the player, one for each other player in turn; the last one
        out starts the race."""
        seat = self.player
        pool = self.pool[COURSE]
        if not pool:
            return self._end_turn()
        order = [seat, seat] + [s for s in self._from(seat) if s != seat]
        events: list[Event] = []
        for s in order:
            if not pool:
                break
            card = self._draw(COURSE)
            self.hands[s].append(card)
            if not self.quiet:
                horse = self.comps.a[card]
                events += [Event("ticket", f"{seat_label(s)} gets a race ticket.",
                                 data={"seat": s}),
                           Event("ticket-card", f"Your ticket is on horse {horse}.",
                                 to=frozenset({s}), data={"seat": s, "horse": horse})]
        if not pool:
            events += self._race()
        return events + self._end_turn()

    def _from(self, seat: int) -> list[int]:
        """Active seats in turn order starting with ``seat``."""
        n = self.players
        return [s for k in range(n) if not self.out[s := (seat + k) % n]]

    def _race(self) -> list[Event]:
        dice = self.rng.dice(2)
        self.roll = dice
        horse = sum(dice)
        events = [Event("race", f"The race is run: horse {horse} wins. Every ticket is "
                        "shown.", data={"dice": dice, "horse": horse})]
        a, b, kind = self.comps.a, self.comps.b, self.comps.deck
        self.race = [horse]
        for s in range(self.players):
            for c in [c for c in self.hands[s] if kind[c] == COURSE]:
                self.race += [s, a[c]]
                if a[c] == horse:
                    events += self._gain(s, b[c], f"a winning ticket on horse {horse}")
                self.hands[s].remove(c)
                self.pool[COURSE].append(c)
        self.pool[COURSE].sort()
        return events

    # ----- Échange -----------------------------------------------------------------------

    def _space_echange(self) -> list[Event]:
        if self.trade_options():
            return self._decide(TRADE)
        return self._end_turn()

    def trade_options(self) -> list[tuple[int, int]]:
        """(seat, deck): a rival holding an item like one of the player's."""
        seat, kind, items = self.player, self.comps.deck, self.items
        mine = {kind[c] for c in items[seat]}
        if not mine:
            return []
        return [(s, d) for s in self.active() if s != seat for d in ITEMS
                if d in mine and any(kind[c] == d for c in items[s])]

    def _trade(self, index: int) -> list[Event]:
        """Give the chosen item, take one of the rival's like items at random."""
        seat, other, deck = self.player, self.trade, ITEMS[self.sold]
        mine = self.held(seat, deck)[index]
        theirs_all = self.held(other, deck)
        theirs = theirs_all[self.rng.randbelow(len(theirs_all))]
        self.items[seat].remove(mine)
        self.items[other].remove(theirs)
        self.items[seat].append(theirs)
        self.items[other].append(mine)
        both = (1 << seat) | (1 << other)
        self.known[mine] = self.known[theirs] = both
        self.trade = -1
        self.swap = [seat, other, deck]
        if self.quiet:
            return self._end_turn()
        name, a = self.kind_name(deck), self.comps.a
        return [Event("exchange", f"{seat_label(seat)} exchanges a {name} with "
                      f"{seat_label(other)}.", data={"seat": seat, "with": other, "kind": name}),
                Event("exchange-values", f"{seat_label(seat)} gave the ${a[mine]:,} {name} "
                      f"and took the ${a[theirs]:,} {name}.", to=frozenset({seat, other}),
                      data={"gave": a[mine], "took": a[theirs]}),
                *self._end_turn()]

    # ----- Enchère -----------------------------------------------------------------------

    def _space_enchere(self) -> list[Event]:
        if self._available(PERLE) or self._available(DIAMANT):
            return self._decide(LOT)
        return self._end_turn()

    def _open_auction(self, deck: int) -> list[Event]:
        self.lot = self._draw(deck)
        self.high, self.bidder = 0, -1
        self.bidding = self._from(self.player)
        if self.quiet:
            return self._next_bidder()
        events = [Event("auction", f"{seat_label(self.player)} puts a "
                        f"{self.kind_name(deck)} up for auction, from "
                        f"${self.comps.auction_start:,}.",
                        data={"seat": self.player, "kind": self.kind_name(deck)})]
        return events + self._next_bidder()

    def min_bid(self) -> int:
        """The lowest bid allowed now."""
        if self.bidder < 0:
            return self.comps.auction_start
        return self.high + self.comps.auction_step

    def _next_bidder(self) -> list[Event]:
        """Ask the next seat still in; those who cannot afford a bid drop out."""
        events: list[Event] = []
        while self.bidding:
            s = self.bidding[0]
            if s == self.bidder:
                return events + self._close_auction()
            if self.cash[s] < self.min_bid():
                self.bidding.pop(0)
                continue
            self.phase, self.to_move = BID, s
            return events
        return events + self._close_auction()

    def _bid(self, amount: int) -> list[Event]:
        s = self.bidding.pop(0)
        self.bidding.append(s)
        self.high, self.bidder = amount, s
        if self.quiet:
            return self._next_bidder()
        return [Event("bid", f"{seat_label(s)} bids ${amount:,}.",
                      data={"seat": s, "amount": amount}), *self._next_bidder()]

    def _pass_bid(self) -> list[Event]:
        s = self.bidding.pop(0)
        if self.quiet:
            return self._next_bidder()
        return [Event("bid", f"{seat_label(s)} passes.", data={"seat": s, "amount": 0}),
                *self._next_bidder()]

    def _close_auction(self) -> list[Event]:
        lot, buyer = self.lot, self.bidder
        deck = self.comps.deck[lot]
        self.lot, self.bidding, self.bidder = -1, [], -1
        if buyer < 0:
            self.pool[deck].append(lot)
            self.known[lot] = 0
            return [Event("auction", "Nobody bids: the item goes back to the bank."),
                    *self._end_turn()]
        _, events = self._pay(buyer, self.high, f"the auctioned {self.kind_name(deck)}")
        events += self._get_item(buyer, lot)
        return events + self._end_turn()

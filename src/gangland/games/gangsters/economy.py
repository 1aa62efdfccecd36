"""The Buy Phase (5.1): buying and improving joints, selling them, trades, equipment.

A trade (14.1) is an offer the active player builds one item at a time (joints either way,
cash one way) and proposes; the other player accepts or declines it. One offer a turn, so a
turn always ends. Equipment (16.1-16.3) is bought by a piece that starts its turn in a gray
building.
"""

from __future__ import annotations

from gangland.engine import Action, Event, seat_label

from .components import KINDS
from .moves import ACCEPT, BUY, CANCEL, DECLINE, DISCARD, EQUIP, IMPROVE, OFFER_TO, PROPOSE, ROLL
from .shootout import Shootout
from .table import ANSWER, GANGS, OFFER, RACKETEER, marked
from .table import BUY as BUY_PHASE

#: ``moved`` bits of the Buy Phase.
BOUGHT, OFFERED = 1 << 9, 1 << 10
#: ``moved`` bit: a joint sold to the bank this turn (7.5 allows one).
SOLD = 1 << 11
#: The option that allows each piece of equipment, by the kind that carries it.
GEAR_OPTION = ("wheels", "heaters", "siren")


class Economy(Shootout):
    """Joints, cash and equipment."""

    __slots__ = ()

    # ----- legal actions -----------------------------------------------------------------

    def _buy_legal(self) -> list[Action]:
        seat = self.active
        city, cash = self.comps.city, self.cash[seat]
        legal = [ROLL]
        release = self.fig.acts.release
        legal += [release[c] for c, h in enumerate(self.badge) if h == seat and self.donut[c] >= 0]
        if seat == self.commissioner:  # 17.1: the Commissioner buys nothing
            return legal
        here = self.at[self.piece(seat, RACKETEER)]
        if here >= 0 and not city.street[here] and not self.moved & BOUGHT:
            if (self.owner[here] < 0 and city.colour[here] != "gray"
                    and cash >= city.value[here] and len(self.joints(seat)) < self.fig.markers):
                legal.append(BUY)
            if self.owner[here] == seat and cash >= city.value[here] and self._can_improve(here):
                legal.append(IMPROVE)
        if not self.moved & OFFERED:
            legal += [OFFER_TO[s] for s in self.gangs() if s != seat]
        for kind, option in enumerate(GEAR_OPTION):
            if self._can_gear(seat, kind, option):
                legal.append(EQUIP[kind])
        if self.untouchable == seat:
            legal.append(DISCARD)
        return legal

    def _can_improve(self, b: int) -> bool:
        """8.3: one level up needs at least that many joints of the colour."""
        colour = self.comps.city.colour[b]
        same = sum(1 for j in self.joints(self.owner[b]) if self.comps.city.colour[j] == colour)
        return same >= self.level[b] + 1

    def _can_gear(self, seat: int, kind: int, option: str) -> bool:
        p = self.piece(seat, kind)
        here = self.at[p]
        return (bool(self.options.get(option)) and self.strength[p] > 0 and here >= 0
                and self.comps.city.colour[here] == "gray" and not self.gear[seat] >> kind & 1
                and self.cash[seat] >= self.fig.gear_cost[kind])

    def _offer_legal(self) -> list[Action]:
        seat, deal = self.active, self.deal
        partner, pay, ask = deal[0], deal[1], deal[2]
        legal = [PROPOSE, CANCEL] if pay or ask or len(deal) > 3 else [CANCEL]
        acts, owner = self.fig.acts, self.owner
        # the joints already in the offer: ``give`` ones as b + 1, ``take`` ones as -(b + 1)
        taken = deal[3:] if len(deal) > 3 else ()
        takes: list[Action] = []
        for b in marked(self):  # both sides' joints in one walk, ascending
            o = owner[b]
            if o in (seat, partner) and (
                    not taken or (b + 1 not in taken and -(b + 1) not in taken)):
                if o == seat:
                    legal.append(acts.give[b])
                else:
                    takes.append(acts.take[b])
        legal += takes
        if not pay and not ask:
            legal += acts.cash("pay", self.cash[seat])
            # with secret cash (15.1) the list must not tell the partner's cash
            top = self.fig.win_cash if self.options.get("secret_cash") else self.cash[partner]
            legal += acts.cash("ask", top)
        return legal

    def _answer_legal(self) -> list[Action]:
        return [ACCEPT, DECLINE] if self._deal_possible() else [DECLINE]

    def _deal_possible(self) -> bool:
        """Both can pay their side and hold the joints they would get (ten markers each)."""
        seat, (partner, pay, ask, *joints) = self.active, self.deal
        gives = sum(1 for j in joints if j > 0)
        takes = len(joints) - gives
        markers = self.fig.markers
        return (self.cash[seat] >= pay and self.cash[partner] >= ask
                and len(self.joints(seat)) - gives + takes <= markers
                and len(self.joints(partner)) - takes + gives <= markers)

    # ----- effects -----------------------------------------------------------------------

    def _buy(self) -> list[Event]:
        seat, city = self.active, self.comps.city
        b = self.at[self.piece(seat, RACKETEER)]
        self.moved |= BOUGHT
        _, events = self._pay(seat, city.value[b], f"buying {city.names[b]}")
        self.owner[b], self.level[b] = seat, max(1, self.level[b])
        return [*events, Event("joint", f"{GANGS[seat].title()} buys {city.names[b]}"
                               + (f" (improved to level {self.level[b]})"
                                  if self.level[b] > 1 else "") + ".",
                               data={"seat": seat, "building": b, "level": self.level[b]})]

    def _improve(self) -> list[Event]:
        seat, city = self.active, self.comps.city
        b = self.at[self.piece(seat, RACKETEER)]
        self.moved |= BOUGHT
        _, events = self._pay(seat, city.value[b], f"improving {city.names[b]}")
        self.level[b] += 1
        return [*events, Event("improve", f"{GANGS[seat].title()} improves {city.names[b]} "
                               f"to level {self.level[b]}.",
                               data={"seat": seat, "building": b, "level": self.level[b]})]

    def _sell(self, b: int) -> list[Event]:
        """7.5: a joint sold to the bank brings its base price; improvements stay on it.
        One sale a turn ("he may sell one Joint")."""
        seat, city = self.active, self.comps.city
        self.owner[b] = -1
        self.moved |= SOLD
        return [Event("sell", f"{GANGS[seat].title()} sells {city.names[b]} to the bank.",
                      data={"seat": seat, "building": b}),
                *self._gain(seat, city.value[b], f"selling {city.names[b]}")]

    def _gear(self, kind: int) -> list[Event]:
        seat = self.active
        self.gear[seat] |= 1 << kind
        what = ("Wheels for its Racketeers", "Heaters for its Thugs", "a Siren's outfit")[kind]
        _, events = self._pay(seat, self.fig.gear_cost[kind], what)
        return [*events, Event("gear", f"{GANGS[seat].title()} buys {what}.",
                               data={"seat": seat, "kind": KINDS[kind]})]

    def _discard(self) -> list[Event]:
        self.untouchable = -1
        return [Event("badge", f"{seat_label(self.active)} returns a useless badge to the cup.",
                      data={"seat": self.active})]

    def _open_offer(self, partner: int) -> list[Event]:
        self.moved |= OFFERED
        self.deal = [partner, 0, 0]
        self.phase = OFFER
        return []

    def _add_to_offer(self, action: Action, space: int) -> list[Event]:
        if action.kind == "give":
            self.deal.append(space + 1)
        elif action.kind == "take":
            self.deal.append(-(space + 1))
        elif action.kind == "pay":
            self.deal[1] = int(action.args[0])
        else:
            self.deal[2] = int(action.args[0])
        return []

    def _deal_text(self) -> str:
        seat, (partner, pay, ask, *joints) = self.active, self.deal
        names = self.comps.city.names
        parts = [f"gives {names[j - 1]}" for j in joints if j > 0]
        parts += [f"takes {names[-j - 1]}" for j in joints if j < 0]
        if pay:
            parts.append(f"pays ${pay:,}")
        if ask:
            parts.append(f"asks ${ask:,}")
        return f"{seat_label(seat)} offers {seat_label(partner)}: " + ", ".join(parts) + "."

    def _propose(self) -> list[Event]:
        self.phase, self.to_move = ANSWER, self.deal[0]
        if self.quiet:
            return []
        return [Event("offer", self._deal_text(), data={"deal": list(self.deal)})]

    def _close_offer(self, accepted: bool) -> list[Event]:
        seat, (partner, pay, ask, *joints) = self.active, self.deal
        self.deal = []
        self.phase, self.to_move = BUY_PHASE, seat
        if not accepted:
            return [Event("decline", f"{seat_label(partner)} declines the offer.",
                          data={"seat": partner})]
        for j in joints:
            b = abs(j) - 1
            self.owner[b] = partner if j > 0 else seat
        events = [Event("trade", f"{seat_label(partner)} accepts the offer.",
                        data={"seat": partner, "with": seat})]
        # a trade's cash was offered aloud (the offer is public, 14.1): no secret in it
        if pay:
            events += self._pay(seat, pay, f"the trade with {seat_label(partner)}",
                                open_=True)[1]
            events += self._gain(partner, pay, f"the trade with {seat_label(seat)}", open_=True)
        if ask:
            events += self._pay(partner, ask, f"the trade with {seat_label(seat)}",
                                open_=True)[1]
            events += self._gain(seat, ask, f"the trade with {seat_label(partner)}", open_=True)
        return events

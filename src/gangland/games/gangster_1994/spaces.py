"""What each space does when a pawn stops on it, and the Aventure and Mission cards.

A space either resolves at once or opens a decision (``phase``); when the turn's business is
done it calls ``_end_turn`` (provided by ``rules``). Events addressed to one seat carry what
only that seat may read: a starred card, a recruit, a race ticket, an item's value.
"""

from __future__ import annotations

from collections.abc import Callable

from gangland.engine import Event, counted, seat_label

from .components import (
    ADVANCE,
    ALIBI,
    AVENTURE,
    BANQUE,
    COLLECTE,
    COMMERCE,
    DIAMANT,
    EACH,
    GAIN,
    ITEMS,
    JEWEL,
    JUSTICE,
    MISSION,
    PAY,
    PERLE,
    PROTECTION,
    RECRUTEMENT,
    SPACES,
    space_name,
)
from .market import Market
from .table import (
    ALL_SEATS,
    CHOOSE,
    EXPERT,
    PASSAGE,
    SHIELD,
    VENDEUR,
    VOL,
)
from .table import MISSION as MISSION_PHASE
from .table import PROTECTION as PROTECTION_PHASE


class Spaces(Market):
    """The spaces of the track and the cards they deal (the spaces that deal with the
    other players are in ``market``)."""

    __slots__ = ()

    # ----- moving ------------------------------------------------------------------------

    def _move(self, steps: int) -> list[Event]:
        """Advance ``steps`` spaces clockwise; the Refuge pays when passed or reached."""
        seat, size = self.player, len(self.comps.track)
        start = self.pos[seat]
        end = (start + steps) % size
        self.pos[seat] = end
        quiet = self.quiet  # ``step``: no texts
        who = "" if quiet else seat_label(seat)
        events = [] if quiet else [
            Event("move", f"{who} moves {steps} to space {end + 1} "
                  f"({space_name(self.comps.track[end])}).",
                  data={"seat": seat, "from": start + 1, "to": end + 1, "steps": steps})]
        if start + steps >= size:  # reached or passed the Refuge
            if self.offer == seat:
                self.last = True
                if not quiet:
                    events.append(Event("last", f"{who} is back at the Refuge: this is the "
                                        "last space of the game.", data={"seat": seat}))
                if end == 0:
                    events += self._gain(seat, self.comps.refuge_exact,
                                         "an exact landing on the Refuge")
            else:
                men = self.men(seat)  # (counted in public: the pay tells it anyway)
                pay = self.comps.refuge_per_man * men
                self.paid[seat] = len(self.held(seat, RECRUTEMENT))  # now public
                if end == 0:
                    pay += self.comps.refuge_exact
                events += self._gain(seat, pay, "" if quiet else self._refuge_why(men, end))
        return events + self._land()

    def _refuge_why(self, men: int, end: int) -> str:
        """Why the Refuge pays: the men, and the exact landing when ``end`` is the Refuge."""
        why = f"the Refuge pays for {counted(men, 'man', 'men')}"
        if end == 0:
            why += f" and ${self.comps.refuge_exact:,} for stopping on it"
        return why

    def _land(self) -> list[Event]:
        """Play the space the pawn stands on (a double space asks which half first)."""
        kinds = self.comps.options[self.pos[self.player]]
        if len(kinds) == 2:
            self.phase, self.to_move = CHOOSE, self.player
            return []
        return _PLAYS[kinds[0]](self)

    def _play_space(self, kind: str) -> list[Event]:
        """The effect of one kind of space."""
        return _PLAYS[kind](self)

    # ----- simple spaces -----------------------------------------------------------------

    def _space_refuge(self) -> list[Event]:
        return self._end_turn()

    def _space_recrutement(self) -> list[Event]:
        seat = self.player
        card = self._draw(RECRUTEMENT)
        if card < 0:
            return self._end_turn()
        self.hands[seat].append(card)
        if self.quiet:
            return self._end_turn()
        men = self.comps.a[card]
        return [Event("recruit", f"{seat_label(seat)} takes a Recruitment card.",
                      data={"seat": seat}),
                Event("recruit-card", f"Your new card brings {counted(men, 'man', 'men')}.",
                      to=frozenset({seat}), data={"seat": seat, "men": men}),
                *self._end_turn()]

    def _space_protection(self) -> list[Event]:
        if self.cash[self.player] >= self.comps.protection_price and self._available(
                PROTECTION):
            return self._decide(PROTECTION_PHASE)
        return self._end_turn()

    def _space_vendeur(self) -> list[Event]:
        if self.cash[self.player] >= self.comps.vendeur_price and (
                self._available(PERLE) or self._available(DIAMANT)):
            return self._decide(VENDEUR)
        return self._end_turn()

    def _buy_item(self, deck: int) -> list[Event]:
        """Vendeur: $500 for an unseen pearl or diamond; only the buyer learns its value."""
        seat = self.player
        _, events = self._pay(seat, self.comps.vendeur_price,
                              f"the dealer's {self.kind_name(deck)}")
        events += self._get_item(seat, self._draw(deck))
        return events + self._end_turn()

    def _buy_protection(self) -> list[Event]:
        seat = self.player
        _, events = self._pay(seat, self.comps.protection_price, "a Protection card")
        self.hands[seat].append(self._draw(PROTECTION))
        return events + self._end_turn()

    # ----- Expert ------------------------------------------------------------------------

    def _space_expert(self) -> list[Event]:
        self.sold = 0
        if self.items[self.player]:
            return self._decide(EXPERT)
        return self._end_turn()

    def _sell(self, deck: int, index: int) -> list[Event]:
        """The Expert buys one item; the price is witnessed by everyone."""
        seat = self.player
        card = self.held(seat, deck)[index]
        self.items[seat].remove(card)
        self._discard(card)
        self.sold |= 1 << ITEMS.index(deck)
        value = self.comps.a[card]
        if self.quiet:
            events = self._gain(seat, value, "")
        else:
            events = [Event("sell", f"{seat_label(seat)} sells a {self.kind_name(deck)} worth "
                            f"${value:,} to the Expert.",
                            data={"seat": seat, "kind": self.kind_name(deck), "value": value}),
                      *self._gain(seat, value, "the Expert's price")]
        if not self.sell_options():
            return events + self._end_turn()
        return events

    def sell_options(self) -> list[tuple[int, int]]:
        """(deck, index) of every item the Expert may still buy this visit."""
        seat, out = self.player, list[tuple[int, int]]()
        for k, deck in enumerate(ITEMS):
            if not self.sold & (1 << k):
                out.extend((deck, i) for i in range(len(self.held(seat, deck))))
        return out

    # ----- Collecte ----------------------------------------------------------------------

    def _space_collecte(self) -> list[Event]:
        seat = self.player
        cash = self.cash[seat]
        low, mid, high = self.comps.tiers
        if cash < low:
            return self._end_turn()
        if cash <= mid or cash <= high:
            fee = self.comps.fees[0] if cash <= mid else self.comps.fees[1]
            _, events = self._pay(seat, fee, "the Godfather's collection")
            return events + self._end_turn()
        if self.held(seat, PROTECTION):
            return self._decide(SHIELD)
        return self._collecte_card()

    def _protect(self) -> list[Event]:
        seat = self.player
        card = self.held(seat, PROTECTION)[0]
        self.hands[seat].remove(card)
        self._discard(card)
        if self.quiet:
            return self._end_turn()
        return [Event("protect", f"{seat_label(seat)} returns a Protection card and escapes "
                      "the collection.", data={"seat": seat}), *self._end_turn()]

    def _collecte_card(self) -> list[Event]:
        seat = self.player
        card = self._draw(COLLECTE)
        if card < 0:
            return self._end_turn()
        self._discard(card)
        amount = self.comps.a[card]
        _, events = self._pay(seat, amount, "a Collecte card")
        if self.quiet:
            return self._end_turn()
        return [Event("card", f"{seat_label(seat)} draws a Collecte card: ${amount:,}.",
                      data={"seat": seat, "deck": "collecte", "amount": amount}),
                *events, *self._end_turn()]

    # ----- Vol and Justice ---------------------------------------------------------------

    def _space_vol(self) -> list[Event]:
        die = self.rng.randint(1, 6)
        self.roll = [die]
        self.vol = COMMERCE if die <= 4 else BANQUE
        if self.quiet:
            return self._decide(VOL)
        target = "a shop (Commerce)" if self.vol == COMMERCE else "a bank (Banque)"
        return [Event("vol", f"{seat_label(self.player)} rolls {die}: the chance to rob "
                      f"{target}.", data={"seat": self.player, "die": die}),
                *self._decide(VOL)]

    def _rob(self) -> list[Event]:
        seat, deck = self.player, self.vol
        self.vol = -1
        card = self._draw(deck)
        if card < 0:
            return self._end_turn()
        self._discard(card)
        loot = self.comps.a[card]
        quiet = self.quiet
        who = "" if quiet else seat_label(seat)
        place = "shop" if deck == COMMERCE else "bank"
        if loot:
            if quiet:
                self._gain(seat, loot, "")
                return self._end_turn()
            return [Event("rob", f"{who} robs the {place}.", data={"seat": seat}),
                    *self._gain(seat, loot, f"the {place} robbery"), *self._end_turn()]
        events = [Event("caught", f"{who} is caught robbing the {place}.",
                        data={"seat": seat})]
        alibis = [c for c in self.starred(seat, AVENTURE) if self.comps.b[c] == ALIBI]
        if alibis:
            self.hands[seat].remove(alibis[0])
            self._discard(alibis[0])
            return [*events, Event("alibi", f"{who} shows an alibi and walks free.",
                                   data={"seat": seat, "card": alibis[0]}), *self._end_turn()]
        justice = self._draw(JUSTICE)
        if justice >= 0:
            self._discard(justice)
            fine = self.comps.a[justice] if deck == COMMERCE else self.comps.b[justice]
            if self.cash[seat] >= fine:
                _, paid = self._pay(seat, fine, "a fine")
                events += paid
            else:
                events.append(Event("justice", f"{who} cannot pay the ${fine:,} fine.",
                                    data={"seat": seat, "fine": fine}))
                events += self._take_dossier(seat)
        return events + self._end_turn()

    # ----- Aventure ----------------------------------------------------------------------

    def _space_aventure(self) -> list[Event]:
        """Take an Aventure card (two a turn at most)."""
        seat = self.player
        if self.aventures >= 2:
            return [Event("aventure", "No third Aventure card this turn.",
                          data={"seat": seat}), *self._end_turn()]
        card = self._draw(AVENTURE)
        if card < 0:
            return self._end_turn()
        self.aventures += 1
        quiet = self.quiet
        who = "" if quiet else seat_label(seat)
        if self.comps.star[card]:
            self.hands[seat].append(card)
            if quiet:
                return self._end_turn()
            return [Event("star", f"{who} takes a starred Aventure card and keeps it.",
                          data={"seat": seat, "deck": "aventure"}),
                    Event("star-card", f"Your card: {self.comps.text[card]}",
                          to=frozenset({seat}), data={"seat": seat, "card": card}),
                    *self._end_turn()]
        self._discard(card)
        effect, amount = self.comps.b[card], self.comps.a[card]
        events = [] if quiet else [
            Event("card", f"{who} draws an Aventure card: {self.comps.text[card]}",
                  data={"seat": seat, "deck": "aventure", "card": card})]
        if effect == GAIN or (effect == JEWEL and self.items[seat]):
            events += self._gain(seat, amount, "an Aventure card")
        elif effect == PAY:
            events += self._pay(seat, amount, "an Aventure card")[1]
        elif effect == EACH:
            for other in self.active():
                if other != seat:
                    paid, evs = self._pay(other, amount, f"an Aventure card of {who}")
                    events += evs + self._gain(seat, paid, "" if quiet
                                               else f"from {seat_label(other)}")
        elif effect == ADVANCE:
            return events + self._move(amount)
        return events + self._end_turn()

    def _play_bonus(self, index: int) -> list[Event]:
        """Open a starred Aventure card before rolling: it counts towards the two Aventure
        cards a turn allows."""
        seat = self.player
        self.aventures += 1
        card = self.bonus_cards(seat)[index]
        self.hands[seat].remove(card)
        self._discard(card)
        if self.quiet:
            return self._gain(seat, self.comps.a[card], "")
        return [Event("card", f"{seat_label(seat)} plays a starred Aventure card: "
                      f"{self.comps.text[card]}", data={"seat": seat, "card": card}),
                *self._gain(seat, self.comps.a[card], "a starred Aventure card")]

    def starred(self, seat: int, deck: int) -> list[int]:
        """``seat``'s starred cards of ``deck`` (Aventure bonuses or Missions), in order."""
        return self.held(seat, deck)

    def bonus_cards(self, seat: int) -> list[int]:
        """Starred Aventure cards ``seat`` may open now."""
        bonus = self.comps.bonus
        return [c for c in self.hands[seat] if c in bonus]

    # ----- Mission -----------------------------------------------------------------------

    def _space_mission(self) -> list[Event]:
        if self.mission_options():
            return self._decide(MISSION_PHASE)
        return self._take_mission()

    def mission_options(self) -> list[int]:
        """Indexes of the held missions the player has the men for."""
        men, a = self.men(self.player), self.comps.a
        return [i for i, c in enumerate(self.starred(self.player, MISSION)) if a[c] <= men]

    def _take_mission(self) -> list[Event]:
        seat = self.player
        card = self._draw(MISSION)
        if card < 0:
            return self._end_turn()
        quiet = self.quiet
        who = "" if quiet else seat_label(seat)
        if self.comps.star[card]:
            self.hands[seat].append(card)
            if quiet:
                return self._end_turn()
            return [Event("star", f"{who} takes a starred Mission card and keeps it.",
                          data={"seat": seat, "deck": "mission"}),
                    Event("star-card", f"Your mission: {self.comps.text[card]} ("
                          f"{counted(self.comps.a[card], 'man', 'men')}, reward "
                          f"${self.comps.b[card]:,})",
                          to=frozenset({seat}), data={"seat": seat, "card": card}),
                    *self._end_turn()]
        self._discard(card)
        men, reward = self.comps.a[card], self.comps.b[card]
        if quiet:
            if self.men(seat) >= men:
                self._gain(seat, reward, "")
            return self._end_turn()
        events = [Event("card", f"{who} draws a Mission card: {self.comps.text[card]} "
                        f"({counted(men, 'man', 'men')}, ${reward:,})",
                        data={"seat": seat, "card": card})]
        if self.men(seat) >= men:
            events += self._gain(seat, reward, "a mission carried out")
        else:
            events.append(Event("mission", f"{who} has too few men for it.",
                                data={"seat": seat}))
        return events + self._end_turn()

    def _do_mission(self, index: int) -> list[Event]:
        seat = self.player
        card = self.starred(seat, MISSION)[index]
        self.hands[seat].remove(card)
        self._discard(card)
        if self.quiet:
            self._gain(seat, self.comps.b[card], "")
            return self._end_turn()
        return [Event("card", f"{seat_label(seat)} carries out a mission: "
                      f"{self.comps.text[card]}", data={"seat": seat, "card": card}),
                *self._gain(seat, self.comps.b[card], "a mission carried out"),
                *self._end_turn()]

    # ----- Passage -----------------------------------------------------------------------

    def _space_passage(self) -> list[Event]:
        dice = self.rng.dice(3)
        self.roll = dice
        total = sum(dice)
        events = [] if self.quiet else [
            Event("passage", f"{seat_label(self.player)} rolls {total} in the sewers.",
                  data={"seat": self.player, "dice": dice})]
        if total <= 7:
            return events + self._space_collecte()
        if total <= 12:
            return events + self._space_aventure()
        if self.passage_options():
            return events + self._decide(PASSAGE)
        return events + self._end_turn()

    def passage_options(self) -> list[int]:
        """Free spaces: no pawn on them, not the Refuge, not where the player stands."""
        taken = {self.pos[s] for s in self.active()}
        return [i for i in range(1, len(self.comps.track)) if i not in taken]

    def _goto(self, space: int) -> list[Event]:
        """Through the sewers to ``space`` (decision 10). Pawns only go clockwise, so a
        space numbered below the Passage is reached round the loop, through the Refuge: it
        pays nothing ("You cannot claim the Refuge amount, even if you pass through it"),
        but for the player who made the purchase offer it is the return that ends the
        game, and ``space`` is their last space."""
        seat = self.player
        start = self.pos[seat]
        passes = space < start
        self.pos[seat] = space
        if self.quiet:
            if passes and self.offer == seat and not self.last:
                self.last = True
            return self._land()
        who = seat_label(seat)
        events = [Event("move", f"{who} takes a secret passage to space {space + 1} "
                        f"({space_name(self.comps.track[space])})"
                        + (", through the Refuge (no pay)." if passes else "."),
                        data={"seat": seat, "from": start + 1, "to": space + 1,
                              "refuge": passes})]
        if passes and self.offer == seat and not self.last:
            self.last = True
            events.append(Event("last", f"{who} has passed the Refuge: this is the last "
                                "space of the game.", data={"seat": seat}))
        return events + self._land()

#: Each kind of space's method, looked up once rather than by name at every landing
#: (``rules`` overrides none of them).
_PLAYS: dict[str, Callable[[Spaces], list[Event]]] = {
    kind: getattr(Spaces, "_space_" + kind) for kind in SPACES}

__all__ = ["ALL_SEATS", "Spaces"]

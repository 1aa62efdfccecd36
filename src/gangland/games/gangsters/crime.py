"""Payoffs (5.6, 8.2, 11.2, 11.3), the end of a turn (6.8, 12.6), and how to win (15).

After the Movement Phase the active gang's criminal Thug and Vamp extort, every public
piece in a joint pays that joint's owner, the shootouts are fought (``shootout``), public
pieces caught with criminals go back to their cup, and the active gang wins if it holds a
Racketeer, a Thug and a Vamp plus one of the three fortunes.
"""

from __future__ import annotations

from gangland.engine import Event, seat_label

from .table import DIE_OF, RACKETEER, THUG, VAMP, TableBase


class Crime(TableBase):
    """Money from crime, and the end of a turn."""

    __slots__ = ()

    def _end_moves(self) -> list[Event]:
        """The Movement Phase is over: payoffs, then the shootouts."""
        return self._payoffs() + self._start_shootouts()

    def _payoffs(self) -> list[Event]:
        seat, city = self.active, self.comps.city
        events: list[Event] = []
        for kind in (THUG, VAMP) if seat != self.commissioner else ():
            # 11.3 extortion, in an unowned building, no cop there
            p = self.piece(seat, kind)
            here = self.at[p]
            if (self.criminal[p] and here >= 0 and not city.street[here]
                    and self.owner[here] < 0 and here not in self.cop_at):
                events += self._gain(seat, 100 * self.dice[DIE_OF[kind]],
                                     f"extortion at {city.names[here]}")
        for k, b in enumerate(self.pub_at):  # 8.2, 11.2 organized crime, whoever's turn
            if b >= 0 and self.owner[b] >= 0:
                owner = self.owner[b]
                amount = city.value[b] * self.level[b] * self.fig.public[k]
                events += self._gain(owner, amount, f"organized crime at {city.names[b]}")
        return events

    def _end_turn(self, gang_war: bool) -> list[Event]:
        """6.8, 12.6: public pieces with criminals (or all of them after a gang war) go back
        to their cup; then the active gang may have won (15.1)."""
        events: list[Event] = []
        at, criminal = self.at, self.criminal
        for k, b in enumerate(self.pub_at):
            if b >= 0 and (gang_war or any(at[p] == b and criminal[p]
                                           for p in range(len(at)))):
                self.pub_at[k] = -1
                if not self.quiet:  # stepped (``State.step``): nobody reads the events
                    events.append(Event("public-cup", f"A x{self.fig.public[k]} public piece "
                                        "goes back to its cup.", data={"public": k}))
        if gang_war and not self.quiet:
            events.insert(0, Event("gang-war", "Gang war: every public piece leaves the "
                                   "streets."))
        seat = self.active
        why = self.victory(seat)
        if why:
            self._finish([seat])
            return [*events, Event("end", f"{self.seat_name(seat)} ({seat_label(seat)}) wins: "
                                   f"{why}.", data={"winners": [seat], "why": why})]
        return events + self._start_turn(self._next_seat())

    def victory(self, seat: int) -> str:
        """15.1: a Racketeer, a Thug and a Vamp, and all joints of one colour, or ten
        joints, or the cash; the empty string when the gang has not won."""
        if self.options.get("rounds"):
            return ""  # 15.2: the time limit decides instead
        target = int(self.options.get("cash") or self.fig.win_cash)
        if seat == self.commissioner:  # 17.6: the cash and a loyal cop on the streets
            loyal = [c for c, h in enumerate(self.badge) if h == seat and self.cop_at[c] >= 0]
            if self.cash[seat] >= target and loyal:
                return f"${self.cash[seat]:,} and Cop {self.fig.cops[loyal[0]]} on the payroll"
            return ""
        if not all(self.strength[self.piece(seat, k)] > 0 for k in (RACKETEER, THUG, VAMP)):
            return ""
        joints = self.joints(seat)
        if len(joints) < self.fig.fewest and self.cash[seat] < target:
            return ""  # too few joints for any colour or count, and not the cash
        colours = [self.comps.city.colour[b] for b in joints]
        for colour, count in self.fig.counts.items():
            if colours.count(colour) == count:
                return f"every {colour} joint"
        if len(joints) >= self.fig.win_joints:
            return f"{len(joints)} joints"
        if self.cash[seat] >= target:
            return f"${self.cash[seat]:,} in cash"
        return ""

    def final_count(self) -> dict[str, object]:
        """The count at the end, laid open to every seat: each player's cash (no longer
        secret, 15.1 "until he claims his win", 15.2 "until the end"), the value of his
        joints with their improvements, his net worth (15.2), and why the winners won.
        Bribe badges stay secret: the rules end a badge's secret only by its reveal (9.5)."""
        city = self.comps.city
        rows = []
        for s in range(self.players):
            joints = sum(city.value[b] * self.level[b] for b in self.joints(s))
            rows.append({"seat": s, "out": self.out[s],
                         "cash": self.cash[s], "joints": joints,
                         "worth": self.cash[s] + joints, "won": s in self.won})
        reasons = [self.victory(s) for s in self.won]
        if reasons and all(reasons):
            why = "; ".join(reasons)
        elif len(self.won) == 1 and len(self.gangs()) == 1 and self.won == self.gangs():
            why = "the last gang standing"
        else:
            why = "the greatest net worth" if self.won else "nobody won"
        return {"rows": rows, "why": why}

    def worth(self, seat: int) -> int:
        """15.2: cash plus the value of every joint with its improvements."""
        city = self.comps.city
        return self.cash[seat] + sum(city.value[b] * self.level[b] for b in self.joints(seat))

    def _next_seat(self) -> int:
        """The next gang in turn order; with 16.5, the next pawn drawn from the cup, and in
        the five-player game the Commissioner's turn each time the cup is empty (17.3)."""
        if self.random_order():
            if not self.pawns:
                boss = self.commissioner
                if boss >= 0 and self.turn > 0 and self.active != boss:
                    return boss
                self.pawns = self.gangs()
            return self.pawns.pop(self.rng.randbelow(len(self.pawns)))
        if self.turn == 0:
            return self.order[0]
        order, seat = self.order, self.active
        i = order.index(seat)
        for k in range(1, len(order) + 1):
            s = order[(i + k) % len(order)]
            if not self.out[s]:
                return s
        return seat

    def _by_worth(self, why: str) -> list[Event]:
        """The game ends on worth (15.2, and our safety rule): the richest players win.

        "The player with the highest net worth at game end wins": the Police Commissioner
        is a player with cash (17.1, 17.4), so he is counted too (his worth is his cash)."""
        alive = self.gangs() + ([self.commissioner] if self.commissioner >= 0 else [])
        worth = {s: self.worth(s) for s in alive}
        best = max(worth.values())
        winners = [s for s in alive if worth[s] == best]
        self._finish(winners)
        text = ", ".join(f"{seat_label(s)} ${worth[s]:,}" for s in alive)
        return [Event("end", f"{why} Net worth: {text}. Winner: "
                      f"{', '.join(seat_label(s) for s in winners)}.",
                      data={"winners": winners,
                            "worth": [worth.get(s) for s in range(self.players)]})]

    def _gone(self, seat: int) -> bool:
        """7.5: a gang without money, Racketeers or joints is out of the game."""
        return (seat != self.commissioner and self.cash[seat] == 0
                and self.strength[self.piece(seat, RACKETEER)] == 0 and not self.joints(seat))

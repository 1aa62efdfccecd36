"""Every card's effect, its limits, and the response window for counters.

A card played for its effect may need a target player (``target``), then a response window
(every rival is asked in turn order from the player's left: ``counter KIND`` or ``pass``),
then a series of picks (``pick M``) by whoever the card makes choose. Picks are queued as
``(purpose, chooser, arg)`` tasks; a task with nothing to pick is skipped. Decisions taken
where the rules are silent are marked "Decision" and listed in
``docs/games/chicago-gangster.md``.
"""

from __future__ import annotations

from bisect import insort

from gangland.engine import Event, seat_label

from .cards import (
    AMBUSH,
    CONTRACTS,
    CRACKDOWN,
    DOUBLE,
    DOUBLE_CROSS,
    FINGER,
    HIT,
    INFLUENCE,
    INTRIGUE,
    KINDS,
    LAM,
    MASSACRE,
    MOB_POWER,
    MOB_WAR,
    PAY_OFF,
    POLICE,
    PRIORITY,
    SAFE_HOUSE,
    SUBSTITUTION,
    TRUCE,
    TURNCOAT,
    VENDETTA,
    card_title,
)
from .table import (
    CROWDED,
    KILL,
    LAM_PICK,
    LIST_END,
    LIST_FRONT,
    ORDER,
    PICK,
    QUOTA,
    RESCUE,
    RESPOND,
    SUB_IN,
    SUB_OUT,
    TARGET,
    TC_KILL,
    TC_REVIVE,
    TableBase,
)

#: The counters that answer each kind of card, for a seat entitled to use them.
ANSWERS: dict[int, tuple[int, ...]] = {kind: (MOB_POWER, INFLUENCE) for kind in CONTRACTS}
ANSWERS[LAM] = (FINGER,)
ANSWERS[VENDETTA] = (SAFE_HOUSE,)

#: Bit masks of kinds (bit ``k`` for kind ``k``) for :meth:`Effects.playable_kinds`: the
#: cards that need a rival with a mobster in play, those that need a mobster on the list.
AIMED_BITS = sum(1 << k for k in (*CONTRACTS, DOUBLE_CROSS, HIT))
LISTED_BITS = sum(1 << k for k in (MASSACRE, LAM, POLICE, PAY_OFF, CRACKDOWN))
VENDETTA_BIT, TURNCOAT_BIT = 1 << VENDETTA, 1 << TURNCOAT


class Effects(TableBase):
    """Card effects on top of the table; the turn flow (``_end_turn``) comes from rules."""

    __slots__ = ()

    def _end_turn(self) -> list[Event]:  # pragma: no cover - provided by rules
        raise NotImplementedError

    # ----- what may be played ------------------------------------------------------------

    def playable(self, kind: int) -> bool:
        """Whether a card of ``kind`` may be played for its effect now.

        Decision: a card whose effect could change nothing may only be discarded; counters
        are played only in a response window.
        """
        return bool(self.playable_kinds(1 << kind))

    def playable_kinds(self, kinds: int) -> int:
        """Of the kinds in bit mask ``kinds`` (bit ``k`` for kind ``k``), those that
        :meth:`playable` allows now: every kind of a hand answered at once, each
        condition worked out once and only for kinds that need it.
        """
        hitlist, inplay, war = self.hitlist, self.inplay, self.war
        ok = VENDETTA_BIT
        if kinds & AIMED_BITS:
            n, p, out = self.players, self.player, self.out
            for k in range(1, n):  # a rival still in with a mobster in play
                s = (p + k) % n
                if not out[s] and inplay[s]:
                    ok |= AIMED_BITS
                    break
        if hitlist:
            ok |= LISTED_BITS
            # A war on an empty list is over at the start of the next turn with nobody
            # executed, unless it is the last stand, where a double war stays double (13).
            if war == 0:
                ok |= 1 << MOB_WAR
            if any(inplay):
                ok |= 1 << SUBSTITUTION
            if len(hitlist) >= 2:
                ok |= 1 << INTRIGUE
        if war < 2 and (hitlist or self.permanent):
            ok |= 1 << AMBUSH
        if kinds & TURNCOAT_BIT and self.dead:
            counts = [len(inplay[s]) for s in self.active()]
            if max(counts) > min(counts):
                ok |= TURNCOAT_BIT
        # A war that would restart at once at normal speed is not changed by a Truce; a war
        # at double speed is slowed by one (decision 14).
        if war == 2 or (war == 1 and not (self.permanent or len(hitlist) >= CROWDED)):
            ok |= 1 << TRUCE
        return ok & kinds

    # ----- playing -----------------------------------------------------------------------

    def _play(self, kind: int) -> list[Event]:
        """The card is on the discard pile; start its effect."""
        p = self.player
        self.card = kind
        if kind in CONTRACTS or kind == PAY_OFF:
            self.phase = TARGET
            return []
        events: list[Event] = []
        if kind == HIT:
            self.tasks = [(KILL, p, 0), (LIST_END, p, p)]
        elif kind == MASSACRE:
            for m in list(self.hitlist):
                events.append(self._kill(m, "is shot in the massacre"))
            events += self._check_out()
        elif kind == DOUBLE_CROSS:
            for s in self.rivals(p):
                self.quota[s] = 1
            self.tasks = [(QUOTA, p, 0)]
        elif kind == MOB_WAR:
            events += self._set_war(1, "a Mob War card")
        elif kind == AMBUSH:
            events += self._set_war(2, "an Ambush")
        elif kind == VENDETTA:
            return self._open_window()
        elif kind == TURNCOAT:
            counts = {s: len(self.inplay[s]) for s in self.active()}
            fewest = min(counts.values())
            # Decision: a tie for fewest goes to the first such seat from the player on.
            order = [p, *self.rivals(p)]
            weakest = next(s for s in order if s in counts and counts[s] == fewest)
            self.tasks = [(TC_KILL, p, max(counts.values())), (TC_REVIVE, p, weakest)]
        elif kind == LAM:
            self.tasks = [(LAM_PICK, p, 0)]
        elif kind == POLICE:
            self.tasks = [(RESCUE, p, 0)]
        elif kind == SUBSTITUTION:
            self.tasks = [(SUB_OUT, p, 0), (SUB_IN, p, 0)]
        elif kind == INTRIGUE:
            self.tasks = [(ORDER, p, 0)]
        elif kind == TRUCE:
            self.war = 0
            if not self.quiet:
                events.append(Event("war", "A truce: the war stops.", data={"rate": 0}))
            events += self._triggers()  # it restarts at once if a cause is still there
        elif kind == CRACKDOWN:
            for m in list(self.hitlist):
                events.append(self._home(m))
        return events + self._settle()

    def targets(self) -> list[int]:
        """Seats the pending card may aim at."""
        if self.card == PAY_OFF:
            return sorted({self.owner[m] for m in self.hitlist})
        return [s for s in self.rivals(self.player) if self.inplay[s]]

    def _on_target(self, seat: int) -> list[Event]:
        self.target = seat
        if self.card == PAY_OFF:
            events = [self._home(m) for m in self.listed_of(seat)]
            return events + self._settle()
        return self._open_window()

    # ----- the response window -----------------------------------------------------------

    def usable_counters(self, seat: int) -> list[int]:
        """Counter kinds ``seat`` holds and may use in the open window.

        Decision: Mob Power and Family Influence answer only a contract against you;
        Finger and Safe House may be used by any rival.
        """
        answers = ANSWERS.get(self.card, ())
        if self.card in CONTRACTS and seat != self.target:
            return []
        kind_of = self.comps.kind_of
        held = {kind_of[c] for c in self.hands[seat]}
        return [k for k in answers if k in held]

    def _open_window(self) -> list[Event]:
        """Every rival is asked in turn, whatever they hold, so asking reveals nothing."""
        self.asking = self.rivals(self.player)
        self.phase = RESPOND
        self.to_move = self.asking[0]
        # (The card and its target were said by the move that led here: the play, the aim
        # or the Lam's pick; this says only what the table waits for now.)
        if self.quiet:
            return []
        what = KINDS[self.card]
        return [Event("window", f"Each rival may answer the {card_title(what)} with a counter.",
                      data={"card": what, "target": self.target})]

    def _on_pass(self) -> list[Event]:
        seat = self.asking.pop(0)
        events = [] if self.quiet else [
            Event("pass", f"{seat_label(seat)} does not counter.", data={"seat": seat})]
        if self.asking:
            self.to_move = self.asking[0]
            return events
        return events + self._window_closed(-1)

    def _on_counter(self, kind: int) -> list[Event]:
        """Only the first counter takes effect: the window closes at once."""
        seat = self.asking[0]
        self._take(seat, kind)
        self.asking = []
        self.countered = seat
        events = [] if self.quiet else [
            Event("counter", f"{seat_label(seat)} counters with {card_title(kind)} and will "
                  "take the next turn.", data={"seat": seat, "card": KINDS[kind]})]
        notes: list[Event] = []
        drawn = self._draw(seat, notes)
        events += self._draw_events(seat, [] if drawn is None else [drawn], " to replace it")
        events += notes
        return events + self._window_closed(kind)

    def _window_closed(self, counter: int) -> list[Event]:
        p, t, card = self.player, self.target, self.card
        events: list[Event] = []
        if card in CONTRACTS:
            first = LIST_FRONT if card == PRIORITY else LIST_END
            if counter == MOB_POWER:
                self.tasks = [(first, p, p)]
            elif counter == INFLUENCE:
                self.tasks = []
            else:
                self.tasks = [(first, t, t)]
            if card == DOUBLE:  # Decision: a counter answers only the first contract
                self.tasks.append((LIST_END, t, t))
        elif card == LAM:
            if counter == FINGER:
                if not self.quiet:
                    events.append(Event("fail", "The Lam card fails.", data={}))
            else:
                events.append(self._home(self.chosen[0]))
        elif card == VENDETTA:
            for s in self.rivals(p):
                self.quota[s] = 0 if s == self.countered else 2
            self.tasks = [(QUOTA, p, 0)]
        return events + self._settle()

    # ----- picks -------------------------------------------------------------------------

    def pick_options(self) -> list[int]:
        """Mobsters the first pending task may pick, ascending or in list order."""
        purpose, chooser, arg = self.tasks[0]
        if purpose in (LIST_END, LIST_FRONT):
            return self.inplay[arg]
        if purpose == KILL:
            return sorted(m for s in self.rivals(chooser) for m in self.inplay[s])
        if purpose == QUOTA:
            return sorted(m for s in range(self.players) if self.quota[s]
                          for m in self.inplay[s])
        if purpose in (RESCUE, LAM_PICK, SUB_OUT):
            return self.hitlist
        if purpose == SUB_IN:
            return sorted(m for p in self.inplay for m in p)
        if purpose == ORDER:
            return [m for m in self.hitlist if m not in self.chosen]
        if purpose == TC_KILL:
            return sorted(m for s in self.active() if len(self.inplay[s]) == arg
                          for m in self.inplay[s])
        if purpose == TC_REVIVE:
            return sorted(m for m in self.dead if m not in self.chosen)
        return []

    def _on_pick(self, m: int) -> list[Event]:
        purpose, chooser, arg = self.tasks.pop(0)
        events: list[Event] = []
        if purpose == LIST_END:
            events.append(self._list(m))
        elif purpose == LIST_FRONT:
            events.append(self._list(m, front=True))
        elif purpose == KILL:
            events.append(self._kill(m, "is hit"))
            events += self._check_out()
        elif purpose == QUOTA:
            self.quota[self.owner[m]] -= 1
            events.append(self._list(m))
            self.tasks.insert(0, (purpose, chooser, arg))
        elif purpose == RESCUE:
            events.append(self._home(m))
        elif purpose == LAM_PICK:
            self.chosen = [m]
            if self.quiet:
                return self._open_window()
            events.append(Event("aim", f"{seat_label(chooser)} means to rescue {self.name(m)}.",
                                data={"mobster": m + 1}))
            return events + self._open_window()
        elif purpose == SUB_OUT:
            self.chosen = [m]
        elif purpose == SUB_IN:
            out = self.chosen[0]
            at = self.hitlist.index(out)
            self.inplay[self.owner[m]].remove(m)
            self.hitlist[at] = m
            insort(self.inplay[self.owner[out]], out)
            if not self.quiet:
                events.append(Event("substitute", f"{self.name(m)} takes the place of "
                                    f"{self.name(out)} on the list.",
                                    data={"in": m + 1, "out": out + 1}))
        elif purpose == ORDER:
            self.chosen.append(m)
            rest = [x for x in self.hitlist if x not in self.chosen]
            if len(rest) > 1:
                self.tasks.insert(0, (purpose, chooser, arg))
            else:
                self.hitlist = self.chosen + rest
                self.chosen = []
                if not self.quiet:
                    events.append(Event("reorder", "The list now reads: " + ", ".join(
                        self.name(x) for x in self.hitlist) + ".",
                        data={"hitlist": [x + 1 for x in self.hitlist]}))
        elif purpose == TC_KILL:
            self.chosen = [m]
            events.append(self._kill(m, "is betrayed by a turncoat"))
            events += self._check_out()
        elif purpose == TC_REVIVE:
            self.dead.remove(m)
            self.owner[m] = arg
            insort(self.inplay[arg], m)
            if not self.quiet:
                events.append(Event("revive", f"{self.comps.mobster_name(m)} comes back and "
                                    f"joins {seat_label(arg)}.",
                                    data={"mobster": m + 1, "seat": arg}))
        return events + self._settle()

    def _settle(self) -> list[Event]:
        """Skip tasks with nothing to pick; when none is left, finish the card."""
        if self.over:
            return []
        if self.out[self.player]:
            self.tasks.clear()  # Decision: a player out mid-turn loses the rest of the card
        while self.tasks:
            chooser = self.tasks[0][1]
            if self.out[chooser] or not self.pick_options():
                self.tasks.pop(0)
                continue
            self.phase = PICK
            self.to_move = chooser
            return []
        return self._card_done()

    def _card_done(self) -> list[Event]:
        events: list[Event] = []
        if self.card == VENDETTA:
            events += self._set_war(2, "the Vendetta")
        events += self._triggers()
        return events + self._end_turn()

"""The table: who holds what, the hit list and the wall, gang wars, draws and eliminations.

This is the part of the state every card works on. :class:`TableBase` keeps the fields and
the small moves that cards combine (list a mobster, kill one, send one home, start a war,
put a player out); ``effects`` builds the cards on top, ``rules`` the flow of a turn.

While :attr:`~gangland.engine.State.quiet` is set (``State.step``: searches and simulations,
which throw the events away) no event text is built: a move that returns one event gives
:data:`SILENT` instead, a move that returns a list gives none, and ``rules._apply`` returns
``[]``. The position reached is the same either way; only the words are skipped, which were
a third of a random playout's time.

Places: each of the 54 mobsters is in exactly one of ``box`` (a gang nobody plays),
``inplay[seat]`` (face up before a player), ``hitlist`` (index 0 stands against the wall)
or ``dead``. Each action card is in exactly one of ``pile`` (top at the end), ``discard``
or a hand.
"""

from __future__ import annotations

from bisect import insort

from gangland.engine import Event, OptionValue, TurnState, counted, seat_label

from .cards import KINDS, PER_GANG, Components, card_title

# Phases of the pending decision.
PLAY, TARGET, RESPOND, PICK = range(4)
PHASES = ("turn", "target", "respond", "pick")

# What a ``pick`` is for: (purpose, chooser, arg) tasks, done first to last.
(LIST_END, LIST_FRONT, KILL, QUOTA, RESCUE, SUB_OUT, SUB_IN, ORDER, TC_KILL, TC_REVIVE,
 LAM_PICK) = range(11)
PURPOSES = ("list", "list-front", "kill", "list-rival", "rescue", "substitute-out",
            "substitute-in", "reorder", "turncoat-kill", "turncoat-revive", "rescue")

#: A war with this many living mobsters or fewer never stops (rulebook, fifth cause).
LAST_STAND = 6
#: This many on the list start a war at normal speed (rulebook, fourth cause).
CROWDED = 6

#: How a game ends: one gang is left; the last gangs fell in the same blow (decision 18);
#: the safety rule's turn limit (decision 19).
LAST_GANG, FELL_TOGETHER, TURN_LIMIT = "last-gang", "fell-together", "turn-limit"

#: The stand-in a one-event move returns while the state is quiet (never shown to anyone:
#: ``_apply`` drops every event of a quiet step).
SILENT = Event("quiet", "")

#: ``AFTER[n][seat]``: the other seats of an ``n``-player table in turn order from
#: ``seat``'s left (asked for at almost every step: rivals, targets, the response window).
AFTER = tuple(tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n))
              for n in range(7))


class TableBase(TurnState):
    """Fields and elementary moves shared by the cards and the turn flow."""

    __slots__ = (
        "asking", "box", "card", "chosen", "comps", "countered", "dead", "discard", "ending",
        "hands", "hitlist", "inplay", "out", "out_at", "owner", "permanent", "phase", "pile",
        "player", "quota", "restock", "target", "tasks", "turn", "war",
    )

    comps: Components
    owner: list[int]  # per mobster: the seat it belongs to now, -1 in the box
    inplay: list[list[int]]  # per seat: mobsters face up before them, ascending
    hitlist: list[int]  # index 0 stands against the wall
    dead: list[int]  # in the order they died
    box: list[int]  # the gangs nobody plays
    hands: list[list[int]]  # action card numbers
    pile: list[int]  # top at the end
    discard: list[int]  # top at the end
    restock: list[int]  # the cards the pile was last remade from, ascending (public)
    out: list[bool]
    out_at: list[int]  # per seat: the turn it went out in, 0 while in
    ending: str  # how the game ended: "" (not yet), LAST_GANG, FELL_TOGETHER, TURN_LIMIT
    war: int  # 0 no war, 1 normal speed, 2 double speed
    permanent: bool  # six or fewer living mobsters: the war never stops
    turn: int
    player: int  # whose turn it is (``to_move`` may be another seat answering)
    phase: int
    card: int  # the kind being resolved, -1 none
    target: int  # the player a card aims at, -1 none
    asking: list[int]  # seats still to be asked in a response window
    countered: int  # the seat whose counter took effect this turn, -1 none
    tasks: list[tuple[int, int, int]]  # pending picks: (purpose, chooser, arg)
    quota: list[int]  # per seat: mobsters still to list (Double Cross, Vendetta)
    chosen: list[int]  # mobsters picked so far (Intrigue's new order, Substitution, ...)

    # ----- setup -------------------------------------------------------------------------

    def _setup(self, players: int, options: dict[str, OptionValue], comps: Components) -> None:
        """Seat ``s`` plays gang ``s``; shuffle the deck and deal five cards each.

        Decision: gangs go to seats in the order of the components file.
        """
        self.comps = comps
        self.owner = [m // PER_GANG if m // PER_GANG < players else -1 for m in range(54)]
        self.inplay = [list(range(s * PER_GANG, (s + 1) * PER_GANG)) for s in range(players)]
        self.box = list(range(players * PER_GANG, 54))
        self.hitlist, self.dead = [], []
        self.pile = list(range(comps.ncards))
        self.rng.shuffle(self.pile)
        self.hands = [[self.pile.pop() for _ in range(comps.hand)] for _ in range(players)]
        self.discard, self.restock = [], []
        self.out = [False] * players
        self.out_at, self.ending = [0] * players, ""
        self.war, self.permanent, self.turn = 0, False, 0
        self.player = self.to_move = 0
        self.over, self.won = False, []
        self._reset_decision()

    def _reset_decision(self) -> None:
        self.phase, self.card, self.target, self.countered = PLAY, -1, -1, -1
        self.asking, self.tasks, self.chosen = [], [], []
        self.quota = [0] * self.players

    # ----- names -------------------------------------------------------------------------

    def name(self, mobster: int) -> str:
        """``Al Capone (P1)``: a mobster and the seat it belongs to."""
        owner = self.owner[mobster]
        return f"{self.comps.mobster_name(mobster)} ({seat_label(owner)})"

    # ----- counting ----------------------------------------------------------------------

    def active(self) -> list[int]:
        """Seats still in the game."""
        return [s for s in range(self.players) if not self.out[s]]

    def living(self) -> int:
        """Mobsters in play or on the list (a Turncoat kills one and revives one)."""
        return self.players * PER_GANG - len(self.dead)

    def rivals(self, seat: int) -> list[int]:
        """The other seats still in, in turn order from ``seat``'s left."""
        out = self.out
        return [s for s in AFTER[self.players][seat] if not out[s]]

    def listed_of(self, seat: int) -> list[int]:
        """``seat``'s mobsters on the list, wall first."""
        return [m for m in self.hitlist if self.owner[m] == seat]

    # ----- moving mobsters ---------------------------------------------------------------

    def _list(self, mobster: int, front: bool = False) -> Event:
        """From in play onto the list: at the end, or against the wall."""
        self.inplay[self.owner[mobster]].remove(mobster)
        if front:
            self.hitlist.insert(0, mobster)
            where = "against the wall"
        else:
            self.hitlist.append(mobster)
            where = "onto the hit list" if len(self.hitlist) > 1 else "against the wall"
        if self.quiet:
            return SILENT
        return Event("list", f"{self.name(mobster)} goes {where}.",
                     data={"mobster": mobster + 1, "front": front or len(self.hitlist) == 1})

    def _home(self, mobster: int) -> Event:
        """From the list back before its owner."""
        self.hitlist.remove(mobster)
        insort(self.inplay[self.owner[mobster]], mobster)
        if self.quiet:
            return SILENT
        return Event("home", f"{self.name(mobster)} is off the list.",
                     data={"mobster": mobster + 1})

    def _kill(self, mobster: int, how: str) -> Event:
        """From in play or the list to the dead (turned to its R.I.P. side)."""
        if mobster in self.hitlist:
            self.hitlist.remove(mobster)
        else:
            self.inplay[self.owner[mobster]].remove(mobster)
        self.dead.append(mobster)
        if self.quiet:
            return SILENT
        return Event("kill", f"{self.name(mobster)} {how}: R.I.P.",
                     data={"mobster": mobster + 1})

    # ----- wars --------------------------------------------------------------------------

    def _set_war(self, rate: int, why: str) -> list[Event]:
        if rate == self.war:
            return []
        self.war = rate
        if self.quiet:
            return []
        speed = "double speed" if rate == 2 else "normal speed"
        return [Event("war", f"Gang war at {speed}: {why}.", data={"rate": rate})]

    def _last_stand(self) -> list[Event]:
        """Six or fewer alive: from now on the war never stops (rulebook, fifth cause)."""
        if self.permanent or self.living() > LAST_STAND:
            return []
        self.permanent = True
        if self.quiet:
            return []
        return [Event("war", f"{LAST_STAND} or fewer mobsters are left alive: "
                      "the war will never stop.", data={"permanent": True})]

    def _triggers(self) -> list[Event]:
        """The causes of war that are conditions, checked after every card and execution."""
        events = self._last_stand()
        if self.war == 0 and self.permanent:
            events += self._set_war(1, "few mobsters are left alive")
        if self.war == 0 and len(self.hitlist) >= CROWDED:
            events += self._set_war(1, f"{CROWDED} or more mobsters are on the list")
        return events

    def _executions(self) -> list[Event]:
        """Start of a turn in a war: the first mobster (two at double speed) is executed.

        Decision: a war that leaves the list empty ends, unless it is the last stand. The
        last stand is seen first: the executions that bring it keep the war that was on,
        at its speed ("la Guerra tra Gang! perdura fino alla conclusione del gioco").
        """
        events = []
        for _ in range(self.war):
            if self.hitlist:
                events.append(self._kill(self.hitlist[0], "is executed against the wall"))
        events += self._check_out()
        if self.over:
            return events
        events += self._last_stand()
        if self.war and not self.hitlist and not self.permanent:
            self.war = 0
            if not self.quiet:
                events.append(Event("war", "The list is empty: the war is over.",
                                    data={"rate": 0}))
        return events + self._triggers()

    # ----- players out -------------------------------------------------------------------

    def _check_out(self) -> list[Event]:
        """Put out every player with no mobster in play or listed; end the game if due.

        Their hand goes to the discard pile at once, even in the middle of their turn.
        Decision: players who lose their last mobsters in the same blow as the last rival
        share the win.
        """
        events = []
        fallen = []
        listed = {self.owner[m] for m in self.hitlist}
        for s in range(self.players):
            if not self.out[s] and not self.inplay[s] and s not in listed:
                self.out[s] = True
                self.out_at[s] = self.turn
                fallen.append(s)
                self.discard.extend(self.hands[s])
                self.hands[s] = []
                if self.quiet:
                    continue
                events.append(Event("out", f"{seat_label(s)} has no mobsters left and is out; "
                                    "their hand is discarded.", data={"seat": s}))
        if fallen:
            left = self.active()
            if len(left) <= 1:
                winners = left or fallen
                self._finish(winners)
                self.ending = LAST_GANG if left else FELL_TOGETHER
                if self.quiet:
                    return events
                names = " and ".join(seat_label(s) for s in winners)
                text = (f"{names} wins: the last gang standing." if left else
                        f"{names} share the win: their last mobsters fell in the same blow.")
                events.append(Event("win", text, data={"winners": winners,
                                                        "ending": self.ending}))
        return events

    # ----- cards -------------------------------------------------------------------------

    def _draw(self, seat: int, notes: list[Event]) -> int | None:
        """Top card of the pile into ``seat``'s hand; ``None`` when there is no card at all.

        The pile that runs out is remade at once ("Quando il mazzo viene esaurito, la pila
        viene mescolata e diventa il nuovo mazzo di gioco"), so a card played after the last
        draw starts the next discard pile; its event goes to ``notes``. Only when the
        discards were empty too is the pile remade at the next draw instead.
        """
        if not self.pile:
            notes += self._remake_pile()
            if not self.pile:
                return None
        card = self.pile.pop()
        self.hands[seat].append(card)
        if not self.pile:
            notes += self._remake_pile()
        return card

    def _remake_pile(self) -> list[Event]:
        """The discard pile, shuffled, becomes the new pile (which cards: public)."""
        if not self.discard:
            return []
        count = len(self.discard)
        self.pile = sorted(self.discard)
        self.restock = self.pile.copy()
        self.discard = []
        self.rng.shuffle(self.pile)
        if self.quiet:
            return []
        return [Event("reshuffle", f"The draw pile is used up: the discard pile "
                      f"({counted(count, 'card')}) is shuffled and becomes the new draw pile.",
                      data={"count": count})]

    def _draw_events(self, seat: int, cards: list[int], why: str) -> list[Event]:
        """A public count and a private list of what was drawn."""
        if not cards or self.quiet:
            return []
        names = ", ".join(card_title(self.comps_kind(c)) for c in cards)
        who = seat_label(seat)
        return [
            Event("draw", f"{who} draws {counted(len(cards), 'card')}{why}.",
                  data={"seat": seat, "count": len(cards)}),
            Event("drawn", f"You draw: {names}.", to=frozenset((seat,)),
                  data={"seat": seat, "cards": [self.comps_kind(c) for c in cards]}),
        ]

    def comps_kind(self, card: int) -> str:
        """The kind's name of action card ``card``."""
        return KINDS[self.comps.kind_of[card]]

    def _take(self, seat: int, kind: int) -> int:
        """Move one card of ``kind`` from ``seat``'s hand to the discard pile."""
        hand = self.hands[seat]
        kind_of = self.comps.kind_of
        for i, c in enumerate(hand):
            if kind_of[c] == kind:
                del hand[i]
                self.discard.append(c)
                return c
        raise AssertionError("the card is not in hand")

    def _copy_table(self, new: TableBase) -> None:
        self._copy_base_into(new)
        new.comps = self.comps
        new.owner = self.owner.copy()
        new.inplay = [p.copy() for p in self.inplay]
        new.hitlist = self.hitlist.copy()
        new.dead = self.dead.copy()
        new.box = self.box
        new.hands = [h.copy() for h in self.hands]
        new.pile = self.pile.copy()
        new.discard = self.discard.copy()
        new.restock = self.restock.copy()
        new.out = self.out.copy()
        new.out_at, new.ending = self.out_at.copy(), self.ending
        new.war, new.permanent, new.turn = self.war, self.permanent, self.turn
        new.player, new.phase, new.card = self.player, self.phase, self.card
        new.target, new.countered = self.target, self.countered
        new.asking = self.asking.copy()
        new.tasks = self.tasks.copy()
        new.quota = self.quota.copy()
        new.chosen = self.chosen.copy()

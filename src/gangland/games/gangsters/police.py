"""The dice and the cops (5.2, 5.3, 9, 11.6): bribes, patrols, cop moves, revealed bribes,
raids.

Every cop move is followed by a question to every other gang in turn order, "allow or
reveal?", answered with ``allow`` by anyone not holding that cop's badge. Asking everyone
(not only the holder) keeps the question itself from telling who holds which badge; the
web table answers forced questions after a random pause, so timing tells nothing either.
"""

from __future__ import annotations

from gangland.engine import Action, Event, seat_label

from .economy import Economy
from .moves import ALLOW, BRIBE, DEFER, FLIP, PASS, PATROL, REVEAL
from .paths import INSIDE, Mover, reach
from .table import BLUE, COP, DICE, EXIT
from .table import PATROL as PATROL_PHASE
from .table import REVEAL as REVEAL_PHASE

FACING_TOKENS = ("north", "east", "south", "west")


class Police(Economy):
    """The cop phase of a turn and everything cops do."""

    __slots__ = ()

    # ----- the dice ----------------------------------------------------------------------

    def _roll(self) -> list[Event]:
        """5.2: all five dice, fixed for the turn. In the five-player game a gang rolls the
        blue die alone first (17.2) and the Commissioner rolls blue and white (17.3)."""
        seat = self.active
        if self.players == 5:
            count = 2 if seat == self.commissioner else 1
            self.dice = self.rng.dice(count) + [0] * (5 - count)
        else:
            self.dice = self.rng.dice(5)
        self.phase = COP
        events: list[Event] = []
        if not self.quiet:  # stepped (``State.step``): nobody reads the events
            text = ", ".join(f"{c} {d}" for c, d in zip(DICE, self.dice, strict=True) if d)
            events.append(Event("dice", f"{seat_label(seat)} rolls: {text}.",
                                data={"seat": seat, "dice": list(self.dice)}))
        if self.options.get("donuts"):  # 16.4: a Donut 2 marker comes off now
            for c, d in enumerate(self.donut):
                if d == seat * 2 + 1:
                    events += self._remove_donut(c)
        return events

    # ----- legal actions -----------------------------------------------------------------

    def cop_enter(self, b: int) -> bool:
        """Where a cop may end a move inside a building: a joint only with a criminal or a
        public piece in it (8.5, 9.4); any unowned building, gray ones too. 8.5 names the
        one limit ("Cops may not enter a Joint unless ..."), and a cop must be able to
        reach a criminal extorting in a gray building (11.3, 11.5); Donuts (16.4) only
        add a marker on a cop who stops in one."""
        if self.owner[b] >= 0:
            return b in self.pub_at or any(
                self.at[p] == b and self.criminal[p] for p in range(len(self.at)))
        return True

    def _cop_moves(self, c: int, start: int, face: int,
                   steps: int) -> list[Action] | tuple[Action, ...]:
        """``cop C SPACE FACING`` and ``transfer C SPACE`` for every legal move of cop c:
        the map's prebuilt list for this walk (``acts``), less the buildings
        :meth:`cop_enter` refuses now (a walk ends in a building once at most: inside it,
        facing no way)."""
        ends, transfers = self.fig.acts.cop_moves(c, start, face, steps)
        if not ends:  # no end in a building: the prebuilt list as it is
            return transfers
        out: list[Action] = []
        for action, b in ends:
            if b < 0 or self.cop_enter(b):
                out.append(action)
        out += transfers
        return out

    def _cop_legal(self) -> list[Action]:
        seat, blue = self.to_move, self.dice[BLUE]
        legal: list[Action] = []
        if self.cash[seat] >= 100 * blue and (
                self.untouchable < 0 or any(h < 0 for h in self.badge)):
            # a badge is left in the cup (``_badge_cup``, without listing them)
            legal.append(BRIBE)
        if self.players == 5 and self.active != self.commissioner:
            if seat == self.active:  # 17.2: the gang bribes, or leaves it to the Commissioner
                return [*legal, DEFER]
        else:
            in_play = self.cops_in_play()
            if -1 in self.cop_at and (in_play == 0 or self.crime_level() >= in_play):
                legal.append(PATROL)
            if self._my_donut(1) >= 0:
                legal.append(FLIP)
        for c, where in enumerate(self.cop_at):
            if where >= 0 and not self._donut_blocked(c):
                legal += self._cop_moves(c, where, self.cop_face[c], blue)
        return legal or [PASS]

    def _donut_blocked(self, c: int) -> bool:
        """16.4: no one moves a cop under someone else's Donut marker."""
        return self.donut[c] >= 0 and self.donut[c] // 2 != self.active

    def _my_donut(self, level: int) -> int:
        """The cop carrying the active player's Donut marker at ``level``, -1 none."""
        want = self.active * 2 + level - 1
        return next((c for c, d in enumerate(self.donut) if d == want), -1)

    def _remove_donut(self, c: int) -> list[Event]:
        seat = self.donut[c] // 2
        self.donut[c] = -1
        return [Event("donut", f"{seat_label(seat)}'s Donut marker comes off Cop "
                      f"{self.fig.cops[c]}.", data={"cop": self.fig.cops[c], "seat": seat})]

    def _flip_donut(self) -> list[Event]:
        """16.4: the cop move of the turn spent keeping a cop at his donuts."""
        c = self._my_donut(1)
        self.donut[c] += 1
        return [Event("donut", f"Cop {self.fig.cops[c]} stays for more donuts.",
                      data={"cop": self.fig.cops[c], "seat": self.active}),
                *self._start_moves()]

    def _leave_donuts(self) -> list[Event]:
        """Any other cop action first takes the player's Donut 1 marker off (16.4)."""
        c = self._my_donut(1)
        return self._remove_donut(c) if c >= 0 and self.options.get("donuts") else []

    def _place_donut(self, c: int) -> list[Event]:
        """16.4: the active player's Donut marker goes on a cop who stops in a gray building
        (each player has one marker, and a cop carries one at most)."""
        seat = self.active
        if self.donut[c] >= 0 or any(d >= 0 and d // 2 == seat for d in self.donut):
            return []
        self.donut[c] = seat * 2
        return [Event("donut", f"Cop {self.fig.cops[c]} stops for donuts: "
                      f"{seat_label(seat)}'s marker goes on him.",
                      data={"cop": self.fig.cops[c], "seat": seat})]

    def _release(self, c: int) -> list[Event]:
        """16.4: the cop's secret owner returns the badge to take a Donut marker off."""
        seat = self.active
        self.badge[c] = -1
        return [Event("reveal", f"{seat_label(seat)} returns the badge of Cop "
                      f"{self.fig.cops[c]} to the cup to call him off his donuts.",
                      data={"seat": seat, "cop": self.fig.cops[c]}), *self._remove_donut(c)]

    def _badge_cup(self) -> list[int]:
        """The badges in the cup: cop indexes, then -1 for the Untouchable."""
        cup = [c for c, holder in enumerate(self.badge) if holder < 0]
        return cup + ([-1] if self.untouchable < 0 else [])

    def _patrol_legal(self) -> list[Action]:
        c, _, _, _, steps = self.pending[:5]
        return list(self._cop_moves(c, self.cop_at[c], INSIDE, steps))

    def _exit_legal(self) -> list[Action]:
        left = self.pending[1]
        return [Action("exit", (k + 1,)) for k, s in enumerate(self.comps.city.subway)
                if s != left]

    def _reveal_legal(self) -> list[Action]:
        return [ALLOW, REVEAL] if self.badge[self.pending[0]] == self.to_move else [ALLOW]

    # ----- effects -----------------------------------------------------------------------

    def _bribe(self) -> list[Event]:
        """9.5: pay $100 times the blue die and draw a badge in secret."""
        seat, blue = self.to_move, self.dice[BLUE]
        events = self._leave_donuts()
        events += self._pay(seat, 100 * blue, "a bribe")[1]
        cup = self._badge_cup()
        got = cup[self.rng.randbelow(len(cup))]
        if got < 0:
            self.untouchable = seat
            secret = "The badge is blank: the Untouchable. The bribe buys nothing."
        else:
            self.badge[got] = seat
            secret = f"Your badge: Cop {self.fig.cops[got]} is yours (in secret)."
        events += [Event("bribe", f"{seat_label(seat)} bribes a cop and draws a badge.",
                         data={"seat": seat}),
                   Event("badge", secret, to=frozenset({seat}),
                         data={"seat": seat, "cop": self.fig.cops[got] if got >= 0 else 0})]
        return events + self._start_moves()

    def _patrol(self) -> list[Event]:
        """9.2: a cop drawn from the cup enters on the subway of the blue die (one space)."""
        events = self._leave_donuts()
        cup = [c for c, a in enumerate(self.cop_at) if a < 0]
        c = cup[self.rng.randbelow(len(cup))]
        blue = self.dice[BLUE]
        subway = self.comps.city.subway[blue - 1]
        self.cop_at[c], self.cop_face[c] = subway, INSIDE
        self.phase, self.pending = PATROL_PHASE, [c, -1, INSIDE, -1, blue - 1]
        return [*events, Event("patrol", f"Cop {self.fig.cops[c]} starts a patrol at "
                               f"Subway {blue}.",
                      data={"cop": self.fig.cops[c], "space": subway})]

    def _move_cop(self, action: Action, space: int) -> list[Event]:
        """A declared cop move, then the question to every other gang (9.5)."""
        c = self.fig.cops.index(int(action.args[0]))
        donuts: list[Event] = []
        if self.phase == PATROL_PHASE:
            start, face = self.pending[1], self.pending[2]
        else:
            start, face = self.cop_at[c], self.cop_face[c]
            donuts = self._leave_donuts()
        transfer = -1
        if action.kind == "transfer":
            transfer = space
            steps = self.dice[BLUE] if self.phase != PATROL_PHASE else self.pending[4]
            left = self._steps_left(c, space, steps)
            self.cop_at[c], self.cop_face[c] = space, INSIDE
        else:
            left = 0
            self.cop_at[c] = space
            self.cop_face[c] = FACING_TOKENS.index(str(action.args[2])) \
                if action.args[2] != "inside" else INSIDE
        mover = self.to_move
        asked = [s for s in [*self.gangs(), self.commissioner] if s >= 0 and s != mover]
        self.phase, self.pending = REVEAL_PHASE, [c, start, face, transfer, left, *asked]
        if self.quiet:  # stepped (``State.step``): nobody reads the events
            return donuts + self._next_question()
        where = self.comps.city.names[space]
        events = [Event("cop", f"{seat_label(self.active)} moves Cop {self.fig.cops[c]} to "
                        f"{where}" + (" and into the subway." if transfer >= 0 else "."),
                        data={"cop": self.fig.cops[c], "from": start, "space": space,
                              "transfer": transfer >= 0})]
        return donuts + events + self._next_question()

    def _steps_left(self, c: int, subway: int, steps: int) -> int:
        """Steps a transferring cop still has: its moves that reach ``subway`` and stop."""
        if self.phase == PATROL_PHASE:
            start, face = self.pending[1] if self.pending[1] >= 0 else self.cop_at[c], INSIDE
        else:
            start, face = self.cop_at[c], self.cop_face[c]
        found = reach(self.comps.city, start, face, steps, Mover.cop(self.cop_enter))
        return max(left for s, left in found.transfers if s == subway)

    def _next_question(self) -> list[Event]:
        if len(self.pending) > 5:
            self.to_move = self.pending[5]
            return []
        return self._cop_allowed()

    def _answer(self, reveal: bool) -> list[Event]:
        seat = self.pending.pop(5)
        if not reveal:
            return self._next_question()
        c, start, face = self.pending[:3]
        self.badge[c] = -1
        self.cop_at[c], self.cop_face[c] = start, face
        self.to_move = self.active
        return [Event("reveal", f"{seat_label(seat)} reveals the bribe of Cop "
                      f"{self.fig.cops[c]}: the move is called off and the badge goes back "
                      "to the cup.", data={"seat": seat, "cop": self.fig.cops[c]}),
                *self._start_moves()]

    def _cop_allowed(self) -> list[Event]:
        """The move stands: a transfer brings a new cop (9.6), a joint may be raided."""
        c, _, _, transfer, left = self.pending[:5]
        self.to_move = self.cop_boss
        if transfer >= 0:
            self.cop_at[c], self.cop_face[c], self.donut[c] = -1, INSIDE, -1
            cup = [k for k, a in enumerate(self.cop_at) if a < 0]
            new = cup[self.rng.randbelow(len(cup))]
            self.phase, self.pending = EXIT, [new, transfer, left]
            return [Event("transfer", f"Cop {self.fig.cops[c]} ends its patrol in the subway; "
                          f"Cop {self.fig.cops[new]} takes over.",
                          data={"cop": self.fig.cops[c], "new": self.fig.cops[new]})]
        events = self._raid(self.cop_at[c])
        where = self.cop_at[c]
        if self.options.get("donuts") and where >= 0 and \
                self.comps.city.colour[where] == "gray":
            events += self._place_donut(c)
        return events + self._start_moves()

    def _exit(self, k: int) -> list[Event]:
        c, _, left = self.pending
        subway = self.comps.city.subway[k - 1]
        self.cop_at[c], self.cop_face[c] = subway, INSIDE
        self.phase, self.pending = PATROL_PHASE, [c, subway, INSIDE, -1, left]
        return [Event("patrol", f"Cop {self.fig.cops[c]} comes up at Subway {k}.",
                      data={"cop": self.fig.cops[c], "space": subway})]

    def _raid(self, b: int) -> list[Event]:
        """11.6: a cop in a joint with a public piece costs the joint a level; the public
        goes back to its cup, and so does the cop unless criminals are there to arrest."""
        if b < 0 or self.owner[b] < 0 or b not in self.pub_at:
            return []
        cops = [c for c, a in enumerate(self.cop_at) if a == b]
        if not cops:
            return []
        events = [Event("raid", f"The police raid {self.comps.city.names[b]}.",
                        data={"building": b})]
        if self.commissioner >= 0:  # 17.4: the joint's base cost as a reward
            events += self._gain(self.commissioner, self.comps.city.value[b],
                                 f"the raid on {self.comps.city.names[b]}")
        events += self._lose_level(b, "The raid")
        k = self.pub_at.index(b)
        self.pub_at[k], self.pub_face[k] = -1, INSIDE
        if not any(self.at[p] == b and self.criminal[p] for p in range(len(self.at))):
            for c in cops:
                self.cop_at[c], self.cop_face[c] = -1, INSIDE
                self.donut[c] = -1
        return events

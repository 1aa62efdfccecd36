"""The Movement Phase (5.4, 6, 7, 13): moving gang and public pieces, recruiting, vamping.

A gang has ``max(1, Racketeer strength // 2)`` options (6.1); each moves one piece by its
die (or recruits one kind, 7.1), and no piece moves or recruits twice a turn. A move is one
decision naming where the piece ends, its facing and its status (criminal or citizen): the
path in between changes nothing the rules look at, and status may change on any move,
since every move enters a new space (6.7).
"""

from __future__ import annotations

from gangland.engine import Action, Event, counted, seat_label, with_article

from .components import KINDS
from .economy import SOLD
from .moves import DONE, NEWPUBLIC
from .paths import INSIDE
from .police import FACING_TOKENS, Police
from .table import BLACK as BLACK_DIE
from .table import (
    BLUE,
    DICE,
    DIE_OF,
    ENTRY,
    GANGS,
    GREEN,
    MOVE,
    PUBLIC,
    RACKETEER,
    RED,
    SEDUCE,
    THUG,
    VAMP,
    WHITE,
    affordable,
    cost,
    marked,
)

#: ``moved`` bits: a kind moved or recruited (1 << kind), a kind that really moved
#: (1 << 12 + kind), Wheels used, a public piece moved (1 << 4 + k).
WHEELS_USED = 1 << 3
STATUS = ("criminal", "citizen")
#: ``recruit KIND N`` for N of 1 to 10, by kind (7.3 allows six a turn at most: seven
#: minus the blue die).
RECRUIT = tuple(tuple(Action("recruit", (word, n)) for n in range(1, 11)) for word in KINDS)


def _facing(f: int) -> str:
    return FACING_TOKENS[f] if f >= 0 else "inside"


class Moving(Police):
    """The pieces' moves, recruits and seductions."""

    __slots__ = ()

    # ----- options -----------------------------------------------------------------------

    def options_total(self) -> int:
        """6.1: half the Racketeer's strength, rounded down, and at least one."""
        if self.active == self.commissioner:
            return 0
        return max(1, self.strength[self.piece(self.active, RACKETEER)] // 2)

    def _start_moves(self) -> list[Event]:
        self.phase, self.to_move, self.pending = MOVE, self.active, []
        seat = self.active
        if self.players == 5 and seat != self.commissioner and not self.dice[WHITE]:
            self.dice[1:] = self.rng.dice(4)  # 17.2: the other four
            text = ", ".join(f"{c} {d}" for c, d in zip(DICE[1:], self.dice[1:], strict=True))
            return [Event("dice", f"{seat_label(seat)} rolls: {text}.",
                          data={"seat": seat, "dice": list(self.dice)})]
        if seat == self.commissioner and not self._unmoved_public():
            return self._end_moves()
        return []

    def _unmoved_public(self) -> list[int]:
        return [k for k, a in enumerate(self.pub_at) if a >= 0 and not self.moved >> (4 + k) & 1]

    def _public_actions(self, k: int, start: int, face: int,
                        steps: int) -> list[Action] | tuple[Action, ...]:
        """Public piece ``k``'s moves: never onto another public piece (6.8); ``k`` -1 for
        one still in the cup (only whether it has any move counts). With no other public
        piece on any of its ends, the prebuilt list itself (do not mutate): the usual case,
        asked a look-up a piece."""
        pairs, plain, ends = self.fig.acts.public_moves(k, start, face, steps)
        pub_at = self.pub_at
        for j in range(len(pub_at)):
            if j != k and pub_at[j] in ends:  # off the board (-1) is never an end
                break
        else:
            return plain
        others = [a for j, a in enumerate(pub_at) if j != k and a >= 0]
        return [action for action, s in pairs if s not in others]

    def _move_legal(self) -> list[Action]:
        seat = self.active
        legal: list[Action] = []
        if seat == self.commissioner:  # 17.3: every public piece on the board may move
            white = self.dice[WHITE]
            for k in self._unmoved_public():
                legal += self._public_actions(k, self.pub_at[k], self.pub_face[k], white)
            legal.append(DONE)
            return legal
        acts, strength, at, moved = self.fig.acts, self.strength, self.at, self.moved
        first = 3 * seat  # the gang's Racketeer; its Thug and Vamp follow (``piece``)
        if not strength[first]:  # 7.5: with no Racketeer the one option recruits Racketeers
            if not moved & 1 << RACKETEER:
                legal += self._recruit_legal(RACKETEER)
            return legal + self._no_racketeer_legal(legal)
        dice, face = self.dice, self.face
        through = -1  # the gang's joints as a bit mask, once asked for
        wheels = 0 if not self.gear[seat] & 1 or moved & WHEELS_USED else \
            dice[GREEN] + dice[RED] + dice[BLACK_DIE]
        for kind in (RACKETEER, THUG, VAMP):
            if moved >> kind & 1:
                continue
            p = first + kind
            where = at[p]
            if strength[p] and where >= 0:
                if through < 0:
                    through, owner = 0, self.owner
                    for b in marked(self):  # ``joints`` as a mask, without its list
                        if owner[b] == seat:
                            through |= 1 << b
                legal += acts.moves("move", kind, where, face[p], dice[DIE_OF[kind]], through)
                if wheels:
                    legal += acts.moves("wheels", kind, where, face[p], wheels, through)
            legal += self._recruit_legal(kind)
        white = dice[WHITE]
        for k, where in enumerate(self.pub_at):
            if where >= 0 and not moved >> (4 + k) & 1:
                legal += self._public_actions(k, where, self.pub_face[k], white)
        if -1 in self.pub_at:  # one left in the cup may come up (6.8)
            subway = self.comps.city.subway[white - 1]
            if self._public_actions(-1, subway, INSIDE, white - 1):
                legal.append(NEWPUBLIC)
        legal.append(DONE)
        return legal

    def _no_racketeer_legal(self, recruits: list[Action]) -> list[Action]:
        """7.5: a gang with no Racketeer has one option, and "that move must be used to
        recruit one or more new Racketeers": ``done`` only when it can afford none. "If
        the player lacks enough money to pay for the amount of Racketeers desired, he may
        sell one Joint to the Bank": one sale a turn, and only while the most Racketeers
        this turn allows (7.3) cost more than its cash (no gang desires more than that)."""
        seat = self.active
        legal: list[Action] = []
        most = min(self.fig.most[RACKETEER], 7 - self.dice[BLUE] - self.recruits)
        short = cost(RACKETEER, 0, most, self.fig.step) * self.dice[GREEN] > self.cash[seat]
        if short and not self.moved & SOLD:
            sell = self.fig.acts.sell
            legal += [sell[b] for b in self.joints(seat)]
        return legal if recruits else [*legal, DONE]

    def _recruit_legal(self, kind: int) -> tuple[Action, ...]:
        """7.3: at most seven minus the blue die a turn, never beyond 10/10/1 in play."""
        seat = self.active
        have = self.strength[3 * seat + kind]  # ``piece``
        room = min(self.fig.most[kind] - have, 7 - self.dice[BLUE] - self.recruits)
        return RECRUIT[kind][:affordable(kind, have, room, self.fig.step,
                                         self.dice[DIE_OF[kind]], self.cash[seat])]

    def _public_legal(self) -> list[Action]:
        k = self.pending[0]
        return list(self._public_actions(k, self.pub_at[k], INSIDE, self.dice[WHITE] - 1))

    def _entry_legal(self) -> list[Action]:
        place = self.fig.acts.place
        return [place[b] for b in self.joints(self.active)]

    def _seduce_legal(self) -> list[Action]:
        return [Action("seduce", (q // 3 + 1, KINDS[q % 3])) for q in self._victims()]

    def _victims(self) -> list[int]:
        """Other gangs' Thugs and Racketeers on the Vamp's space (13.1)."""
        seat = self.active
        here = self.at[self.piece(seat, VAMP)]
        return [q for q in range(len(self.at)) if q // 3 != seat and q % 3 != VAMP
                and self.at[q] == here and self.strength[q] > 0]

    # ----- effects -----------------------------------------------------------------------

    def _move(self, action: Action, space: int) -> list[Event]:
        seat, kind = self.active, KINDS.index(str(action.args[0]))
        p = self.piece(seat, kind)
        facing = str(action.args[2])
        start, self.at[p] = self.at[p], space
        self.face[p] = FACING_TOKENS.index(facing) if facing != "inside" else INSIDE
        self.criminal[p] = action.args[3] == "criminal"
        self.moved |= 1 << kind | 1 << (12 + kind)
        if action.kind == "wheels":
            self.moved |= WHEELS_USED
        self.used += 1
        events: list[Event] = []
        if not self.quiet:  # stepped (``State.step``): nobody reads the events
            side = "white (criminal)" if self.criminal[p] else "colored (citizen)"
            events.append(Event("move", f"{GANGS[seat].title()} {KINDS[kind]} "
                                + ("drives" if action.kind == "wheels" else "moves")
                                + f" to {self.comps.city.names[space]}, {side} side up.",
                                data={"piece": p, "from": start, "space": space,
                                      "criminal": self.criminal[p]}))
        if kind == VAMP and not self.criminal[p] and self._victims():
            self.pending = [2 if self.gear[seat] >> VAMP & 1 else 1]
            return events + self._seduce_next()
        return events + self._next_option()

    def _move_public(self, k: int, space: int, facing: str) -> list[Event]:
        start, self.pub_at[k] = self.pub_at[k], space
        self.pub_face[k] = FACING_TOKENS.index(facing) if facing != "inside" else INSIDE
        if self.phase != PUBLIC:
            self.used += 1
        self.moved |= 1 << (4 + k)
        self.phase, self.pending = MOVE, []
        if self.quiet:  # stepped: nobody reads the events
            return self._raid(space) + self._next_option()
        events = [Event("public", f"{seat_label(self.active)} moves a x{self.fig.public[k]} "
                        f"public piece to {self.comps.city.names[space]}.",
                        data={"public": k, "from": start, "space": space})]
        return events + self._raid(space) + self._next_option()

    def _new_public(self) -> list[Event]:
        """6.8: a public piece from the cup enters at the subway of the white die."""
        cup = [k for k, a in enumerate(self.pub_at) if a < 0]
        k = cup[self.rng.randbelow(len(cup))]
        white = self.dice[WHITE]
        self.pub_at[k], self.pub_face[k] = self.comps.city.subway[white - 1], INSIDE
        self.used += 1
        self.phase, self.pending = PUBLIC, [k]
        return [Event("public", f"A x{self.fig.public[k]} public piece comes up at Subway "
                      f"{white}.", data={"public": k, "space": self.pub_at[k]})]

    def _recruit(self, kind: int, n: int) -> list[Event]:
        seat = self.active
        p = self.piece(seat, kind)
        price = cost(kind, self.strength[p], n, self.fig.step) * self.dice[DIE_OF[kind]]
        _, events = self._pay(seat, price, f"recruiting {counted(n, KINDS[kind])}")
        was = self.strength[p]
        self.strength[p] += n
        self.recruits += n
        if kind == RACKETEER:  # 6.1: options are counted as the Movement Phase starts;
            # Racketeers recruited in it add none (section 12's example: Yellow's "sole
            # move" recruits three Racketeers, and that is his turn), unlike a seduced
            # one (13.1)
            self.used += max(1, self.strength[p] // 2) - max(1, was // 2)
        self.moved |= 1 << kind
        self.used += 1
        events.append(Event("recruit", f"{GANGS[seat].title()} recruits {counted(n, KINDS[kind])}: "
                            f"strength {was} -> {self.strength[p]}.",
                            data={"piece": p, "strength": self.strength[p]}))
        if was == 0:
            events += self._enter_piece(kind, [])
            if self.phase == ENTRY:
                return events
        return events + self._next_option()

    def _enter_piece(self, kind: int, after: list[int]) -> list[Event]:
        """7.4: a new piece enters in one of the gang's joints (a choice when there are
        several), or colored side up on the subway of its die when the gang has none."""
        seat = self.active
        p = self.piece(seat, kind)
        self.criminal[p] = False
        joints = self.joints(seat)
        if len(joints) > 1:
            self.phase, self.pending = ENTRY, [kind, *after]
            return []
        if joints:
            self.at[p], self.face[p] = joints[0], INSIDE
        else:
            self.at[p], self.face[p] = self.comps.city.subway[self.dice[DIE_OF[kind]] - 1], INSIDE
        return [Event("enter", f"The new {GANGS[seat]} {KINDS[kind]} enters at "
                      f"{self.comps.city.names[self.at[p]]}.", data={"piece": p})]

    def _place_new(self, b: int) -> list[Event]:
        kind, *after = self.pending
        p = self.piece(self.active, kind)
        self.at[p], self.face[p] = b, INSIDE
        self.phase, self.pending = MOVE, after
        events = [Event("enter", f"The new {GANGS[self.active]} {KINDS[kind]} enters at "
                        f"{self.comps.city.names[b]}.", data={"piece": p})]
        if after:
            return events + self._seduce_next()
        return events + self._next_option()

    def _seduce_next(self) -> list[Event]:
        """One more seduction if any is left and a victim stands there, else carry on."""
        victims = self._victims() if self.pending and self.pending[0] > 0 else []
        if not victims:
            self.phase, self.pending = MOVE, []
            return self._next_option()
        if len(victims) == 1:
            return self._seduce(victims[0])
        self.phase = SEDUCE
        return []

    def _seduce(self, q: int) -> list[Event]:
        """13.1: the victim loses a strength level, the Vamp's gang gains one of that kind
        (up to 10); 16.3: a Siren seduces twice, then is an ordinary Vamp again."""
        seat, kind = self.active, q % 3
        self.pending[0] -= 1
        events = [Event("seduce", f"The {GANGS[seat]} Vamp seduces "
                        f"{with_article(GANGS[q // 3])} {KINDS[kind]}.",
                        data={"seat": seat, "victim": q}),
                  *self._lose(q, 1)]
        if self.gear[seat] >> VAMP & 1:
            self.gear[seat] &= ~(1 << VAMP)
        p = self.piece(seat, kind)
        if self.strength[p] < self.fig.most[kind]:
            self.strength[p] += 1
            events.append(Event("strength", f"{GANGS[seat].title()} {KINDS[kind]} strength "
                                f"{self.strength[p] - 1} -> {self.strength[p]}.",
                                data={"piece": p, "strength": self.strength[p]}))
            if self.strength[p] == 1:
                events += self._enter_piece(kind, list(self.pending))
                if self.phase == ENTRY:
                    return events
        self.phase = MOVE
        return events + self._seduce_next()

    def _next_option(self) -> list[Event]:
        """Movement goes on while options are left (a seduced Racketeer may add one)."""
        self.phase, self.to_move = MOVE, self.active
        if self.active == self.commissioner:
            return [] if self._unmoved_public() else self._end_moves()
        if self.used >= self.options_total():
            return self._end_moves()
        return []

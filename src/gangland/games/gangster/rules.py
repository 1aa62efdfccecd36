"""Gangster's state and turn: legal decisions and their effects.

Colours are the gangs: every rule speaks of a colour (its car, its tableau, its trunk, its
equipment, its gangsters). Seats are the people who decide: with 3 to 5 players seat ``i``
plays colour ``i``; with two players there are four colours and seat ``s`` plays colours
``s`` and ``s + 2`` (blue and brown, yellow and gray), picking one at the start of each turn.

A turn is a short sequence of decisions, tracked by ``phase``:

``CHOOSE`` (two players: which colour) -> ``ACT`` (drive, unload or load) -> for a drive:
``DEST`` (where the car stops) -> ``BUMP`` (Bumper) -> ``BREAKFAST`` and ``TAKE`` (the Gold
Coast); for an unload with the Door: ``DOOR`` (a second own gangster, or done).

Where the rules are silent, the decisions are listed in ``docs/games/gangster.md``.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Action, Event, OptionValue, Rng, State, seat_label

from .board import Board
from .components import BODYGUARD, BUMPER, DOOR, KINDS, MOTOR, TOMMY_GUN, TRUNK
from .equipment import take, takeable, trunk_room
from .moves import (
    BREAKFAST,
    BUMP,
    COLOURS,
    DONE,
    DRIVES,
    KEEP_TRUNK,
    LOAD,
    NO_BUMP,
    PLAY,
    TAKE,
    TOMMY,
    TRUNK_UNLOADS,
    UNLOAD,
)
from .reckoning import reckon
from .setup import ALL_CARDS, POLICE, deal
from .table import Table
from .tiles import EMPTY, place, remove
from .view import body_to_json, build_view

CHOOSE, ACT, DEST, BUMP_PHASE, BREAKFAST_PHASE, TAKE_PHASE, DOOR_PHASE, OVER = range(8)


class GangsterState(Table):
    """A game of Gangster: the fields of a ``Table``, and the rules of a turn."""

    __slots__ = ()

    # ----- setup -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, OptionValue],
            board: Board) -> GangsterState:
        """A new game: setup and starting setup done, the starting player (seat 0) to act."""
        state = cls(players, seed, options, Rng.for_seed(seed))
        state.board = board
        state.ncol = 4 if players == 2 else players
        state.owner = tuple(c % players for c in range(state.ncol))
        state.limit = int(options["turn_limit"]) * state.ncol
        state.round = 1
        state.turns = 0
        state.card = 0
        state.won = []
        state.over = False
        deal(state)
        state.start_turn(0)
        return state

    def start_turn(self, seat: int) -> None:
        """Hand the turn to ``seat`` (it first picks a colour in a two-player game)."""
        self.to_move = seat
        self.card = 0
        if self.players == 2:
            self.colour = -1
            self.phase = CHOOSE
        else:
            self.colour = seat
            self.phase = ACT

    # ----- protocol ----------------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(x) for x in self.influence]

    def half_made(self) -> bool:
        """A movement card turned whose district is asked next (``drive`` before ``to``),
        and, with two players, a colour chosen before it acts (``play`` before its move):
        neither tells anything nor draws a card, so either may be taken back."""
        return self.phase == DEST or (self.phase == ACT and self.players == 2)

    def _legal(self) -> list[Action]:
        phase = self.phase
        c = self.colour
        if phase == ACT:
            return self._act_actions(c)
        if phase == DEST:
            motor = 1 if MOTOR in self.equip[c] else 0
            return list(self.board.destinations[self.car[c]][self.card][motor])
        if phase == CHOOSE:
            return [PLAY[x] for x in self.colours_of(self.to_move)]
        if phase == BUMP_PHASE:
            here = self.car[c]
            legal = [BUMP[x][n] for x in self._bumpable(c) for n in self.board.neighbours[here]]
            legal.append(NO_BUMP)
            return legal
        if phase == BREAKFAST_PHASE:
            return [BREAKFAST, KEEP_TRUNK]
        if phase == TAKE_PHASE:
            return [TAKE[k] for k in takeable(self, c)]
        if phase == DOOR_PHASE:
            return [UNLOAD[c], DONE]
        return []

    def _act_actions(self, c: int) -> list[Action]:
        """Drive with a face-up card, or unload or load one gangster.

        Runs for most decisions, so its tests are written out: another colour's gangster
        may be loaded (with trunk room) unless that colour's car stands on the same
        district with a Bodyguard (``BODYGUARD not in equips[x] or car[x] != district``).
        """
        legal = list(DRIVES[self.cards[c]])
        here = self.car[c]
        cap = self.cap[here]
        trunk = self.trunk[c]
        equip = self.equip[c]
        room = len(trunk) < (2 if TRUNK in equip else 1)  # trunk_room, inlined
        equips, car = self.equip, self.car
        append = legal.append
        if cap:
            if self.count[here] < cap:
                if self.ride[c]:
                    append(UNLOAD[c])
                if trunk:
                    legal += TRUNK_UNLOADS[trunk]
            b = self.base[here]
            if room:
                for i, x in enumerate(self.spaces[b:b + cap]):
                    if x == c or (x != EMPTY and (BODYGUARD not in equips[x]
                                                  or car[x] != here)):
                        append(LOAD[i])
            else:
                for i, x in enumerate(self.spaces[b:b + cap]):
                    if x == c:
                        append(LOAD[i])
        if room and TOMMY_GUN in equip and here != self.board.harbour:
            spaces = self.spaces
            for n in self.board.neighbours[here]:
                b = self.base[n]
                row = TOMMY[n]
                for i, x in enumerate(spaces[b:b + self.cap[n]]):
                    if x != EMPTY and x != c and (BODYGUARD not in equips[x] or car[x] != n):
                        append(row[i])
        return legal

    def _is_legal(self, action: Action) -> bool:
        """The default membership test, by identity first: the actions played come from
        the prebuilt tables that ``_legal`` lists, and ``is`` skips the dataclass's ``__eq__``
        on every action listed before the match (a malformed action matches neither way)."""
        legal = self.legal_actions()
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def _bumpable(self, c: int) -> list[int]:
        """The other cars standing where ``c``'s car just arrived."""
        here = self.car[c]
        return [x for x in range(self.ncol) if x != c and self.car[x] == here]

    def _why_illegal(self, action: Action) -> str:
        c = self.colour
        expected = {
            CHOOSE: "choose which of your colours plays this turn (play COLOUR)",
            DEST: "choose where the car stops (to DISTRICT)",
            BUMP_PHASE: "bump a car standing here (bump COLOUR to DISTRICT) or no-bump",
            BREAKFAST_PHASE: "empty the trunk at the Sicilian Breakfast (breakfast) or "
                             "keep-trunk",
            TAKE_PHASE: "take one of the harbour's tiles you do not hold (take KIND)",
            DOOR_PHASE: "unload a second own gangster with the Door, or done",
        }
        if self.phase in expected:
            legal = ", ".join(str(a) for a in self.legal_actions())
            return f"now {expected[self.phase]}; legal: {legal}"
        return self._why_not_act(action, c)

    def _why_not_act(self, action: Action, c: int) -> str:
        """Why an action is refused at the start of a colour's turn."""
        kind, args = action.kind, action.args
        here = self.car[c]
        where = self.board.titles[here]
        if kind == "drive":
            return f"movement card {args[0]} is face down until all three have been used"
        if kind in ("unload", "load") and not self.cap[here]:
            return f"nothing is unloaded or loaded at {where}"
        if kind == "unload":
            if self.count[here] >= self.cap[here]:
                return f"the tile at {where} is full"
            if args[0] == COLOURS[c]:
                return "no gangster of yours rides in the car"
            return f"no {args[0]} gangster is in the trunk"
        if kind in ("load", "tommy-gun"):
            return self._why_not_load(action, c)
        return f"now drive, unload or load with {self.colour_title(c)}"

    def _why_not_load(self, action: Action, c: int) -> str:
        if action.kind == "tommy-gun":
            if TOMMY_GUN not in self.equip[c]:
                return "only the Tommy Gun loads from a neighbouring district"
            if self.car[c] == self.board.harbour:
                return "the Tommy Gun may not be used at the Gold Coast"
            d = self.board.index[str(action.args[0])]
            if d not in self.board.neighbours[self.car[c]]:
                return f"{self.board.titles[d]} is not a neighbouring district"
        else:
            d = self.car[c]
        space = int(action.args[-1]) - 1
        if space >= self.cap[d] or self.spaces[self.base[d] + space] == EMPTY:
            return f"no gangster stands on space {space + 1} in {self.board.titles[d]}"
        x = self.spaces[self.base[d] + space]
        if x == c:
            return "the Tommy Gun loads only other colours' gangsters"
        if len(self.trunk[c]) >= trunk_room(self, c):
            return "the trunk is full"
        return f"{self.colour_title(x)}'s Bodyguard protects its gangsters here"

    # ----- transitions -------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        kind = action.kind
        c = self.colour
        # The verbs in the order of how often they are played (drive, to, load, unload).
        if kind == "drive":
            k = int(action.args[0])
            self.cards[c] &= ~(1 << k)
            self.card = k
            self.phase = DEST
            return []
        if kind == "to":
            return self._arrive(c, self.board.index[str(action.args[0])])
        if kind == "load":
            return self._load(c, self.car[c], int(action.args[0]) - 1)
        if kind == "unload":
            return self._unload(c, COLOURS.index(str(action.args[0])))
        if kind == "play":
            self.colour = COLOURS.index(str(action.args[0]))
            self.phase = ACT
            return []
        if kind == "tommy-gun":
            return self._load(c, self.board.index[str(action.args[0])], int(action.args[1]) - 1)
        if kind == "bump":
            return self._bump(c, COLOURS.index(str(action.args[0])),
                              self.board.index[str(action.args[2])])
        if kind == "no-bump":
            return self._after_drive(c, BUMP_PHASE)
        if kind == "breakfast":
            return self._breakfast(c)
        if kind == "keep-trunk":
            return self._after_drive(c, BREAKFAST_PHASE)
        if kind == "take":
            return take(self, c, KINDS.index(str(action.args[0]))) + self._end_turn(c, True)
        return self._end_turn(c, False)  # done

    def _arrive(self, c: int, dest: int) -> list[Event]:
        start = self.car[c]
        self.car[c] = dest
        if self.quiet:
            return self._after_drive(c, DEST)
        motor = dest not in self.board.reach[start][self.card]
        how = f"the {self.card}" + (" and the Motor" if motor else "")
        events = [Event("drive", f"{self.colour_title(c)} drives with {how} from "
                                 f"{self.board.titles[start]} to {self.board.titles[dest]}.",
                        data={"colour": COLOURS[c], "card": self.card, "motor": motor,
                              "from": self.board.names[start], "to": self.board.names[dest]})]
        return events + self._after_drive(c, DEST)

    def _after_drive(self, c: int, done: int) -> list[Event]:
        """Move on to the next stop decision after phase ``done``, or end the turn."""
        here = self.car[c]
        if done < BUMP_PHASE and BUMPER in self.equip[c] and self._bumpable(c):
            self.phase = BUMP_PHASE
            return []
        if here == self.board.harbour:
            if done < BREAKFAST_PHASE and self.trunk[c]:
                self.phase = BREAKFAST_PHASE
                return []
            if takeable(self, c):
                self.phase = TAKE_PHASE
                return []
        return self._end_turn(c, True)

    def _bump(self, c: int, other: int, dest: int) -> list[Event]:
        start = self.car[other]
        self.car[other] = dest
        if self.quiet:
            return self._after_drive(c, BUMP_PHASE)
        event = Event("bump", f"{self.colour_title(c)}'s Bumper pushes the "
                              f"{self.colour_word(other)} car from {self.board.titles[start]} "
                              f"to {self.board.titles[dest]}.",
                      data={"colour": COLOURS[c], "bumped": COLOURS[other],
                            "from": self.board.names[start], "to": self.board.names[dest]})
        return [event, *self._after_drive(c, BUMP_PHASE)]

    def _breakfast(self, c: int) -> list[Event]:
        trunk = self.trunk[c]
        for x in trunk:
            self.breakfast[x] += 1
        self.trunk[c] = ()
        if self.quiet:
            return self._after_drive(c, BREAKFAST_PHASE)
        names = ", ".join(self.colour_word(x) for x in trunk)
        gangsters = "gangster" if len(trunk) == 1 else "gangsters"
        event = Event("breakfast", f"{self.colour_title(c)} leaves the trunk's {gangsters} "
                                   f"({names}) at the Sicilian Breakfast.",
                      data={"colour": COLOURS[c], "gangsters": [COLOURS[x] for x in trunk]})
        return [event, *self._after_drive(c, BREAKFAST_PHASE)]

    def _unload(self, c: int, x: int) -> list[Event]:
        here = self.car[c]
        if x == c:
            self.ride[c] -= 1
        else:
            trunk = list(self.trunk[c])
            trunk.remove(x)
            self.trunk[c] = tuple(trunk)
        space = place(self.spaces, self.front, here, self.base[here], self.cap[here], x)
        self.count[here] += 1
        events = [] if self.quiet else self._unload_events(c, x, here, space)
        if (x == c and self.phase == ACT and DOOR in self.equip[c] and self.ride[c]
                and self.count[here] < self.cap[here]):
            self.phase = DOOR_PHASE
            return events
        return events + self._end_turn(c, False)

    def _unload_events(self, c: int, x: int, here: int, space: int) -> list[Event]:
        source = "car" if x == c else "trunk"
        return [Event("unload", f"{self.colour_title(c)} unloads a {COLOURS[x]} gangster from "
                                f"the {source} onto space {space + 1} in "
                                f"{self.board.titles[here]}.",
                      data={"colour": COLOURS[c], "gangster": COLOURS[x],
                            "district": self.board.names[here], "space": space + 1})]

    def _load(self, c: int, d: int, space: int) -> list[Event]:
        x = remove(self.spaces, self.front, d, self.base[d], space)
        self.count[d] -= 1
        if x == c:
            self.ride[c] += 1
        else:
            self.trunk[c] = (*self.trunk[c], x)
        if self.quiet:
            return self._end_turn(c, False)
        how = "loads" if d == self.car[c] else "uses the Tommy Gun to load"
        into = "car" if x == c else "trunk"
        events = [Event("load", f"{self.colour_title(c)} {how} the {COLOURS[x]} gangster from "
                                f"space {space + 1} in {self.board.titles[d]} into the {into}.",
                        data={"colour": COLOURS[c], "gangster": COLOURS[x],
                              "district": self.board.names[d], "space": space + 1})]
        return events + self._end_turn(c, False)

    def _end_turn(self, c: int, drove: bool) -> list[Event]:
        """Turn the movement cards back up (and draw a district card), then pass the turn."""
        events: list[Event] = []
        seat = self.to_move
        trigger = ""
        if drove and self.cards[c] == 0:
            self.cards[c] = ALL_CARDS
            # Never empty: after a round's first doubler the deck holds every other scoring
            # district (8 or 9) plus police, and the 7th district drawn from it ends the round.
            card = self.deck.pop()
            self.discard.append(card)
            if card != POLICE:
                self.doubler[card] = True
                self.doublers += 1
                if self.doublers >= self.board.parts.material.doublers:
                    trigger = "the last doubler is placed"
            if not self.quiet:
                events.append(self._card_event(c, card))
        self.turns += 1
        if not trigger and self.turns >= self.limit:
            trigger = f"the round has reached its limit of {self.limit} turns"
        if trigger:
            self.phase = OVER
            events += reckon(self, seat, trigger)
            if self.over:
                self.to_move = -1
            else:
                self.start_turn((seat + 1) % self.players)
            return events
        self.start_turn((seat + 1) % self.players)
        return events

    def _card_event(self, c: int, card: int) -> Event:
        """The district card that ``c`` turned on using its last movement card."""
        if card == POLICE:
            text = "a police card is drawn: nothing happens"
        else:
            text = f"{self.board.titles[card]} is drawn and gets a doubler"
        return Event("district-card",
                     f"{self.colour_title(c)} has used all three movement cards and turns them "
                     f"face up; {text}.",
                     data={"colour": COLOURS[c], "card": "police" if card == POLICE
                           else self.board.names[card]})

    # ----- hidden information, copying and storage: see ``view`` ---------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def determinization(self, seat: int | None, rng: Rng) -> GangsterState:
        """The piles sorted, not shuffled, ``rng`` moved on as :meth:`_redraw`'s three
        shuffles would move it (:meth:`Rng.skip_shuffle`). :meth:`_redraw` sorts every pile
        before it shuffles, so each sample drawn from this state is the one a shuffled
        determinization gave; and an order that is the contents' own tells nothing."""
        new = self._unseen_copy()
        assert isinstance(new, GangsterState)
        for pile in ("deck", "casino", "supply"):  # in _redraw's order
            cards = sorted(getattr(self, pile))
            setattr(new, pile, cards)
            rng.skip_shuffle(len(cards))
        new.rng = rng.spawn()
        return new

    def _redraw(self, new: State, seat: int | None, rng: Rng) -> None:
        """Reshuffle the three face-down piles; their contents are public, their order not.

        Every card and tile is seen face up at some point, or accounted for, so what each
        pile holds follows from the table; only the order is unknown, to everyone alike.
        """
        assert isinstance(new, GangsterState)
        new.deck = deck = sorted(self.deck)
        rng.shuffle(deck)
        new.casino = casino = sorted(self.casino)
        rng.shuffle(casino)
        new.supply = supply = sorted(self.supply)
        rng.shuffle(supply)

    def clone(self) -> GangsterState:
        new = GangsterState.__new__(GangsterState)
        self._copy_base_into(new)
        new.board = self.board
        new.ncol = self.ncol
        new.owner = self.owner
        new.limit = self.limit
        new.scoring = self.scoring
        new.tile = self.tile
        new.cap = self.cap
        new.base = self.base
        new.spaces = self.spaces.copy()
        new.front = self.front.copy()
        new.count = self.count.copy()
        new.doubler = self.doubler.copy()
        new.doublers = self.doublers
        new.car = self.car.copy()
        new.ride = self.ride.copy()
        new.trunk = self.trunk.copy()
        new.equip = self.equip.copy()
        new.cards = self.cards.copy()
        new.reserve = self.reserve.copy()
        new.breakfast = self.breakfast.copy()
        new.influence = self.influence.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.casino = self.casino.copy()
        new.casino_drawn = self.casino_drawn.copy()
        new.supply = self.supply.copy()
        new.harbour = self.harbour.copy()
        new.box = self.box.copy()
        new.round = self.round
        new.turns = self.turns
        new.colour = self.colour
        new.phase = self.phase
        new.card = self.card
        new.reckonings = self.reckonings.copy()
        return new

    def _body_to_json(self) -> dict[str, Any]:
        return body_to_json(self)

    def __repr__(self) -> str:
        return (f"<GangsterState players={self.players} round={self.round} "
                f"turn={self.turns} to_move={seat_label(self.current_player)}>")

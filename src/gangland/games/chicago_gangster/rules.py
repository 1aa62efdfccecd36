"""Chicago Gangster's state and the flow of a turn.

A turn: executions if a war is on, then draw to five cards plus the turn's sixth, then play
one card for its effect or discard one forgoing it. The card's effect may ask for a target,
a response window and picks (``effects``); then the turn passes on clockwise, or to the
rival whose counter took effect, with the order continuing from them.
"""

from __future__ import annotations

from gangland.engine import Action, Event, OptionValue, Rng, State, seat_label

from .cards import COUNTERS, KIND_INDEX, KINDS, Components, card_title
from .effects import Effects
from .moves import COUNTER, DISCARD, PASS, PICK, PLAY, TARGET
from .table import AFTER, RESPOND, TURN_LIMIT
from .table import PLAY as PLAY_PHASE
from .table import TARGET as TARGET_PHASE
from .view import body_to_json, build_brief_view, build_view, redraw, state_from_body

#: Bit mask of the counter kinds, which are never played on one's own turn.
COUNTER_BITS = sum(1 << k for k in COUNTERS)


#: ``_turn_actions``' answers by ``held | playable << len(KINDS)``: a pure function of two
#: masks, and a few hundred hands recur (a dict, not ``lru_cache``: no call, no LRU upkeep).
_TURNS: dict[int, tuple[Action, ...]] = {}
_TURNS_KEPT = 8192  # answers kept before the table starts afresh
_SHIFT = len(KINDS)


def _turn_actions(held: int, playable: int) -> tuple[Action, ...]:
    """The turn's actions for a hand holding the kinds of bit mask ``held``, of which
    ``playable`` may be played: by kind, ``play`` (if allowed) before ``discard``.

    >>> _turn_actions(0b101, 0b100)
    (Action('discard', ('contract',)), Action('play', ('double-contract',)), \
Action('discard', ('double-contract',)))
    """
    legal: list[Action] = []
    for k in range(len(KINDS)):
        if held >> k & 1:
            if playable >> k & 1:
                legal.append(PLAY[k])
            legal.append(DISCARD[k])
    return tuple(legal)


class ChicagoState(Effects):
    """One game of Chicago Gangster (see ``table`` for the fields)."""

    __slots__ = ()

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, OptionValue],
            comps: Components) -> ChicagoState:
        """Deal, then start the first turn (the dealer, seat 0, begins)."""
        state = cls(players, seed, options, Rng.for_seed(seed))
        state._setup(players, options, comps)
        state._start_turn(0)
        return state

    # ----- legality ----------------------------------------------------------------------

    def _legal(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY_PHASE:
            bits = self.comps.kind_bits
            held = 0
            for c in self.hands[self.player]:
                held |= bits[c]
            playable = self.playable_kinds(held & ~COUNTER_BITS)
            known = _TURNS.get(held | playable << _SHIFT)
            if known is None:
                if len(_TURNS) >= _TURNS_KEPT:
                    _TURNS.clear()
                known = _TURNS[held | playable << _SHIFT] = _turn_actions(held, playable)
            return list(known)
        if phase == TARGET_PHASE:
            return [TARGET[s] for s in self.targets()]
        if phase == RESPOND:
            counters = self.usable_counters(self.to_move)
            return [PASS, *(COUNTER[k] for k in counters)] if counters else [PASS]
        return [PICK[m] for m in self.pick_options()]

    def _is_legal(self, action: Action) -> bool:
        """One of the legal list's own actions (what bots and searches play) by identity;
        any other through ``why_not``, which gives the same answer more slowly."""
        for legal in self.legal_actions():
            if legal is action:
                return True
        return not self.why_not(action)

    def why_not(self, action: Action) -> str:
        """Empty when legal, else the precise reason.

        Exact for malformed actions too (never ``""``; the engine then says what is
        wrong): unpacking the one argument raises ``ValueError`` for any other count, and
        its type is checked before it is used.
        """
        kind, phase = action.kind, self.phase
        if phase == PLAY_PHASE:
            if kind not in ("play", "discard"):
                return f"{seat_label(self.player)} must play or discard a card now"
            (name,) = action.args
            k = KIND_INDEX.get(name, -1) if isinstance(name, str) else -1
            if k < 0:
                return f"{kind} names a card"
            if not any(self.comps.kind_of[c] == k for c in self.hands[self.player]):
                return f"you hold no {card_title(k)} card"
            if kind == "play" and k in COUNTERS:
                return "a counter is played only in answer to a rival's card"
            if kind == "play" and not self.playable(k):
                return f"{card_title(k)} could change nothing now; you may only discard it"
            return ""
        if phase == TARGET_PHASE:
            if kind != "target":
                return f"choose the player your {card_title(self.card)} aims at"
            (number,) = action.args
            if not isinstance(number, int):
                return "target names a player by number"
            seat = number - 1
            return "" if seat in self.targets() else f"{seat_label(seat)} is not a valid target"
        if phase == RESPOND:
            if action is PASS or action == PASS:
                return ""
            if kind != "counter":
                return "answer with a counter or pass"
            (name,) = action.args
            k = KIND_INDEX.get(name, -1) if isinstance(name, str) else -1
            if k in self.usable_counters(self.to_move):
                return ""
            return f"you cannot answer {card_title(self.card)} with {card_title(k)} now"
        if kind != "pick":
            return "pick a mobster"
        (number,) = action.args
        if not isinstance(number, int):
            return "pick names a mobster by number"
        m = number - 1
        return "" if m in self.pick_options() else "that mobster cannot be picked now"

    def _why_illegal(self, action: Action) -> str:
        return self.why_not(action) or "it is not legal now"

    # ----- transitions -------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        events = self._act(action)
        return [] if self.quiet else events

    def _act(self, action: Action) -> list[Event]:
        """The move's effects and its events (while quiet, stand-ins: see ``table``)."""
        kind = action.kind
        quiet = self.quiet
        if kind in ("play", "discard"):
            k = KIND_INDEX[str(action.args[0])]
            self._take(self.player, k)
            if kind == "discard":
                if quiet:
                    return self._end_turn()
                events = [Event("discard", f"{seat_label(self.player)} discards "
                                f"{card_title(k)}, forgoing its effect.",
                                data={"seat": self.player, "card": KINDS[k]})]
                return events + self._end_turn()
            if quiet:
                return self._play(k)
            events = [Event("play", f"{seat_label(self.player)} plays {card_title(k)}.",
                            data={"seat": self.player, "card": KINDS[k]})]
            return events + self._play(k)
        if kind == "target":
            seat = int(action.args[0]) - 1
            if quiet:
                return self._on_target(seat)
            # Pay-off may bring one's own listed mobsters home: "at P2" from P2 reads wrong.
            whom = "their own gang" if seat == self.player else seat_label(seat)
            events = [Event("target", f"{seat_label(self.player)} aims {card_title(self.card)} at "
                            f"{whom}.", data={"seat": seat})]
            return events + self._on_target(seat)
        if kind == "pass":
            return self._on_pass()
        if kind == "counter":
            return self._on_counter(KIND_INDEX[str(action.args[0])])
        return self._on_pick(int(action.args[0]) - 1)

    def _end_turn(self) -> list[Event]:
        """The next turn: the countering rival's, else the next seat still in, clockwise."""
        if self.over:
            return []
        nxt = self.countered if self.countered >= 0 else self._after(self.player)
        return self._start_turn(nxt)

    def _after(self, seat: int) -> int:
        out = self.out
        for s in AFTER[self.players][seat]:
            if not out[s]:
                return s
        return seat

    def _start_turn(self, seat: int) -> list[Event]:
        """Executions, then the draw; a player put out by the executions is skipped.

        Decision: the safety rule ``turn_limit`` ends a game that drags on; the gangs with
        the most living mobsters then share the win.
        """
        self._reset_decision()
        self.turn += 1
        events: list[Event] = []
        if self.turn > int(self.options["turn_limit"]):
            alive = [len(self.inplay[s]) + len(self.listed_of(s)) for s in range(self.players)]
            best = max(alive)
            winners = [s for s in range(self.players) if alive[s] == best and not self.out[s]]
            self._finish(winners)
            self.ending = TURN_LIMIT
            if self.quiet:
                return []
            return [Event("end", "The turn limit is reached: the largest gangs win.",
                          data={"winners": winners, "ending": TURN_LIMIT})]
        if self.war:
            events += self._executions()
            if self.over:
                return events
        if self.out[seat]:
            seat = self._after(seat)
        self.player = self.to_move = seat
        hand = self.hands[seat]
        drawn: list[int] = []
        notes: list[Event] = []
        while len(hand) < self.comps.hand:
            c = self._draw(seat, notes)
            if c is None:
                break
            drawn.append(c)
        c = self._draw(seat, notes)  # the turn's sixth card
        if c is not None:
            drawn.append(c)
        if self.quiet:
            return []
        head = Event("turn", f"Turn {self.turn}: {seat_label(seat)} to play.",
                     data={"seat": seat, "turn": self.turn})
        return [*events, head, *self._draw_events(seat, drawn, ""), *notes]

    # ----- protocol ----------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Living mobsters per seat (in play or listed)."""
        alive = [0.0] * self.players
        for m in range(54):
            s = self.owner[m]
            if s >= 0 and m not in self.dead:
                alive[s] += 1
        return alive

    def view(self, seat: int | None) -> dict[str, object]:
        return build_view(self, seat)

    def brief_view(self, seat: int) -> dict[str, object]:
        """What the game's own bot reads of the view (``view.build_brief_view``)."""
        return build_brief_view(self, seat)

    def _redraw(self, new: State, seat: int | None, rng: Rng) -> None:
        assert isinstance(new, ChicagoState)
        redraw(self, new, seat, rng)

    def clone(self) -> ChicagoState:
        new = ChicagoState.__new__(ChicagoState)
        self._copy_table(new)
        return new

    def _body_to_json(self) -> dict[str, object]:
        return body_to_json(self)

    @classmethod
    def from_body(cls, players: int, seed: int | None, options: dict[str, OptionValue],
                  comps: Components, body: dict[str, object]) -> ChicagoState:
        """Rebuild from :meth:`_body_to_json` (every card and mobster checked)."""
        state = cls(players, seed, options, Rng(0))
        state_from_body(state, comps, body)
        return state

"""Gangster (1994)'s state and the flow of a turn.

A turn: perhaps announce the purchase offer or open starred Aventure cards, then roll one
die and move clockwise, collecting at the Refuge when passing it; then play the space
(``spaces``), which may ask the player, or every bidder of an auction, for decisions. The
game ends when the player who made the purchase offer is back at the Refuge and has played
that last space, when one player is left out of prison, or (a safety rule of ours) after
``turn_limit`` turns; then the final assets decide.
"""

from __future__ import annotations

from gangland.engine import Action, Event, OptionValue, Rng, State, counted, seat_label

from .components import DECKS, ITEMS, NAMES, Components
from .count import line, verdict
from .decisions import PHASE_RULES
from .moves import (
    AUCTION,
    BUY,
    CHOOSE,
    DO,
    DONE,
    GIVE,
    GOTO,
    KINDS,
    OFFER,
    PASS,
    PLAY,
    PROTECT,
    ROB,
    ROLL,
    SELL,
    TAKE,
    TRADE,
    bids,
)
from .spaces import Spaces
from .table import (
    BID,
    EXPERT,
    LOT,
    MISSION,
    PASSAGE,
    PHASES,
    PROTECTION,
    SHIELD,
    TURN,
    VENDEUR,
    VOL,
)
from .table import CHOOSE as CHOOSE_PHASE
from .table import GIVE as GIVE_PHASE
from .table import TRADE as TRADE_PHASE
from .view import body_to_json, build_brief, build_view, redraw, state_from_body


class Gangster1994State(Spaces):
    """One game of Gangster (1994) (see ``table`` for the fields)."""

    __slots__ = ()

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, OptionValue],
            comps: Components) -> Gangster1994State:
        """Set up, roll for the first player (ties roll again) and start the first turn."""
        state = cls(players, seed, options, Rng.for_seed(seed))
        state._setup(players, options, comps)
        rolling = list(range(players))
        while len(rolling) > 1:
            dice = [state.rng.randint(1, 6) for _ in rolling]
            best = max(dice)
            rolling = [s for s, d in zip(rolling, dice, strict=True) if d == best]
        state._start_turn(rolling[0])
        return state

    def target(self) -> int:
        """The sum needed for the purchase offer."""
        return self.goal

    def verb_rule(self, verb: str) -> str:
        """``pass`` and ``take`` answer the offer of the space being played (a public
        fact), so that phase's own text is given where it has one."""
        return PHASE_RULES.get((PHASES[self.phase], verb)) or super().verb_rule(verb)

    # ----- legality ----------------------------------------------------------------------

    def _legal(self) -> list[Action]:
        phase, seat = self.phase, self.to_move
        if phase == TURN:
            legal = [ROLL]
            if self.offer < 0 and self.cash[seat] >= self.goal:
                legal.append(OFFER)
            if self.aventures < 2:  # opening a starred card is playing an Aventure card
                legal += PLAY[:len(self.comps.bonus.intersection(self.hands[seat]))]
            return legal
        if phase == BID:  # the most frequent decision after the turn's
            return [PASS, *bids(self.min_bid(), self.cash[seat] // 100 * 100)]
        if phase == CHOOSE_PHASE:
            return [CHOOSE[k] for k in self.comps.options[self.pos[seat]]]
        if phase == VENDEUR:
            return [PASS, *(BUY[k] for k, d in zip(KINDS, ITEMS, strict=True)
                            if self._available(d))]
        if phase == PROTECTION:
            return [PASS, BUY["protection"]]
        if phase == EXPERT:
            return [DONE, *(SELL[ITEMS.index(d)][i] for d, i in self.sell_options())]
        if phase == VOL:
            return [PASS, ROB]
        if phase == SHIELD:
            return [TAKE, PROTECT]
        if phase == MISSION:
            return [TAKE, *(DO[i] for i in self.mission_options())]
        if phase == PASSAGE:
            return [GOTO[i] for i in self.passage_options()]
        if phase == TRADE_PHASE:
            return [PASS, *(TRADE[s][ITEMS.index(d)] for s, d in self.trade_options())]
        if phase == GIVE_PHASE:
            return [GIVE[i] for i in range(len(self.held(seat, ITEMS[self.sold])))]
        if phase == LOT:
            return [AUCTION[k] for k, d in enumerate(ITEMS) if self._available(d)]
        raise AssertionError(f"no such phase: {phase}")

    def _is_legal(self, action: Action) -> bool:
        """The engine's membership test, identity first: every legal action is one of the
        prebuilt ``moves`` constants, and the action played almost always is that very
        object (taken from :meth:`legal_actions`), so the dataclass's ``__eq__`` runs only
        for an action built elsewhere (parsed text, a record)."""
        legal = self.legal_actions()
        for known in legal:
            if known is action:
                return True
        return action in legal

    def _why_illegal(self, action: Action) -> str:
        if action.kind == "offer" and self.phase == TURN:
            if self.offer >= 0:
                return "a purchase offer has already been made"
            return f"the offer needs ${self.target():,} in cash"
        if action.kind == "play" and self.phase == TURN and self.aventures >= 2:
            return "no more than two Aventure cards in one turn"
        if action.kind == "bid" and self.phase == BID:
            return (f"a bid must be a multiple of $100 from ${self.min_bid():,} up to your "
                    f"cash (${self.cash[self.to_move]:,})")
        return f"not now: {build_view(self, None)['decision']['why']}"

    # ----- transitions -------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        if self.quiet:  # ``step``: the same move, no texts (a quarter of a playout's time)
            self._act(action)
            self.shuffled.clear()
            return []
        return self._act(action) + self._news()  # a move that ends no turn says it last

    def _news(self) -> list[Event]:
        """The decks reshuffled during this move, said once, before the turn passes on."""
        if not self.shuffled:
            return []
        if self.quiet:
            self.shuffled.clear()
            return []
        news = [Event("reshuffle", f"The {NAMES[DECKS[deck]]} deck had run out: its "
                      f"{counted(cards, 'used card')} {'was' if cards == 1 else 'were'} "
                      "shuffled back in.", data={"deck": DECKS[deck], "cards": cards})
                for deck, cards in self.shuffled]
        self.shuffled.clear()
        return news

    def _act(self, action: Action) -> list[Event]:
        kind, args = action.kind, action.args
        if kind == "roll":
            die = self.rng.randint(1, 6)
            self.roll = [die]
            if self.quiet:
                return self._move(die)
            return [Event("roll", f"{seat_label(self.player)} rolls {die}.",
                          data={"seat": self.player, "die": die}), *self._move(die)]
        if kind == "bid":  # after the roll, the most frequent action
            return self._bid(int(args[0]))
        if kind == "offer":
            self.offer = self.player
            if self.quiet:
                return []
            return [Event("offer", f"{seat_label(self.player)} makes the purchase offer: the "
                          "game ends when they are back at the Refuge.",
                          data={"seat": self.player})]
        if kind == "play":
            return self._play_bonus(int(args[0]) - 1)
        if kind == "choose":
            return self._play_space(str(args[0]))
        if kind == "buy":
            if args[0] == "protection":
                return self._buy_protection()
            return self._buy_item(ITEMS[0] if args[0] == "pearl" else ITEMS[1])
        if kind == "sell":
            return self._sell(ITEMS[0] if args[0] == "pearl" else ITEMS[1], int(args[1]) - 1)
        if kind == "rob":
            return self._rob()
        if kind == "protect":
            return self._protect()
        if kind == "take":
            return self._collecte_card() if self.phase == SHIELD else self._take_mission()
        if kind == "do":
            return self._do_mission(int(args[0]) - 1)
        if kind == "goto":
            return self._goto(int(args[0]) - 1)
        if kind == "trade":
            self.trade = int(args[0]) - 1
            self.sold = 0 if args[1] == "pearl" else 1
            self.phase = GIVE_PHASE
            return []
        if kind == "give":
            return self._trade(int(args[0]) - 1)
        if kind == "auction":
            return self._open_auction(ITEMS[0] if args[0] == "pearl" else ITEMS[1])
        if kind == "done":
            return self._end_turn()
        # pass
        if self.phase == BID:
            return self._pass_bid()
        self.vol = -1
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        """The turn is over (any deck it reshuffled said): the end of the game, or the
        next player's turn."""
        news = self._news()
        if self.last:
            return news + self._final_count("The purchase offer is complete.")
        if self.out.count(False) == 1:
            alive = self.active()
            self._finish(alive)
            return [*news, Event("end", f"{seat_label(alive[0])} is the last player free "
                                 "and wins.", data={"winners": alive})]
        return news + self._start_turn(self.after(self.player))

    def _start_turn(self, seat: int) -> list[Event]:
        """Decision: the safety rule ``turn_limit`` ends a game that drags on with the final
        count, as if the offer had been completed."""
        self.turn += 1
        if self.turn > self.limit:
            return self._final_count("The turn limit is reached.")
        self.player = self.to_move = seat
        self.phase, self.aventures = TURN, 0
        self.vol = self.trade = -1
        self.sold = 0
        if self.quiet:
            return []
        return [Event("turn", f"Turn {self.turn}: {seat_label(seat)} to play.",
                      data={"seat": seat, "turn": self.turn})]

    def _final_count(self, why: str) -> list[Event]:
        """Final assets: the most money wins; ties go to the most men, then are shared.

        Each player's count is logged term by term, for everyone: the rules lay the jewels,
        the Dossiers and (to settle a tie) the men on the table."""
        alive = self.active()
        counts = [self.count(s) for s in alive]
        best = max(c["assets"] for c in counts)
        tied = [c["seat"] for c in counts if c["assets"] == best]
        most = max(self.men(s) for s in tied)
        winners = [s for s in tied if self.men(s) == most]
        self._finish(winners)
        assets = {c["seat"]: c["assets"] for c in counts}
        return [*(Event("count", line(c), data=c) for c in counts),
                Event("end", f"{why} {verdict(counts, winners)}",
                      data={"assets": [assets.get(s) for s in range(self.players)],
                            "men": [self.men(s) for s in range(self.players)],
                            "winners": winners})]

    # ----- protocol ----------------------------------------------------------------------

    def half_made(self) -> bool:
        """Échange: ``trade P KIND`` names the rival and the kind, and ``give N`` then
        makes the exchange; until then nothing was drawn or shown, so the first half may
        be taken back (``docs/games/gangster-1994.md``)."""
        return self.phase == GIVE_PHASE and not self.over

    def scores(self) -> list[float]:
        """Final assets when over; cash (public) while playing; prisoners score 0."""
        if self.over:
            return [0.0 if self.out[s] else float(self.assets(s)) for s in range(self.players)]
        return [0.0 if self.out[s] else float(self.cash[s]) for s in range(self.players)]

    def view(self, seat: int | None) -> dict[str, object]:
        return build_view(self, seat)

    def brief_view(self, seat: int) -> dict[str, object]:
        """What the heuristic bot reads of the view (``view.build_brief``)."""
        return build_brief(self, seat)

    def _redraw(self, new: State, seat: int | None, rng: Rng) -> None:
        assert isinstance(new, Gangster1994State)
        redraw(self, new, seat, rng)

    def clone(self) -> Gangster1994State:
        new = Gangster1994State.__new__(Gangster1994State)
        self._copy_table(new)
        return new

    def _body_to_json(self) -> dict[str, object]:
        return body_to_json(self)

    @classmethod
    def from_body(cls, players: int, seed: int | None, options: dict[str, OptionValue],
                  comps: Components, body: dict[str, object]) -> Gangster1994State:
        """Rebuild from :meth:`_body_to_json` (every card checked to be in one place)."""
        state = cls(players, seed, options, Rng(0))
        state_from_body(state, comps, body)
        return state

"""Gangster City at the table: 1 to 6 detectives, each blind to their own case.

Every turn is one decision: investigate a face-up card, draw the top card blind, or make an
arrest. The engine itself compares cards, so the rulebook's "wrong information" rule cannot
arise. Decisions where the rulebook is silent are listed in ``docs/games/gangster-city.md``
and marked "Decision" below.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import (
    Action,
    Event,
    OptionValue,
    Rng,
    State,
    TurnState,
    counted,
    seat_label,
)

from .cards import ALL, NCARDS, Deck, card_list, mask_of, numbers_in
from .knowledge import consistent
from .moves import DRAW, INVESTIGATE, arrested
from .snapshot import body_of, fill

MIDDLE = 3
NO_CASE = -1


class TableState(TurnState):
    """The table game. Cards are indices 0..53; masks are ints (see ``cards``)."""

    __slots__ = (
        "arrestable",
        "arrests",
        "cases",
        "clues",
        "deck",
        "discard",
        "from_pile",
        "middle",
        "origin",
        "out",
        "pile",
        "pile_for",
        "pile_known",
        "pile_mask",
        "rebuilt",
        "refuted",
        "solved",
        "turn",
        "wrong",
    )

    deck: Deck
    cases: list[int]  # each seat's current case card, NO_CASE when out
    origin: list[int]  # mask of cards the seat's case was publicly known to come from
    pile: list[int]  # face-down draw pile, top at the end
    pile_known: bool  # True once the discards were shuffled into it (contents public)
    # The pile's cards as a mask, for the list ``pile_for`` (``candidates`` reads it at
    # every step of a search, where ORing 30-40 cards was a tenth of the hard level): kept
    # exact by ``_draw``, trusted only while ``pile`` is that list with as many cards
    # (``_pile_bits``), so a new list or a card put in or taken out by hand is seen.
    pile_mask: int
    pile_for: list[int] | None
    rebuilt: list[int]  # the piles made from the discards during this move: their news
    from_pile: list[bool]  # per seat: its case was dealt from the public pile (see view)
    middle: list[int]  # three face-up slots, NO_CASE when empty
    discard: list[int]
    clues: list[list[tuple[int, int]]]  # per seat: (card, count), in investigation order
    solved: list[list[int]]
    wrong: list[int]  # wrong arrests per seat over the whole game
    refuted: list[int]  # per seat: mask of arrests answered "wrong" for the current case
    # Per seat, the arrests left open (``Deck.open_arrests``) and the ``refuted`` mask they
    # were worked out for: most of every legal list, joined to it at one stroke. Updated
    # as arrests are refuted, and trusted only while the mask still matches. Tuples, so a
    # clone shares them; not in snapshots (``from_body`` derives them again).
    arrestable: list[tuple[int, tuple[Action, ...]]]
    out: list[bool]
    arrests: list[tuple[int, int, bool]]  # public log: (seat, card, correct)
    turn: int

    # ----- setup -------------------------------------------------------------------------

    @classmethod
    def deal(
        cls, players: int, seed: int, options: dict[str, OptionValue], deck: Deck
    ) -> TableState:
        """Shuffle the 54 cards, give each seat a case, lay out three face up."""
        rng = Rng.for_seed(seed)
        state = cls(players, seed, options, rng)
        cards = list(range(NCARDS))
        rng.shuffle(cards)
        state.deck = deck
        state.cases = [cards.pop() for _ in range(players)]
        state.origin = [ALL] * players
        state.middle = [cards.pop() for _ in range(MIDDLE)]
        state.pile = cards
        state.pile_for = None  # (worked out when first asked)
        state.pile_mask = 0
        state.pile_known = False
        state.rebuilt = []
        state.from_pile = [False] * players
        state.discard = []
        state.clues = [[] for _ in range(players)]
        state.solved = [[] for _ in range(players)]
        state.wrong = [0] * players
        state.refuted = [0] * players
        state.arrestable = [(0, deck.arrests)] * players
        state.out = [False] * players
        state.arrests = []
        state.to_move = 0  # the youngest player; seat 0 by convention
        state.turn = 0
        state.won = []
        state.over = False
        return state

    # ----- protocol ----------------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(len(s)) for s in self.solved]

    def _legal(self) -> list[Action]:
        legal = [INVESTIGATE[c] for c in self.middle if c != NO_CASE]
        if self.pile or self.discard:
            legal.append(DRAW)
        legal += self._arrestable(self.to_move)
        return legal

    def _arrestable(self, seat: int) -> tuple[Action, ...]:
        """The arrests ``seat`` may make: every card not refuted for its current case."""
        refuted = self.refuted[seat]
        mask, open_ = self.arrestable[seat]
        if mask != refuted:
            open_ = self.deck.open_arrests(refuted)
            self.arrestable[seat] = (refuted, open_)
        return open_

    def _is_legal(self, action: Action) -> bool:
        # An arrest, most of the legal list, is one table lookup and one bit; the rest is
        # ``why_not``'s (exact for malformed actions too, as the engine requires).
        if action.kind == "arrest":
            named = self.deck.arrest_of.get(action)
            return named is not None and not self.refuted[self.to_move] >> named & 1
        return not self.why_not(action)

    def why_not(self, action: Action) -> str:
        """Empty when legal, else the precise reason."""
        kind = action.kind
        if kind == "investigate":
            # Exact for malformed actions too (the engine then says what is wrong): one
            # int argument, and no card number 0, since an empty slot holds NO_CASE.
            (number,) = action.args  # ValueError unless exactly one
            if not isinstance(number, int) or number < 1:
                return "investigate names a card by its number"
            card = number - 1
            if card in self.middle:
                return ""
            shown = ", ".join(str(c + 1) for c in self.middle if c != NO_CASE) or "none"
            return f"card {number} is not face up in the middle (face up: {shown})"
        if kind == "draw":
            if action is not DRAW and action != DRAW:
                return "draw takes no argument"
            return "" if self.pile or self.discard else "the draw and discard piles are empty"
        if kind == "arrest":
            named = arrested(self.deck, action)
            if named is None:
                return "an arrest names one suspect, weapon, scene and motive"
            if self.refuted[self.to_move] >> named & 1:
                return "that arrest was already answered 'wrong' for this case"
            return ""
        return f"{kind} is not a Gangster City action"

    def _why_illegal(self, action: Action) -> str:
        return self.why_not(action) or "it is not legal now"

    def _apply(self, action: Action) -> list[Event]:
        # While ``quiet`` (``State.step``) the helpers change the state alike but build no
        # events: their texts are most of a random playout's time.
        seat = self.to_move
        kind = action.kind
        if kind == "arrest":  # (first: most of the moves of a random game)
            events = self._arrest(seat, self.deck.arrest_of[action])
        elif kind == "investigate":
            card = int(action.args[0]) - 1
            self.middle[self.middle.index(card)] = NO_CASE
            events = self._investigate(seat, card, "takes from the middle")
        else:
            drawn = self._draw()
            assert drawn is not None, "draw is legal only with a card to draw"
            events = self._investigate(seat, drawn, "draws blind")
        if NO_CASE in self.middle:  # (an investigation, or an empty pile before it)
            events += self._refill()
        if self.rebuilt:  # rare: said after the move, whose draw it made possible
            if not self.quiet:
                events += [Event("reshuffle", f"The pile had run out: the discards ("
                                 f"{counted(cards, 'card')}) were shuffled into a new pile, "
                                 "so everyone knows which cards are in it.",
                                 data={"cards": cards}) for cards in self.rebuilt]
            self.rebuilt.clear()
        self.turn += 1
        if not self.over:
            self._advance()
        return events

    # ----- transitions -------------------------------------------------------------------

    def _investigate(self, seat: int, card: int, how: str) -> list[Event]:
        count = self.deck.match(card, self.cases[seat])
        self.clues[seat].append((card, count))
        if self.quiet:
            return []
        who = seat_label(seat)
        return [
            Event(
                "investigate",
                f"{who} {how} {self.deck.label(card)}: {count} of 4 match {who}'s case.",
                data={"seat": seat, "card": card + 1, "count": count},
            )
        ]

    def _arrest(self, seat: int, card: int) -> list[Event]:
        quiet = self.quiet
        correct = card == self.cases[seat]
        self.arrests.append((seat, card, correct))
        if not correct:
            self.wrong[seat] += 1
            # The arrest leaves the seat's open ones: it stood after every open lower card.
            before = self.refuted[seat]
            after = self.refuted[seat] = before | 1 << card
            mask, open_ = self.arrestable[seat]
            if mask == before:
                at = (~before & ((1 << card) - 1)).bit_count()
                self.arrestable[seat] = (after, open_[:at] + open_[at + 1:])
            events = [] if quiet else [self._arrest_event(seat, card, correct, "wrong.")]
            if self.options["experienced"] and self.wrong[seat] >= 2:
                events += self._eliminate(seat)
            return events
        self.solved[seat].append(card)
        self.cases[seat] = NO_CASE
        self.from_pile[seat] = False
        events = [] if quiet else [self._arrest_event(seat, card, correct, "solved!")]
        who = "" if quiet else seat_label(seat)
        self.discard.extend(c for c, _ in self.clues[seat])
        self.clues[seat] = []
        self.refuted[seat] = 0
        self.arrestable[seat] = (0, self.deck.arrests)
        if len(self.solved[seat]) >= int(self.options["cases_to_win"]):
            self._finish([seat])
            if quiet:
                return events
            return [*events, Event("win", f"{who} has solved enough cases and wins.")]
        if not self.pile:
            self._reshuffle()
        # Public knowledge of where the new card came from (spectators' resampling uses it).
        origin = self._pile_bits() if self.pile_known else self._unknown_mask()
        drawn = self._draw()
        if drawn is None:
            # Decision: no unseen card is left to become a case, so the game ends here.
            best = max(len(s) for s in self.solved)
            self._finish([s for s in range(self.players) if len(self.solved[s]) == best])
            if quiet:
                return events
            return [*events, Event("end", "No card is left for a new case: the game ends.")]
        new = self.cases[seat] = drawn
        self.origin[seat] = origin
        # Decision: a case dealt from a public pile is one of its listed cards to everyone
        # who cannot see it; views mix it back into the pile (see ``view``).
        self.from_pile[seat] = self.pile_known
        if quiet:
            return events
        others = frozenset(s for s in range(self.players) if s != seat)
        return [
            *events,
            Event("new-case", f"{who} takes a new case card, unseen by {who}.",
                  data={"seat": seat}),
            Event(
                "new-case-shown",
                f"{who}'s new case is {self.deck.label(new)}.",
                to=others,
                data={"seat": seat, "card": new + 1},
            ),
        ]

    def _arrest_event(self, seat: int, card: int, correct: bool, answer: str) -> Event:
        """The public arrest and its answer, "wrong." or "solved!"."""
        return Event("arrest", f"{seat_label(seat)} arrests {self.deck.label(card)}: {answer}",
                     data={"seat": seat, "card": card + 1, "correct": correct})

    def _eliminate(self, seat: int) -> list[Event]:
        """Experienced variant: a second wrong arrest puts the detective out."""
        case = self.cases[seat]
        self.out[seat] = True
        self.cases[seat] = NO_CASE
        self.from_pile[seat] = False
        # Decision: the case card is shown to all and, with the clue cards, discarded.
        self.discard.append(case)
        self.discard.extend(c for c, _ in self.clues[seat])
        self.clues[seat] = []
        self.refuted[seat] = 0
        self.arrestable[seat] = (0, self.deck.arrests)
        left = [s for s in range(self.players) if not self.out[s]]
        if not left:
            self._finish([])
        elif len(left) == 1 and self.players > 1:
            # Decision: the last detective still in the game wins at once.
            self._finish(left)
        if self.quiet:
            return []
        who = seat_label(seat)
        events = [
            Event(
                "out",
                f"{who} made a second wrong arrest and is out; their case was "
                f"{self.deck.label(case)}.",
                data={"seat": seat, "card": case + 1},
            )
        ]
        if not left:
            events.append(Event("end", "Every detective is out: nobody wins."))
        elif len(left) == 1 and self.players > 1:
            events.append(Event("win", f"{seat_label(left[0])} is the last detective and wins."))
        return events

    def _draw(self) -> int | None:
        """Top card of the pile; an empty pile is first refilled from the shuffled discards."""
        if not self.pile:
            self._reshuffle()
            if not self.pile:
                return None
        card = self.pile.pop()
        self.pile_mask &= ~(1 << card)  # (the guard's count sees a pile edited by hand)
        return card

    def _pile_bits(self) -> int:
        """The pile's cards as a mask: ``pile_mask``, worked out again unless it is for
        this very list and counts as many cards (the order never matters to a mask)."""
        pile, mask = self.pile, self.pile_mask
        if self.pile_for is not pile or mask.bit_count() != len(pile):
            mask = self.pile_mask = mask_of(pile)
            self.pile_for = pile
        return mask

    def _reshuffle(self) -> None:
        """Decision: the discards, seen by all, become the new face-down pile."""
        if self.discard:
            self.pile = sorted(self.discard)
            self.discard = []
            self.rng.shuffle(self.pile)
            self.pile_known = True
            self.rebuilt.append(len(self.pile))
            # A case dealt from the old pile is none of the new pile's cards: to the seat
            # that holds it, it is now the one card it has not seen.
            self.from_pile = [False] * self.players

    def _refill(self) -> list[Event]:
        events: list[Event] = []
        middle = self.middle
        if self.over:
            return events
        for slot in range(MIDDLE):
            if middle[slot] == NO_CASE:
                card = self._draw()
                if card is None:
                    break
                middle[slot] = card
                if self.quiet:
                    continue
                events.append(
                    Event(
                        "refill",
                        f"{self.deck.label(card)} is turned face up in the middle.",
                        data={"slot": slot, "card": card + 1},
                    )
                )
        return events

    def _advance(self) -> None:
        for step in range(1, self.players + 1):
            seat = (self.to_move + step) % self.players
            if not self.out[seat]:
                self.to_move = seat
                return

    def _fits(self, seat: int) -> int:
        """Cards that agree with every count and wrong arrest of ``seat``'s current case."""
        return consistent(self.deck, self.clues[seat], self.refuted[seat])

    def candidates(self, seat: int) -> int:
        """Mask of the cards ``seat``'s own case may be, from what ``seat`` knows: unseen by
        it (its case, and the pile while face down), agreeing with its counts and wrong
        arrests, and among the cards its case was drawn from; once the game is over, the
        case alone (it is shown). 0 when it has no case."""
        own = self.cases[seat]
        if own == NO_CASE:
            return 0
        if self.over:  # every case is shown at the end (decision 11)
            return 1 << own
        unseen = 1 << own | (self._pile_bits() if self._pile_hides(seat) else 0)
        return unseen & self.origin[seat] & self._fits(seat)

    def _pile_hides(self, seat: int) -> bool:
        """Whether ``seat``'s own case may be any card of the pile, as far as it knows.

        So while the pile is face down and unknown; once it is public (rebuilt from the
        discards), only if the case was dealt from it: the seat then knows the pile and its
        case together, never which card is which.
        """
        return not self.pile_known or self.from_pile[seat]

    def _mixed_into_pile(self, seat: int | None) -> list[int]:
        """The seats whose case ``seat``'s view must list among the public pile's cards.

        A case dealt from the public pile is hidden from its holder and from spectators;
        to them it is one card of the pile's known contents. Every other seat sees it.
        """
        if not self.pile_known or self.over:  # (at the end every case is shown)
            return []
        if seat is None:
            return [s for s in range(self.players) if self.from_pile[s]]
        return [seat] if self.from_pile[seat] else []

    def _unknown_mask(self) -> int:
        """Cards nobody at the table can see: the current cases and an unknown pile."""
        mask = mask_of(c for c in self.cases if c != NO_CASE)
        return mask | (0 if self.pile_known else self._pile_bits())

    # ----- hidden information ------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        mixed = self._mixed_into_pile(seat)
        return {
            "game": "gangster-city",
            "mode": "table",
            "seat": seat,
            "players": self.players,
            "to_move": self.current_player,
            "turn": self.turn,
            "terminal": self.over,
            "winners": list(self.won),
            "cases_to_win": self.options["cases_to_win"],
            "experienced": self.options["experienced"],
            # The card numbering in use is public: a client needs it to read card numbers.
            "components": self.options["components"],
            "stands": self._stands(seat, False),
            "middle": [None if c == NO_CASE else c + 1 for c in self.middle],
            "pile": self._pile_view(mixed),
            "discard": [c + 1 for c in self.discard],
            "arrests": [[s, c + 1, ok] for s, c, ok in self.arrests],
        }

    def brief_view(self, seat: int) -> dict[str, Any]:
        """The view less what the detective never reads: the public log of arrests (it
        grows all game), where each case was dealt from, the turn, the winners and the
        seat count. The search's playout and model detectives decide from it at every
        step; every key kept holds what :meth:`view` holds there (``is_part``)."""
        return {
            "mode": "table",
            "seat": seat,
            "cases_to_win": self.options["cases_to_win"],
            "experienced": self.options["experienced"],
            "components": self.options["components"],
            "stands": self._stands(seat, True),
            "middle": [None if c == NO_CASE else c + 1 for c in self.middle],
            "pile": self._pile_view(self._mixed_into_pile(seat)),
            "discard": [c + 1 for c in self.discard],
        }

    def _stands(self, seat: int | None, brief: bool) -> list[dict[str, Any]]:
        """Each seat's stand as ``seat`` sees it; ``brief``: without ``case_from``."""
        stands = []
        over, cases, clues, origin = self.over, self.cases, self.clues, self.origin
        solved, refuted = self.solved, self.refuted
        for s in range(self.players):
            case = cases[s]
            # Decision: once the game is over every case on a stand is shown to all.
            hidden = not over and (s == seat or seat is None)
            # (An empty list or mask, most of them, without a comprehension's call: the
            # search's detectives read a brief view at every step of their playouts.)
            told, done, wrong = clues[s], solved[s], refuted[s]
            stand = {
                "case": None if case == NO_CASE or hidden else case + 1,
                "clues": [[c + 1, k] for c, k in told] if told else [],
                "solved": [c + 1 for c in done] if done else [],
                "refuted": numbers_in(wrong) if wrong else [],
                "wrong_arrests": self.wrong[s],
                "out": self.out[s],
            }
            if not brief:
                stand["case_from"] = None if origin[s] == ALL else numbers_in(origin[s])
            stands.append(stand)
        return stands

    def _pile_view(self, mixed: list[int]) -> dict[str, Any]:
        """Once public, the pile's cards, with the unseen case of each seat named in
        ``with_cases_of`` mixed in (dealt from this pile: which card is which is hidden).
        ``size`` is the pile alone."""
        return {
            "size": len(self.pile),
            "cards": sorted(c + 1 for c in self.pile + [self.cases[s] for s in mixed])
            if self.pile_known
            else None,
            "with_cases_of": mixed,
        }

    def _redraw(self, new: State, seat: int | None, rng: Rng) -> None:
        """Redraw the cases ``seat`` cannot see and the pile order, from its knowledge only.

        A hidden case is drawn from the cards it may be, given what ``seat`` saw: with the
        pile's cards when the pile hides it (a face-down unknown pile, or a public pile it
        was dealt from), otherwise among the other hidden cases that are not in the pile
        (a spectator's view of cases dealt before the pile was rebuilt). Within that, a case
        agrees with every count and wrong arrest of its holder and with where it was dealt
        from (``origin``); every such card is equally likely given all the seat has seen.
        Several hidden cases (spectators see none) are drawn jointly, distinct, by
        rejection. The pile is what is left of its pool, shuffled. Once the game is over
        every case is shown, so only the pile's order is drawn.
        """
        assert isinstance(new, TableState)
        hidden = [
            s
            for s in range(self.players)
            if self.cases[s] != NO_CASE and (seat is None or s == seat) and not self.over
        ]
        with_pile = [not self.pile_known or self.from_pile[s] for s in hidden]
        pile_pool = self._pile_bits() | mask_of(
            self.cases[s] for s, w in zip(hidden, with_pile, strict=True) if w
        )
        apart = mask_of(self.cases[s] for s, w in zip(hidden, with_pile, strict=True) if not w)
        options = [
            card_list((pile_pool if w else apart) & self.origin[s] & self._fits(s))
            for s, w in zip(hidden, with_pile, strict=True)
        ]
        while True:
            picks = [rng.choice(o) for o in options]
            if len(set(picks)) == len(picks):
                break
        for s, card in zip(hidden, picks, strict=True):
            new.cases[s] = card
        new.pile_mask = pile_pool & ~mask_of(picks)
        new.pile = new.pile_for = card_list(new.pile_mask)
        rng.shuffle(new.pile)  # (in place: the mask still holds)

    # ----- copying and storage -----------------------------------------------------------

    def clone(self) -> TableState:
        new = TableState.__new__(TableState)
        self._copy_base_into(new)
        new.deck = self.deck
        new.cases = self.cases.copy()
        new.origin = self.origin.copy()
        new.pile_mask = self._pile_bits()
        new.pile = new.pile_for = self.pile.copy()
        new.pile_known = self.pile_known
        new.rebuilt = []  # empty between moves: what a move rebuilt is in its events
        new.from_pile = self.from_pile.copy()
        new.middle = self.middle.copy()
        new.discard = self.discard.copy()
        new.clues = [c.copy() for c in self.clues]
        new.solved = [s.copy() for s in self.solved]
        new.wrong = self.wrong.copy()
        new.refuted = self.refuted.copy()
        new.arrestable = self.arrestable.copy()
        new.out = self.out.copy()
        new.arrests = self.arrests.copy()
        new.turn = self.turn
        return new

    def _body_to_json(self) -> dict[str, Any]:
        return body_of(self)

    @classmethod
    def from_body(
        cls, players: int, seed: int | None, options: dict[str, OptionValue], deck: Deck,
        body: dict[str, Any],
    ) -> TableState:
        """Rebuild from :meth:`_body_to_json`, checking that all 54 cards are accounted for."""
        state = cls(players, seed, options, Rng(0))
        fill(state, players, deck, body)
        return state

    def locations(self) -> list[int]:
        """Every card in play, from every place (54 entries when nothing is lost)."""
        cards = [c for c in self.cases if c != NO_CASE]
        cards += [c for c in self.middle if c != NO_CASE]
        cards += self.pile + self.discard
        for s in range(self.players):
            cards += [c for c, _ in self.clues[s]]
            cards += self.solved[s]
        return cards

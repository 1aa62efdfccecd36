"""Solo and co-operative play: one generated unsolved case, solved by arrests alone.

As in the rulebook's solo rules, the clues of the case are the only evidence: there is
nothing to investigate. Detectives (one, or several taking turns) make arrests until one is
right; all of them win together. With the experienced option, as in the rulebook's variant
("Whoever makes a second error when making an arrest is out of the game"), each detective
may err once: a detective's second wrong arrest puts that detective out, its turns are
skipped, and the team loses the case when every detective is out. A wrong arrest cannot be
repeated, by anyone.
"""

from __future__ import annotations

from typing import Any

from gangland.engine import Action, Event, OptionValue, Rng, State, seat_label
from gangland.engine.errors import RecordError

from .cards import NCARDS, Deck, cards_in
from .cases import Case, generate
from .knowledge import consistent
from .moves import arrest_card, arrested


class CaseState(State):
    """A generated case being solved; the solution card is the only hidden fact."""

    __slots__ = (
        "arrests", "case", "deck", "lost", "refuted", "solved", "to_move", "turn", "wrong",
    )

    deck: Deck
    case: Case
    refuted: int
    arrests: list[tuple[int, int]]
    wrong: list[int]  # wrong arrests per detective
    to_move: int
    turn: int
    solved: bool
    lost: bool

    @classmethod
    def open_case(
        cls, players: int, seed: int, options: dict[str, OptionValue], deck: Deck
    ) -> CaseState:
        """Generate the case from the seed (the same seed always gives the same case)."""
        rng = Rng.for_seed(seed)
        state = cls(players, seed, options, rng)
        state.deck = deck
        state.case = generate(rng, str(options["case"]), deck)
        state.refuted = 0
        state.arrests = []
        state.wrong = [0] * players
        state.to_move = 0
        state.turn = 0
        state.solved = False
        state.lost = False
        return state

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.solved or self.lost

    def scores(self) -> list[float]:
        return [1.0 if self.solved else 0.0] * self.players

    def winners(self) -> list[int]:
        return list(range(self.players)) if self.solved else []

    def returns(self) -> list[float]:
        """Co-operative: everyone +1 on a solve, -1 on a loss (0 before the end)."""
        value = 1.0 if self.solved else -1.0 if self.lost else 0.0
        return [value] * self.players

    def _legal(self) -> list[Action]:
        arrests = self.deck.arrests
        return [arrests[c] for c in range(NCARDS) if not self.refuted >> c & 1]

    def _is_legal(self, action: Action) -> bool:
        card = arrested(self.deck, action)  # None for anything but a well-formed arrest
        return card is not None and not self.refuted >> card & 1

    def _why_illegal(self, action: Action) -> str:
        if action.kind != "arrest":
            return "a solo case is solved by arrests alone; its clues are all the evidence"
        return "that arrest was already answered 'wrong' for this case"

    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_move
        card = arrest_card(self.deck, action)
        correct = card == self.case.solution
        self.arrests.append((seat, card))
        self.turn += 1
        data = {"seat": seat, "card": card + 1, "correct": correct}
        who = seat_label(seat)
        if correct:
            self.solved = True
            return [Event("arrest", f"{who} arrests {self.deck.label(card)}: solved!", data=data)]
        self.refuted |= 1 << card
        self.wrong[seat] += 1
        events = [Event("arrest", f"{who} arrests {self.deck.label(card)}: wrong.", data=data)]
        if self._out(seat):
            events.append(Event("out", f"{who} made a second wrong arrest and is out.",
                                data={"seat": seat}))
        left = [s for s in range(self.players) if not self._out(s)]
        if not left:
            self.lost = True
            events.append(Event("end", "Every detective is out: the case is lost."))
            return events
        # Decision: the next detective still in the case arrests next (out ones are skipped).
        self.to_move = next(s for s in [*range(seat + 1, self.players), *range(seat + 1)]
                            if not self._out(s))
        return events

    def _out(self, seat: int) -> bool:
        """Experienced variant: a detective's second wrong arrest puts it out."""
        return bool(self.options["experienced"]) and self.wrong[seat] >= 2

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "gangster-city",
            "mode": "case",
            "seat": seat,
            "players": self.players,
            "to_move": self.current_player,
            "turn": self.turn,
            "terminal": self.is_terminal,
            "winners": self.winners(),
            "difficulty": self.case.difficulty,
            "experienced": self.options["experienced"],
            # The card numbering in use is public: a client needs it to read card numbers.
            "components": self.options["components"],
            "clues": [[c + 1, k] for c, k in self.case.clues],
            "arrests": [[s, c + 1, c == self.case.solution] for s, c in self.arrests],
            "wrong_arrests": self.wrong.copy(),
            "out": [self._out(s) for s in range(self.players)],
            "solution": self.case.solution + 1 if self.is_terminal else None,
        }

    def _redraw(self, new: State, seat: int | None, rng: Rng) -> None:
        """The solution drawn from the cards that fit every clue and wrong arrest."""
        assert isinstance(new, CaseState)
        if not self.is_terminal:
            fits = list(cards_in(consistent(self.deck, self.case.clues, self.refuted)))
            solution = rng.choice(fits)
            new.case = Case(solution, self.case.clues, self.case.difficulty)

    def clone(self) -> CaseState:
        new = CaseState.__new__(CaseState)
        self._copy_base_into(new)
        new.deck = self.deck
        new.case = self.case
        new.refuted = self.refuted
        new.arrests = self.arrests.copy()
        new.wrong = self.wrong.copy()
        new.to_move = self.to_move
        new.turn = self.turn
        new.solved = self.solved
        new.lost = self.lost
        return new

    def _body_to_json(self) -> dict[str, Any]:
        return {
            "solution": self.case.solution,
            "clues": [list(c) for c in self.case.clues],
            "difficulty": self.case.difficulty,
            "refuted": format(self.refuted, "x"),
            "arrests": [list(a) for a in self.arrests],
            "wrong": self.wrong.copy(),
            "to_move": self.to_move,
            "turn": self.turn,
            "solved": self.solved,
            "lost": self.lost,
        }

    @classmethod
    def from_body(
        cls, players: int, seed: int | None, options: dict[str, OptionValue], deck: Deck,
        body: dict[str, Any],
    ) -> CaseState:
        """Rebuild from :meth:`_body_to_json`."""
        state = cls(players, seed, options, Rng(0))
        state.deck = deck
        clues = tuple((int(c), int(k)) for c, k in body["clues"])
        state.case = Case(int(body["solution"]), clues, str(body["difficulty"]))
        state.refuted = int(body["refuted"], 16)
        state.arrests = [(int(s), int(c)) for s, c in body["arrests"]]
        if "wrong" in body:
            state.wrong = [int(w) for w in body["wrong"]]
        else:  # a snapshot from before the field: count each detective's wrong arrests
            state.wrong = [0] * players
            for s, c in state.arrests:
                state.wrong[s] += c != state.case.solution
        if len(state.wrong) != players:
            raise RecordError("gangster-city snapshot: per-seat lists do not match players")
        state.to_move = int(body["to_move"])
        state.turn = int(body["turn"])
        state.solved = bool(body["solved"])
        state.lost = bool(body["lost"])
        return state

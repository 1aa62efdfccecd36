"""Gangster City (Henrik Larsson and Kristian Amundsen Østby, HUCH! 2018).

Deduction where everyone sees every case but their own. Two modes share one game id: the
table game (option ``case`` empty) and a generated unsolved case for solo or co-operative
play (``case=easy|medium|hard``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from gangland.engine import (
    Ending,
    Option,
    OptionError,
    OptionValue,
    PrintedGame,
    Score,
    State,
    register,
)
from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder

from . import tensor
from .cards import Deck, deck_from, default_deck
from .cases import DIFFICULTIES
from .decisions import VERB_RULES
from .moves import GRAMMAR
from .rules import TableState
from .solo import CaseState

RULES = """\
Every detective has a case card on a stand, facing the others: you see everyone's case but
your own. A card shows a suspect (entertainer, scientist, thug), a weapon (revolver, knife,
syringe), a scene (theater, street, hotel room) and a motive (money, love); each of the 54
combinations exists once, so your case is never a card you can see.

On your turn do one thing:
  investigate N   take face-up card N from the middle (it is refilled from the pile), or
  draw            turn over the top card of the pile.
      The table tells you how many of its four elements match your case; the card stays in
      front of you with that number, for all to see.
  arrest S W P M  name all four elements of your case. You hear only "right" or "wrong".
      Right: you keep the case, your clue cards are discarded, and you get a new case card
      you cannot see. Wrong: nothing else happens (you may not repeat that arrest).

The first to solve two cases wins (option cases_to_win). With experienced=true a second
wrong arrest puts you out. When the pile runs out, the discards are shuffled into a new
pile. Solo or together: case=easy|medium|hard deals a generated case with clues that fit
exactly one card; there is nothing to investigate, only to deduce and arrest (with
experienced=true each detective may err once; the case is lost when all are out).
"""


class GangsterCity(PrintedGame[Deck]):
    """The declaration of Gangster City."""

    id: ClassVar[str] = "gangster-city"
    title: ClassVar[str] = "Gangster City"
    designers: ClassVar[str] = "Henrik Larsson and Kristian Amundsen Østby (HUCH! 2018)"
    summary: ClassVar[str] = RULES
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 6
    grammar = GRAMMAR
    #: The rule of each decision, shown at the table next to it (``decisions.py``).
    verb_rules: ClassVar[Mapping[str, str]] = VERB_RULES
    #: The true passes, which the web table may play for a person (:attr:`Game.passes`):
    #: none: every move investigates, draws a card or arrests, so nothing is played for a
    #: person.
    passes: ClassVar[frozenset[str]] = frozenset()
    options: ClassVar[tuple[Option, ...]] = (
        Option("cases_to_win", int, 2, "cases a detective must solve to win", low=1, high=10),
        Option("experienced", bool, False, "a second wrong arrest puts a detective out"),
        Option("case", str, "", "play one generated case, solo or together",
               choices=("", *DIFFICULTIES)),
        Option("components", str, "", "a components file with your printed card numbers",
               path=True),
    )

    #: How a game ends, told by its last move's events (the conformance suite's check).
    #: A lost generated case also begins "Every detective is out", so it comes first.
    #: What the scores measure (:attr:`Game.score`).
    score: ClassVar[Score] = Score("cases solved")
    #: New cases and refilled cards come from the pile shuffled at the start.
    chance_events: ClassVar[frozenset[str]] = frozenset({"new-case", "refill"})
    endings: ClassVar[tuple[Ending, ...]] = (
        Ending("cases solved", "win", "solved enough cases", "one"),
        Ending("last detective", "win", "last detective", "one"),
        Ending("generated case lost", "end", "case is lost", "none"),
        Ending("every detective out", "end", "Every detective is out", "none"),
        Ending("no card left", "end", "No card is left", "any"),
        Ending("generated case solved", "arrest", "solved!", "any"),
    )
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        {},
        {"experienced": True},
        {"cases_to_win": 1},
        {"case": "easy"},
        {"case": "hard", "experienced": True},
    )

    def deck(self, options: Mapping[str, OptionValue]) -> Deck:
        """The deck the options ask for (the shipped numbering unless a file is given)."""
        return self.components(options)

    def _load_components(self, path: str) -> Deck:
        return deck_from(path) if path else default_deck()

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        super().check_options(players, options)
        if options["case"] and options["cases_to_win"] != 2:
            raise OptionError("cases_to_win does not apply to a generated case")

    def _start(self, players: int, seed: int, options: dict[str, OptionValue],
               components: Deck) -> State:
        if options["case"]:
            return CaseState.open_case(players, seed, options, components)
        return TableState.deal(players, seed, options, components)

    def _rebuild(self, players: int, seed: int | None, options: dict[str, OptionValue],
                 components: Deck, body: JSON) -> State:
        cls = CaseState if options["case"] else TableState
        return cls.from_body(players, seed, options, components, body)

    def _encode_observation(self, enc: Encoder, view: JSON, players: int,
                            options: Mapping[str, OptionValue]) -> None:
        tensor.encode(enc, view, players, options)

    def move_bound(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Arrests never repeat within a case, and clue areas empty only on a solve or out.

        At most ``C = n(k-1)+1`` correct arrests; at most ``n + C`` cases held, each with at
        most 53 wrong arrests; between two emptyings of clue areas at most 54 investigations.
        """
        if options.get("case"):
            return 54
        k = int(options.get("cases_to_win", 2))
        solves = players * (k - 1) + 1
        return 54 * (solves + players + 1) + 53 * (players + solves) + solves


GAME = register(GangsterCity())
TableState.game = CaseState.game = GAME

__all__ = ["GAME", "CaseState", "GangsterCity", "TableState"]

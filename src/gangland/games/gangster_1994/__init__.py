"""Gangster (Martin Tremblay, Éditions Gladius, Québec, c. 1994): the roll-and-move money game.

Roll one die round a loop of spaces, rob shops and banks, run missions, bet on horses, buy
and sell pearls and diamonds of secret value, and pay the Godfather his share; the first to
hold the district's price may make the purchase offer, and the richest at the end wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from gangland.engine import Ending, Option, OptionValue, PrintedGame, Score, State, register
from gangland.engine.actionindex import ActionIndex
from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder

from . import tensor
from .actionindex import build_index
from .components import Components, components_from
from .decisions import VERB_RULES
from .moves import GRAMMAR
from .rules import Gangster1994State

RULES = """\
Everyone starts on the Refuge with $3,000. On your turn roll one die and move clockwise;
each time you pass the Refuge you collect $100 per man in your service (yourself counted),
$500 more if you stop on it. Then play the space (on a double space, choose a half first):

  aventure     take an Aventure card: plain ones act at once, starred ones are kept secret
               and opened at the start of a later turn (play N). Two a turn at most.
  collecte     the Godfather's cut: $100 from $1,000 to $5,000 cash, $500 up to $10,000,
               above that a Collecte card (a Protection card may be returned instead).
  course       two race tickets for you, one for each other player in turn; when the last
               ticket is out, two dice name the winning horse and its ticket pays.
  echange      swap one of your pearls (or diamonds) for one of a rival's, taken at random.
  enchere      a pearl or a diamond is auctioned: from $300, raises of $100 or more, in
               seat order from you; passing drops you out; nobody bids above their cash.
  expert       sell a pearl and/or a diamond at its value, for all to see.
  mission      take a Mission card, or carry out a starred one you hold with enough men.
  passage      three dice: 3-7 a collection, 8-12 an Aventure card, 13-18 a secret passage
               to any free space but the Refuge (going round through the Refuge pays
               nothing, but after your purchase offer it is your last space).
  protection   buy a Protection card for $500.
  recrutement  take a Recruitment card: one to three men.
  vendeur      buy an unseen pearl or diamond for $500.
  vol          a die picks a shop (1-4) or a bank (5-6); rob it or walk away. Caught: a
               fine, or a Dossier card if you cannot pay it (a starred alibi card, if
               you hold one, is used instead). A third Dossier is prison.

With the target sum in cash you may make the purchase offer on your turn; the game ends
when you are next back at (or past) the Refuge and have played that space (an exact
landing pays $500 only). Final assets: cash, plus half your unsold items' value rounded up
to the next $100, less $2,500 per Dossier, never below $0. The most money wins; ties: the
most men.
"""


class Gangster1994(PrintedGame[Components]):
    """The declaration of Gangster (1994)."""

    id: ClassVar[str] = "gangster-1994"
    title: ClassVar[str] = "Gangster (1994)"
    designers: ClassVar[str] = "Martin Tremblay (Éditions Gladius, c. 1994)"
    summary: ClassVar[str] = RULES
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    grammar = GRAMMAR
    #: The rule of each decision, shown at the table next to it (``decisions.py``).
    verb_rules: ClassVar[Mapping[str, str]] = VERB_RULES
    #: The true passes, which the web table may play for a person (:attr:`Game.passes`):
    #: walking away from an offer, a theft, an exchange or an auction (``pass``) and
    #: selling nothing more to the Expert (``done``); never a roll, a draw or an auction lot.
    passes: ClassVar[frozenset[str]] = frozenset({"pass", "done"})
    options: ClassVar[tuple[Option, ...]] = (
        Option("short", bool, False, "the short game: the target sum is $10,000 lower"),
        Option("turn_limit", int, 600,
               "safety rule: after this many turns the final count decides", low=4,
               high=100_000),
        Option("components", str, "", "a components file with your printed board and cards",
               path=True),
    )
    #: How a game ends, told by its last move's events (the conformance suite's check).
    #: What the scores measure (:attr:`Game.score`).
    score: ClassVar[Score] = Score("assets", "$")
    endings: ClassVar[tuple[Ending, ...]] = (
        Ending("purchase offer complete", "end", "purchase offer is complete", "one"),
        Ending("last player free", "end", "last player free", "one"),
        Ending("turn limit", "end", "turn limit is reached", "any"),
    )
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        {"turn_limit": 60},
        {"short": True, "turn_limit": 30},
    )

    def _load_components(self, path: str) -> Components:
        return components_from(path)

    def _start(self, players: int, seed: int, options: dict[str, OptionValue],
               components: Components) -> State:
        return Gangster1994State.new(players, seed, options, components)

    def _rebuild(self, players: int, seed: int | None, options: dict[str, OptionValue],
                 components: Components, body: JSON) -> State:
        return Gangster1994State.from_body(players, seed, options, components, body)

    def _encode_observation(self, enc: Encoder, view: JSON, players: int,
                            options: Mapping[str, OptionValue]) -> None:
        tensor.encode(enc, view, players, options, self.components(options))

    def build_action_index(self, players: int,
                           options: Mapping[str, OptionValue]) -> ActionIndex:
        """The grammar's index with seats and amounts narrowed (``actionindex.py``)."""
        return build_index(players)

    def move_bound(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Turns are capped by ``turn_limit``. A turn holds at most: the offer, 24 starred
        cards opened, the roll, two choices of a double space, four decisions of spaces
        (an Aventure card moving the pawn twice), and an auction: each bid raises by $100
        or more and never exceeds the richest cash, which grows by at most ``gain`` a
        turn."""
        comps = self.components(options)
        turns = int(options.get("turn_limit", 600)) + 1
        gain = max(comps.b) + max(comps.a) * 2 + 10_000 + comps.refuge_per_man * 120
        richest = comps.start_cash + turns * gain * players
        per_turn = 1 + 24 + 1 + 6 + 4 + richest // 100 + players + 2
        return turns * per_turn


GAME = register(Gangster1994())
Gangster1994State.game = GAME

__all__ = ["GAME", "Gangster1994", "Gangster1994State"]

"""Gangster (Thorsten Gimmler, Amigo 2007; Mayfair 2008): the district-majority game.

Cars drive across Chicago dropping off and picking up gangsters; on three Days of
Reckoning the majorities in each district score. Everything is public except the order of
the face-down piles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from gangland.engine import Ending, Option, OptionValue, PrintedGame, Rng, Score, State, register
from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder

from . import tensor
from .board import Board, board_from
from .decisions import VERB_RULES
from .moves import GRAMMAR
from .reckoning import ROUNDS
from .rules import GangsterState
from .view import state_from_body

RULES = """\
Each colour has a car, a tableau of gangsters riding in it, a trunk with room for one
other colour's gangster, and movement cards 1, 2 and 3. On your turn do one thing:

  drive CARD, then to DISTRICT
      Turn a face-up movement card down and drive exactly that many roads, never straight
      back along the road you just used. Once all three cards are down they turn up again
      at the end of the turn and a district card is drawn: a doubler goes onto that
      district (a police card does nothing).
  unload COLOUR
      Put one gangster onto the next space of the tile where your car stands: your own
      colour from the car, another colour from the trunk.
  load SPACE
      Take the gangster on that space (its rank) into the car if it is yours, else into
      the trunk if there is room.

Spaces fill in reading order; a gangster taken away leaves a gap, unless no gangster
follows it (the next one then goes right after the last gangster left, on the first space
of an emptied tile). Gaps are filled, first to last, only once the last space of the tile
has been used. Stopping at the Gold Coast you may leave the trunk's gangsters at the Sicilian
Breakfast (breakfast or keep-trunk) and must take a harbour tile you do not hold (take
KIND); a tableau holds two tiles and a third pushes the oldest into the box.
Equipment: bodyguard (nobody else loads your gangsters where your car stands), trunk (two
spaces), motor (one road more if you like), bumper (after driving, push a car standing
where you stop one road on: bump COLOUR to DISTRICT or no-bump), tommy-gun (load another
colour's gangster from a neighbouring district: tommy-gun DISTRICT SPACE; not at the Gold
Coast), door (unload a second gangster of your own, or done).

When the eighth doubler is placed the round ends. The player who triggered it draws a
casino card, worth every '?' on the tiles this time. Each district pays its values in
order: most gangsters first, ties to the colour with the gangster furthest down and right,
one value per colour, doubled under a doubler. Three rounds; the most influence wins.
Two players play two colours each and choose one every turn (play COLOUR); with three,
Cicero is not used. A round also ends after turn_limit turns per colour (a safety rule).
"""


class Gangster(PrintedGame[Board]):
    """The declaration of Gangster."""

    id: ClassVar[str] = "gangster"
    title: ClassVar[str] = "Gangster"
    designers: ClassVar[str] = "Thorsten Gimmler (Amigo 2007; Mayfair 2008)"
    summary: ClassVar[str] = RULES
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    grammar = GRAMMAR
    #: The rule of each decision, shown at the table next to it (``decisions.py``).
    verb_rules: ClassVar[Mapping[str, str]] = VERB_RULES
    #: The true passes, which the web table may play for a person (:attr:`Game.passes`):
    #: leaving the cars standing here alone (``no-bump``) and unloading no second gangster
    #: with the Door (``done``); never a drive, a load or a pick of loot.
    passes: ClassVar[frozenset[str]] = frozenset({"no-bump", "done"})
    options: ClassVar[tuple[Option, ...]] = (
        Option("turn_limit", int, 60,
               "safety rule: a round also ends after this many turns per colour",
               low=5, high=1000),
        Option("components", str, "", "a components file with your printed board and tiles",
               path=True),
    )
    #: How a game ends, told by its last move's events (the conformance suite's check).
    #: What the scores measure (:attr:`Game.score`).
    score: ClassVar[Score] = Score("influence")
    #: A district card turned up comes from the pile shuffled at the start.
    chance_events: ClassVar[frozenset[str]] = frozenset({"district-card"})
    endings: ClassVar[tuple[Ending, ...]] = (
        Ending("most influence", "end", "influence", "one"),
        Ending("most influence, tied", "end", "influence", "tie"),
    )
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        {},
        {"turn_limit": 6},
    )

    #: Decisions in one turn at most: drive, to, bump, breakfast, take (and play, 2 players).
    MAX_DECISIONS = 5

    def _load_components(self, path: str) -> Board:
        return board_from(path)

    def _start(self, players: int, seed: int, options: dict[str, OptionValue],
               components: Board) -> State:
        return GangsterState.new(players, seed, options, components)

    def _rebuild(self, players: int, seed: int | None, options: dict[str, OptionValue],
                 components: Board, body: JSON) -> State:
        return state_from_body(GangsterState(players, seed, options, Rng(0)), components, body)

    def _encode_observation(self, enc: Encoder, view: JSON, players: int,
                            options: Mapping[str, OptionValue]) -> None:
        tensor.encode(enc, view, players, self.components(options))

    def move_bound(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Rounds x turns per round (the safety limit) x decisions per turn.

        A round ends at the latest after ``turn_limit`` turns per colour; a turn is at most
        five decisions (drive, to, bump, breakfast, take), six with two players (play).
        """
        colours = 4 if players == 2 else players
        per_turn = self.MAX_DECISIONS + (1 if players == 2 else 0)
        return ROUNDS * int(options.get("turn_limit", 60)) * colours * per_turn


GAME = register(Gangster())
GangsterState.game = GAME

__all__ = ["GAME", "Gangster", "GangsterState"]

"""Chicago Gangster (Stratelibri 2008), the Italian edition of Family Business (Mayfair 1982).

Gangs face the wall: contracts put mobsters on a hit list, gang wars execute them one or two
a turn from the front, rescues and counters save them. Hands and the draw pile are hidden;
everything on the table is public.
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
from .cards import EFFECTS, Components, components_from
from .decisions import VERB_RULES
from .moves import GRAMMAR
from .rules import ChicagoState

_CARDS = "\n".join(f"  {name:18} {text}" for name, text in EFFECTS.items())

RULES = f"""\
Each player has a gang of nine mobsters face up in front of them and a secret hand of five
action cards. The hit list stands against a wall: its first mobster is the one against the
wall, next to be executed.

On your turn draw until you hold five cards, then one more. Then either play one card for
its effect (play CARD, then target N and pick M as it asks), or discard one and forgo its
effect (discard CARD). Attack and rescue cards are played on your turn; counters only in
answer to a rival: after a contract, a Lam or a Vendetta every rival is asked in turn from
the player's left (counter CARD or pass). The first counter takes effect; its player draws
a card at once and takes the next turn, and play goes on from them.

A gang war starts with a Mob War card (normal speed), an Ambush or a Vendetta (double
speed), when six or more mobsters are on the list (normal speed), and when six or fewer
mobsters are alive (then it never stops). From the next turn on, each turn begins with the
first mobster on the list being executed (two at double speed). A war ends when a Truce is
played or a turn's executions leave the list empty (never once six or fewer are alive), so
Mob War and Ambush on an empty list do nothing and may only be discarded. When the draw pile
runs out, the discards are shuffled into a new one at once. A player with no mobster in play
or on the list is out and discards their hand at once. The last player with mobsters wins;
hands stay secret to the end.

The cards:
{_CARDS}
"""


class ChicagoGangster(PrintedGame[Components]):
    """The declaration of Chicago Gangster."""

    id: ClassVar[str] = "chicago-gangster"
    title: ClassVar[str] = "Chicago Gangster"
    designers: ClassVar[str] = "Stratelibri 2008; Family Business, Mayfair 1982"
    summary: ClassVar[str] = RULES
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    grammar = GRAMMAR
    #: The rule of each decision, shown at the table next to it (``decisions.py``).
    verb_rules: ClassVar[Mapping[str, str]] = VERB_RULES
    #: The true passes, which the web table may play for a person (:attr:`Game.passes`):
    #: letting a rival's card through (``pass``); never a play, a discard, a target or a pick.
    passes: ClassVar[frozenset[str]] = frozenset({"pass"})
    options: ClassVar[tuple[Option, ...]] = (
        Option("turn_limit", int, 400,
               "safety rule: after this many turns the largest gangs share the win",
               low=5, high=10_000),
        Option("components", str, "", "a components file with your printed gangs and deck",
               path=True),
    )
    #: How a game ends, told by its last move's events (the conformance suite's check).
    #: What the scores measure (:attr:`Game.score`).
    score: ClassVar[Score] = Score("living mobsters")
    #: Cards drawn come from a deck shuffled when it was made.
    chance_events: ClassVar[frozenset[str]] = frozenset({"draw", "drawn"})
    endings: ClassVar[tuple[Ending, ...]] = (
        Ending("last gang standing", "win", "last gang standing", "one"),
        Ending("last gangs fall together", "win", "fell in the same blow", "tie"),
        Ending("turn limit", "end", "turn limit is reached", "one"),
        Ending("turn limit, tied", "end", "turn limit is reached", "tie"),
    )
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        {},
        {"turn_limit": 12},
    )

    #: Decisions in one turn at most: play, target, five answers, and the longest series
    #: of picks (Intrigue reorders at most 53 listed mobsters with 52 picks).
    MAX_DECISIONS = 1 + 1 + 5 + 53

    def _load_components(self, path: str) -> Components:
        return components_from(path)

    def _start(self, players: int, seed: int, options: dict[str, OptionValue],
               components: Components) -> State:
        return ChicagoState.new(players, seed, options, components)

    def _rebuild(self, players: int, seed: int | None, options: dict[str, OptionValue],
                 components: Components, body: JSON) -> State:
        return ChicagoState.from_body(players, seed, options, components, body)

    def _encode_observation(self, enc: Encoder, view: JSON, players: int,
                            options: Mapping[str, OptionValue]) -> None:
        tensor.encode(enc, view, players, options, self.components(options))

    def build_action_index(self, players: int,
                           options: Mapping[str, OptionValue]) -> ActionIndex:
        """The grammar's index with seats and amounts narrowed (``actionindex.py``)."""
        return build_index(players)

    def move_bound(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Turns are capped by ``turn_limit``; a turn is at most ``MAX_DECISIONS``."""
        return (int(options.get("turn_limit", 400)) + 1) * self.MAX_DECISIONS


GAME = register(ChicagoGangster())
ChicagoState.game = GAME

__all__ = ["GAME", "ChicagoGangster", "ChicagoState"]

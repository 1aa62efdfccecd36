"""Gangsters (Don Greenwood, Avalon Hill 1992): two to four gangs fight over a city map.

Each gang buys joints (coloured buildings), recruits Racketeers, Thugs and a Vamp, and moves
them by exact dice counts along the streets, turning only at intersections and riding the
six subways; cops patrol, the public is lured into joints for payoffs, and shootouts settle
the rest. A gang wins with a Racketeer, a Thug and a Vamp plus a full set of one colour,
any ten joints, or $10,000.
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
    Standing,
    State,
    register,
)
from gangland.engine.actionindex import ActionIndex
from gangland.engine.state import JSON
from gangland.engine.tensor import Encoder

from . import tensor
from .actionindex import build_index
from .components import Components, components_from
from .decisions import VERB_RULES
from .moves import GRAMMAR
from .rules import GangstersState
from .standing import STANDING

RULES = """\
Setup: in turn order pick three joints (at most $1,100 together; the rest is paid in cash),
then write down a gang in secret ($2,100 plus that change: the n-th Racketeer or Thug costs
$100 x n, the Vamp $300) and where each piece starts (one of your joints).

A turn: buy the building your Racketeer stands in, or improve it (one level, for its price,
if you own that many joints of its colour); offer a trade; then roll the five dice. Blue:
bribe a cop ($100 x blue, a secret badge), move a cop by blue, or start a patrol at the
subway of the blue die. Then as many moves as half your Racketeer's strength (at least
one): move a piece by its die (green Racketeer, black Thug, red Vamp, white any public
piece) by exact count, facing forward, turning only at intersections, through your own
joints only; choose its side (criminal or citizen); or recruit instead (7 - blue gangsters
a turn at most, price x the piece's die). A Vamp ending with a rival Thug or Racketeer
seduces one level over to you.

Payoffs: your criminal Thug and Vamp extort $100 x their die in an unowned building; a
public piece in a joint pays its owner the joint's value x level x the piece. Shootouts:
hits you declared, cops on criminals, guards on intruders; a Racketeer hits on 6, a Thug
or cop on 5+, a guard (2 dice a level) on 4+. Public pieces with criminals go home.

Win at the end of your turn with a Racketeer, a Thug and a Vamp, and every joint of one
colour, or ten joints, or $10,000.
"""


class Gangsters(PrintedGame[Components]):
    """The declaration of Gangsters."""

    id: ClassVar[str] = "gangsters"
    title: ClassVar[str] = "Gangsters"
    designers: ClassVar[str] = "Don Greenwood (Avalon Hill, 1992)"
    summary: ClassVar[str] = RULES
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    grammar = GRAMMAR
    #: The rule of each decision, shown at the table next to it (``decisions.py``).
    verb_rules: ClassVar[Mapping[str, str]] = VERB_RULES
    #: The true passes, which the web table may play for a person (:attr:`Game.passes`):
    #: the cops' ``pass`` when no cop can be bribed or moved, ``allow`` (a cop move not
    #: answered), ``decline`` (a deal refused), ``hold`` (no shot fired) and ``done`` (the
    #: movement over); never a roll, a deferral to the Commissioner or a move.
    passes: ClassVar[frozenset[str]] = frozenset({"pass", "allow", "decline", "hold", "done"})
    options: ClassVar[tuple[Option, ...]] = (
        Option("cash", int, 10_000, "15.1: the cash that wins (players may agree on another)",
               low=1_000, high=1_000_000),
        Option("rounds", int, 0, "15.2: play this many rounds, then the greatest net worth "
               "wins (0: play to a victory)", low=0, high=10_000),
        Option("heaters", bool, False, "16.1: Thugs may buy Heaters (hit on 4+)"),
        Option("wheels", bool, False, "16.2: Racketeers may buy Wheels (one combined move)"),
        Option("siren", bool, False, "16.3: the Vamp may buy a Siren's outfit (two seductions)"),
        Option("donuts", bool, False, "16.4: cops stop for donuts in gray buildings"),
        Option("random_order", bool, False, "16.5: each turn's player is drawn from a cup "
               "(always so with five players)"),
        Option("secret_cash", bool, False, "15.1: cash totals are kept secret until the "
               "end (others see that a payment is made and why, not how much)"),
        Option("move_clock", int, 0, "6.9: seconds a player has for the dice, the cops and "
               "the moves (120 in the rulebook), enforced by the web table; moves not made "
               "in time are lost. 0: no limit", low=0, high=3_600),
        Option("turn_limit", int, 2_000, "safety rule: after this many turns the greatest net "
               "worth wins", low=4, high=1_000_000),
        Option("components", str, "", "a components file with your printed map and figures",
               path=True),
    )
    #: How a game ends, told by its last move's events (the conformance suite's check).
    #: What the scores measure (:attr:`Game.score`).
    score: ClassVar[Score] = Score("net worth", "$")
    endings: ClassVar[tuple[Ending, ...]] = (
        Ending("every joint of a colour", "end", r"wins: every \w+ joint", "one"),
        Ending("joints", "end", r"wins: \d+ joints", "one"),
        Ending("cash", "end", r"wins: \$[\d,]+ in cash", "one"),
        Ending("Commissioner's cash", "end", "on the payroll", "one"),
        Ending("rounds played", "end", "rounds are played", "one"),
        Ending("rounds played, tied", "end", "rounds are played", "tie"),
        Ending("turn limit", "end", "turn limit is reached", "any"),
        Ending("last gang standing", "end", "last gang standing", "one"),
    )
    #: 9.5's "allow or reveal?" after every cop move, answered once (``standing.py``).
    standing_answers: ClassVar[tuple[Standing, ...]] = STANDING
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        {"turn_limit": 40},
        {"heaters": True, "wheels": True, "siren": True, "turn_limit": 30},
        {"random_order": True, "secret_cash": True, "rounds": 6, "turn_limit": 30},
    )

    def _load_components(self, path: str) -> Components:
        return components_from(path)

    def _start(self, players: int, seed: int, options: dict[str, OptionValue],
               components: Components) -> State:
        return GangstersState.new(players, seed, options, components)

    def _rebuild(self, players: int, seed: int | None, options: dict[str, OptionValue],
                 components: Components, body: JSON) -> State:
        return GangstersState.from_body(players, seed, options, components, body)

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        super().check_options(players, options)
        if players == 5 and options.get("donuts"):
            raise OptionError("the five-player game (17) is played without donuts")

    def _encode_observation(self, enc: Encoder, view: JSON, players: int,
                            options: Mapping[str, OptionValue]) -> None:
        tensor.encode(enc, view, players, options, self.components(options))

    def move_bound(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Turns are capped by ``turn_limit``; setup takes a few decisions a player. A turn
        holds at most: the Buy Phase (a buy, an offer of every joint and cash with its
        answer, three pieces of equipment, a badge, the roll), the cop and every other
        player's answer (twice, with a transfer), ten options, each with a placement and
        two seductions, and the shootouts (a declaration, an aim and a hit per die)."""
        turns = int(options.get("turn_limit", 2_000)) + 1
        per_turn = 10 + 2 * (40 + 4) + 2 * (players + 3) + 10 * 4 + 4 * 60 + 400
        return 3 * players + 2 * players + turns * per_turn

    def build_action_index(self, players: int,
                           options: Mapping[str, OptionValue]) -> ActionIndex:
        """The map's spaces, the cops and capped cash amounts (``actionindex.py``)."""
        return build_index(players, options, self.components(options))


GAME = register(Gangsters())
GangstersState.game = GAME

__all__ = ["GAME", "Gangsters", "GangstersState"]

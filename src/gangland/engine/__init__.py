"""The game-agnostic core of Gangland: the contract every game, bot and tool relies on.

It imports nothing else of ``gangland``; games depend on it, never the other way round.
"""

from .actions import Action, Arg, Grammar, Verb
from .errors import (
    ComponentError,
    GanglandError,
    IllegalAction,
    InvalidAction,
    OptionError,
    RecordError,
    UnknownGame,
    clipped,
)
from .events import Event, counted, visible, with_article
from .game import Ending, Game, PrintedGame, Score
from .labels import named_seats, seat_code, seat_label
from .observation import Observation
from .options import Option, OptionValue, parse_option_pairs, validate_options
from .record import load_record, replay, save_record
from .registry import discover, game_ids, load, register
from .rng import KeyedRng, Rng
from .state import JSON, Standing, State, Timed, TurnState
from .takeback import HalfMoves, TakeBackRefused, is_half_move

__all__ = [
    "JSON",
    "Action",
    "Arg",
    "ComponentError",
    "Ending",
    "Event",
    "Game",
    "GanglandError",
    "Grammar",
    "HalfMoves",
    "IllegalAction",
    "InvalidAction",
    "KeyedRng",
    "Observation",
    "Option",
    "OptionError",
    "OptionValue",
    "PrintedGame",
    "RecordError",
    "Rng",
    "Score",
    "Standing",
    "State",
    "TakeBackRefused",
    "Timed",
    "TurnState",
    "UnknownGame",
    "Verb",
    "clipped",
    "counted",
    "discover",
    "game_ids",
    "is_half_move",
    "load",
    "load_record",
    "named_seats",
    "parse_option_pairs",
    "register",
    "replay",
    "save_record",
    "seat_code",
    "seat_label",
    "validate_options",
    "visible",
    "with_article",
]

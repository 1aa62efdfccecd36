"""The game declaration: identity, player counts, options, grammar and constructors.

A game module creates one :class:`Game` subclass instance and registers it; everything a
tool needs to know about a game without starting one (its title, options, verbs, bots'
move bound) lives here.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Generic, NamedTuple, TypeVar

from .actionindex import ActionIndex, action_index_for
from .actions import Action, Grammar
from .errors import OptionError, RecordError
from .events import Event
from .options import Option, OptionValue, validate_options
from .rng import Rng
from .state import JSON, Standing, State

if TYPE_CHECKING:
    from .tensor import Array, Encoder, Slice


class Ending(NamedTuple):
    """One way a game can end, as its final events tell it (for the conformance suite).

    A finished game reached this ending when the events of the move that ended it hold
    one of kind ``kind`` whose text contains a match of the regular expression ``text``
    ("": any text), and its winners number ``winners``: ``"one"``, ``"tie"`` (two or
    more), ``"none"`` or ``"any"``. A game lists every ending its rules have (each victory
    condition, its ties, its safety limits) in :attr:`Game.endings`; the suite plays until
    it has seen each, and names a finished game that matches none.
    """

    name: str
    kind: str
    text: str = ""
    winners: str = "any"

    def matches(self, events: list[Event], winners: list[int]) -> bool:
        """Whether a game that ended with these events and winners ended this way."""
        count = {"one": len(winners) == 1, "tie": len(winners) > 1,
                 "none": not winners, "any": True}[self.winners]
        return count and any(
            e.kind == self.kind and re.search(self.text, e.text) for e in events
        )


class Score(NamedTuple):
    """What a game's scores (:meth:`State.scores`) measure, so tools can say it.

    A simulation summary, a report's axes and a tournament table print a figure with its
    unit and to its grain: dollars to the dollar, counts as counts. ``whole`` says the
    scores are whole numbers (a report then draws their spread as bars of each value, not
    a box plot of a few integers).

    >>> Score("assets", "$").format(40453.33)
    '$40,453'
    >>> Score("influence").format(12.0), Score("influence").format(12.25)
    ('12', '12.2')
    """

    name: str
    unit: str = ""  # "$" for money; "" for a count or points
    whole: bool = True

    def format(self, value: float) -> str:
        """``value`` as a person reads it: money rounded to the dollar, with its sign."""
        if self.unit == "$":
            return f"{'-' if value < 0 else ''}${abs(value):,.0f}"
        return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


class Game(ABC):
    """A registered game. Subclasses set the class attributes and the two constructors."""

    id: ClassVar[str]
    title: ClassVar[str]
    designers: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    grammar: ClassVar[Grammar]
    #: Option sets the conformance suite plays at every player count (variants, modes).
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = ({},)
    #: Every way a game can end (see :class:`Ending`); empty: not declared yet, and the
    #: conformance suite uses its own table (``tests/conformance/coverage_data.py``).
    endings: ClassVar[tuple[Ending, ...]] = ()
    #: What :meth:`State.scores` measures (its name and unit), for summaries and reports.
    score: ClassVar[Score] = Score("score")
    #: The event kinds that tell of chance the state's generator does not draw at the time:
    #: a card taken from a pile shuffled at the start. A game review calls the swing between
    #: two of a seat's decisions luck when one of these was shown to the seat, or when the
    #: generator drew (dice, a reshuffle) in between.
    chance_events: ClassVar[frozenset[str]] = frozenset()
    #: The standing answers a player may give once for the game (``State.standing``): the
    #: web table offers them at every seat and plays them for those who choose one.
    standing_answers: ClassVar[tuple[Standing, ...]] = ()
    #: The action kinds (verbs) that are true passes: they decline, or answer without
    #: changing the position (``pass``, ``done``, ``decline``...). Only these may be played
    #: for a person: the web table's auto-pass plays a seat's single legal move when, and
    #: only when, its kind is here. A roll, a draw or any other move that brings chance or
    #: changes the position is never a pass, even when it is the only legal move: the
    #: player must see it coming and make it. Empty: nothing is ever played for a person.
    passes: ClassVar[frozenset[str]] = frozenset()
    #: The rule behind each verb of the grammar, in a sentence or two of our own words:
    #: what the decision is and what it does. The web table and the terminal show the
    #: rules of the decision at hand (:meth:`State.decision_rules`) next to it, so a
    #: newcomer need not leave the table to look them up. The conformance suite checks
    #: that every verb has one.
    verb_rules: ClassVar[Mapping[str, str]] = {}

    def is_pass(self, action: Action) -> bool:
        """Whether ``action`` is a true pass (see :attr:`passes`), one that may be played
        for a person whose only legal move it is."""
        return action.kind in self.passes

    def new_game(
        self, players: int, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> State:
        """A new game; players, seed and options are validated with precise errors.

        Without a seed, the game gets :meth:`Rng.fresh_seed` (128 bits from ``secrets``) and
        so the keyed generator: nobody can rebuild its deal from the cards they see. A seed
        below ``2**64`` plays as it always has.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.id} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        if seed is None:
            seed = Rng.fresh_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError(f"seed must be a whole number from 0, not {seed!r}")
        opts = validate_options(self.options, options)
        self.check_options(players, opts)
        return self._new_state(players, seed, opts)

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        """Cross-checks between options and the player count (games override)."""

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> State:
        """Set up a new game from validated arguments."""

    @abstractmethod
    def move_bound(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """An upper bound on the number of decisions in any game (for conformance tests)."""

    @abstractmethod
    def _state_from_body(self, envelope: JSON) -> State:
        """Rebuild a state from a validated :meth:`State.to_json` envelope."""

    def rules_text(self) -> str:
        """A concise summary of the rules, in our own words (for ``gangland rules``)."""
        return self.summary

    def state_from_json(self, data: object) -> State:
        """Rebuild a state from :meth:`State.to_json`; bad data raises :class:`RecordError`."""
        if not isinstance(data, dict):
            raise RecordError("a state snapshot is a JSON object")
        if data.get("game") != self.id:
            raise RecordError(f"snapshot is for {data.get('game')!r}, not {self.id!r}")
        for key in ("players", "options", "rng", "history", "state"):
            if key not in data:
                raise RecordError(f"snapshot lacks {key!r}")
        try:
            state = self._state_from_body(data)
            state.rng = Rng.from_json(data["rng"])
            state.history = [self.grammar.parse(t) for t in data["history"]]
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"corrupt {self.id} snapshot: {exc}") from None
        return state

    def parse(self, text: str) -> Action:
        """Parse action text without a state (syntax only)."""
        return self.grammar.parse(text)

    def describe_options(self) -> list[str]:
        """One line per option."""
        return [o.describe() for o in self.options]

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    # ----- observation tensors (see engine/tensor.py) ------------------------------------

    def observation_layout(self, players: int,
                           options: Mapping[str, object] | None = None) -> list[Slice]:
        """What each stretch of this game's observation tensor holds, in order, covering
        it exactly (for these players and options)."""
        from .tensor import plan

        return list(plan(self, players, options).slices)

    def observation_shape(self, players: int,
                          options: Mapping[str, object] | None = None) -> tuple[int, ...]:
        """The fixed shape of the observation tensor for these players and options."""
        from .tensor import plan

        return (plan(self, players, options).size,)

    def encode_view(self, view: JSON, players: int,
                    options: Mapping[str, object] | None = None) -> Array:
        """A seat's view (``State.view``) as a float32 tensor of the fixed shape, built
        from the view alone, so it shows an agent no more than the view does."""
        from .tensor import encode

        return encode(self, view, players, options)

    def _encode_observation(self, enc: Encoder, view: JSON, players: int,
                            options: Mapping[str, OptionValue]) -> None:
        """Append this game's slices for ``view`` (games override; see engine/tensor.py)."""
        raise NotImplementedError(f"{self.id} has no observation tensor")
    # ----- the fixed action index (engine/actionindex.py, docs/rl.md) --------------------

    def action_index(self, players: int,
                     options: Mapping[str, object] | None = None) -> ActionIndex:
        """The fixed bijection between this game's actions and ``range(num_actions)``
        for ``players`` and ``options``: the same for every position, so an agent's output
        layer is fixed. Built once per (players, options) and cached."""
        return action_index_for(self, players, options)

    def num_actions(self, players: int, options: Mapping[str, object] | None = None) -> int:
        """How many actions :meth:`action_index` numbers."""
        return self.action_index(players, options).size

    def build_action_index(self, players: int,
                           options: Mapping[str, OptionValue]) -> ActionIndex:
        """Build the index from validated options (:meth:`action_index` caches it).

        The default lists every verb's arguments as the grammar declares them; a game
        whose grammar has an open argument (a ``pattern``) or a huge range (money)
        overrides this to supply those domains (``docs/adding-a-game.md``)."""
        return ActionIndex(self.id, players, self.grammar)


#: A game's components type.
C = TypeVar("C")


class PrintedGame(Game, Generic[C]):
    """A game whose printed components (board, cards, figures) are data: the game's own
    ``components.toml``, or a player's file named by the option ``components``.

    A bad file is refused when the game is created (:meth:`check_options`), so it never
    fails halfway through a game, and a snapshot is rebuilt with the components its options
    name. A subclass says how to read components, start a game and rebuild a state.
    """

    def components(self, options: Mapping[str, OptionValue]) -> C:
        """The components the options ask for (the shipped ones unless a file is given)."""
        return self._load_components(str(options.get("components") or ""))

    @abstractmethod
    def _load_components(self, path: str) -> C:
        """Read components from ``path`` ("" for the shipped file); a bad file raises
        :class:`ComponentError` naming the field."""

    @abstractmethod
    def _start(self, players: int, seed: int, options: dict[str, OptionValue],
               components: C) -> State:
        """A new game with these components."""

    @abstractmethod
    def _rebuild(self, players: int, seed: int | None, options: dict[str, OptionValue],
                 components: C, body: JSON) -> State:
        """A state from the game-specific body of a snapshot."""

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:
        self.components(options)  # a bad components file is refused now, naming the field

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue]) -> State:
        return self._start(players, seed, options, self.components(options))

    def _state_from_body(self, envelope: JSON) -> State:
        options = validate_options(self.options, envelope["options"])
        return self._rebuild(envelope["players"], envelope["seed"], options,
                             self.components(options), envelope["state"])


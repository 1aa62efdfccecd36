"""The state protocol that every game implements, and the shared machinery around it.

A game subclasses :class:`State` and fills in a handful of hooks (``_legal``, ``_apply``,
``view``, ``resample``, ``clone``, the JSON body). The base class supplies what must behave
identically everywhere: legality checking before any change, parsing with precise errors,
the action history, records, returns, and the snapshot envelope.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, NoReturn, Self, TypeVar

from .actions import Action
from .errors import IllegalAction, InvalidAction, clipped
from .events import Event
from .options import OptionValue
from .rng import Rng

if TYPE_CHECKING:
    import numpy as np

    from .game import Game
    from .tensor import Array

JSON = dict[str, Any]


class Timed(NamedTuple):
    """A timed stretch of decisions (see :meth:`State.timed`)."""

    key: str  # the same for every decision of the stretch
    seconds: float  # the time the whole stretch may take
    action: str | None  # what the table plays once the time is up (None: nothing)


class Standing(NamedTuple):
    """A standing answer a game offers its players (see :meth:`State.standing`)."""

    name: str  # what a seat asks for: "allow-all"
    label: str  # for people: "Allow every cop move without asking"


_T = TypeVar("_T")

try:  # read by mypyc alone, for the optional compiled build (docs/speed.md)
    from mypy_extensions import mypyc_attr
except ImportError:  # a pure install has no mypy, and needs no such decorator
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
        return lambda cls: cls

#: What a resampled state's history holds in place of each action that led to it.
UNSEEN = Action("unseen")


@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=ABCMeta):
    """One position of one game: everything needed to continue it.

    Subclasses keep their fields in ``__slots__`` and copy them by hand in :meth:`clone`;
    ``deepcopy`` is far too slow for search.

    (The ``ABCMeta`` metaclass rather than an ``ABC`` base, ``__new__`` and the
    ``mypyc_attr`` are for the optional compiled build, which compiles this class with the
    states of the games whose classes mypyc accepts and leaves the others interpreted
    subclasses of it: docs/speed.md. Pure, they change nothing.)
    """

    game: ClassVar[Game]

    __slots__ = ("_legal_cache", "history", "options", "players", "quiet", "rng", "seed")

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        # Compiled, a class's ``__new__`` would run ``__init__`` too, and every game's
        # ``clone`` makes a bare instance by ``X.__new__(X)``: this keeps it bare.
        return super().__new__(cls)

    def __init__(
        self, players: int, seed: int | None, options: dict[str, OptionValue], rng: Rng
    ) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = rng
        self.history: list[Action] = []
        self._legal_cache: list[Action] | None = None
        #: True while :meth:`step` plays a move: nobody will read its events, so a game
        #: may skip building them (their texts cost a quarter of a random playout).
        self.quiet = False

    # ----- what each game provides -------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def _legal(self) -> list[Action]:
        """All legal actions, in a deterministic order; empty only when terminal."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out an action already known to be legal; return its events."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """All that ``seat`` may know, JSON-safe. ``None``: a spectator (public facts)."""

    def brief_view(self, seat: int) -> JSON:
        """The part of ``view(seat)`` that the game's own bots read, for bots that say so.

        A search asks its playout and model bots for tens of thousands of decisions a
        second, and a whole view, much of it for people (names, the news, what is spent),
        can be most of each. A game may return a narrower dict here: every key it keeps
        holds exactly what the view holds there, at every depth (the conformance suite
        checks it with :func:`~gangland.engine.observation.is_part`), so it can tell a bot
        nothing the view does not. A bot with ``brief = True`` is given this instead of
        the view (:meth:`Observation.of`). By default, the view itself.
        """
        return self.view(seat)

    @abstractmethod
    def _redraw(self, new: State, seat: int | None, rng: Rng) -> None:
        """Draw into ``new`` (a clone of this state) every part ``seat`` cannot see.

        Build the unknown pool from public facts in a canonical order (sorted lists, masks),
        never from the true hidden values, then draw from ``rng``.
        """

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, cheap enough for search."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Final or running score per seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that won (ties allowed); ``[]`` until the game is over."""

    @abstractmethod
    def _body_to_json(self) -> JSON:
        """The game-specific part of a full snapshot."""

    def _is_legal(self, action: Action) -> bool:
        """Fast legality test; games may override the default membership test.

        An override must answer ``False`` (or raise ``LookupError``, ``TypeError`` or
        ``ValueError``) for a malformed action, never ``True``: the engine checks the shape
        only of actions this test refuses, so legal play pays nothing for it. Looking the
        action up in a table of prebuilt actions (Gangster City's ``arrest_of.get``), or
        unpacking the verb's arity and checking the type (``(number,) = action.args``, then
        ``isinstance(number, int)``), is exact and fast; ``int(action.args[0])`` is not: it
        accepts ``investigate 18 1`` and ``investigate "18"``.
        """
        return action in self.legal_actions()

    def _why_illegal(self, action: Action) -> str:
        """A precise reason why well-formed ``action`` is not legal now (games refine this).

        Only called with actions that passed the grammar (:meth:`why_illegal`), so it may
        read the arguments as the verb declares them.
        """
        return "it is not a legal action now"

    def why_illegal(self, action: Action) -> str:
        """Why ``action`` cannot be played now: malformed (the grammar says how), or the
        game's reason. Never raises, whatever the action holds."""
        return self.game.grammar.problem(action) or self._why_illegal(action)

    # ----- shared behaviour --------------------------------------------------------------

    def resample(self, seat: int | None, rng: Rng) -> State:
        """A state consistent with ``view(seat)``, its hidden parts drawn afresh from ``rng``.

        The game redraws the hidden parts (:meth:`_redraw`); the copy also gets a generator
        spawned from ``rng``, so future chance differs too, and ``seed=None``: it is a guess
        at the position, so no record replays to it. Nor does it keep the actions that led
        here, only how many there were (public: a table's version counts them): some were
        secret (a gang written down in Gangsters), and a bot holding the sample must learn
        nothing from it that its view does not show.
        """
        new = self._unseen_copy()
        self._redraw(new, seat, rng)
        new.rng = rng.spawn()
        return new

    def determinization(self, seat: int | None, rng: Rng) -> State:
        """The state an :class:`~gangland.engine.observation.Observation` keeps to sample
        from and to build the seat's view: consistent with ``view(seat)``, and ``rng``
        left where :meth:`resample` would leave it. By default a resample.

        Every sample is drawn from it by :meth:`resample`; a game whose redraw puts what
        it redraws in an order of its own, whatever order it finds (Gangster sorts its
        piles, then shuffles them), may keep that order unshuffled here and move ``rng``
        on with :meth:`Rng.skip_shuffle`: the samples are the same, and a sampling bot
        asked at every node of a search no longer pays for a shuffle nobody reads.
        """
        return self.resample(seat, rng)

    def _unseen_copy(self) -> State:
        """A clone that knows none of the actions that led here, nor the seed (see
        :meth:`resample`), its legal list to be made afresh."""
        new = self.clone()
        new.seed = None
        new.history = [UNSEEN] * len(self.history)
        new._legal_cache = None
        return new

    def legal_actions(self) -> list[Action]:
        """The legal actions now (cached until the next :meth:`apply`). Do not mutate."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_terminal else self._legal()
        return self._legal_cache

    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; raises and changes nothing unless it is legal now.

        :class:`InvalidAction` for a malformed action (an unknown verb, the wrong number of
        arguments, an argument of the wrong type or range), :class:`IllegalAction` for a
        well-formed one the rules do not allow now. The shape is checked only once the
        game's fast test has refused the action (see :meth:`_is_legal`), so an action taken
        from :meth:`legal_actions` costs no more than that test.

        A legal action is applied in place, with no copy kept (a copy per move would cost
        every search and simulation). So a bug that raises inside a game's ``_apply`` can
        leave the state half-changed: a caller that must outlive one applies to a
        :meth:`clone` and keeps it only on success, as the server does.
        """
        if not isinstance(action, Action) or self.is_terminal:
            self._refuse(action)
        try:
            legal = self._is_legal(action)
        except (LookupError, TypeError, ValueError):
            # A fast test that breaks on a malformed action has refused it; one that breaks
            # on a well-formed action is a bug and is re-raised.
            self.game.grammar.check(action)
            raise
        if not legal:
            self._refuse(action)
        self._legal_cache = None
        events = self._apply(action)
        self.history.append(action)
        return events

    def step(self, action: Action) -> None:
        """Play ``action`` as :meth:`apply` does (the same checks, the same position after
        it), telling nobody: a game may build no events while :attr:`quiet` is set.

        For searches' playouts and simulations, which throw the events away. The position
        reached is exactly :meth:`apply`'s (the conformance suite steps a twin of every
        game it plays and compares them), so a game that ignores :attr:`quiet` is merely
        slower. Never for a table: its players are told what happened.

        One road shorter for the action a playout takes from the legal list it was just
        given (every playout and search does): that very object in the cached list is
        legal, so it is played at once, as ``apply`` would after its checks (the cache
        dropped, ``_apply`` while quiet, the history kept), without them and two calls.
        Any other action (built elsewhere, or with no list cached) goes through ``apply``.
        """
        for known in self._legal_cache or ():
            if known is action:
                break
        else:
            self.quiet = True
            try:
                self.apply(action)
            finally:
                self.quiet = False
            return
        self._legal_cache = None
        self.quiet = True
        try:
            self._apply(action)
        finally:
            self.quiet = False
        self.history.append(action)

    def parse_action(self, text: str) -> Action:
        """Canonical text to a legal :class:`Action`, or a precise error."""
        action = self.game.grammar.parse(text)
        if self.is_terminal or not self._is_legal(action):
            self._refuse(action)
        return action

    def _refuse(self, action: object) -> NoReturn:
        """Raise the precise error for an action that is not to be played now."""
        if not isinstance(action, Action):
            raise InvalidAction(f"expected an Action, not {type(action).__name__}")
        self.game.grammar.check(action)
        if self.is_terminal:
            raise IllegalAction(f"{clipped(str(action))}: the game is over")
        raise IllegalAction(f"{clipped(str(action))}: {self._why_illegal(action)}")

    def timed(self) -> Timed | None:
        """A stretch of decisions the game's rules time as one, if this decision is in one.

        Most games have no time limit of their own (a table may still run a clock on every
        decision). Gangsters gives a player two minutes for the whole Movement Phase (6.9):
        its states answer ``Timed("movement 12", 120.0, "done")`` while that phase lasts.
        A table that enforces it keeps one deadline for every decision with the same
        ``key`` and, once it has passed, plays ``action`` for the player as soon as that
        action is legal.
        """
        return None

    def decision_rules(self) -> list[str]:
        """The rules of the decision at hand, for the seat to move: the game's
        :attr:`Game.verb_rules` of the verbs among the legal actions, in the order of
        their first legal action, each once. Empty once the game is over.

        Built from the legal actions only, which the seat to move is told anyway, so it
        tells that seat nothing new; a game whose verbs mean different things in
        different phases overrides :meth:`verb_rule` to say which phase it is in.
        """
        seen: dict[str, None] = {}
        for action in self.legal_actions():
            if action.kind not in seen:
                seen[action.kind] = None
        rules = (self.verb_rule(verb) for verb in seen)
        return list(dict.fromkeys(rule for rule in rules if rule))

    def verb_rule(self, verb: str) -> str:
        """The rule of ``verb`` in the decision at hand ("" for none): the game's
        :attr:`Game.verb_rules` text, unless a game whose verb means different things in
        different phases overrides this to give the phase's own text. It may use only what
        the seat to move knows (its own and public information), since that seat is shown it.
        """
        return self.game.verb_rules.get(verb, "")

    def half_made(self) -> bool:
        """Whether the last action was the first half of a move that may be taken back.

        True only when that action began a move the same player now finishes, and it
        revealed nothing to anyone and drew no chance: Gangster's movement card, turned
        before its district is chosen. The web table and the terminal then let the player
        take it back (``engine.takeback``): the position before it returns, and the record
        is as if it had never been made. It is not an action and no bot sees it. Most
        positions are not half made; a game overrides this for those that are, reading
        only the state (a snapshot rebuilt from JSON answers the same).
        """
        return False

    def standing(self, answer: str) -> Action | None:
        """What the standing answer ``answer`` (one of the game's ``standing_answers``)
        plays now for the seat to move, or ``None`` to ask the player.

        Some questions come so often, and are so rarely worth thinking about, that a person
        wants to answer them once for the game: Gangsters asks every rival, after every cop
        move, whether to reveal a bribe (9.5). A table plays the returned action for a seat
        that chose the answer, as that seat's own move. It must depend only on what that
        seat sees (its view), so that it plays no differently in a resampled state, and be
        one of its legal actions. Most games offer none.
        """
        return None

    def returns(self) -> list[float]:
        """Per-seat reward for search: zero-sum, +1 for a lone winner.

        Winners share ``+1`` scaled so the returns sum to zero: a lone winner gets +1, each
        loser ``-1/(n-1)``. With one player, a win is +1 and a loss -1. Before the end, or
        when nobody won, every seat gets 0.
        """
        n = self.players
        if not self.is_terminal:
            return [0.0] * n
        won = self.winners()
        if n == 1:
            return [1.0] if won else [-1.0]
        if not won:
            return [0.0] * n
        share = n / len(won)
        return [((share if s in won else 0.0) - 1.0) / (n - 1) for s in range(n)]

    def _envelope(self) -> JSON:
        """What identifies a game: shared by records and snapshots."""
        return {
            "game": self.game.id,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
        }

    def record(self) -> JSON:
        """The game as seed plus actions: :func:`gangland.replay` rebuilds it exactly."""
        return {**self._envelope(), "actions": [str(a) for a in self.history]}

    def to_json(self) -> JSON:
        """A full snapshot (hidden parts included: for storage, never for a player)."""
        return {
            **self._envelope(),
            "rng": self.rng.to_json(),
            "history": [str(a) for a in self.history],
            "state": self._body_to_json(),
        }

    def _copy_base_into(self, other: State) -> None:
        """Copy the shared fields into a fresh instance (used by ``clone``)."""
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after validation
        other.rng = self.rng.copy()
        other.history = self.history.copy()
        other._legal_cache = self._legal_cache
        other.quiet = False

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} players={self.players} moves={len(self.history)} "
            f"to_move={self.current_player}>"
        )

    def observation_tensor(self, seat: int | None) -> Array:
        """``seat``'s view as the game's float32 observation tensor (``Game.encode_view``
        of :meth:`view`): it holds nothing the view does not."""
        return self.game.encode_view(self.view(seat), self.players, self.options)
    # ----- the fixed action index (engine/actionindex.py, docs/rl.md) --------------------

    def legal_action_indices(self) -> list[int]:
        """The numbers of the legal actions in the game's fixed action index, sorted.

        Raises :class:`~gangland.engine.actionindex.ActionIndexError` naming a legal
        action the index cannot hold (an amount above a game's documented cap), rather
        than leave it out."""
        index = self.game.action_index(self.players, self.options)
        return index.indices(self.legal_actions())

    def legal_action_mask(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """A boolean array over the game's fixed action index, true at the legal actions
        (numpy is imported only when this is called)."""
        return self.game.action_index(self.players, self.options).mask(self.legal_actions())


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnState(State):
    """A state whose progress is who moves next, whether it is over, and who won.

    Most games keep exactly these three facts; subclasses set them in ``_apply`` and get the
    protocol's ``current_player``, ``is_terminal`` and ``winners`` from here. ``clone`` copies
    them through :meth:`_copy_base_into`.
    """

    __slots__ = ("over", "to_move", "won")

    to_move: int
    over: bool
    won: list[int]

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        return list(self.won)

    def _finish(self, winners: list[int]) -> None:
        """End the game with these winners (none: nobody won)."""
        self.won = winners
        self.over = True

    def _copy_base_into(self, other: State) -> None:
        super()._copy_base_into(other)
        assert isinstance(other, TurnState)
        other.to_move = self.to_move
        other.over = self.over
        other.won = self.won.copy()

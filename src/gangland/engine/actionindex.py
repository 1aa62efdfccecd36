"""A fixed action index: a bijection between a game's actions and ``range(size)``.

An agent that learns a policy needs an output layer of fixed width and a mask of the legal
moves over it; search and replay need nothing of the sort, which is why actions are values
with a text everywhere else. The index is derived from the game's :class:`Grammar`: verbs in
the grammar's order, each taking a block of consecutive numbers, and inside a block the
verb's argument values in mixed radix (the last argument varies fastest). A game supplies
the domain of an argument whose grammar is open or huge (a map's spaces behind a
``pattern``, money amounts up to ten million) as *parts*: each part is the list of value
tuples of one or more consecutive arguments, and a verb's actions are the product of its
parts. Joining arguments into one part keeps the index small where only some combinations
exist (a building faces ``inside``, a street space a compass point).

The index depends only on the game, the player count and the options, never on a position,
so it is built once per (players, options) and cached (:func:`action_index_for`): looking an
action up is one dictionary lookup, and an index back to an action one tuple lookup.

>>> from gangland.engine.actions import Verb
>>> g = Grammar([Verb("roll"), Verb("move", Arg("piece", choices=("a", "b")),
...                                  Arg("steps", low=1, high=3))])
>>> ix = ActionIndex("demo", 2, g)
>>> ix.size, ix.index(Action("move", ("b", 1))), str(ix.action(3))
(7, 4, 'move a 3')
>>> [(r.verb, r.start, r.size) for r in ix.layout()]
[('roll', 0, 1), ('move', 1, 6)]
>>> ix.index(Action("move", ("c", 1)))
Traceback (most recent call last):
...
gangland.engine.actionindex.ActionIndexError: Action('move', ('c', 1)): piece must be one \
of a, b, not 'c'
>>> ix.action(7)
Traceback (most recent call last):
...
gangland.engine.actionindex.ActionIndexError: action index 7 is outside range(7) of demo \
for 2 players
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Action, Arg, ArgValue, Grammar
from .errors import InvalidAction, OptionError, clipped
from .options import OptionValue, validate_options

if TYPE_CHECKING:
    import numpy as np

    from .game import Game

#: The value tuples of one or more consecutive arguments of a verb (see the module text).
Part = Sequence[tuple[ArgValue, ...]]

#: The most values an integer argument may have for the index to list its grammar range
#: itself; a wider one (a money amount up to ten million) needs a domain from its game.
MAX_RANGE = 10_000


class ActionIndexError(InvalidAction, IndexError):
    """An action outside a game's index, or an index outside ``range(size)``.

    Both an :class:`InvalidAction` (bad input, as everywhere in Gangland) and an
    :class:`IndexError` (what a sequence raises), so either ``except`` clause catches it.
    """


class VerbRange(NamedTuple):
    """The block of one verb in an index: ``range(start, start + size)``, for the docs."""

    verb: str
    start: int
    size: int
    #: how the block is laid out: each part's argument names and number of values
    values: str


def grammar_part(verb: str, arg: Arg) -> Part:
    """The values of ``arg`` as its grammar declares them, one 1-tuple each.

    >>> grammar_part("drive", Arg("card", low=1, high=3))
    [(1,), (2,), (3,)]
    >>> grammar_part("go", Arg("space", pattern="[a-z]+"))
    Traceback (most recent call last):
    ...
    ValueError: go: the argument space is a pattern; its game must supply its values
    """
    if arg.choices:
        return [(c,) for c in arg.choices]
    if arg.pattern:
        raise ValueError(f"{verb}: the argument {arg.name} is a pattern; "
                         "its game must supply its values")
    if arg.low is None or arg.high is None or arg.high - arg.low + 1 > MAX_RANGE:
        raise ValueError(f"{verb}: the argument {arg.name} ranges from {arg.low} to "
                         f"{arg.high}, too wide to list; its game must supply its values")
    return [(v,) for v in range(arg.low, arg.high + 1)]


def amounts(step: int, high: int) -> Part:
    """Money amounts ``step, 2 * step, ..., high`` as 1-tuples (a game's capped domain).

    >>> amounts(100, 300)
    [(100,), (200,), (300,)]
    """
    return [(v,) for v in range(step, high + 1, step)]


class ActionIndex:
    """The fixed bijection of one game, player count and options (see the module text)."""

    def __init__(self, game_id: str, players: int, grammar: Grammar,
                 parts: Mapping[str, Sequence[Part]] | None = None,
                 notes: Mapping[str, str] | None = None) -> None:
        """Build the index: ``parts`` gives the domains of the verbs the grammar cannot
        list (a verb's parts, in argument order), ``notes`` says per verb what its block
        holds and what it leaves out, for the docs and for :meth:`index`'s refusals.

        A supplied value the grammar refuses, or one action listed twice, is a bug in the
        game and raises :class:`ValueError` here, once, rather than a wrong index later.
        """
        given = dict(parts or {})
        unknown = sorted(set(given) - set(grammar.verbs))
        if unknown:
            raise ValueError(f"{game_id}: parts for unknown verbs {', '.join(unknown)}")
        self.game_id = game_id
        self.players = players
        self.grammar = grammar
        self.notes: dict[str, str] = dict(notes or {})
        actions: list[Action] = []
        self._layout: list[VerbRange] = []
        for verb in grammar.verbs.values():
            verb_parts = given.get(verb.name)
            if verb_parts is None:
                verb_parts = [grammar_part(verb.name, a) for a in verb.args]
            start = len(actions)
            for combo in product(*verb_parts):
                args = tuple(v for values in combo for v in values)
                actions.append(Action(verb.name, args))
            self._layout.append(VerbRange(verb.name, start, len(actions) - start,
                                          _values(verb.args, verb_parts)))
        self._actions = tuple(actions)
        self._index = {a: i for i, a in enumerate(actions)}
        if len(self._index) != len(actions):
            raise ValueError(f"{game_id}: an action is listed twice in the index")
        for action in actions:
            wrong = grammar.problem(action)
            if wrong:
                raise ValueError(f"{game_id}: the index lists a malformed action: {wrong}")

    @property
    def size(self) -> int:
        """How many actions the index numbers (``num_actions``)."""
        return len(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def index(self, action: object) -> int:
        """The number of ``action``; :class:`ActionIndexError` naming it if it has none."""
        found = self._index.get(action) if isinstance(action, Action) else None
        if found is None:
            raise self._outside(action)
        return found

    def action(self, i: object) -> Action:
        """The action numbered ``i``; :class:`ActionIndexError` for anything but an
        ``int`` in ``range(size)`` (a ``bool`` or a negative number included)."""
        if type(i) is not int:
            raise ActionIndexError(f"an action index is an int, not {type(i).__name__} {i!r}")
        if not 0 <= i < len(self._actions):
            raise ActionIndexError(f"action index {i} is outside range({len(self._actions)}) "
                                   f"of {self.game_id} for {self.players} players")
        return self._actions[i]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The numbers of ``actions``, sorted (a state's legal actions, for a mask).

        A legal action the index does not hold (an amount above a game's cap) is never
        dropped: it raises :class:`ActionIndexError` naming it and the cap.
        """
        get = self._index.get
        out = []
        for action in actions:
            try:
                i = get(action)
            except TypeError:  # unhashable: not an action at all
                i = None
            if i is None:
                raise self._outside(action)
            out.append(i)
        out.sort()
        return out

    def mask(self, actions: Iterable[Action]) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """A boolean array of shape ``(size,)``, true at the numbers of ``actions``.

        numpy is imported here, not with the engine: only research tools need it.
        """
        import numpy as np

        out = np.zeros(len(self._actions), dtype=np.bool_)
        out[self.indices(actions)] = True
        return out

    def layout(self) -> list[VerbRange]:
        """Each verb's block, in index order (``docs/rl.md`` prints these)."""
        return list(self._layout)

    def names(self) -> list[str]:
        """The canonical text of every action, in index order."""
        return [str(a) for a in self._actions]

    def _outside(self, action: object) -> ActionIndexError:
        """The precise error for something :meth:`index` does not number."""
        wrong = self.grammar.problem(action)
        if wrong:
            return ActionIndexError(wrong)
        assert isinstance(action, Action)
        note = self.notes.get(action.kind)
        why = f" ({note})" if note else ""
        return ActionIndexError(f"{clipped(str(action))} is outside the action index of "
                                f"{self.game_id} for {self.players} players{why}")

    def __repr__(self) -> str:
        return f"<ActionIndex {self.game_id} players={self.players} size={self.size}>"


def _values(args: Sequence[Arg], parts: Sequence[Part]) -> str:
    """How a verb's block is laid out: ``kind (3) x space+facing (991)``."""
    out = []
    at = 0
    for part in parts:
        width = len(part[0]) if part else 1
        names = "+".join(a.name for a in args[at:at + width])
        at += width
        out.append(f"{names} ({len(part)})")
    return " x ".join(out) or "no arguments"


_CACHE: dict[tuple[str, int, tuple[tuple[str, OptionValue], ...]], ActionIndex] = {}


def action_index_for(game: Game, players: int,
                     options: Mapping[str, object] | None = None) -> ActionIndex:
    """The index of ``game`` for ``players`` and ``options``, built once and cached.

    The options are validated as :meth:`Game.new_game` validates them (defaults filled
    in), so ``{}`` and the defaults spelt out share one index. A state's options are
    already valid, so its lookups (``legal_action_indices``) hit the cache at once.
    """
    raw = options or {}
    try:
        key = (game.id, players, tuple(sorted(raw.items())))
        hit = _CACHE.get(key)  # type: ignore[arg-type]
    except TypeError:  # an unhashable or unorderable option: validation will say which
        hit, key = None, None
    if hit is not None:
        return hit
    if isinstance(players, bool) or not isinstance(players, int) or not (
            game.min_players <= players <= game.max_players):
        raise OptionError(f"{game.id} is for {game.min_players} to {game.max_players} "
                          f"players, not {players!r}")
    opts = validate_options(game.options, raw)
    game.check_options(players, opts)
    full = (game.id, players, tuple(sorted(opts.items())))
    built = _CACHE.get(full)
    if built is None:
        built = game.build_action_index(players, opts)
        _CACHE[full] = built
    if key is not None:
        _CACHE[key] = built  # type: ignore[index]
    return built

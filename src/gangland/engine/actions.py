"""Actions: small immutable values with one canonical text, and a grammar to parse them.

Every game speaks the same action language: a verb followed by arguments, separated by
spaces, all lower case (``investigate 17``, ``arrest thug knife street love``). The text is
what records store, what the terminal and the web table send, and what a person types, so
:func:`str` of an action is its canonical form and :meth:`Grammar.parse` reads it back.

A game declares its verbs once as a :class:`Grammar`; parsing then reports exactly what is
wrong with malformed text (unknown verb, missing argument, a value out of range), and the
state decides separately whether a well-formed action is legal now.

>>> g = Grammar([Verb("roll"), Verb("move", Arg("steps", low=1, high=3))])
>>> g.parse("MOVE  2")
Action('move', (2,))
>>> str(g.parse("move 2"))
'move 2'
>>> g.parse("move 5")
Traceback (most recent call last):
...
gangland.engine.errors.InvalidAction: 'move 5': steps must be from 1 to 3, not 5
>>> Grammar([Verb("go", Arg("space", pattern=r"[a-z]{2}|\\d+\\.\\d+"))]).parse("go 5.x")
Traceback (most recent call last):
...
gangland.engine.errors.InvalidAction: 'go 5.x': '5.x' is not a space
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import InvalidAction, clipped
from .events import counted

ArgValue = int | str
USAGE_CHOICES = 6  # choices an argument's usage spells out; more are named, <space>


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One atomic decision: a verb and its arguments (ints or lower-case words).

    Only a ``str`` verb and a tuple of exact ``int`` and ``str`` values make an action;
    anything else raises :class:`InvalidAction` here. That is what makes equality safe to
    decide legality by: ``True == 1`` and ``1.0 == 1`` in Python, so ``Action("drive",
    (True,))`` would otherwise equal ``Action("drive", (1,))``, pass a membership test and
    be recorded as ``drive True``. Which verbs and argument values a game accepts is its
    :class:`Grammar`'s business (:meth:`Grammar.problem`).

    >>> Action("drive", (True,))
    Traceback (most recent call last):
    ...
    gangland.engine.errors.InvalidAction: Action('drive', (True,)): argument 1 is a bool; \
an argument is an int or a str
    """

    kind: str
    args: tuple[ArgValue, ...]
    #: Worked out once: search looks actions up in its statistics millions of times.
    _hash: int = field(init=False, repr=False, compare=False)

    def __init__(self, kind: str, args: tuple[ArgValue, ...] = ()) -> None:
        # Written by hand, not generated: the checks cost less than dataclass's
        # ``__post_init__`` call they replace, and games build actions in ``_legal``.
        if type(kind) is not str or type(args) is not tuple:
            raise InvalidAction(
                f"Action({kind!r}, {args!r}): an action is a str verb and a tuple of arguments"
            )
        for arg in args:
            if type(arg) is not int and type(arg) is not str:
                i = next(i for i, a in enumerate(args) if a is arg)
                raise InvalidAction(
                    f"Action({kind!r}, {args!r}): argument {i + 1} is a "
                    f"{type(arg).__name__}; an argument is an int or a str"
                )
        setattr_ = object.__setattr__
        setattr_(self, "kind", kind)
        setattr_(self, "args", args)
        setattr_(self, "_hash", hash((kind, args)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        # Written by hand, not generated: the generated one builds two tuples per call,
        # and legality tests and the search's statistics compare actions millions of
        # times, mostly unequal ones, which the cached hashes tell apart at once.
        if self is other:
            return True
        if type(other) is not Action:
            return NotImplemented
        return (self._hash == other._hash and self.kind == other.kind
                and self.args == other.args)

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[ArgValue, ...]]]:
        # Rebuilt, not restored: a string's hash differs from one process to the next.
        return (Action, (self.kind, self.args))

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.args!r})"


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a verb: an integer in a range, or one word of a fixed set."""

    name: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    #: a word of this shape (a regular expression, matched whole), for open sets of names
    #: such as the spaces of a map a user may replace: ``Arg("space", pattern=r"[a-z]+")``
    pattern: str = ""
    #: other words read as one of the ``choices``, as ``(word, choice)`` pairs: a word in
    #: another language a person may type, or one an older canonical text used, so that
    #: old records parse to the very same action. Only parsing reads them: an action's
    #: canonical text always says the choice, and a hand-built action must use it.
    aliases: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        for word, meant in self.aliases:
            if meant not in self.choices or word in self.choices:
                raise ValueError(f"argument {self.name}: the alias {word!r} must name one "
                                 f"of its choices ({meant!r} is not) and not be one itself")

    def parse(self, token: str, text: str) -> ArgValue:
        """Convert one token, or raise :class:`InvalidAction` naming the argument.

        >>> Arg("kind", choices=("pearl",), aliases=(("perle", "pearl"),)).parse("perle", "")
        'pearl'
        """
        if self.pattern:
            if re.fullmatch(self.pattern, token):
                return token
            raise InvalidAction(f"{clipped(text)}: {clipped(token)} is not a {self.name}")
        if self.choices:
            if token in self.choices:
                return token
            for word, meant in self.aliases:
                if token == word:
                    return meant
            raise InvalidAction(
                f"{clipped(text)}: {self.name} must be one of {', '.join(self.choices)}, "
                f"not {clipped(token)}"
            )
        try:
            value = int(token)
        except ValueError:
            raise InvalidAction(f"{clipped(text)}: {self.name} must be a number, "
                                f"not {clipped(token)}") from None
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise InvalidAction(
                f"{clipped(text)}: {self.name} must be from {self.low} to {self.high}, "
                f"not {clipped(token, quote=False)}"
            )
        return value

    def problem(self, value: object) -> str:
        """What is wrong with an argument value of a hand-built action ("" if nothing).

        The typed twin of :meth:`parse`: a word must be a ``str`` of the right shape, a
        number an ``int`` (never a ``bool``) in range.
        """
        if self.pattern or self.choices:
            if type(value) is not str:
                return f"{self.name} must be a word, not {type(value).__name__} {value!r}"
            if self.pattern:
                ok = re.fullmatch(self.pattern, value) is not None
                return "" if ok else f"{value!r} is not a {self.name}"
            if value in self.choices:
                return ""
            return f"{self.name} must be one of {', '.join(self.choices)}, not {value!r}"
        if type(value) is not int:
            return f"{self.name} must be a number, not {type(value).__name__} {value!r}"
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            return f"{self.name} must be from {self.low} to {self.high}, not {value}"
        return ""

    def describe(self) -> str:
        """How the argument looks in a usage line: its few choices (``pearl|diamond``), or
        its name (``<space>``) where there are more than :data:`USAGE_CHOICES` (a usage
        line is a summary; the argument's own error lists them all, and a word of a dozen
        choices joined by bars is too long for any line).

        >>> Arg("kind", choices=("a", "b")).describe(), Arg("n", low=1, high=3).describe()
        ('a|b', '<n>')
        """
        if self.choices and len(self.choices) <= USAGE_CHOICES:
            return "|".join(self.choices)
        return f"<{self.name}>"


@dataclass(frozen=True, slots=True)
class Verb:
    """A verb of a game's action language with its ordered arguments."""

    name: str
    args: tuple[Arg, ...] = field(default=())

    def __init__(self, name: str, *args: Arg) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "args", args)

    def usage(self) -> str:
        """``verb <arg> a|b|c``: shown when text does not parse."""
        return " ".join([self.name, *(a.describe() for a in self.args)])


class Grammar:
    """The verbs of one game, and the parser from text to :class:`Action`."""

    def __init__(self, verbs: Iterable[Verb]) -> None:
        self.verbs: dict[str, Verb] = {v.name: v for v in verbs}

    def parse(self, text: str) -> Action:
        """Parse canonical text (case and spacing are forgiven).

        A word argument whose choices are hyphenated may be typed with spaces, as a board
        prints it: ``to little italy`` is ``to little-italy``.

        >>> g = Grammar([Verb("to", Arg("district", choices=("little-italy", "harlem")))])
        >>> str(g.parse("to Little Italy")), str(g.parse("to harlem"))
        ('to little-italy', 'to harlem')
        """
        if not isinstance(text, str):
            raise InvalidAction(f"an action is text, not {type(text).__name__}")
        tokens = text.lower().split()
        if not tokens:
            raise InvalidAction("empty action; expected one of: " + self.usages())
        verb = self.verbs.get(tokens[0])
        if verb is None:
            raise InvalidAction(f"unknown action {clipped(tokens[0])}; "
                                f"expected one of: {self.usages()}")
        given = tokens[1:]
        if len(given) != len(verb.args):
            given = _joined(verb.args, given) or given
        if len(given) != len(verb.args):
            raise InvalidAction(
                f"{clipped(text.strip())}: {verb.name} takes "
                f"{counted(len(verb.args), 'argument')}, got {len(given)}; "
                f"usage: {verb.usage()}"
            )
        spoken = text.strip()
        args = tuple(spec.parse(tok, spoken) for spec, tok in zip(verb.args, given, strict=True))
        return Action(verb.name, args)

    def problem(self, action: object) -> str:
        """What makes a hand-built ``action`` malformed in this language ("" if nothing).

        Text is checked by :meth:`parse`; this checks an :class:`Action` value as a program
        (a bot, the web table, a test) may build it: a known verb, the right number of
        arguments, each of the right type and range. It costs a few dictionary lookups, so
        :meth:`State.apply` runs it only for actions the game's fast test did not accept.
        """
        if not isinstance(action, Action):
            return f"expected an Action, not {type(action).__name__}"
        verb = self.verbs.get(action.kind)
        if verb is None:
            return f"{action!r}: unknown action {action.kind!r}; expected one of: {self.usages()}"
        if len(action.args) != len(verb.args):
            return (
                f"{action!r}: {verb.name} takes {counted(len(verb.args), 'argument')}, "
                f"got {len(action.args)}; usage: {verb.usage()}"
            )
        for spec, value in zip(verb.args, action.args, strict=True):
            wrong = spec.problem(value)
            if wrong:
                return f"{action!r}: {wrong}"
        return ""

    def check(self, action: object) -> None:
        """Raise :class:`InvalidAction` with :meth:`problem`'s message if malformed."""
        wrong = self.problem(action)
        if wrong:
            raise InvalidAction(wrong)

    def usages(self) -> str:
        """All verbs' usage lines, comma separated."""
        return ", ".join(v.usage() for v in self.verbs.values())


def _joined(specs: Sequence[Arg], tokens: Sequence[str]) -> list[str] | None:
    """``tokens`` regrouped so that each argument with choices takes the longest run of
    words that, joined by hyphens, is one of its choices or aliases; None when no such
    grouping gives exactly one token per argument. Only a text with the wrong number of
    words is regrouped, so canonical texts never pay for it."""
    out: list[str] = []
    i = 0
    for spec in specs:
        if i >= len(tokens):
            return None
        words = set(spec.choices) | {w for w, _ in spec.aliases}
        take = 1
        for n in range(len(tokens) - i, 1, -1):
            if "-".join(tokens[i:i + n]) in words:
                take = n
                break
        out.append("-".join(tokens[i:i + take]))
        i += take
    return out if i == len(tokens) else None


def action_texts(actions: Sequence[Action]) -> list[str]:
    """Canonical texts of a list of actions (for messages and records)."""
    return [str(a) for a in actions]

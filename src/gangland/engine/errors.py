"""The errors every part of Gangland raises for bad input.

Each one names exactly what was wrong, so the command line, the web table and the tests
can show it as it is. All of them are both a :class:`ValueError` (bad input is a value
problem) and a :class:`GanglandError` (so a caller can catch "anything Gangland refused"
in one clause without also swallowing programming errors).
"""

from __future__ import annotations

#: The most characters of a person's text an error message repeats back.
ECHO_LIMIT = 80


def clipped(text: str, limit: int = ECHO_LIMIT, quote: bool = True) -> str:
    """``text`` quoted as an error repeats it, cut to ``limit`` characters with an ellipsis:
    a 3,000-character line pasted by mistake must not come back whole in the refusal.

    >>> clipped("buy pearl"), clipped("x" * 100)[-6:], len(clipped("x" * 100))
    ("'buy pearl'", "xx...'", 82)
    >>> clipped("5" * 90, quote=False)[-4:]
    '5...'
    """
    cut = text if len(text) <= limit else text[:limit - 3] + "..."
    return repr(cut) if quote else cut


class GanglandError(Exception):
    """Base of every error that Gangland raises for bad input."""


class InvalidAction(GanglandError, ValueError):
    """Action text that is malformed: an unknown verb, a wrong argument count or value."""


class IllegalAction(GanglandError, ValueError):
    """A well-formed action that the rules do not allow in the current state."""


class OptionError(GanglandError, ValueError):
    """A bad game option, player count or seed."""


class ComponentError(GanglandError, ValueError):
    """A components file that cannot be used; the message names the field."""


class RecordError(GanglandError, ValueError):
    """A game record or state snapshot that is corrupt or does not replay."""


class UnknownGame(GanglandError, ValueError):
    """A game id that is not registered."""

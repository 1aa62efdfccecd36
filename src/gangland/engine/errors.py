"""The errors every part of Gangland raises for bad input.

Each one names exactly what was wrong, so the command line, the web table and the tests
can show it as it is. All of them are both a :class:`ValueError` (bad input is a value
problem) and a :class:`GanglandError` (so a caller can catch "anything Gangland refused"
in one clause without also swallowing programming errors).
"""

from __future__ import annotations


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

"""Game options: declared once per game, validated with precise errors.

Options arrive from Python (``{"cases_to_win": 3}``) or from the command line as text
(``cases_to_win=3``); :func:`validate_options` accepts both, fills in defaults and refuses
anything unknown or out of range, naming the option and what it accepts.

>>> specs = [Option("rounds", int, 3, "how many rounds", low=1, high=5)]
>>> validate_options(specs, {"rounds": "4"})
{'rounds': 4}
>>> validate_options(specs, {"round": 4})
Traceback (most recent call last):
...
gangland.engine.errors.OptionError: unknown option 'round'; options are: rounds
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

OptionValue = bool | int | str

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its type, default, help text and allowed values."""

    name: str
    type: type
    default: OptionValue
    help: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    #: The value names a file on the machine that runs the game (a components file): fine
    #: on your own computer, refused by the web server, which must not read its own disk
    #: on a stranger's say-so.
    path: bool = False

    def coerce(self, value: object) -> OptionValue:
        """Convert and check one value, or raise :class:`OptionError`."""
        if self.type is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                return value.lower() in _TRUE
            raise OptionError(f"option {self.name} is true or false, not {value!r}")
        if self.type is int:
            if isinstance(value, bool):
                raise OptionError(f"option {self.name} is a number, not {value!r}")
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise OptionError(
                        f"option {self.name} is a number, not {value!r}"
                    ) from None
            if not isinstance(value, int):
                raise OptionError(f"option {self.name} is a number, not {value!r}")
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise OptionError(
                    f"option {self.name} must be from {self.low} to {self.high}, not {value}"
                )
            return value
        if not isinstance(value, str):
            raise OptionError(f"option {self.name} is text, not {value!r}")
        if self.choices and value not in self.choices:
            shown = ", ".join(c or '""' for c in self.choices)  # "" (none) must show
            raise OptionError(f"option {self.name} must be one of {shown}, not {value!r}")
        return value

    def describe(self) -> str:
        """One line for ``gangland rules`` and ``--help``."""
        if self.choices:
            allowed = " (" + "|".join(c or '""' for c in self.choices) + ")"
        elif self.low is not None:
            allowed = f" ({self.low}-{self.high})"
        else:
            allowed = ""
        return f"{self.name}={self.default!r}{allowed}: {self.help}"


def validate_options(
    specs: Iterable[Option], given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """Defaults overlaid with ``given``, every value checked."""
    by_name = {s.name: s for s in specs}
    given = dict(given or {})
    if not isinstance(given, dict):
        raise OptionError("options must be a mapping of names to values")
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0]!r}; options are: {', '.join(by_name) or 'none'}"
        )
    result: dict[str, OptionValue] = {}
    for name, spec in by_name.items():
        result[name] = spec.coerce(given[name]) if name in given else spec.default
    return result


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, Any]:
    """``["a=1", "b=x"]`` from the command line into a dict (values stay text)."""
    result: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"an option is NAME=VALUE, not {pair!r}")
        result[name.strip()] = value.strip()
    return result

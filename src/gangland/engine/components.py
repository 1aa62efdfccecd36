"""Reading a game's ``components.toml``, with errors that name the offending field.

Each game ships its printed components as TOML; a player who owns the printed game may pass
their own file. Either way, every field is checked, and the first problem is reported as
``ComponentError("file.toml: cards[12].suspect: 'butler' is not a suspect")``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ComponentError

PROVENANCES = ("rulebook", "published", "reconstructed")


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file, turning I/O and syntax problems into :class:`ComponentError`."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise ComponentError(f"cannot read components file {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{path}: not valid TOML: {exc}") from None


@dataclass(frozen=True)
class Fields:
    """A TOML table with its location, for precise error messages while reading it."""

    data: dict[str, Any]
    where: str

    def fail(self, key: str, problem: str) -> ComponentError:
        """An error naming ``where.key``."""
        return ComponentError(f"{self.where}.{key}: {problem}")

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        """A required field of the given type."""
        if key not in self.data:
            raise self.fail(key, "missing")
        value = self.data[key]
        if isinstance(value, bool) and kind is not bool:
            raise self.fail(key, f"expected {_name(kind)}, got {value!r}")
        if not isinstance(value, kind):
            raise self.fail(key, f"expected {_name(kind)}, got {value!r}")
        return value

    def table(self, key: str) -> Fields:
        """A required sub-table."""
        return Fields(self.get(key, dict), f"{self.where}.{key}")

    def provenance(self) -> str:
        """The section's ``provenance``, one of :data:`PROVENANCES`."""
        value = self.get("provenance", str)
        if value not in PROVENANCES:
            raise self.fail("provenance", f"must be one of {', '.join(PROVENANCES)}")
        return str(value)


def _name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {"dict": "a table", "list": "a list", "str": "text", "int": "a whole number"}.get(
        kind.__name__, kind.__name__
    )


def load_fields(path: str | Path) -> Fields:
    """The whole file as :class:`Fields` located at the file's name."""
    return Fields(read_toml(path), Path(path).name)

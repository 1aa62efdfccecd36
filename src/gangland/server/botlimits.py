"""What a bot may cost at the web table, and when its move is shown.

Two promises, both about the bot specs a table names (``random``, ``detective``,
``ismcts:1s/prior=default``, ...):

* **Caps.** A search thinks at most ``bot_max_seconds`` and is refused above
  ``bot_max_iterations`` or that time when a table is created; an iteration budget is
  bounded by the time cap as well, since its time depends on the machine and the position.
  A spec stored before the caps (a table resumed after a restart) is not refused, which
  would strand its game, but clamped: it searches at most the time cap.
* **Timing that tells nothing.** A bot's move is released at a time drawn from a
  distribution that depends only on public, per-table facts: the table's think time and the
  seat's spec. Never on the position: a search that has one legal move (the pass of a
  player who holds no counter card) answers at once, but its move is held until the same
  release time as a search over many moves. The search itself is given a deadline
  ``margin`` before the earliest release, so under normal load it never runs past it.

The spec is read by the search bot's own parser (:func:`~gangland.bots.ismcts.parse_settings`),
so the server and the bot can never disagree about a budget.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

from gangland.bots.ismcts import parse_settings
from gangland.engine import OptionError

from .config import Settings

#: Seconds between a search's deadline and the earliest release of its move: room for what
#: surrounds the search (the snapshot's trip to a worker, making the bot, its prior's move,
#: the last iteration, the answer's trip back). Measured at a few milliseconds; a tenth of
#: a second keeps a loaded two-core server inside it.
MARGIN_S = 0.1

#: The settings' defaults, so that the caps are written down once (in ``Settings``).
_DEFAULT: dict[str, Any] = {f.name: f.default for f in fields(Settings)}


@dataclass(frozen=True)
class BotLimits:
    """The caps and the timing rule of one server (from its :class:`Settings`)."""

    max_seconds: float = _DEFAULT["bot_max_seconds"]
    max_iterations: int = _DEFAULT["bot_max_iterations"]
    #: The release time is the base time times ``1 + jitter * u``, ``u`` uniform in [0, 1).
    jitter: float = _DEFAULT["bot_jitter"]
    margin: float = MARGIN_S

    @classmethod
    def of(cls, settings: Settings) -> BotLimits:
        return cls(settings.bot_max_seconds, settings.bot_max_iterations,
                   settings.bot_jitter)

    def refusal(self, spec: str) -> str | None:
        """Why ``spec`` is above the caps (a precise sentence), or ``None`` if it is within.

        >>> print(BotLimits().refusal("ismcts:10000000"))
        ismcts:10000000 searches 10000000 iterations a move; this server allows at most 20000
        >>> BotLimits().refusal("ismcts:600s")
        'ismcts:600s thinks 600 s a move; this server allows at most 5 s'
        >>> BotLimits().refusal("ismcts:1s/prior=default") is None
        True
        """
        if _name(spec) != "ismcts":
            return None
        settings = parse_settings(spec.partition(":")[2])  # a bad spec: OptionError
        if settings.seconds is not None and settings.seconds > self.max_seconds:
            return (f"{spec} thinks {settings.seconds:g} s a move; this server allows at most "
                    f"{self.max_seconds:g} s")
        if settings.iterations is not None and settings.iterations > self.max_iterations:
            return (f"{spec} searches {settings.iterations} iterations a move; this server "
                    f"allows at most {self.max_iterations}")
        return None

    def timing(self, spec: str, think_ms: int) -> BotTiming:
        """How long a bot of ``spec`` may search and when its move is released, at a table
        whose think time is ``think_ms``: public facts only."""
        search = self.search_seconds(spec)
        base = max(think_ms / 1000, 0.0 if search is None else search + self.margin)
        return BotTiming(search, base, self.jitter)

    def search_seconds(self, spec: str) -> float | None:
        """The seconds a search of ``spec`` may run, capped; ``None`` for a bot that does
        not search (its decision takes milliseconds, whatever the position).

        >>> limits = BotLimits(max_seconds=3.0)
        >>> limits.search_seconds("ismcts:1s"), limits.search_seconds("ismcts:600s")
        (1.0, 3.0)
        >>> limits.search_seconds("ismcts:2000"), limits.search_seconds("detective")
        (3.0, None)
        """
        if _name(spec) != "ismcts":
            return None
        try:
            seconds = parse_settings(spec.partition(":")[2]).seconds
        except OptionError:
            seconds = None  # (refused when the bot is made; meanwhile, the cap)
        # An iteration budget takes what the machine and the position make it take: at the
        # table it is bounded by the time cap, and its move is held to the cap.
        return self.max_seconds if seconds is None else min(seconds, self.max_seconds)


@dataclass(frozen=True)
class BotTiming:
    """One bot decision's time: how long its search may run, and when its move is shown."""

    #: Seconds from the request that the search may run (``None``: not a search).
    search_s: float | None
    #: The earliest release, seconds after the request: the think time, or the search's
    #: time and the margin, whichever is longer.
    base_s: float
    jitter: float

    def delay(self, u: float) -> float:
        """The release time after the request for a uniform draw ``u`` in [0, 1).

        >>> BotTiming(1.0, 1.1, 0.2).delay(0.5)
        1.21
        """
        if not 0 <= u < 1 or math.isnan(u):
            raise ValueError("u is a uniform draw in [0, 1)")
        return round(self.base_s * (1 + self.jitter * u), 9)


def _name(spec: str) -> str:
    return spec.partition(":")[0].strip()

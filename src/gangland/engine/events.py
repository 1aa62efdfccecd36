"""Events: what happened, addressed to the seats allowed to know it.

``apply`` returns a list of events. An event with ``to=None`` is public; otherwise only the
seats in ``to`` may see it. Servers, the terminal and logs must filter with
:meth:`Event.visible_to`, never show the raw list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, with a human text and optional structured data."""

    kind: str
    text: str
    to: frozenset[int] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form, including the addressees."""
        return {
            "kind": self.kind,
            "text": self.text,
            "to": None if self.to is None else sorted(self.to),
            "data": self.data,
        }


def visible(events: list[Event], seat: int | None) -> list[Event]:
    """The events that ``seat`` may see, in order."""
    return [e for e in events if e.visible_to(seat)]


def counted(n: int, word: str, plural: str | None = None) -> str:
    """A number and its noun, singular for exactly one: an event's text is for people.

    >>> counted(1, "gangster"), counted(3, "gangster"), counted(0, "man", "men")
    ('1 gangster', '3 gangsters', '0 men')
    """
    return f"{n} {word if n == 1 else plural or word + 's'}"


def with_article(word: str) -> str:
    """A noun phrase with its indefinite article, ``an`` before a vowel sound: a rules text
    that writes ``a {colour} joint`` reads "a orange joint" for one colour in seven.

    The rule is the first letter (a, e, i, o, u), which is right for every word the games
    put here (colours, gang names, piece kinds); a word that breaks it ("a unit", "an
    hour") should not be passed.

    >>> with_article("orange joint"), with_article("red joint"), with_article("Ace")
    ('an orange joint', 'a red joint', 'an Ace')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' and word else 'a'} {word}"

"""The idea behind a costly move, where it can be named from the seat's view alone.

A review says a move cost so much; a player wants to know why. Each game's function is
given the seat's view at the decision, the move played and the best move found, and names
the rule or idea the move went against, or returns ``""``; then the review falls back to
:func:`kinds`, what kind of move the search preferred (drive rather than pass, investigate
rather than arrest), which is often the lesson. Only the seat's view is read, never the
table: an idea can say nothing the seat could not know. One module per game:

- :mod:`.city`: an arrest with several candidates left (exact);
- :mod:`.gangster`: a majority handed to a rival or given up, or one left untaken;
- :mod:`.chicago`: a mobster at the wall left to die, a war started on one's own, an
  attack aimed past the strongest rival;
- :mod:`.gangster_1994`: an item kept from the Expert (it counts half at the end), the
  cheaper one sold, the dealer's item passed up;
- :mod:`.gangsters`: a criminal moved in with a cop, the criminal side where the citizen
  side would do, a cop sent into one's own raided joint.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gangland.engine import Action

from .chicago import chicago
from .city import city
from .gangster import gangster
from .gangster_1994 import gangster_1994
from .gangsters import gangsters

#: (the seat's view, the move played, the best move found) -> the idea, or "".
Idea = Callable[[dict[str, Any], Action, Action], str]


def kinds(view: dict[str, Any], played: Action, best: Action) -> str:
    """What kind of move the search preferred, where it is another verb."""
    if played.kind == best.kind:
        return ""
    return f"{played.kind} where the search chose {best.kind}"


IDEAS: dict[str, Idea] = {
    "gangster-city": city,
    "gangster": gangster,
    "chicago-gangster": chicago,
    "gangster-1994": gangster_1994,
    "gangsters": gangsters,
}


def idea_of(game_id: str, view: dict[str, Any], played: Action, best: Action) -> str:
    """The idea behind ``played`` (``""`` when it was the best found or none is named).

    >>> from gangland.engine import Action
    >>> idea_of("gangster", {}, Action("pass"), Action("drive", (2,)))
    'pass where the search chose drive'
    """
    if played == best:
        return ""
    return IDEAS.get(game_id, kinds)(view, played, best) or kinds(view, played, best)


__all__ = ["IDEAS", "Idea", "idea_of", "kinds"]

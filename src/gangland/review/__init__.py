"""The game review: each of a seat's decisions in a finished game judged from its own view.

:func:`review_record` replays a record and hands the judge (:mod:`.judge`) the seat's
observation at each of its decisions, as a bot is handed one, so a review knows only what
the seat knew. It builds on the bots (the hard level's search), so it lives beside
``sim`` rather than in the engine. docs/review.md tells how to read one.
"""

from .analysis import (
           MARKS,
           SIGNIFICANT,
           Decision,
           Review,
           Swing,
           decision_plies,
    judge_at,
           mark_of,
           review_record,
)
from .judge import Budget, Judgement, judge

__all__ = ["MARKS", "SIGNIFICANT", "Budget", "Decision", "Judgement", "Review", "Swing",
           "decision_plies", "judge", "judge_at", "mark_of", "review_record"]

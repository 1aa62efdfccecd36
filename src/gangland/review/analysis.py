"""The review of one seat's play in a finished game: every decision judged, luck told apart.

The record is replayed move by move. At each decision of the seat with more than one legal
move, the judge (:mod:`.judge`) is handed that seat's :class:`Observation`, as a bot would
be, and nothing else. Between two of the seat's decisions the others move and chance
falls; how far the seat's prospects moved meanwhile (its best figure at the later
decision less what it expected of the move before) is a *swing*, marked as luck where dice
were rolled or cards drawn in between. So a player can tell a bad move from a bad roll.

Every decision is judged with its own seed, derived from the review's seed and the
decision's place in the record, so a review stopped half way and resumed gives the same
figures as one run at a stretch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from gangland.engine import (
    Action,
    Event,
    GanglandError,
    Observation,
    OptionError,
    RecordError,
    Rng,
    State,
)
from gangland.engine.record import check_record, new_from_record

from .judge import Budget, Judgement, judge

#: The marks, worst first, by what a move cost in expected result (the search's scale, +1
#: a sure lone win). A cost is marked only when it is also more than ``SIGNIFICANT``
#: standard errors, so that a figure the playouts cannot tell from noise is never called a
#: mistake.
MARKS = (("blunder", 0.25), ("mistake", 0.10), ("inaccuracy", 0.05))
SIGNIFICANT = 2.0


def mark_of(judgement: Judgement) -> str:
    """The worst mark the move's cost earns ("" for none).

    >>> j = Judgement("a", "b", 0.1, 0.02, 0.3, 0.02, 0.2, 0.03, 64, 200)
    >>> mark_of(j)
    'mistake'
    >>> mark_of(Judgement("a", "b", 0.1, 0.2, 0.3, 0.2, 0.2, 0.15, 64, 200))  # noise
    ''
    """
    if judgement.cost <= SIGNIFICANT * judgement.cost_error:
        return ""
    return next((name for name, least in MARKS if judgement.cost >= least), "")


@dataclass(frozen=True)
class Decision:
    """One judged decision: ``ply`` moves of the record came before it."""

    ply: int
    choices: int
    judgement: Judgement
    mark: str

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "choices": self.choices, "mark": self.mark,
                **self.judgement.to_json()}


@dataclass(frozen=True)
class Swing:
    """How the seat's prospects moved between two of its decisions (or its last decision and
    the end): ``change`` is the later figure less the earlier expectation, ``chance``
    whether dice or draws fell in between."""

    start: int
    end: int
    change: float
    chance: bool

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "change": self.change,
                "chance": self.chance}


@dataclass
class Review:
    """A seat's decisions in one game, judged, with the swings between them."""

    game: str
    players: int
    seat: int
    budget: Budget
    seed: int
    moves: int
    decisions: list[Decision] = field(default_factory=list)
    swings: list[Swing] = field(default_factory=list)
    #: The seat's result when the game ended (its return: +1 a lone win).
    result: float = 0.0

    def worst(self, count: int = 3) -> list[Decision]:
        """The ``count`` costliest marked decisions, costliest first."""
        marked = [d for d in self.decisions if d.mark]
        return sorted(marked, key=lambda d: -d.judgement.cost)[:count]

    def accuracy(self) -> float:
        """The share of decisions that earned no mark (1.0 when none was judged)."""
        if not self.decisions:
            return 1.0
        return sum(not d.mark for d in self.decisions) / len(self.decisions)

    def mean_cost(self) -> float:
        if not self.decisions:
            return 0.0
        return sum(d.judgement.cost for d in self.decisions) / len(self.decisions)

    def typical(self) -> str:
        """The idea behind most of the marked decisions that name one (the costliest in
        all among equals), or "": the lesson of the game, where the review can tell it."""
        weight: dict[str, tuple[int, float]] = {}
        for d in self.decisions:
            if d.mark and d.judgement.idea:
                n, cost = weight.get(d.judgement.idea, (0, 0.0))
                weight[d.judgement.idea] = (n + 1, cost + d.judgement.cost)
        return max(weight, key=lambda idea: weight[idea], default="")

    def luck(self, count: int = 3) -> list[Swing]:
        """The ``count`` largest swings in which chance fell, largest first."""
        return sorted((s for s in self.swings if s.chance), key=lambda s: -abs(s.change))[:count]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "seat": self.seat,
            "budget": {"iterations": self.budget.iterations, "samples": self.budget.samples},
            "seed": self.seed, "moves": self.moves, "result": self.result,
            "accuracy": self.accuracy(), "mean_cost": self.mean_cost(),
            "marks": {name: sum(d.mark == name for d in self.decisions) for name, _ in MARKS},
            "worst": [d.ply for d in self.worst()], "typical": self.typical(),
            "luck": [[s.start, s.end] for s in self.luck()],
            "decisions": [d.to_json() for d in self.decisions],
            "swings": [s.to_json() for s in self.swings],
        }


#: Called after each decision is judged: the decision, how many are done, how many in all.
Progress = Callable[[Decision, int, int], None]


def judge_at(state: State, seat: int, action: Action, budget: Budget, seed: int,
             ply: int) -> Judgement:
    """Judge ``action``, ``seat``'s decision after ``ply`` moves of ``state``'s game, as
    a review with ``seed`` does: the seat's observation is taken here, and the judge is
    given nothing else. The web table's bot workers call this too, one decision a job, so
    a review made there has the same figures as ``gangland review`` of the record."""
    mixed = Rng((seed * 0x9E3779B97F4A7C15 + ply) & 0xFFFFFFFFFFFFFFFF)
    obs = Observation.of(state, seat, Rng(mixed.next_seed()))
    return judge(state.game, obs, action, budget, mixed.next_seed())


def decision_plies(record: dict[str, Any], seat: int) -> list[int]:
    """Where the seat decided with a choice: the number of moves before each decision."""
    plies = []
    for ply, state in _walk(record):
        if state.current_player == seat and len(state.legal_actions()) > 1:
            plies.append(ply)
    return plies


def review_record(record: object, seat: int, budget: Budget | None = None, seed: int = 0,
                  done: dict[int, Judgement] | None = None,
                  progress: Progress | None = None) -> Review:
    """Review ``seat``'s play (0 for P1) in the finished game ``record`` describes.

    ``done`` holds judgements already made with the same budget and seed (a stopped
    review's), by ply; they are kept, not judged again.
    """
    rec = check_record(record)
    budget = budget or Budget()
    done = done or {}
    start = new_from_record(rec)
    if not 0 <= seat < start.players:
        raise OptionError(f"seat {seat + 1} is not at this table (players 1 to {start.players})")
    plies = set(decision_plies(rec, seat))
    total = len(plies)
    review = Review(start.game.id, start.players, seat, budget, seed, len(rec["actions"]))
    expected: float | None = None  # what the seat's last move was expected to bring
    chance = False  # whether chance fell since that move was chosen
    kinds = start.game.chance_events
    state = start
    for ply, text in enumerate(rec["actions"]):
        action = _parse(state, ply, text)
        if ply in plies:
            judgement = done.get(ply)
            if judgement is None:
                judgement = judge_at(state, seat, action, budget, seed, ply)
            decision = Decision(ply, len(state.legal_actions()), judgement, mark_of(judgement))
            if expected is not None:
                review.swings.append(Swing(review.decisions[-1].ply, ply,
                                           judgement.best_value - expected, chance))
            review.decisions.append(decision)
            expected, chance = judgement.played_value, False
            if progress is not None:
                progress(decision, len(review.decisions), total)
        drawn = state.rng.to_json()
        events = _apply(state, ply, action)
        chance = chance or state.rng.to_json() != drawn or any(
            e.kind in kinds and (e.to is None or seat in e.to) for e in events)
    if not state.is_terminal:
        raise OptionError("the record's game is not finished: a review needs a finished game")
    review.result = state.returns()[seat]
    if expected is not None:
        review.swings.append(Swing(review.decisions[-1].ply, review.moves,
                                   review.result - expected, chance))
    return review


def _walk(record: dict[str, Any]) -> Iterator[tuple[int, State]]:
    """``(ply, state)`` before each move of the record; the one state is moved on in place."""
    state = new_from_record(record)
    for ply, text in enumerate(record["actions"]):
        action = _parse(state, ply, text)
        yield ply, state
        _apply(state, ply, action)


def _parse(state: State, ply: int, text: str) -> Action:
    try:
        return state.parse_action(text)
    except GanglandError as exc:
        raise RecordError(f"record move {ply + 1} does not replay: {exc}") from None


def _apply(state: State, ply: int, action: Action) -> list[Event]:
    try:
        return state.apply(action)
    except GanglandError as exc:
        raise RecordError(f"record move {ply + 1} does not replay: {exc}") from None

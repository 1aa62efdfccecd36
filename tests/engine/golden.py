"""Golden traces: seeded games and bot decisions, reduced to digests.

A trace plays one seeded game, a seeded generator choosing among ``legal_actions()`` or
the game's own bots at the seats, and at every step digests everything a user or a bot
can observe of the position: the legal actions in order, their action-index numbers,
every seat's view and the spectator's, the full snapshot, the scores and who is to move,
a resample for the seat to move, the action played and the events of ``apply``. A
decision asks a bot (each game's own bots, and the hard level's search at a fixed
iteration count) for its move at a fixed mid-game position and keeps the move and, for
the search, the root's visit counts.

The committed files (``tests/engine/golden/<game-id>.json``) hold what the code did when
they were written; ``test_golden_traces.py`` replays everything and names the game, the
trace, the first step that differs and which aspect of it. Speed work must leave every
digest as it is: regenerating (``python scripts/golden_traces.py --write``) is only for
an intended change of behaviour, named in its commit.

Each step is stored as ``"<combined> <aspects>"``: 48 bits of sha256 over every aspect
(what detects a change), then 12 bits per aspect in :data:`ASPECTS` order (too few to
detect a change reliably alone; they say which aspect moved once a step differs), in
URL-safe base64 (:func:`digest`).

>>> step = Step({name: "x" for name in ASPECTS})
>>> step.text() == Step.parse(step.text()).text()
True
>>> len(step.text().split()[1]) == ASPECT_DIGITS * len(ASPECTS)
True
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gangland
from gangland.bots import Bot, bot_names, bot_seeds, decide, default_bot, easy_bot, make_bot
from gangland.bots.ismcts import Ismcts, tuned_spec
from gangland.engine import Event, Game, OptionValue, Rng, State, counted

#: Where the committed traces live, one file per game.
GOLDEN = Path(__file__).resolve().parent / "golden"

#: What a step's digest covers, in the order of its per-aspect digits.
ASPECTS = ("legal", "indices", "views", "state", "progress", "resample", "action", "events")

#: Traces per game, at least (more where the game has more player counts or variants).
TRACES = 6

#: Steps per game, at least, over all its traces; and the most traces a game gets.
MIN_STEPS = 800
MOST_TRACES = 24

#: Digest characters per aspect (12 bits): a changed aspect shows as its own with odds
#: 4095 in 4096.
ASPECT_DIGITS = 2

#: A game is cut after this many decisions (its last step is then not terminal), unless
#: its trace says otherwise (``TraceSpec.cut``).
MAX_STEPS = 400

#: Iterations of the hard level's search per recorded decision: fixed, so the result does
#: not depend on the machine's speed.
ITERATIONS = 40

#: Mid-game positions per game at which every bot is asked for its move.
DECISIONS = 3

REGENERATE = "PYTHONPATH=src python scripts/golden_traces.py --write"


def canonical(value: object) -> str:
    """``value`` as compact JSON with sorted keys, sets sorted: the same text on every
    machine and under every hash seed.

    >>> canonical({"b": frozenset({2, 1}), "a": (1, None)})
    '{"a":[1,null],"b":[1,2]}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_sorted_set)


def _sorted_set(value: object) -> list[Any]:
    if isinstance(value, set | frozenset):
        return sorted(value)
    raise TypeError(f"not JSON-safe: {type(value).__name__}")


def digest(text: str, chars: int = 8) -> str:
    """The first ``chars`` characters of ``text``'s sha256 in URL-safe base64, six bits
    each (eight: 48 bits).

    >>> digest("gangland"), digest("gangland", 2)
    ('r-T2Ma8P', 'r-')
    """
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).decode()[:chars]


def events_text(events: list[Event]) -> str:
    """Every field of every event, in order (addressees sorted, data as canonical JSON)."""
    return canonical([[e.kind, e.text, None if e.to is None else sorted(e.to), e.data]
                      for e in events])


@dataclass(frozen=True)
class Step:
    """One step of a trace: the full text of each aspect (while playing) or, read back
    from a file, only its digests."""

    aspects: Mapping[str, str]
    stored: tuple[str, str] | None = None  # (combined, per-aspect digits) when read back
    legal: int = 0  # how many legal moves there were (while playing)
    ended: tuple[str, ...] = ()  # at the last step of a finished game: its endings' names

    def combined(self) -> str:
        if self.stored is not None:
            return self.stored[0]
        return digest("\x1e".join(self.aspects[name] for name in ASPECTS))

    def parts(self) -> str:
        if self.stored is not None:
            return self.stored[1]
        return "".join(digest(self.aspects[name], ASPECT_DIGITS) for name in ASPECTS)

    def text(self) -> str:
        return f"{self.combined()} {self.parts()}"

    @classmethod
    def parse(cls, text: str) -> Step:
        combined, parts = text.split()
        return cls({}, (combined, parts))

    def differing(self, other: Step) -> list[str]:
        """The aspects whose digits differ from ``other``'s (empty: only the combined
        digest tells them apart, so any aspect may be the one)."""
        mine, theirs, k = self.parts(), other.parts(), ASPECT_DIGITS
        return [name for i, name in enumerate(ASPECTS)
                if mine[k * i:k * i + k] != theirs[k * i:k * i + k]]


@dataclass(frozen=True)
class TraceSpec:
    """Which game a trace plays (seed, player count, options) and who plays it: ``""``
    a seeded generator uniform over the legal actions, ``"own"`` the game's default bot
    at every seat, ``"mixed"`` its easy bot at odd seats and random bots at even ones."""

    seed: int
    players: int
    options: Mapping[str, OptionValue]
    lineup: str = ""
    cut: int = MAX_STEPS  # the game is cut after this many decisions

    def label(self) -> str:
        who = f", {self.lineup} bots" if self.lineup else ""
        return (f"seed {self.seed}, {counted(self.players, 'player')}, "
                f"options {canonical(self.options)}{who}")

    def bots(self, game: Game) -> list[Bot] | None:
        """The bots of the seats, seeded from the trace's seed (None: uniform choice)."""
        if not self.lineup:
            return None
        own = default_bot(game.id) if self.lineup == "own" else easy_bot(game.id)
        specs = [own if self.lineup == "own" or s % 2 else "random"
                 for s in range(self.players)]
        return [make_bot(spec, game, seed) for spec, seed
                in zip(specs, bot_seeds(self.seed, self.players), strict=True)]


def trace_specs(game: Game, lineup: str = "") -> Iterator[TraceSpec]:
    """The game's candidate traces, endless: the player count runs over the game's range
    from its ends inwards (bot traces from the top: big tables reach more of the rules),
    the conformance option sets cycle beside it, seeds count up. Bot traces alternate
    the ``own`` and ``mixed`` line-ups."""
    low, high = game.min_players, game.max_players
    counts = [low + i // 2 if i % 2 == 0 else high - i // 2 for i in range(high - low + 1)]
    if lineup:
        counts = counts[1:] + counts[:1]
    variants = game.conformance_options
    first = 101 if lineup else 11
    for i in itertools.count():
        yield TraceSpec(seed=first + i, players=counts[i % len(counts)],
                        options=variants[i % len(variants)],
                        lineup=("own", "mixed")[i % 2] if lineup else "")


def chosen_traces(game: Game) -> Iterator[Trace]:
    """The traces a golden file keeps. Random ones: every player count and option set at
    least once, at least :data:`TRACES`, and more until they hold :data:`MIN_STEPS`
    steps in all (a game of short random games, such as Gangster City's, gets more of
    them). Then bot ones, which reach what random play does not (Gangsters' hits and
    busts), at least :data:`TRACES` and :data:`MIN_STEPS` steps too; then the game's
    :data:`EXTRA` ones."""
    least = max(TRACES, game.max_players - game.min_players + 1, len(game.conformance_options))
    for lineup, most in (("", least), ("bots", TRACES)):
        total = 0
        for i, spec in enumerate(trace_specs(game, lineup)):
            if i >= MOST_TRACES or (i >= most and total >= MIN_STEPS):
                break
            trace = played(game, spec)
            total += len(trace.steps)
            yield trace
    for spec in EXTRA.get(game.id, ()):
        yield played(game, spec)


#: Traces chosen by a search over seeds because they reach what the others never do.
#: Gangsters (seeds 200-399, 4 and 5 players, every preset, both line-ups): absorb and
#: equip (203), wheels (224), seduce (228); its flip and release were offered in none of
#: those 2,400 games' first 400 steps. Endings (seeds from 300): Chicago Gangster's turn
#: limit and last gangs falling together, Gangster's tie on influence, Gangster City's
#: empty pile, Gangsters' tie after the rounds, win by joints and last gang standing (the
#: last two some 1,000 decisions into a game without a turn limit, so those traces run to
#: their end). Gangster (1994): the purchase offer, the game's own ending, comes some 600
#: decisions into a full game.
EXTRA: dict[str, tuple[TraceSpec, ...]] = {
    "chicago-gangster": (TraceSpec(300, 2, {"turn_limit": 12}),
                         TraceSpec(302, 6, {}, "own")),
    "gangster": (TraceSpec(302, 4, {}, "own"),),
    "gangster-1994": (TraceSpec(1, 2, {}, "own", cut=700),),
    "gangster-city": (TraceSpec(300, 6, {"cases_to_win": 10}, "own"),),
    "gangsters": (
        TraceSpec(203, 4, {"heaters": True, "wheels": True, "siren": True, "turn_limit": 30},
                  "own"),
        TraceSpec(224, 4, {"heaters": True, "wheels": True, "siren": True, "turn_limit": 30},
                  "mixed"),
        TraceSpec(228, 4, {"turn_limit": 40}, "own"),
        TraceSpec(303, 2, {"random_order": True, "secret_cash": True, "rounds": 6,
                           "turn_limit": 30}, "own"),
        TraceSpec(301, 5, {}, "own", cut=1100),
        TraceSpec(312, 2, {}, cut=925),
    ),
}


def observe(state: State, step: int) -> dict[str, str]:
    """The aspects of a position that do not depend on the action played next (all but
    ``state``, the snapshot: see :func:`play`)."""
    seat = state.current_player
    views = [state.view(s) for s in range(state.players)] + [state.view(None)]
    resampled = "" if seat is None else canonical(state.resample(seat, Rng(step)).to_json())
    return {
        "legal": canonical([str(a) for a in state.legal_actions()]),
        "indices": canonical(state.legal_action_indices()),
        "views": canonical(views),
        "progress": canonical([seat, state.is_terminal, state.scores(), state.winners(),
                               state.returns()]),
        "resample": resampled,
    }


@dataclass
class Trace:
    """A played trace: its steps, and the positions where a bot could be asked."""

    spec: TraceSpec
    steps: list[Step]
    history: list[str]  # the actions played, in order
    choices: list[int]  # the steps with two or more legal moves
    error: str = ""  # what the step after the last one raised (see ``played``)

    def position(self, game: Game, step: int) -> State:
        """The position at ``step``, rebuilt by applying the trace's first actions."""
        state = game.new_game(self.spec.players, self.spec.seed, self.spec.options)
        for text in self.history[:step]:
            state.apply(state.parse_action(text))
        return state

    def decision_steps(self) -> list[int]:
        """Up to :data:`DECISIONS` steps spread over the trace's middle, each with at
        least two legal moves (a single one is no decision)."""
        picks = {len(self.choices) * (k + 1) // (DECISIONS + 1) for k in range(DECISIONS)}
        return [self.choices[p] for p in sorted(picks) if self.choices]


def play(game: Game, spec: TraceSpec) -> Iterator[Step]:
    """The trace's steps, one per decision and one for the last position.

    Each move is played on a clone, which the trace goes on with, and the snapshot of the
    position it left is taken only then: a clone that shares anything with its original
    (a list copied by reference) shows as a changed snapshot at that step.
    """
    state = game.new_game(spec.players, spec.seed, spec.options)
    rng, bots = Rng(spec.seed), spec.bots(game)
    events: list[Event] = []
    for step in range(spec.cut + 1):
        aspects = observe(state, step)
        if state.is_terminal or step == spec.cut:
            ended = tuple(e.name for e in game.endings
                          if state.is_terminal and e.matches(events, state.winners()))
            yield Step({**aspects, "state": canonical(state.to_json()), "action": "",
                        "events": ""}, ended=ended)
            return
        legal = state.legal_actions()
        seat = state.current_player
        if bots is None or seat is None:
            action = legal[rng.randbelow(len(legal))]
        else:
            action = decide(bots[seat], state, rng)
        after = state.clone()
        events = after.apply(action)
        yield Step({**aspects, "state": canonical(state.to_json()), "action": str(action),
                    "events": events_text(events)}, legal=len(legal))
        state = after


def played(game: Game, spec: TraceSpec, tolerant: bool = False) -> Trace:
    """The whole trace at once. With ``tolerant``, an exception ends it and is kept in
    :attr:`Trace.error` (the check reports it at its step), rather than raised."""
    steps: list[Step] = []
    error = ""
    try:
        steps.extend(play(game, spec))
    except Exception as exc:
        if not tolerant:
            raise
        error = raised(exc)
    history = [step.aspects["action"] for step in steps[:len(steps) - (not error)]]
    return Trace(spec, steps, history, [i for i, s in enumerate(steps) if s.legal > 1],
                 error)


def raised(exc: Exception) -> str:
    """An exception in a line: its type and what it says."""
    return f"{type(exc).__name__}: {exc}"


def decision_bots(game_id: str) -> list[str]:
    """The bots asked at each decision: the game's own, and the hard level's search."""
    own = [name for name in bot_names(game_id) if name not in ("random", "ismcts")]
    return [*own, tuned_spec(game_id, str(ITERATIONS))]


def decide_at(game: Game, state: State, spec: str, seed: int) -> dict[str, object]:
    """What ``spec`` plays at ``state`` (and, for the search, its root's visit counts)."""
    bot = make_bot(spec, game, seed)
    action = decide(bot, state, Rng(seed))
    answer: dict[str, object] = {"action": str(action)}
    if isinstance(bot, Ismcts):
        answer["visits"] = {str(a): n for a, n in bot.root_visits()}
    return answer


def build(game_id: str) -> dict[str, Any]:
    """The golden data of one game, as written to its file."""
    game = gangland.load(game_id)
    traces: list[dict[str, Any]] = []
    decisions: list[dict[str, Any]] = []
    lineups: set[bool] = set()
    verbs: set[str] = set()
    ended: set[str] = set()
    for t, trace in enumerate(chosen_traces(game)):
        spec = trace.spec
        ended.update(trace.steps[-1].ended)
        verbs.update(text.split()[0] for step in trace.steps
                     for text in json.loads(step.aspects["legal"]))
        traces.append({"seed": spec.seed, "players": spec.players,
                       "options": dict(spec.options), "lineup": spec.lineup,
                       **({"cut": spec.cut} if spec.cut != MAX_STEPS else {}),
                       "steps": [s.text() for s in trace.steps]})
        if bool(spec.lineup) not in lineups:  # the first random and the first bot trace
            lineups.add(bool(spec.lineup))
            for step in trace.decision_steps():
                state = trace.position(game, step)
                for bot in decision_bots(game_id):
                    decisions.append({"trace": t, "step": step, "bot": bot,
                                      **decide_at(game, state, bot, 1000 + step)})
    unreached = sorted(set(game.grammar.verbs) - verbs)
    unended = sorted({e.name for e in game.endings} - ended)
    return {"game": game_id, "about": ABOUT, "never_legal": unreached, "never_ended": unended,
            "traces": traces, "decisions": decisions}


ABOUT = ("Golden traces (tests/engine/golden.py): what the code did when this file was "
         "written. Regenerate only for an intended change of behaviour, named in the commit: "
         + REGENERATE)


def path_of(game_id: str) -> Path:
    return GOLDEN / f"{game_id}.json"


def write(game_id: str) -> Path:
    """Regenerate one game's file (see the module docstring: only for intended changes)."""
    GOLDEN.mkdir(exist_ok=True)
    path = path_of(game_id)
    path.write_text(json.dumps(build(game_id), indent=1, sort_keys=True) + "\n")
    return path


def load_golden(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path_of(game_id).read_text())
    return data


def compare(game_id: str) -> list[str]:
    """Every difference between the committed traces of ``game_id`` and what the code
    does now: for each trace its first differing step and aspects, for each decision the
    move and visits. Empty when the code behaves as when the file was written."""
    game = gangland.load(game_id)
    data = load_golden(game_id)
    problems: list[str] = []
    traces: list[Trace] = []
    for t, stored in enumerate(data["traces"]):
        spec = TraceSpec(stored["seed"], stored["players"], stored["options"],
                         stored.get("lineup", ""), stored.get("cut", MAX_STEPS))
        trace = played(game, spec, tolerant=True)
        traces.append(trace)
        problem = first_difference(trace.steps, [Step.parse(s) for s in stored["steps"]])
        if not problem and trace.error:
            problem = f"step {len(trace.steps)} raises {trace.error}"
        if problem:
            problems.append(f"{game_id} trace {t} ({spec.label()}): {problem}")
    for d in data["decisions"]:
        trace = traces[d["trace"]]
        expected = {k: v for k, v in d.items() if k in ("action", "visits")}
        try:
            now = decide_at(game, trace.position(game, d["step"]), d["bot"], 1000 + d["step"])
        except Exception as exc:
            now = {"raises": raised(exc)}
        if now != expected:
            problems.append(f"{game_id} trace {d['trace']} ({trace.spec.label()}): at step "
                            f"{d['step']}, {d['bot']} now answers {canonical(now)}, "
                            f"not {canonical(expected)}")
    return problems


def first_difference(now: list[Step], golden: list[Step]) -> str:
    """Where two traces part ("" where they agree): the first step whose digest differs,
    and which aspects of it."""
    for i, (mine, theirs) in enumerate(zip(now, golden, strict=False)):
        if mine.combined() != theirs.combined():
            aspects = mine.differing(theirs)
            where = (f"in {', '.join(aspects)}" if aspects
                     else "(in an aspect whose short digits happen to agree)")
            played = mine.aspects.get("action") or "(none: the last step)"
            return f"step {i} differs {where} (the code now plays {played!r} there)"
    if len(now) != len(golden):
        return f"the trace now has {len(now)} steps, the golden one {len(golden)}"
    return ""

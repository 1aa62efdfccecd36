"""Checks every game must pass, as plain functions (the pytest suite calls them).

They are here, not in ``tests/``, so a game's own tests, the web table's audit and a
developer at a prompt can run the same checks. Each raises ``AssertionError`` with a
message that says which promise of the contract broke and where.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .actions import Action
from .errors import IllegalAction, InvalidAction
from .events import Event
from .game import Ending, Game
from .observation import Observation, is_part
from .record import replay
from .rng import Rng
from .state import UNSEEN, State


def playout(
    game: Game, players: int, seed: int, options: dict[str, object] | None = None
) -> Iterator[tuple[State, Action]]:
    """A uniformly random game, yielding each state just before its action is applied.

    Checks on the way that legal actions are never empty before the end, that the game
    ends within the declared move bound, and that every event is well addressed.
    """
    state = game.new_game(players, seed, options)
    twin = game.new_game(players, seed, options)  # played by step(): no events built
    bound = game.move_bound(players, state.options)
    rng = Rng(seed + 1)
    moves = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal, f"{game.id}: no legal action at move {moves} before the end"
        assert state.current_player is not None, f"{game.id}: nobody to move at move {moves}"
        action = rng.choice(legal)
        yield state, action
        before = (state.current_player, state.rng.copy())
        events = state.apply(action)
        check_half_made(state, before, events)
        check_step(twin, action, state, moves)
        for event in events:
            assert event.text, f"{game.id}: an event without text ({event.kind})"
            assert event.to is None or event.to <= set(range(players)), (
                f"{game.id}: event {event.kind} addressed to a seat that does not exist"
            )
        moves += 1
        assert moves <= bound, f"{game.id}: still going after its move bound {bound}"
    assert state.current_player is None, f"{game.id}: a terminal state has a player to move"
    assert state.legal_actions() == [], f"{game.id}: a terminal state has legal actions"
    yield state, Action("end")


def check_step(twin: State, action: Action, state: State, moves: int) -> None:
    """``twin``, played by :meth:`State.step` (no events built) alongside ``state``
    (played by ``apply``), is in the same position: the same legal moves after every move,
    the same snapshot every 25 moves and at the end."""
    twin.step(action)
    assert not twin.quiet, f"{state.game.id}: step left the state quiet"
    assert twin.legal_actions() == state.legal_actions(), (
        f"{state.game.id}: after move {moves + 1} ({action}) step() and apply() offer "
        "different legal moves")
    if moves % 25 == 0 or state.is_terminal:
        assert twin.to_json() == state.to_json(), (
            f"{state.game.id}: after move {moves + 1} ({action}) step() and apply() "
            "reached different positions")


def check_half_made(state: State, before: tuple[int | None, Rng], events: list[Event]) -> None:
    """A position declared half made (``State.half_made``) follows a move that told
    nothing and drew no chance, and leaves the same player to move: a take-back of it
    undoes no information. ``before``: who was to move, and the generator, before it."""
    if not state.half_made():
        return
    text = f"{state.game.id}: half made after {state.history[-1]}"
    assert not state.is_terminal, f"{text}, but the game is over"
    assert state.current_player == before[0], f"{text}, but another player is to move"
    assert not events, f"{text}, but it told {events[0].text!r}"
    assert state.rng == before[1], f"{text}, but it drew chance"


def check_text_round_trip(state: State) -> None:
    """Every legal action's canonical text parses back to the same action."""
    for action in state.legal_actions():
        text = str(action)
        assert state.parse_action(text) == action, f"{text!r} does not parse back"
        assert text == text.strip().lower() and "  " not in text, f"{text!r} is not canonical"


def check_views_json(state: State) -> None:
    """Every seat's view (and the spectators') survives JSON unchanged."""
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, f"view({seat}) is not JSON-safe"


def check_snapshot(state: State) -> None:
    """``to_json`` round-trips, and the copy then plays on exactly like the original."""
    data = state.to_json()
    json.dumps(data)
    copy = state.game.state_from_json(json.loads(json.dumps(data)))
    assert copy.to_json() == data, "state_from_json(to_json()) differs"
    if not state.is_terminal:
        a, b = state.clone(), copy
        action = a.legal_actions()[0]
        a.apply(action)
        b.apply(action)
        assert a.to_json() == b.to_json(), "a restored snapshot plays on differently"


def check_clone_independent(state: State) -> None:
    """A clone is equal, and changing it leaves the original untouched."""
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before, "clone() differs from the original"
    if not copy.is_terminal:
        copy.apply(copy.legal_actions()[-1])
        assert state.to_json() == before, "playing on a clone changed the original"


def check_resample(state: State, seed: int) -> bool:
    """The two hidden-information properties for every seat, at this position.

    1. ``resample(seat, r).view(seat) == view(seat)``: the view depends on nothing hidden.
    2. The draw never reads hidden values: resampling a resampled state with the same
       ``rng`` gives exactly the same state as resampling the truth.
    3. It keeps no trace of the truth: no seed, no actions (some secret), only their count.

    Returns whether some resample differed from the truth (hidden parts really vary);
    the caller checks that this happens somewhere in a game.
    """
    varied = False
    truth = state.to_json()
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        first = state.resample(seat, Rng(seed))
        assert first.view(seat) == view, f"view({seat}) changes under resampling: it leaks"
        assert first.seed is None, "a resampled state must not claim the true seed"
        assert first.history == [UNSEEN] * len(state.history), \
            "a resampled state must not keep the (partly secret) actions, only their count"
        again = first.resample(seat, Rng(seed + 7)).to_json()
        direct = state.resample(seat, Rng(seed + 7)).to_json()
        assert again == direct, f"resample({seat}) depends on the true hidden values"
        body = first.to_json()
        if body["state"] != truth["state"]:
            varied = True
        assert state.to_json() == truth, "resample changed the original state"
    return varied


def check_illegal_refused(state: State, foreign: list[Action]) -> None:
    """Actions not legal here (taken from other positions) raise and change nothing."""
    before = state.to_json()
    legal = set(state.legal_actions())
    for action in foreign:
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"illegal {str(action)!r} was accepted")
        assert state.to_json() == before, f"refused {str(action)!r} still changed the state"
        try:
            state.parse_action(str(action))
        except (IllegalAction, InvalidAction):
            pass
        else:
            raise AssertionError(f"parse_action accepted illegal {str(action)!r}")
    for text in ("", "no-such-verb", "\t"):
        try:
            state.parse_action(text)
        except InvalidAction:
            pass
        else:
            raise AssertionError(f"malformed text {text!r} was accepted")
    assert state.to_json() == before


def malformed_variants(action: Action) -> Iterator[tuple[str, Callable[[], Action]]]:
    """Malformed copies of a well-formed action, each as (what is wrong, how to build it).

    Every kind a program might hand-build: an unknown verb, one argument too few or too
    many, and each argument replaced by a value of the wrong type (a word for a number, a
    number for a word, ``None``, a ``bool``, a ``float``, a tuple, a list). Some of them
    cannot even be built (:class:`Action` refuses all but ``int`` and ``str`` arguments);
    building is part of the thunk, so a check sees that refusal too.
    """
    kind, args = action.kind, action.args
    yield "unknown verb", lambda: Action("no-such-verb", args)
    yield "an argument too many (int)", lambda: Action(kind, (*args, 1))
    yield "an argument too many (str)", lambda: Action(kind, (*args, "x"))
    if args:
        yield "an argument too few", lambda: Action(kind, args[:-1])
    for i, value in enumerate(args):
        wrong: list[object] = [None, True, False, 1.0, (value,), [value]]
        wrong.append(str(value) if isinstance(value, int) else 7)
        for bad in wrong:
            def build(i: int = i, bad: object = bad) -> Action:
                return Action(kind, (*args[:i], bad, *args[i + 1:]))  # type: ignore[arg-type]

            yield f"argument {i + 1} as {type(bad).__name__} {bad!r}", build
    yield "a list of arguments", lambda: Action(kind, list(args))  # type: ignore[arg-type]
    yield "a verb that is not a str", lambda: Action(None, args)  # type: ignore[arg-type]


def check_malformed_refused(state: State, actions: list[Action]) -> None:
    """Malformed variants of these (well-formed) actions raise InvalidAction, change nothing.

    ``apply`` must refuse each with :class:`InvalidAction` (never accept it, never raise
    anything else); ``why_illegal`` must explain it without raising; the state's snapshot,
    its legal actions and its history stay as they were.
    """
    before = state.to_json()
    legal = list(state.legal_actions())
    for action in actions:
        assert state.game.grammar.parse(str(action)) == action, f"{action!r} is malformed"
        for what, build in malformed_variants(action):
            try:
                bad = build()
                state.apply(bad)
            except InvalidAction:
                pass
            except Exception as error:  # any other error breaks the contract
                raise AssertionError(
                    f"{state.game.id}: {what} of {str(action)!r} raised "
                    f"{type(error).__name__}: {error}, not InvalidAction"
                ) from error
            else:
                raise AssertionError(f"{state.game.id}: {what} of {str(action)!r} was played")
            assert state.to_json() == before, f"refused {bad!r} still changed the state"
            reason = state.why_illegal(bad)
            assert isinstance(reason, str) and reason, f"why_illegal({bad!r}) gave no reason"
    assert state.legal_actions() == legal, "refused malformed actions changed legal_actions"
    assert state.to_json() == before


def check_snapshot_shares_nothing(state: State, more: int, seed: int) -> None:
    """``to_json()`` is a snapshot: no later move changes it, editing it changes no game.

    Takes a snapshot and a deep copy of it, plays ``more`` random moves on the state (a
    clone, so the caller's game goes on as it was), and requires the snapshot to equal the
    copy still. Then edits every list and dict inside a fresh snapshot and requires the
    state's own ``to_json()`` to be unchanged.
    """
    live = state.clone()
    snapshot = live.to_json()
    kept = copy.deepcopy(snapshot)
    rng = Rng(seed)
    for _ in range(more):
        if live.is_terminal:
            break
        live.apply(rng.choice(live.legal_actions()))
    assert snapshot == kept, f"{state.game.id}: a kept snapshot changed as the game went on"
    fresh = state.to_json()
    truth = copy.deepcopy(fresh)
    _vandalise(fresh)
    assert state.to_json() == truth, f"{state.game.id}: editing a snapshot edited the game"
    given = copy.deepcopy(truth)
    restored = state.game.state_from_json(given)
    _vandalise(given)
    assert restored.to_json() == truth, (
        f"{state.game.id}: editing the data a state was restored from edited that state"
    )


def _vandalise(data: object) -> None:
    """Change every list and dict inside ``data`` in place (children first)."""
    if isinstance(data, dict):
        for value in data.values():
            _vandalise(value)
        data["vandalised"] = True
    elif isinstance(data, list):
        for value in data:
            _vandalise(value)
        data.append("vandalised")


def check_replay(state: State) -> None:
    """The record replays to an identical state and identical views."""
    again = replay(state.record())
    assert again.to_json() == state.to_json(), "replay(record()) differs"
    for seat in [None, *range(state.players)]:
        assert again.view(seat) == state.view(seat), f"replayed view({seat}) differs"


def check_observation(state: State, seed: int) -> None:
    """The deciding seat's observation matches its view and can sample states."""
    seat = state.current_player
    if seat is None:
        return
    obs = Observation.of(state, seat, Rng(seed))
    assert obs.view == state.view(seat)
    assert list(obs.legal_actions) == state.legal_actions()
    assert obs._determinization is not state, "an observation holds the true state"
    sample = obs.sample_state(Rng(seed + 1))
    assert sample.view(seat) == obs.view, "a sampled state disagrees with the view"
    # A game's own determinization (State.determinization) must leave the generator and
    # give the samples a resample would.
    made, resampling = Rng(seed), Rng(seed)
    kept, drawn = state.determinization(seat, made), state.resample(seat, resampling)
    assert made == resampling, "determinization() left the generator elsewhere"
    assert kept.view(seat) == obs.view, "the determinization disagrees with the view"
    assert (kept.resample(seat, Rng(seed + 1)).to_json()
            == drawn.resample(seat, Rng(seed + 1)).to_json()), \
        "a sample from determinization() differs from one from resample()"
    brief = Observation.of(state, seat, brief=True).view
    assert is_part(brief, obs.view), f"brief_view({seat}) is not a part of view({seat})"
    assert Observation.of(state, seat, Rng(seed), brief=True).view == brief


def check_terminal(state: State) -> None:
    """Winners are seats, returns are bounded, applying anything is refused."""
    assert state.is_terminal
    winners = state.winners()
    assert set(winners) <= set(range(state.players)), "winners are not seats"
    returns = state.returns()
    assert len(returns) == state.players and all(-1 <= r <= 1 for r in returns)
    assert len(state.scores()) == state.players
    try:
        state.apply(Action("end"))
    except (IllegalAction, InvalidAction):
        pass
    else:
        raise AssertionError("a finished game accepted an action")


# ----- coverage: how games ended and which rare events they reached ---------------------


def ending_of(endings: tuple[Ending, ...], events: list[Event], winners: list[int]) -> str:
    """The name of the first of ``endings`` that a game ending with these events and
    winners reached; ``""`` when none matches (the game ended in an undeclared way)."""
    for ending in endings:
        if ending.matches(events, winners):
            return ending.name
    return ""


class Coverage:
    """What a batch of finished games reached, per case (game, players, option preset).

    It counts games, decisions, wins per seat, endings (by :func:`ending_of`) and event
    kinds, plus the rare events a caller names (``note``). It is plain data, JSON-safe
    through :meth:`to_json`, so a suite can write it as a record of what it covered.
    """

    def __init__(self) -> None:
        self.cases: dict[str, dict[str, Any]] = {}

    def case(self, key: str, game: str = "") -> dict[str, Any]:
        """The counters of one case (made on first use, for ``game``'s id)."""
        return self.cases.setdefault(key, {
            "game": game, "games": 0, "decisions": 0, "wins": {}, "endings": {},
            "events": {}, "rare": {},
        })

    def events(self, key: str, events: list[Event]) -> None:
        """Count the kinds of one move's events."""
        counts = self.case(key)["events"]
        for event in events:
            counts[event.kind] = counts.get(event.kind, 0) + 1

    def note(self, key: str, rare: str) -> None:
        """Count one rare event (a reshuffle, a rebuilt pile, a last stand...)."""
        counts = self.case(key)["rare"]
        counts[rare] = counts.get(rare, 0) + 1

    def finished(self, key: str, state: State, ending: str, decisions: int) -> None:
        """Count one finished game: its decisions, winners and ending."""
        case = self.case(key)
        case["games"] += 1
        case["decisions"] += decisions
        for seat in state.winners():
            label = f"P{seat + 1}"
            case["wins"][label] = case["wins"].get(label, 0) + 1
        name = ending or "(undeclared)"
        case["endings"][name] = case["endings"].get(name, 0) + 1

    def total(self, game: str, field: str) -> dict[str, int]:
        """``field`` ("endings", "events", "rare", "wins") summed over a game's cases."""
        out: dict[str, int] = {}
        for case in self.cases.values():
            if case["game"] == game:
                for name, n in case[field].items():
                    out[name] = out.get(name, 0) + n
        return out

    def to_json(self) -> dict[str, Any]:
        """The counters, sorted, JSON-safe."""
        return {key: {f: (dict(sorted(v.items())) if isinstance(v, dict) else v)
                      for f, v in case.items()}
                for key, case in sorted(self.cases.items())}


def seats_never_won(state_players: int, wins: dict[str, int]) -> list[str]:
    """The seat labels (``P1``...) that ``wins`` (as counted by :class:`Coverage`) lacks."""
    return [f"P{s + 1}" for s in range(state_players) if not wins.get(f"P{s + 1}")]


def missing(wanted: Iterable[str], seen: dict[str, int]) -> list[str]:
    """What of ``wanted`` was never seen (counted zero times), in order."""
    return [name for name in wanted if not seen.get(name)]


#: The longest rule text of one decision: a sentence or three, shown next to it.
RULE_LIMIT = 400


def check_verb_rules(game: Game) -> None:
    """Every verb of the grammar has its rule (:attr:`Game.verb_rules`), every rule is of
    a verb the grammar has, and each reads as a short text addressed to the player: a
    capital first, a full stop last, "you" in it, no doubled spaces, under
    :data:`RULE_LIMIT` characters."""
    verbs, rules = set(game.grammar.verbs), dict(game.verb_rules)
    assert not verbs - set(rules), f"{game.id}: verbs without a rule: {sorted(verbs - set(rules))}"
    assert not set(rules) - verbs, f"{game.id}: rules of no verb: {sorted(set(rules) - verbs)}"
    for verb, text in rules.items():
        where = f"{game.id}: the rule of {verb!r}"
        assert isinstance(text, str) and text.strip() == text and text, f"{where} is blank"
        assert text[0].isupper() and text.endswith("."), f"{where} is not a sentence: {text!r}"
        assert len(text) < RULE_LIMIT, f"{where} is {len(text)} characters long"
        assert "  " not in text and "\n" not in text, f"{where} has a doubled space or a break"
        assert re.search(r"\byour?\b", text, re.IGNORECASE), f"{where} does not say you"


def check_decision_rules(state: State) -> None:
    """Before the end, :meth:`State.decision_rules` is the rule of each verb among the
    legal actions, once each, in the order of their first legal action; after it, none."""
    rules = state.decision_rules()
    if state.is_terminal:
        assert rules == [], f"{state.game.id}: rules of a decision after the end"
        return
    verbs = list(dict.fromkeys(a.kind for a in state.legal_actions()))
    wanted = list(dict.fromkeys(state.verb_rule(v) for v in verbs))
    assert all(wanted), f"{state.game.id}: a legal verb without a rule among {verbs}"
    assert rules == wanted, f"{state.game.id}: decision rules {rules} are not those of {verbs}"
    for text in rules:
        assert text.endswith(".") and len(text) < RULE_LIMIT, f"{state.game.id}: {text!r}"


def check_observation_tensor(state: State, seed: int) -> None:
    """The observation tensor's promises at this position, for every seat.

    Fixed shape and float32, finite, each slice within its declared bounds; built from the
    view alone (``encode_view(view(seat))`` gives the same tensor); unchanged when the
    hidden parts are resampled; and different for two seats whose views differ.
    """
    import numpy

    game = state.game
    shape = game.observation_shape(state.players, state.options)
    layout = game.observation_layout(state.players, state.options)
    seen: dict[bytes, int] = {}
    for seat in range(state.players):
        where = f"{game.id} seat {seat} after {len(state.history)} moves"
        tensor = state.observation_tensor(seat)
        assert tensor.shape == shape, f"{where}: shape {tensor.shape}, not {shape}"
        assert tensor.dtype == numpy.float32, f"{where}: dtype {tensor.dtype}"
        assert numpy.isfinite(tensor).all(), f"{where}: a value is not finite"
        for part in layout:
            values = tensor[part.start:part.start + part.size]
            assert ((values >= part.low) & (values <= part.high)).all(), (
                f"{where}: {part.name!r} outside [{part.low}, {part.high}]: {values.tolist()}")
        again = game.encode_view(state.view(seat), state.players, state.options)
        assert numpy.array_equal(tensor, again), f"{where}: the tensor is not its view's"
        other = state.resample(seat, Rng(seed + seat)).observation_tensor(seat)
        assert numpy.array_equal(tensor, other), (
            f"{where}: the tensor changes under resampling: it leaks hidden parts")
        key = tensor.tobytes()
        if key in seen:
            view, twin = state.view(seat), state.view(seen[key])
            assert view == twin, f"{where}: the same tensor as seat {seen[key]}'s other view"
        seen[key] = seat


def check_observation_layout(game: Game, players: int, options: dict[str, object]) -> None:
    """The layout covers the tensor's shape exactly, slice after slice with no gap or
    overlap; every slice is named once, says what it means, and has sane bounds."""
    shape = game.observation_shape(players, options)
    layout = game.observation_layout(players, options)
    where = f"{game.id} with {players} players"
    assert len(shape) == 1 and shape[0] > 0, f"{where}: shape {shape} is not a flat vector"
    position = 0
    for part in layout:
        assert part.start == position, f"{where}: {part.name!r} starts at {part.start}, " \
            f"not {position} (a gap or an overlap)"
        assert part.size > 0, f"{where}: {part.name!r} is empty"
        assert part.meaning.strip(), f"{where}: {part.name!r} says nothing of its meaning"
        assert part.low <= part.high, f"{where}: {part.name!r} has bounds the wrong way round"
        position += part.size
    assert position == shape[0], f"{where}: the layout covers {position} of {shape[0]} values"
    names = [part.name for part in layout]
    assert len(set(names)) == len(names), f"{where}: a slice name is used twice"
def check_action_index(state: State, seen: dict[Action, int]) -> None:
    """The game's fixed action index numbers every legal action, one number each in
    ``range(size)``, and back; the mask agrees; and an action keeps its number at every
    position of every game with these players and options (``seen`` collects them)."""
    where = f"{state.game.id} ({state.players} players) at move {len(state.history)}"
    index = state.game.action_index(state.players, state.options)
    legal = state.legal_actions()
    numbers = state.legal_action_indices()
    assert numbers == sorted(numbers), f"{where}: legal action indices are not sorted"
    assert len(set(numbers)) == len(legal), f"{where}: two legal actions share an index"
    assert all(0 <= i < index.size for i in numbers), f"{where}: an index out of range"
    for action in legal:
        i = index.index(action)
        assert index.action(i) == action, f"{where}: {action} does not round-trip ({i})"
        assert seen.setdefault(action, i) == i, f"{where}: {action} changed its index"
    assert {index.action(i) for i in numbers} == set(legal), f"{where}: indices differ"
    mask = state.legal_action_mask()
    assert mask.shape == (index.size,) and mask.dtype == bool, f"{where}: mask shape"
    assert [int(i) for i in mask.nonzero()[0]] == numbers, f"{where}: mask != indices"

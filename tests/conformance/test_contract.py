"""Scripted cases of the two contract points every game keeps (issue 24).

- ``to_json()`` is a snapshot: it shares no list or dict with the live state.
- A hand-built malformed :class:`Action` given to ``apply`` raises ``InvalidAction`` and
  changes nothing.

The random-play versions over every game are in ``test_conformance.py``; these are the
cases the issue names, kept as plain scenarios.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gangland
from gangland import Action
from gangland.engine import Arg, Grammar, Verb
from gangland.engine.errors import GanglandError, IllegalAction, InvalidAction


@pytest.mark.parametrize(
    ("kind", "args", "says"),
    [
        ("drive", (True,), "argument 1 is a bool"),
        ("drive", (1.0,), "argument 1 is a float"),
        ("drive", (None,), "argument 1 is a NoneType"),
        ("drive", ((1,),), "argument 1 is a tuple"),
        ("drive", ([1],), "argument 1 is a list"),
        ("drive", [1], "a tuple of arguments"),
        (None, (), "a str verb"),
    ],
)
def test_an_action_holds_only_ints_and_words(kind: object, args: object, says: str):
    # True == 1 and 1.0 == 1 in Python: such an action would equal a legal one.
    with pytest.raises(InvalidAction, match=says) as caught:
        Action(kind, args)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, GanglandError)


def test_actions_still_compare_hash_and_pickle_by_value():
    import pickle

    a = Action("move", (2, "east"))
    assert a == Action("move", (2, "east")) and hash(a) == hash(("move", (2, "east")))
    assert a != Action("move", ("2", "east"))
    assert pickle.loads(pickle.dumps(a)) == a


def test_the_grammar_names_what_is_wrong_with_a_built_action():
    g = Grammar([Verb("move", Arg("steps", low=1, high=3), Arg("way", choices=("east", "west")))])
    assert g.problem(Action("move", (2, "east"))) == ""
    assert "unknown action 'fly'" in g.problem(Action("fly", (2, "east")))
    assert "move takes 2 arguments, got 1" in g.problem(Action("move", (2,)))
    assert "steps must be a number, not str '2'" in g.problem(Action("move", ("2", "east")))
    assert "way must be a word, not int 7" in g.problem(Action("move", (2, 7)))
    assert "steps must be from 1 to 3, not 5" in g.problem(Action("move", (5, "east")))
    assert "way must be one of east, west" in g.problem(Action("move", (2, "north")))
    assert "expected an Action" in g.problem("move 2 east")


def test_the_issue_city_arrest_of_three_words_is_invalid_and_changes_nothing():
    state = gangland.load("gangster-city").new_game(players=3, seed=7)
    before = state.to_json()
    bad = Action("arrest", ("thug", "knife", "street"))
    with pytest.raises(InvalidAction, match="arrest takes 4 argument"):
        state.apply(bad)  # was a KeyError
    assert state.to_json() == before
    assert "arrest takes 4 argument" in state.why_illegal(bad)


@pytest.mark.parametrize(
    "bad",
    [
        Action("investigate", ()),
        Action("investigate", ("18",)),
        Action("draw", (1,)),
        Action("arrest", ("thug", "knife", "street", "love", "x")),
        Action("arrest", ("thug", "knife", "street", 1)),
    ],
)
def test_city_malformed_actions_are_never_played(bad: Action):
    state = gangland.load("gangster-city").new_game(players=2, seed=1)
    face_up = [n for n in state.view(0)["middle"] if n is not None]
    variants = [bad]
    if bad.kind == "investigate":
        # A face-up card's number with one argument too many was played as that card.
        variants.append(Action("investigate", (face_up[0], 1)))
    before = state.to_json()
    for action in variants:
        with pytest.raises(InvalidAction):
            state.apply(action)
        assert state.to_json() == before


def test_a_finished_game_still_tells_malformed_from_illegal():
    state = gangland.load("gangster-city").new_game(players=1, seed=3, options={"case": "easy"})
    solution = state.case.solution  # type: ignore[attr-defined]
    state.apply(state.deck.arrests[solution])  # type: ignore[attr-defined]
    assert state.is_terminal
    with pytest.raises(InvalidAction):
        state.apply(Action("arrest", ("thug",)))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(state.deck.arrests[solution])  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game_id", "players"), [("gangster-city", 3), ("chicago-gangster", 3)]
)
def test_a_kept_snapshot_does_not_follow_the_game(game_id: str, players: int):
    state = gangland.load(game_id).new_game(players=players, seed=5)
    snapshot = state.to_json()
    kept = copy.deepcopy(snapshot)
    for _ in range(12):
        state.apply(state.legal_actions()[-1])
    assert snapshot == kept


@pytest.mark.parametrize(
    ("game_id", "field"), [("gangster-city", "pile"), ("chicago-gangster", "hands")]
)
def test_editing_a_snapshot_edits_no_game(game_id: str, field: str):
    state = gangland.load(game_id).new_game(players=3, seed=5)
    truth = copy.deepcopy(state.to_json())
    snapshot = state.to_json()
    snapshot["state"][field].clear()
    assert state.to_json() == truth


def test_city_investigate_zero_is_not_an_empty_middle_slot():
    # An empty slot holds -1 (no card); "investigate 0" named card -1 and was played.
    state = gangland.load("gangster-city").new_game(players=1, seed=3)
    while state.view(0)["pile"]["size"]:
        state.apply(state.parse_action("draw"))
    for number in list(state.view(0)["middle"]):
        state.apply(state.parse_action(f"investigate {number}"))
    assert state.view(0)["middle"] == [None, None, None]
    before = state.to_json()
    with pytest.raises(InvalidAction, match="card must be from 1 to 54, not 0"):
        state.apply(Action("investigate", (0,)))
    assert state.to_json() == before


_values = st.one_of(
    st.integers(-3, 60), st.sampled_from(["x", "", "1", "thug", "love", "blue", "hh"]),
    st.none(), st.booleans(), st.floats(allow_nan=False), st.tuples(st.integers()),
)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(gangland.game_ids())),
    st.integers(0, 40),
    st.data(),
)
def test_any_built_action_is_played_refused_as_illegal_or_refused_as_invalid(
    game_id: str, moves: int, data: st.DataObject
):
    """Whatever a program builds: played only if it equals a legal action; otherwise
    IllegalAction when the grammar finds it well-formed, InvalidAction when not; never any
    other error, and a refused action changes nothing."""
    game = gangland.load(game_id)
    state = game.new_game(max(2, game.min_players), 1, game.conformance_options[0])
    for i in range(moves):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[(i * 7) % len(legal)])
    verbs = sorted(game.grammar.verbs)
    legal = state.legal_actions()
    kind = data.draw(st.sampled_from([*verbs, "no-such-verb"]))
    if legal and data.draw(st.booleans()):
        # Start from a legal action and spoil (or keep) its arguments.
        base = data.draw(st.sampled_from(legal))
        kind = base.kind
        args = list(base.args)
        for j in range(len(args)):
            if data.draw(st.booleans()):
                args[j] = data.draw(_values)
        if data.draw(st.booleans()):
            args.append(data.draw(_values))
    else:
        args = data.draw(st.lists(_values, max_size=4))
    try:
        action = Action(kind, tuple(args))
    except InvalidAction:
        assert not all(type(a) in (int, str) for a in args)
        return
    before = state.to_json()
    trial = state.clone()
    try:
        trial.apply(action)
    except InvalidAction:
        assert game.grammar.problem(action)
        assert trial.to_json() == before
    except IllegalAction:
        assert not game.grammar.problem(action)
        assert trial.to_json() == before
    else:
        assert action in legal


# ----- passes: what the web table may play for a person --------------------------------

#: Verbs that bring chance or change the position: never a pass, whatever a game says.
NEVER_PASSES = {"roll", "draw", "take", "investigate", "auction", "give", "target", "pick"}


@pytest.mark.parametrize("game_id", sorted(gangland.game_ids()))
def test_a_games_passes_are_bare_verbs_of_its_grammar(game_id: str):
    """Each declared pass is a verb of the game's grammar that names nothing (no
    argument: a pass chooses nothing), parses to an action the game calls a pass, and is
    none of the verbs that draw, roll or move something."""
    game = gangland.load(game_id)
    assert isinstance(game.passes, frozenset)
    for kind in game.passes:
        verb = game.grammar.verbs.get(kind)
        assert verb is not None, f"{game_id}: the pass {kind!r} is not a verb of its grammar"
        assert not verb.args, f"{game_id}: the pass {kind!r} takes arguments"
        assert game.is_pass(game.parse(kind))
    assert not game.passes & NEVER_PASSES, game.passes & NEVER_PASSES
    if "roll" in game.grammar.verbs:
        assert not game.is_pass(Action("roll"))

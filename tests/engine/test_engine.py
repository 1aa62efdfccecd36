"""The engine's own parts: rng, grammar, options, records, registry, observations."""

from __future__ import annotations

import gc
import json
from collections import Counter

import pytest

import gangland
from gangland.engine import (
    Action,
    Arg,
    Event,
    Grammar,
    Observation,
    Option,
    Rng,
    Verb,
    load_record,
    parse_option_pairs,
    save_record,
    validate_options,
    visible,
)
from gangland.engine.errors import (
    GanglandError,
    InvalidAction,
    OptionError,
    RecordError,
    UnknownGame,
)


def test_rng_is_deterministic_serializable_and_unbiased():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    copy = Rng.from_json(a.to_json())
    assert copy.randbelow(10**9) == a.randbelow(10**9)
    counts = Counter(Rng(i).randbelow(3) for i in range(3000))
    assert all(900 < n < 1100 for n in counts.values())
    items = list(range(10))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    with pytest.raises(ValueError):
        Rng.from_json("xyz")
    with pytest.raises(ValueError):
        Rng(1).randbelow(0)


def test_grammar_reports_exactly_what_is_wrong():
    g = Grammar([Verb("pass"), Verb("bid", Arg("amount", low=1, high=9)),
                 Verb("pick", Arg("colour", choices=("red", "blue")))])
    assert g.parse("  BID   3 ") == Action("bid", (3,))
    assert str(Action("pick", ("red",))) == "pick red"
    with pytest.raises(InvalidAction, match="empty action"):
        g.parse("   ")
    with pytest.raises(InvalidAction, match="unknown action 'fold'"):
        g.parse("fold")
    with pytest.raises(InvalidAction, match="bid takes 1 argument"):
        g.parse("bid")
    with pytest.raises(InvalidAction, match="amount must be a number, not 'x'"):
        g.parse("bid x")
    with pytest.raises(InvalidAction, match="colour must be one of red, blue"):
        g.parse("pick green")
    with pytest.raises(InvalidAction, match="an action is text"):
        g.parse(3)  # type: ignore[arg-type]


def test_errors_are_value_errors_and_gangland_errors():
    for cls in (InvalidAction, OptionError, RecordError, UnknownGame):
        assert issubclass(cls, ValueError) and issubclass(cls, GanglandError)


def test_options_are_coerced_and_checked():
    specs = [Option("n", int, 2, "a number", low=1, high=3), Option("fast", bool, False, "x"),
             Option("mode", str, "a", "y", choices=("a", "b"))]
    assert validate_options(specs, {"n": "3", "fast": "yes"}) == {"n": 3, "fast": True,
                                                                   "mode": "a"}
    with pytest.raises(OptionError, match="n must be from 1 to 3, not 4"):
        validate_options(specs, {"n": 4})
    with pytest.raises(OptionError, match="n is a number"):
        validate_options(specs, {"n": True})
    with pytest.raises(OptionError, match="mode must be one of a, b"):
        validate_options(specs, {"mode": "c"})
    assert parse_option_pairs(["a=1", "b = x"]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError, match="NAME=VALUE"):
        parse_option_pairs(["oops"])


def test_registry():
    assert "gangster-city" in gangland.game_ids()
    with pytest.raises(UnknownGame, match="unknown game 'chess'; games are: "):
        gangland.load("chess")


def test_new_game_refuses_bad_players_and_seeds():
    game = gangland.load("gangster-city")
    with pytest.raises(OptionError, match="whole number"):
        game.new_game("3")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="seed must be"):
        game.new_game(2, seed=-1)
    assert game.new_game(2).seed is not None, "a game without a seed still records one"


def test_records_replay_and_refuse_corruption(tmp_path):
    game = gangland.load("gangster-city")
    state = game.new_game(3, seed=8)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    save_record(state, path)
    record = load_record(path)
    assert gangland.replay(record).to_json() == state.to_json()
    assert len(gangland.replay(record, upto=2).history) == 2
    bad = dict(record, actions=[*record["actions"], "investigate 99"])
    with pytest.raises(RecordError, match="move 6 does not replay"):
        gangland.replay(bad)
    with pytest.raises(RecordError, match="lacks seed"):
        gangland.replay({k: v for k, v in record.items() if k != "seed"})
    with pytest.raises(RecordError, match="cannot start: unknown game"):
        gangland.replay(dict(record, game="chess"))
    with pytest.raises(RecordError, match="no seed"):
        gangland.replay(dict(record, seed=None))
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(RecordError, match="not a JSON record"):
        load_record(tmp_path / "bad.json")
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")


def test_corrupt_snapshots_are_refused():
    game = gangland.load("gangster-city")
    data = game.new_game(2, seed=1).to_json()
    with pytest.raises(RecordError, match="lacks 'rng'"):
        game.state_from_json({k: v for k, v in data.items() if k != "rng"})
    broken = json.loads(json.dumps(data))
    broken["state"]["pile"] = broken["state"]["pile"][1:]
    with pytest.raises(RecordError, match="not each in one place"):
        game.state_from_json(broken)
    with pytest.raises(RecordError, match="is for"):
        game.state_from_json(dict(data, game="gangster"))


def test_events_are_filtered_by_addressee():
    public, private = Event("a", "all"), Event("b", "secret", to=frozenset({1}))
    assert visible([public, private], 0) == [public]
    assert visible([public, private], 1) == [public, private]
    assert visible([public, private], None) == [public]
    assert private.to_json()["to"] == [1]


def test_an_observation_holds_no_reference_to_the_true_state():
    state = gangland.load("gangster-city").new_game(3, seed=2)
    obs = Observation.of(state, 0, Rng(1))
    reachable = gc.get_referents(obs) + gc.get_referents(obs.__dict__)
    assert not any(x is state for x in reachable)
    sample = obs.sample_state(Rng(2))
    assert sample is not state and sample.seed is None
    assert sample.view(0) == state.view(0)
    with pytest.raises(RuntimeError, match="without sampling"):
        Observation.of(state, 0).sample_state(Rng(1))


def test_a_sample_keeps_none_of_the_actions_that_led_to_it():
    """In Gangsters a gang is written down in secret (an action); a rival's sample of the
    position must not carry it in its history, or a bot could read it there."""
    state = gangland.load("gangsters").new_game(4, seed=3)
    rng = Rng(5)
    writer = None
    while not state.history or state.history[-1].kind != "gang":
        writer = state.current_player
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    assert writer is not None
    rival = (writer + 1) % 4
    sample = Observation.of(state, rival, Rng(1)).sample_state(Rng(2))
    assert state.history[-1].kind == "gang"
    assert all(a.kind == "unseen" for a in sample.history)
    assert len(sample.history) == len(state.history)  # the count is public
    assert sample.view(rival) == state.view(rival)


def test_an_action_crosses_processes_with_a_fresh_hash():
    """An action caches its hash, and a string's hash differs between processes: a pickled
    action must be rebuilt on arrival (as a simulation's workers and Ray send them), or it
    would be lost in every dict and set of the process that reads it."""
    import pickle
    import subprocess
    import sys

    sent = pickle.dumps([Action("arrest", ("thug", "knife")), Action("roll")])
    check = ("import pickle, sys; from gangland.engine import Action; "
             "a = pickle.loads(sys.stdin.buffer.read()); "
             "assert [hash(x) for x in a] == [hash((x.kind, x.args)) for x in a]; "
             "assert Action('roll') in set(a)")
    for hashseed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", check], input=sent, capture_output=True,
                              env={"PYTHONHASHSEED": hashseed}, check=False)
        assert done.returncode == 0, done.stderr.decode()
    assert pickle.loads(sent)[0] == Action("arrest", ("thug", "knife"))

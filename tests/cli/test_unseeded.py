"""A terminal game started without a seed: keyed chance, and its record still resumes and
replays (its seed is 129 bits, beyond any 64-bit integer)."""

from __future__ import annotations

import gangland
from gangland.engine import KeyedRng

from .conftest import read_record


def test_an_unseeded_game_is_keyed_and_its_record_resumes_and_replays(invoke):
    first = invoke("play", "gangster-city", "--save", "mine.json", input=["draw", "quit"])
    assert first.exit_code == 0, first.output
    record = read_record("mine.json")
    assert record["seed"] >= 2**128, "128 bits from secrets, above SplitMix64's seeds"
    state = gangland.replay(record)
    assert isinstance(state.rng, KeyedRng)
    assert len(record["actions"]) == 3

    again = invoke("play", "--resume", "mine.json", input=["draw", "quit"])
    assert again.exit_code == 0, again.output
    assert "Resumed after 3 moves" in again.output
    after = read_record("mine.json")
    assert after["seed"] == record["seed"] and after["actions"][:3] == record["actions"]
    assert len(after["actions"]) == 6

    shown = invoke("replay", "mine.json", "--seat", "1")
    assert shown.exit_code == 0, shown.output
    assert "Move 6 " in shown.output

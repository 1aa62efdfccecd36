"""Saved games keep who sits where: a resumed game never seats a person in another's chair.

In Gangster City a detective sees every case card but their own, so a person shown their
own case card has been shown another seat's view. These tests play, quit and resume as a
person would, and look for that card in everything printed.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import gangland
from gangland.games.gangster_city.cards import default_deck

from .conftest import one_error_line, read_record

GAME = gangland.load("gangster-city")
DECK = default_deck()
SRC = Path(gangland.__file__).resolve().parents[1]


def case_of(seed: int, players: int, seat: int) -> str:
    """The label of ``seat``'s first case card: never to be shown to that seat's person."""
    return DECK.label(GAME.new_game(players, seed).cases[seat])


def test_resume_seats_the_person_where_they_sat(invoke):
    first = invoke("play", "gangster-city", "--seed", "5", "--seat", "random",
                   "--seat", "human", "--save", "F.json", input=["quit"])
    assert first.exit_code == 0, first.output
    before = read_record("F.json")["actions"]
    again = invoke("play", "--resume", "F.json", input=["quit"])
    assert again.exit_code == 0, again.output
    out = again.output
    assert case_of(5, 2, 1) not in out, "the person was shown their own case: P1's view"
    assert case_of(5, 2, 0) in out  # P1's case is on view to P2, as at the table
    assert "Seats: P1: random (bot), P2: you." in out
    assert "P2 (you) >" in out and "P1 (you)" not in out
    assert read_record("F.json")["actions"] == before  # no bot played the person's turn
    assert read_record("F.json")["seats"] == ["random", "human"]


def test_hot_seat_resumes_with_both_people(invoke):
    invoke("play", "gangster-city", "--seed", "12", "--seat", "human", "--seat", "human",
           "--save", "H.json", input=["", "draw", "", "quit"])
    assert len(read_record("H.json")["actions"]) == 1
    again = invoke("play", "--resume", "H.json", input=["", "draw", "", "quit"])
    assert again.exit_code == 0, again.output
    assert "(bot)" not in again.output, "the second person was replaced by a bot"
    assert "Pass the device to P2" in again.output
    assert "Pass the device to P1" in again.output
    out_p2 = again.output.split("Pass the device to P2")[1].split("Pass the device to P1")[0]
    assert case_of(12, 2, 1) not in out_p2
    assert read_record("H.json")["actions"][1] == "draw"  # P2's move, made by P2
    assert read_record("H.json")["seats"] == ["human", "human"]


def test_seats_of_a_new_game_are_saved_with_the_default_bot_by_name(invoke):
    invoke("play", "gangster-city", "--seed", "3", "--seat", "bot", "--seat", "HUMAN",
           "--players", "3", "--save", "d.json", input=["quit"])
    assert read_record("d.json")["seats"] == ["detective", "human", "detective"]


def test_resume_refuses_to_move_a_person_and_changes_nothing(invoke):
    invoke("play", "gangster-city", "--seed", "5", "--seat", "random", "--seat", "human",
           "--save", "F.json", input=["quit"])
    saved = Path("F.json").read_bytes()
    line = one_error_line(invoke("play", "--resume", "F.json", "--seat", "human",
                                 input=["quit"]))
    assert "P1" in line and "F.json" in line and "the bot random" in line
    line = one_error_line(invoke("play", "--resume", "F.json", "--seat", "random",
                                 "--seat", "random"))
    assert "P2" in line and "a person" in line
    assert "3 seats given for 2 players" in one_error_line(
        invoke("play", "--resume", "F.json", "--seat", "random", "--seat", "human",
               "--seat", "random"))
    assert Path("F.json").read_bytes() == saved


def test_resume_may_swap_a_bot_for_another(invoke):
    invoke("play", "gangster-city", "--seed", "5", "--seat", "random", "--seat", "human",
           "--save", "F.json", input=["quit"])
    again = invoke("play", "--resume", "F.json", "--seat", "heuristic", input=["quit"])
    assert again.exit_code == 0, again.output
    assert "Seats: P1: heuristic (bot), P2: you." in again.output
    assert "P2 (you) >" in again.output
    assert read_record("F.json")["seats"] == ["heuristic", "human"]
    line = one_error_line(invoke("play", "--resume", "F.json", "--seat", "genius"))
    assert "--seat" in line and "unknown bot 'genius'" in line


def without_seats(path: str) -> bytes:
    """Strip the seats from a save, as an older Gangland wrote it."""
    data = read_record(path)
    data.pop("seats", None)
    Path(path).write_text(json.dumps(data))
    return Path(path).read_bytes()


def test_a_save_without_seats_needs_every_seat_named(invoke):
    invoke("play", "gangster-city", "--seed", "5", "--seat", "random", "--seat", "human",
           "--save", "old.json", input=["quit"])
    saved = without_seats("old.json")
    for seats in ((), ("--seat", "human"), ("--seat", "random")):
        line = one_error_line(invoke("play", "--resume", "old.json", *seats, input=["quit"]))
        assert "old.json does not say who sits where" in line
        assert "all 2 seats" in line
    assert Path("old.json").read_bytes() == saved
    again = invoke("play", "--resume", "old.json", "--seat", "random", "--seat", "human",
                   input=["quit"])
    assert again.exit_code == 0, again.output
    assert case_of(5, 2, 1) not in again.output
    assert read_record("old.json")["seats"] == ["random", "human"]


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ('"human"', "seats must be a list of 2"),
        ('["human"]', "seats must be a list of 2"),
        ('["human", 3]', "seats must be a list of 2"),
        ('["human", ""]', "seats must be a list of 2"),
        ('["human", "genius"]', "P2: unknown bot 'genius'"),
        ('["human", "random"], "players": "two"', "players must be a whole number"),
    ],
)
def test_bad_seats_in_a_save_are_refused_precisely(invoke, seats, words):
    Path("bad.json").write_text(
        '{"game": "gangster-city", "seed": 1, "options": {}, '
        f'"actions": [], "players": 2, "seats": {seats}}}'
    )
    saved = Path("bad.json").read_bytes()
    line = one_error_line(invoke("play", "--resume", "bad.json", input=["quit"]))
    assert "bad.json" in line and words in line
    assert Path("bad.json").read_bytes() == saved


def test_save_never_overwrites_another_file_unless_forced(invoke):
    invoke("play", "gangster-city", "--seed", "5", "--save", "a.json", input=["draw", "quit"])
    first = Path("a.json").read_bytes()
    line = one_error_line(invoke("play", "gangster-city", "--seed", "6", "--save", "a.json",
                                 input=["quit"]))
    assert "a.json already exists (a saved game of gangster-city)" in line and "--force" in line
    Path("notes.txt").write_text("my notes")
    line = one_error_line(invoke("play", "chicago-gangster", "--save", "notes.txt",
                                 input=["quit"]))
    assert "not a saved game" in line
    assert Path("notes.txt").read_text() == "my notes"
    line = one_error_line(invoke("play", "--resume", "a.json", "--save", "notes.txt"))
    assert "notes.txt already exists" in line
    assert Path("a.json").read_bytes() == first
    forced = invoke("play", "gangster-city", "--seed", "6", "--save", "a.json", "--force",
                    input=["quit"])
    assert forced.exit_code == 0, forced.output
    assert read_record("a.json")["seed"] == 6
    again = invoke("play", "--resume", "a.json", input=["quit"])  # its own file: saved back
    assert again.exit_code == 0, again.output


def test_replay_reads_a_save_with_seats(invoke):
    invoke("play", "gangster-city", "--seed", "5", "--seat", "random", "--seat", "human",
           "--save", "F.json", input=["draw", "quit"])
    result = invoke("replay", "F.json", "--seat", "2")
    assert result.exit_code == 0, result.output
    assert case_of(5, 2, 1) not in result.output


class _Crash(BaseException):
    """The machine going down mid-game: nothing in the loop catches it."""


def test_the_game_is_saved_before_every_prompt(invoke, monkeypatch):
    import click

    answers = iter(["draw", "draw"])

    def prompt(*args, **kwargs):
        try:
            return next(answers)
        except StopIteration:
            raise _Crash from None

    monkeypatch.setattr(click, "prompt", prompt)
    with pytest.raises(_Crash):
        invoke("play", "gangster-city", "--seed", "21", "--save", "crash.json")
    record = read_record("crash.json")
    assert record["actions"] == gangland.replay(record).record()["actions"]
    assert len(record["actions"]) == 6  # two rounds of three seats, the second not yet asked
    assert record["seats"] == ["human", "detective", "detective"]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_saves_the_game(tmp_path, signum):
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "100"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "gangland", "play", "gangster-city", "--seed", "21",
         "--seat", "human", "--seat", "random", "--save", "sig.json"],
        cwd=tmp_path, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None
    proc.stdin.write(b"draw\n")
    proc.stdin.flush()
    path = tmp_path / "sig.json"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the game waits on P1's second turn
        if path.exists() and len(json.loads(path.read_text())["actions"]) == 2:
            break
        time.sleep(0.05)
    proc.send_signal(signum)
    try:
        assert proc.wait(timeout=30) == 128 + signum
    finally:
        proc.kill()
    record = read_record(path)
    assert len(record["actions"]) == 2 and record["seats"] == ["human", "random"]
    assert not list(tmp_path.glob(".sig.json.*.tmp"))

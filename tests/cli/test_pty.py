"""Each game in a real (pseudo-)terminal at 80x24 and 120x45: the opening played from the
menu, the terminal closed (SIGHUP) or the game killed (SIGTERM) mid-game, and the game
resumed with the same seats at the same position."""

from __future__ import annotations

import re
import signal
import time
from pathlib import Path

import pytest

import gangland

from .conftest import read_record
from .ptyrun import PtyRun, plain

SIZES = [(80, 24), (120, 45)]
PROMPT = r"P1 \(you(?:, \w+)?\) > $"  # (with the seat's colour, in games that have colours)
TITLE = re.compile(r"move (\d+), P1 \(you(?:, \w+)?\) to play")


def titles(text: str) -> list[int]:
    """The move numbers in the table's rules shown (``Gangster: move 4, P1 (you) ...``)."""
    return [int(n) for n in TITLE.findall(text)]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x45"])
@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_a_game_in_a_terminal_survives_being_killed(tmp_path: Path, game_id: str,
                                                    size: tuple[int, int]) -> None:
    columns, rows = size
    signum = signal.SIGHUP if columns == 80 else signal.SIGTERM
    seats = ["--seat", "human", "--seat", "random", "--seat", "random"]
    run = PtyRun(["play", game_id, "--seed", "5", *seats, "--save", "g.json"],
                 tmp_path, columns, rows)
    screen = run.read_until(PROMPT)
    assert "Your choices" in screen
    assert re.search(r"^  +(1\. |Type: )", screen, re.M), "the menu lists the moves"
    # The opening: two moves of P1's, typed as the first legal action of the position the
    # file holds (it is saved before every prompt), or by number where the menu has one.
    for _ in range(2):
        legal = position(tmp_path / "g.json", game_id).legal_actions()
        run.type("1" if re.search(r"^  +1\. ", screen, re.M) else str(legal[0]))
        screen = run.read_until(PROMPT)
        assert "Not accepted" not in screen, screen
    run.type("help")
    assert "Your choices" in run.read_until(PROMPT)
    before = read_record(tmp_path / "g.json")
    at = titles(plain_all(run))[-1]
    assert at == len(before["actions"]) + 1, "the file holds the position on the screen"
    # Mid-game, as a person would: not in the instant the prompt appears, when CPython
    # acts on a signal only once the line is read (it may come before its blocking read).
    time.sleep(0.3)
    assert run.kill(signum) == 128 + signum
    assert read_record(tmp_path / "g.json") == before
    for line in plain_all(run).splitlines():
        assert len(line) <= columns, f"wider than the terminal: {line!r}"

    again = PtyRun(["play", "--resume", "g.json"], tmp_path, columns, rows)
    screen = again.read_until(PROMPT)
    seats = re.search(r"Seats: P1: you[^\n]*\.", screen)
    assert seats and re.fullmatch(r"Seats: P1: you(?: \(\w+\))?, P2: random \(bot(?:, \w+)?\), "
                                  r"P3: random \(bot(?:, \w+)?\)\.", seats.group(0)), screen
    assert f"Resumed after {len(before['actions'])} move" in screen
    assert titles(screen) == [at], "resumed at the same position"
    again.type("quit")
    assert again.wait() == 0
    after = read_record(tmp_path / "g.json")
    assert after["actions"] == before["actions"] and after["seats"] == before["seats"]


def plain_all(run: PtyRun) -> str:
    """Everything the run has shown, as a person reads it."""
    return plain(run.output)


def position(path: Path, game_id: str) -> gangland.State:
    """The game the file holds; before the first move is made, the game as dealt."""
    if path.exists():
        return gangland.replay(read_record(path))
    return gangland.load(game_id).new_game(3, 5)

"""The whole screen in the terminal's height (terminal/fit.py): Gangster and Gangsters at
80x24 and 120x45, in many positions of every player count, with what is left out named
and ``show PART`` printing it."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

import gangland
from gangland.engine import State
from gangland.terminal import replay
from gangland.terminal.fit import parts_of
from gangland.terminal.listing import help_lines, run_command
from gangland.terminal.play import Session, Setup

from .positions import random_position
from .ptyrun import PtyRun

NEWS = [("Since your last turn:", True)] + [(f"  P2 did thing {i}.", False) for i in range(8)]
NOTE = re.compile(r"^Not shown: (.*) \(type show PART\)\.$", re.M)


def played(game_id: str, players: int, seed: int, moves: int) -> State:
    return random_position(game_id, players, seed, moves)


def console(width: int, height: int) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, force_terminal=True,
                   color_system=None)


def screen(state: State, width: int, height: int) -> tuple[list[str], Session]:
    """What the person to move sees above the prompt, as lines."""
    out = console(width, height)
    seat = state.current_player
    assert seat is not None
    specs = ["random"] * state.players
    specs[seat] = "human"
    session = Session(Setup(state, specs, Path("x.json")), out)
    session.show_table(seat, NEWS)
    text = out.file.getvalue()  # type: ignore[attr-defined]
    return text.splitlines(), session


def printed(renderables: list | None) -> str:
    """What the renderables print at 80 columns."""
    assert renderables is not None
    out = console(80, 24)
    out.print(*renderables)
    return out.file.getvalue()  # type: ignore[attr-defined]


def named(lines: list[str]) -> tuple[list[str], list[str]]:
    """The parts the note names as left out, and those shown in part."""
    found = NOTE.search("\n".join(lines))
    if found is None:
        return [], []
    left, cut = [], []
    for group in found.group(1).split("; "):
        if group.startswith("part of the "):
            cut += group[len("part of the "):].split(" and the ")
        else:
            left += group.split(", ")
    return left, cut


POSITIONS = [(game, players, seed, moves)
             for game in ("gangster", "gangsters") for players in (2, 3, 4, 5)
             for seed in (1, 2) for moves in (0, 9, 40, 130, 260, 480)]


@pytest.mark.parametrize("size", [(80, 24), (120, 45)], ids=["80x24", "120x45"])
@pytest.mark.parametrize(("game_id", "players", "seed", "moves"), POSITIONS)
def test_the_whole_screen_fits_and_names_what_it_leaves_out(game_id, players, seed, moves,
                                                            size):
    width, height = size
    state = played(game_id, players, seed * 31 + players, moves)
    if state.is_terminal:
        pytest.skip("the game ended first")
    lines, _ = screen(state, width, height)
    assert len(lines) <= height - 1, "\n".join(lines)  # the prompt's line under them
    assert max(len(line) for line in lines) <= width
    assert any(line.startswith("Your choices") for line in lines)
    if not re.search(r"(Gangsters?): move \d+, P\d \(you", lines[0]):
        # the whole table fits (Gangsters' opening at 120x45): the news above it
        assert width == 120 and "Racketeer, Thug, Vamp" in "\n".join(lines)
        return
    assert any("P2 did thing 7." in line for line in lines), "the newest news in view"
    assert sum("P2 did thing" in line for line in lines) >= 2 or \
        any("more: type history" in line for line in lines)
    view = state.view(state.current_player)
    parts = parts_of(state.game, view, state.options)
    assert parts is not None
    names = [name for name, _, _ in parts]
    left, cut = named(lines)
    assert set(left) | set(cut) <= set(names)
    assert names[0] not in left, "the decision is always in view"
    shown = "\n".join(lines)
    for name, whole, _ in parts:  # a part not named is there whole
        if name in left or name in cut:
            continue
        out = console(width, height)
        out.print(whole)
        for line in out.file.getvalue().splitlines():  # type: ignore[attr-defined]
            assert line.rstrip() in shown, f"{name} is not whole: {line!r}"


def move_state(players: int) -> State:
    """A Gangsters position where the person to move moves a piece."""
    state = gangland.load("gangsters").new_game(players=players, seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        actions = list(state.legal_actions())
        if sum(a.kind == "move" for a in actions) >= 4 and len(state.history) > 20:
            return state
        state.apply(rng.choice(actions))
    raise AssertionError("no move decision")


@pytest.mark.parametrize("players", [2, 4])
def test_a_gangsters_move_shows_the_map_around_the_moving_pieces(players):
    state = move_state(players)
    lines, _ = screen(state, 80, 24)
    view = state.view(state.current_player)
    gang = next(g for g in view["gangs"] if g["seat"] == state.current_player)
    grid = [line for line in lines if re.match(r"^[ \d]\d [.~A-Za-z#|=+0-9]", line)]
    assert any(line.lstrip().startswith("0   2   4") for line in lines), "the column numbers"
    letter = gang["gang"][0]
    on_board = [p for p in gang["pieces"] if p["at"] and p["strength"]]
    assert on_board and any(re.search(f"[{letter}{letter.upper()}][RTV]", line[3:])
                            for line in grid), "\n".join(lines)


def test_a_gangster_drive_shows_the_districts_it_may_stop_at():
    state = gangland.load("gangster").new_game(players=4, seed=3)
    rng = random.Random(3)
    while not (state.legal_actions()[0].kind == "to" and len(state.history) > 10):
        state.apply(rng.choice(list(state.legal_actions())))
    lines, _ = screen(state, 80, 24)
    stops = [str(a).split()[1] for a in state.legal_actions()]
    titles = {d["name"]: d["title"] for d in state.view(None)["districts"]}
    for stop in stops:
        assert any(titles[stop] in line and not line.startswith("  ") for line in lines[:-4])


@pytest.mark.parametrize("game_id", ["gangster", "gangsters"])
def test_show_prints_a_part_whole_and_help_and_tab_offer_it(game_id):
    state = played(game_id, 4, 5, 60)
    lines, session = screen(state, 80, 24)
    left, cut = named(lines)
    assert left or cut
    view = state.view(state.current_player)
    parts = {name: whole for name, whole, _ in parts_of(state.game, view, state.options) or []}
    for name in left + cut:
        shown = run_command(state.game, f"show {name}", state.legal_actions(), lambda: view,
                            state.options)
        assert printed(shown) == printed([parts[name]])
        assert printed(shown).splitlines()[-1] not in lines, f"{name} was not whole"
    everything = run_command(state.game, "show all", [], lambda: view, state.options)
    assert printed(everything) == printed(list(parts.values()))
    listed = run_command(state.game, "show", [], lambda: view, state.options)
    assert listed is not None and all(name in str(listed[0]) for name in parts)
    refused = run_command(state.game, "show nothing", [], lambda: view, state.options)
    assert refused is not None and "No part 'nothing'" in str(refused[0])
    assert any(line.split()[0] == "show" for line in help_lines(state.game))
    session.last_human = state.current_player
    assert f"show {left[0] if left else cut[0]}" in session.completions("show ")


def test_a_pipe_and_a_game_without_parts_keep_the_whole_table():
    state = played("gangsters", 3, 7, 12)
    out = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    Session(Setup(state, ["human"] * 3, Path("x.json")), out).show_table(0, NEWS)
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "Not shown" not in text and "Cash" in text and " 0 ....." in text
    assert parts_of(gangland.load("gangster-city"), {}, {}) is None
    assert not any(line.split()[0] == "show" for line in help_lines(gangland.load("gangster-city")))


def test_replay_step_fits_the_screen_and_shows_parts(tmp_path, monkeypatch):
    state = played("gangsters", 3, 2, 150)
    record = state.record()
    answers = iter(["show gangs", "", "q"])
    prompts: list[str] = []

    def prompt(text: str, **_: object) -> str:
        prompts.append(text)
        return next(answers)

    monkeypatch.setattr(replay.click, "prompt", prompt)
    out = console(80, 24)
    assert replay.step_through(out, record, replay.replay_moves(record)[1], 0, 100, {}) == 0
    text = out.file.getvalue()  # type: ignore[attr-defined]
    first = text.split("Cash")[0].splitlines()[:-1]  # the first screen, to show gangs
    assert len(first) <= 23 and first[0].startswith("─") and "Position after 100" in first[0]
    assert "show PART" in prompts[0]
    assert "Cash" in text and "Position after 101" in text
    second = text[text.rindex("\n", 0, text.index("Position after 101")) + 1:].splitlines()
    assert len(second) <= 23 and any(line.startswith("Move 101 (") for line in second)


@pytest.mark.timeout(60)
def test_gangsters_in_a_real_80x24_terminal_keeps_its_screen(tmp_path: Path) -> None:
    run = PtyRun(["play", "gangsters", "--seed", "5", "--seat", "human", "--seat", "random",
                  "--seat", "random", "--save", "g.json"], tmp_path, 80, 24)
    prompt = r"P1 \(you(?:, \w+)?\) > $"
    shown = run.read_until(prompt)
    for _ in range(3):  # the opening, typed from the first line of moves' list
        run.type("moves")
        listed = run.read_until(prompt)
        move = re.search(r"^  (\w+ \S+(?: \S+)*?)  \(", listed, re.M)
        run.type(move.group(1) if move else "1")
        shown = run.read_until(prompt)
        assert "Not accepted" not in shown, shown
    screen_lines = shown.splitlines()
    top = max(i for i, line in enumerate(screen_lines) if "Gangsters: move" in line)
    assert len(screen_lines) - top <= 24, "\n".join(screen_lines[top:])
    assert any("Your choices" in line for line in screen_lines[top:])
    run.type("show gangs")
    assert "Cash" in run.read_until(prompt)
    run.type("quit")
    assert run.wait() == 0

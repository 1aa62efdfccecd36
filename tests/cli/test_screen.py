"""Hot seat hand-overs, text fitted to the terminal, the thinking line, replay stepping."""

from __future__ import annotations

import io
import re
import time

import pytest
from rich.console import Console

import gangland
from gangland.terminal.menu import build_menu
from gangland.terminal.moves import Move
from gangland.terminal.play import Session
from gangland.terminal.screen import print_recap, recap_lines, reflow, thinking

from .conftest import read_record

CLEAR = "<<screen cleared>>"


@pytest.fixture
def marked_clears(monkeypatch):
    """Each screen clear made visible in the output (a test's output is no terminal)."""
    monkeypatch.setattr(Session, "clear", lambda self: self.console.print(CLEAR))


def hot_seat_input(game_id: str, seed: int, moves: int) -> tuple[list[str], list[Move]]:
    """What two people type to make the first legal move ``moves`` times: an Enter at the
    hand-over (when the mover saw something private) and at the pass screen."""
    state = gangland.load(game_id).new_game(2, seed)
    typed, made, last = [""], [], None
    for number in range(1, moves + 1):
        seat = state.current_player
        if last is not None and last.seat != seat:
            private = last.lines_for(last.seat) != last.lines_for(None)
            typed += ["", ""] if private else [""]
        action = state.legal_actions()[0]
        typed.append(str(action))
        last = Move(number, seat, action, tuple(state.apply(action)))
        made.append(last)
    return typed, made


def test_a_private_outcome_is_read_before_the_hand_over(invoke, marked_clears):
    """Gangster (1994), seed 3: P2's roll lands on a Mission, whose card only P2 sees."""
    typed, made = hot_seat_input("gangster-1994", 3, 3)
    assert made[2].seat == 1 and "Your mission" in made[2].lines_for(1)[3]
    result = invoke("play", "gangster-1994", "--seed", "3", "--seat", "human", "--seat",
                    "human", "--save", "h.json", input=[*typed, "", "", "quit"])
    assert result.exit_code == 0, result.output
    mission = made[2].lines_for(1)[3]
    before_clear = result.output.split(mission, 1)[1].split(CLEAR, 1)[0]
    assert "P2: your move is done." in before_clear
    assert "To hand over to P1 (or type quit), press Enter" in before_clear
    panel = result.output.split(mission, 1)[1].split(CLEAR)[1]
    assert "Pass the device to P1." in panel and mission not in panel
    assert len(read_record("h.json")["actions"]) == 3


def test_quit_at_the_hand_over_quits(invoke, marked_clears):
    typed, _ = hot_seat_input("gangster-1994", 3, 3)
    result = invoke("play", "gangster-1994", "--seed", "3", "--seat", "human", "--seat",
                    "human", "--save", "q.json", input=[*typed, "go", "quit"])
    assert result.exit_code == 0, result.output
    assert "Only Enter hands over to P1; or type quit." in result.output
    after = result.output.split("hands over to P1; or type quit.")[1]
    assert "Pass the device" not in after and "Game saved to q.json" in after


def test_a_public_answer_costs_one_enter_and_the_pass_screen_says_why(invoke, marked_clears):
    """Three people at Chicago Gangster: P1's contract at P2 opens a window where every
    rival is asked alike. P2's pass is public: it is shown on P3's pass screen, with why
    the device goes to P3, and no hand-over screen comes first."""
    typed = ["", "1", "1", "", "pass", "", "quit"]
    result = invoke("play", "chicago-gangster", "--seed", "3", "--seat", "human", "--seat",
                    "human", "--seat", "human", "--save", "c.json", input=typed)
    assert result.exit_code == 0, result.output
    assert "your move is done" not in result.output
    panel = result.output.split("Pass the device to P3")[0].rsplit(CLEAR, 1)[1]
    assert "P2 does not counter." in panel
    why = result.output.split("Pass the device to P3 (blue).")[1].split(CLEAR)[0]
    assert "Why: P3 may answer P1's contract with a counter, or pass." in why
    assert [a for a in read_record("c.json")["actions"]] == ["play contract", "target 2",
                                                             "pass"]


def terminal(width: int, height: int) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, height=height, force_terminal=True,
                   color_system=None), out


def test_the_recap_is_cut_to_fit_and_says_how_many_lines_are_left_out():
    console, out = terminal(80, 24)
    news = [f"P{n % 3 + 1} does thing {n}." for n in range(40)]
    print_recap(console, recap_lines([], news), "\n".join(["table"] * 10), "menu",
                compact=False)
    lines = out.getvalue().splitlines()
    # 24 rows, less the table (10), the menu (1) and 4 around them: 9 lines of recap,
    # one of them the note: 8 of the 41 (a heading and 40 news).
    assert lines[0] == "(33 more: type history)"
    assert lines[1:] == [f"  {t}" for t in news[-8:]]
    small, out = terminal(80, 24)
    print_recap(small, recap_lines([], news), "table\n" * 40, "menu", compact=True)
    assert len(out.getvalue().splitlines()) == (24 - 5) // 2
    piped = Console(file=io.StringIO(), width=80, height=24)
    print_recap(piped, recap_lines(["mine"], news), "t", "m", compact=False)
    assert len(piped.file.getvalue().splitlines()) == 43  # a pipe keeps every line


def test_on_a_small_terminal_the_recap_comes_between_the_table_and_the_menu(invoke):
    from gangland.terminal.play import Setup

    state = gangland.load("gangster-city").new_game(3, 12)
    for _ in range(3):
        state.apply(state.legal_actions()[-1])
    console, out = terminal(80, 24)
    session = Session(Setup(state, ["human", "human", "human"], __import__("pathlib").Path(
        "x.json")), console)
    session.show_table(0, recap_lines([], ["P3 draws blind."]))
    text = out.getvalue()
    assert text.index("P3 draws blind.") > text.index("Detective")  # the compact table
    assert text.index("P3 draws blind.") < text.index("Your choices:")


@pytest.mark.parametrize("game_id", gangland.game_ids())
def test_rules_are_wrapped_to_the_terminal(invoke, monkeypatch, game_id):
    monkeypatch.setenv("COLUMNS", "80")
    result = invoke("rules", game_id)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    words = set(result.output.split())
    text = gangland.load(game_id).rules_text()
    assert set(text.split()) <= words, "a word was broken across lines"


def test_an_indented_rule_line_wraps_under_its_second_column():
    text = gangland.load("gangster-city").rules_text()
    lines = reflow(text, 60)
    first = next(i for i, line in enumerate(lines) if line.startswith("  investigate N   "))
    assert lines[first + 1].startswith(" " * 18 + "refilled")
    assert all(len(line) <= 60 for line in lines)
    assert reflow("  a  b c d e f g h", 10) == ["  a  b c d e f g h"]  # too narrow: no split


def test_a_long_menu_line_wraps_with_its_indent():
    game = gangland.load("gangster-city")
    state = game.new_game(3, 7)
    console, out = terminal(32, 24)
    console.print(build_menu(game, state.legal_actions()).render(state.options))
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 32 for line in lines)
    start = next(i for i, line in enumerate(lines) if line.startswith("        suspect: "))
    assert re.match(" {17}[a-z]", lines[start + 1]), lines[start:start + 2]


def test_thinking_shows_only_on_a_terminal_while_someone_waits():
    console, out = terminal(80, 24)
    with thinking(console, "P2 is thinking...", delay=0):
        time.sleep(0.3)
    assert "P2 is thinking..." in out.getvalue()
    for enabled, shown in ((False, terminal(80, 24)), (True, terminal(80, 24))):
        with thinking(shown[0], "P2 is thinking...", enabled, delay=5):
            pass  # a quick bot: never shown
        assert "thinking" not in shown[1].getvalue()
    piped = Console(file=io.StringIO())
    with thinking(piped, "P2 is thinking...", delay=0):
        time.sleep(0.2)
    assert "thinking" not in piped.file.getvalue()


def test_replay_step_goes_back_and_jumps(invoke):
    invoke("play", "gangster-city", "--seed", "9", "--save", "g.json",
           input=["draw", "1", "draw", "quit"])
    total = len(read_record("g.json")["actions"])
    result = invoke("replay", "g.json", "--step",
                    input=["", "", "b", "g 5", "g 99", "b", "x", f"g {total}", "", "q"])
    assert result.exit_code == 0, result.output
    shown = [int(n) for n in re.findall(r"Position after (\d+) move", result.output)]
    assert shown == [1, 2, 1, 5, 4, total]
    assert f"g N goes to a move from 0 to {total}" in result.output
    assert "Not a step command: 'x'" in result.output
    assert "That was the last move" in result.output
    assert "The game is unfinished" in result.output

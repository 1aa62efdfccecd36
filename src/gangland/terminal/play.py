"""The interactive game at the terminal: one or more people against bots, or hot seat.

Each person sees only their own seat's view and the events addressed to it. When several
people share the terminal, the screen is cleared and a "pass the device" screen hides the
last player's view before the next one's appears; it is cleared again before the end of
the game is shown to everyone and when someone quits.

The game is saved with its seats (see :mod:`.saves`) as it goes (after each person's
decision and before each prompt) and however the loop ends (quit, end of input, Ctrl-C,
SIGHUP, SIGTERM, game over), so nothing is lost and ``--resume`` seats everyone where they
sat.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import FrameType
from typing import Any

import click
from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.text import Text

from gangland.bots import decide
from gangland.engine import (
    Action,
    Game,
    GanglandError,
    HalfMoves,
    IllegalAction,
    InvalidAction,
    OptionError,
    Rng,
    State,
    TakeBackRefused,
    counted,
    load,
    named_seats,
    seat_label,
)

from .fit import fitted_parts, print_screen, shortest_choices, show_words
from .handover import (
    QUIT_WORDS,
    Quit,
    hand_over,
    is_private,
    pass_panel,
    public_why,
    wait_for_enter,
)
from .listing import completions, game_commands, help_lines, run_command, tab_completion
from .menu import build_menu, choices
from .moves import Move, replay_moves
from .render import Options, hook, make_console, renderer, rule, seat_colours
from .saves import check_bots, check_overwrite, read_save, resume_seats, write_save
from .screen import is_compact, print_recap, print_reflowed, recap_lines, thinking
from .seats import (
    HUMAN,
    Seats,
    is_human,
    make_seats,
    named_label,
    person_name,
    resolve_specs,
    seat_names,
    with_names,
)
from .signals import stop_signals
from .solo import coop_notice, solo_choices

COMMANDS = {
    "help": "show this help",
    "view": "show the table again",
    "history": "list every move you were shown so far",
    "rules": "the game's rules in brief, then the rule of this decision",
    "back": "take back the first half of your move, where it told nobody anything "
            "(the choices say when); also undo",
    "quit": "save the game and stop (resume later with --resume FILE)",
}


BACK_WORDS = ("back", "undo")
BOTS_SAVE_EVERY = 1.0  # seconds: how often a game of bots alone is saved while it plays


class _Quit(Quit):
    """The person asked to stop (``quit``, end of input or Ctrl-C)."""


class _Stopped(_Quit):
    """A signal (SIGHUP: the terminal went away; SIGTERM) asked the game to stop."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def default_record_path(game_id: str) -> Path:
    """``gangland-<game>-<date>-<time>.gangland.json`` in the current directory.

    Named by the time, never the seed: the seed fixes every hidden card, and the file name
    is printed for everyone at the table to see.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(f"gangland-{game_id}-{stamp}.gangland.json")
    n = 2
    while path.exists():
        path = Path(f"gangland-{game_id}-{stamp}-{n}.gangland.json")
        n += 1
    return path


@dataclass
class Setup:
    """Everything the loop needs: a state (new or resumed), seat specs, where to save."""

    state: State
    specs: list[str]
    save_path: Path
    past: list[Move] = field(default_factory=list)
    notice: str | None = None  # what will be played, when the flags alone do not say


def new_setup(
    game_id: str,
    players: int | None,
    seats: Sequence[str],
    seed: int | None,
    options: Mapping[str, object],
    solo: bool,
    difficulty: str | None,
    save: Path | None,
    force: bool = False,
) -> Setup:
    """A new game from command-line choices (``--solo`` sets players, case and seat).

    An existing ``save`` file is never overwritten unless ``force``: it is another game.
    """
    game = load(game_id)
    opts, players, seats = solo_choices(game, options, players, seats, solo, difficulty)
    if players is None:
        # Two or more seats given: that many players (hot seat). One seat alone, or none,
        # most likely means "me against the bots": a table of three where the game allows.
        default = min(max(3, game.min_players), game.max_players)
        players = len(seats) if len(seats) > 1 else max(len(seats), default)
    if seed is None:
        seed = Rng.fresh_seed()
    state = game.new_game(players, seed, opts)
    specs = resolve_specs(game, seats, players)
    check_bots(game, specs, len(seats))
    path = check_save_path(save or default_record_path(game.id))
    check_overwrite(path, force)
    return Setup(state, specs, path, notice=coop_notice(state, specs))


def resume_setup(path: Path, game_id: str | None, seats: Sequence[str],
                 save: Path | None, force: bool = False) -> Setup:
    """The saved game from ``path``: its own players, seed, options and seats.

    ``seats`` (``--seat``) may swap a bot for another bot, never move a person (see
    :func:`.saves.resume_seats`). Any refusal comes before anything is written.
    """
    record, saved = read_save(path)
    if game_id is not None and record["game"] != game_id:
        raise OptionError(f"{path} is a game of {record['game']}, not {game_id}")
    state, past = replay_moves(record)
    specs = resume_seats(state.game, path, saved, seats, state.players)
    check_bots(state.game, specs, len(seats), path)
    target = check_save_path(save or path)
    check_overwrite(target, force, own=path)
    return Setup(state, specs, target, past)


def check_save_path(path: Path) -> Path:
    """Refuse at the start, not after an hour's play, a save path that cannot be written."""
    if path.is_dir():
        raise OptionError(f"cannot save the game to {path}: it is a folder")
    if not path.resolve().parent.is_dir():
        raise OptionError(f"cannot save the game to {path}: no folder {path.parent}")
    return path


class Session:
    """One run of the play loop over a state, with its seats and its console."""

    def __init__(self, setup: Setup, console: Console | None = None) -> None:
        self.state = setup.state
        self.game: Game = self.state.game
        self.seats: Seats = make_seats(self.game, setup.specs, self.state.seed or 0)
        self.humans = self.seats.humans
        self.names = seat_names(self.seats.specs)  # the people who gave a name, by seat
        self.colours = seat_colours(self.game, self.state)  # public: the seats' colours
        self.save_path = setup.save_path
        self.notice = setup.notice
        self.console = console or make_console()
        self.log: list[Move] = list(setup.past)
        # News for each person (and the spectators): the event texts they may see, kept
        # until they are next shown the table.
        self.pending: dict[int | None, list[str]] = {s: [] for s in self.humans}
        self.pending[None] = []
        # In hot seat the pass screen clears a move's outcome at once: the person who made
        # it reads it again at their next turn.
        self.own_news: dict[int, list[str]] = {s: [] for s in self.humans}
        self.last_human: int | None = None
        self.last_own: Move | None = None  # the last move a person made, for the hand-over
        self.bot_rng = Rng.for_seed((self.state.seed or 0) ^ 0x5A3F ^ len(self.log))
        self.render = self.draw_view
        # The positions before the halves of a person's move in progress (``back``).
        self.half: HalfMoves[None] = HalfMoves()
        self._saved_at = time.monotonic()
        self._busy = False  # True while a signal must wait (a move being made or saved)
        self._signal: int | None = None  # the stop signal received, if any

    # ----- the loop ------------------------------------------------------------------

    def run(self) -> int:
        """Play until the end or until someone stops; always save. Returns an exit code."""
        self.introduce()
        with stop_signals(self._on_signal, lambda: self._signal is not None), \
                tab_completion(self.completions):
            return self._play()

    def _play(self) -> int:
        """The loop proper, with the ways it can end."""
        try:
            while not self.state.is_terminal:
                self.step()
        except (Quit, click.Abort, KeyboardInterrupt, EOFError):
            self._busy = True  # a signal now only waits for the save below
            # After SIGHUP the terminal is gone and writing to it fails: never the save.
            with contextlib.suppress(OSError):
                self.hide_table()
                self.console.print()
            self.save("Game saved to {path}. Continue with: gangland play --resume {path}")
            return 128 + self._signal if self._signal is not None else 0
        except GanglandError:
            self._busy = True
            with contextlib.suppress(OSError):
                self.hide_table()
            self.save("Game saved to {path} before the error below.")
            raise
        self._busy = True
        self.finish()
        return 128 + self._signal if self._signal is not None else 0

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        """SIGHUP or SIGTERM: stop, save and leave; mid-move or mid-save, once that is done."""
        if self._signal is not None:
            return
        self._signal = signum
        if not self._busy:
            raise _Stopped(signum)

    def step(self) -> None:
        """One decision: a person's or a bot's; the events go to the seats that may see them.

        Making the move, sharing its events and saving it are not interrupted by a signal:
        one that comes meanwhile takes effect right after.
        """
        seat = self.state.current_player
        assert seat is not None
        bot = self.seats.bots[seat]
        if bot is None:
            action = self.ask(seat)
        else:  # a "thinking..." line for the people waiting (none when bots play alone)
            with thinking(self.console, f"{seat_label(seat)} is thinking...", bool(self.humans)):
                action = decide(bot, self.state, self.bot_rng)
        self._busy = True
        try:
            before = self.state.clone() if bot is None else None  # (a person may take it back)
            events = self.state.apply(action)
            if before is None:
                self.half.clear()
            else:
                self.half.played(before, self.state, events)
            move = Move(len(self.state.history), seat, action, tuple(events))
            self.log.append(move)
            for viewer, queue in self.pending.items():
                if viewer != seat:
                    queue.extend(e.text for e in events if e.visible_to(viewer))
                elif len(self.humans) > 1:
                    self.own_news[seat] = move.lines_for(seat)
            self.autosave()
        finally:
            self._busy = False
        if self._signal is not None:
            raise _Stopped(self._signal)
        if bot is None:
            self.last_own = move
            self.print_lines(move.lines_for(seat))
        elif not self.humans:
            self.print_lines(move.lines_for(None))  # bots only: watch as a spectator
            self.pending[None].clear()

    def autosave(self) -> None:
        """Save after the decision just made, whenever it matters: after a person's, before
        a person is asked (so the file is current while the game waits), at the end, and at
        most every :data:`BOTS_SAVE_EVERY` seconds while bots play among themselves."""
        seat = self.state.current_player
        last = self.log[-1].seat if self.log else None
        if (seat is None or self.seats.bots[seat] is None
                or (last is not None and self.seats.bots[last] is None)
                or time.monotonic() - self._saved_at >= BOTS_SAVE_EVERY):
            self.save()

    # ----- a person's decision -------------------------------------------------------

    def ask(self, seat: int) -> Action:
        """Show the seat its news, view and choices; read until a legal action is given."""
        if len(self.humans) > 1 and self.last_human != seat:
            self.pass_screen(seat)
        self.last_human = seat
        self.pending[None].clear()  # the end screen of a hot-seat game starts from here
        own, news = self.own_news.get(seat, []), self.pending[seat]
        lines = recap_lines(own, news, first=not any(m.seat == seat for m in self.log))
        own.clear()
        news.clear()
        self.show_table(seat, lines)
        while True:
            text = click.prompt(f"{self.label(seat)} >", default="", show_default=False,
                                prompt_suffix=" ")
            command = text.strip().lower()
            if not command:
                self.console.print("Type a number or an action (help for commands).")
                continue
            if command not in self.game.grammar.verbs and self.command(command, seat):
                continue
            try:
                return build_menu(self.game, self.state.legal_actions()).resolve(text, self.state)
            except (InvalidAction, IllegalAction) as exc:
                self.console.print(Text(f"Not accepted: {exc}", style="red"))

    def command(self, command: str, seat: int) -> bool:
        """Run a prompt command; False when the text is not one (so it is an action)."""
        if command in QUIT_WORDS:
            raise _Quit
        if command in ("help", "?"):
            for name, what in COMMANDS.items():
                self.console.print(f"  {name:<8} {what}")
            self.print_lines([line[2:] for line in help_lines(self.game)])
            self.console.print("  Or type a number from the list, or an action as shown.")
            self.show_menu()
            return True
        if command in ("view", "look", "table"):
            self.show_table(seat)
            return True
        if command in BACK_WORDS:
            self.take_back(seat)
            return True
        if command == "history":
            lines = [f"{m.number:>4}. {line}" for m in self.log for line in m.lines_for(seat)]
            self.print_lines(lines or ["No moves yet."])
            return True
        if command == "rules":
            self.show_rules(seat)
            return True
        with named_seats(self.names):  # (a command only shows: it makes no move)
            shown = run_command(self.game, command, self.state.legal_actions(),
                                lambda: self.state.view(seat), self.state.options)
            for part in shown or ():
                self.console.print(part)
        return shown is not None

    def completions(self, typed: str) -> list[str]:
        """Tab completion: commands, and the legal actions only at the prompt of the seat
        to move (never at the pass screen, where the next seat's choices are no one
        else's business)."""
        seat = self.state.current_player
        mine = seat is not None and seat == self.last_human and self.seats.bots[seat] is None
        view = self.state.view(seat) if mine and seat is not None else None
        words = [*COMMANDS, "moves ", *game_commands(self.game),
                 *show_words(self.game, view, self.state.options)]
        return completions(typed, self.state.legal_actions() if mine else [], words)

    def show_rules(self, seat: int) -> None:
        """The game's summary, then the rules of the decision at hand when ``seat`` is the
        one to take it (they are built from its own legal actions, so they tell it nothing
        it may not know). Printed as plain text: a rule's brackets are no markup. The
        summary is reflowed to the terminal's width; each rule wraps with an indent."""
        print_reflowed(self.console, self.game.rules_text())
        decision = self.state.decision_rules() if self.state.current_player == seat else []
        if decision:
            self.console.print(Text("\nThis decision:", style="bold"))
            for text in decision:
                self.console.print(Padding(Text(text), (0, 0, 0, 2), expand=False))

    def take_back(self, seat: int) -> None:
        """Return to the position before the seat's half move (``engine.takeback``): it
        leaves the log and the saved file as if it had never been made."""
        try:
            before, _ = self.half.take_back(self.state)
        except TakeBackRefused as exc:
            self.console.print(Text(f"Nothing to take back: {exc}.", style="red"))
            return
        self._busy = True
        try:
            move = self.log.pop()
            self.state = before
            self.own_news[seat] = []
            self.save()
        finally:
            self._busy = False
        if self._signal is not None:
            raise _Stopped(self._signal)
        self.console.print(Text(f"Taken back: {move.action}.", style="bold"))
        self.show_table(seat)

    def draw_view(self, view: Mapping[str, Any], options: Options) -> RenderableType:
        """The game's table for ``view``: its compact layout on a small terminal (see
        :func:`.screen.is_compact`), chosen each time as the terminal may be resized."""
        return renderer(self.game, is_compact(self.console), self.names)(view, options)

    def show_table(self, seat: int, recap: Sequence[tuple[str, bool]] = ()) -> None:
        """The seat's view and the actions it may take, with the news since its last turn
        (``recap``) above the table, or between the table and the menu on a small terminal
        (see :func:`.screen.print_recap`); a table in parts that would not fit the
        terminal is fitted to it, the whole screen with it (see :mod:`.fit`)."""
        with named_seats(self.names):  # the board, the menu and the prompt's words
            self._show_table(seat, recap)

    def _show_table(self, seat: int, recap: Sequence[tuple[str, bool]]) -> None:
        view, options = self.state.view(seat), self.state.options
        menu = build_menu(self.game, self.state.legal_actions())
        title = (f"{self.game.title}: move {len(self.state.history) + 1}, "
                 f"{self.label(seat)} to play")
        below = choices(menu, options, self.take_back_line())
        parts = fitted_parts(self.console, self.game, view, options,
                             lambda: self.render(view, options), below)
        if parts is not None:
            print_screen(self.console, title, parts, recap, below,
                         choices(menu, options, self.take_back_line(), brief=True))
            return
        table = self.render(view, options)
        below = list(shortest_choices(self.console, table, below,
                                      choices(menu, options, self.take_back_line(), brief=True)))
        compact = is_compact(self.console)
        if not compact:
            print_recap(self.console, recap, table, below[1], compact)
        rule(self.console, title)
        self.console.print(table)
        if compact:
            print_recap(self.console, recap, table, below[1], compact)
        for part in below:
            self.console.print(part)

    def show_menu(self) -> None:
        """The numbered actions and how to type the others."""
        menu = build_menu(self.game, self.state.legal_actions())
        with named_seats(self.names):
            for part in choices(menu, self.state.options, self.take_back_line()):
                self.console.print(part)

    def take_back_line(self) -> list[Text]:
        """Under the choices: the half move that ``back`` would take back, if any."""
        if self.half.can_take_back(self.state):
            return [Text(f"Or type back to take back {self.state.history[-1]}.")]
        return []

    def pass_screen(self, seat: int) -> None:
        """Let the last person read their move's outcome, hide their view, and wait until
        the next one has the device (see :mod:`.handover`).

        Only an empty Enter goes on: whoever types ``quit`` here (most likely the person
        who just played) stops the game without being shown the next seat's view, and any
        other text is taken for a mistake, not for the next person's go-ahead.
        """
        last, outcome = self.last_own, []
        if last is not None and last.seat != seat:
            if is_private(last):
                hand_over(self.console, self.label(last.seat), self.label(seat))
            else:
                outcome = last.lines_for(None)
        self.clear()
        why = public_why(self.state.view(None))
        self.console.print(pass_panel(self.label(seat), why, outcome))
        wait_for_enter(self.console, f"{self.label(seat)}, press Enter",
                       f"Only Enter shows {self.label(seat)}'s table; or type quit.")
        self.clear()

    def hide_table(self) -> None:
        """Before a screen for everyone (game over, saved on quit): clear the last person's
        view when several people share the terminal."""
        if len(self.humans) > 1:
            self.clear()

    def clear(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    # ----- start, end, saving ---------------------------------------------------------

    def introduce(self) -> None:
        """Who plays which seat, the seed (bots alone), and where the game is saved."""
        st = self.state
        seats = ", ".join(f"{seat_label(s)}: {self.seat_word(s, spec)}"
                          for s, spec in enumerate(self.seats.specs))
        # The seed fixes every hidden card and die: a person at the table must not see it
        # until the game is over (bots never see it at all).
        seed = "" if self.humans else f", seed {st.seed}"
        self.console.print(Text(f"{self.game.title}, {counted(st.players, 'player')}{seed}.",
                                style="bold"))
        self.console.print(f"Seats: {seats}.")
        if self.notice:
            self.console.print(self.notice)
        if self.log:
            self.console.print(f"Resumed after {counted(len(self.log), 'move')}.")
        if len(self.humans) > 1 and not self.console.is_terminal:
            self.console.print("Warning: the output is not a terminal, so the screen cannot "
                               "be cleared between people: each one's table stays readable.")
        self.console.print(f"The game is saved to {self.save_path} as it goes. "
                           "Type help for commands.")

    def finish(self) -> None:
        """Last news, the final view, winners and scores; then save.

        One person sees the end from their seat; several people, or nobody, see it as the
        spectators do, after the last person's view is cleared away.
        """
        audience = self.humans[0] if len(self.humans) == 1 else None
        self.hide_table()
        news = self.pending.get(audience, [])
        if news:
            self.console.print(Text("Last moves:", style="bold"))
            self.print_lines(news)
        rule(self.console, "Game over")
        with named_seats(self.names):
            self.console.print(self.render(self.state.view(audience), self.state.options))
        self.console.print(result_text(self.state, self.humans, self.names,
                                       shown=hook(self.game, "render_view") is not None))
        self.console.print(f"The game's seed was {self.state.seed}.")
        self.save("Record saved to {path}. Watch it again with: gangland replay {path}")

    def save(self, message: str | None = None) -> None:
        """Write the game and its seats, then say so; a failure to write is reported.

        The message may fail to print when the terminal has gone (SIGHUP); the file is
        written first, and that failure is ignored.
        """
        try:
            write_save(self.state, self.seats.specs, self.save_path)
        except OSError as exc:
            raise OptionError(f"cannot save the game to {self.save_path}: {exc}") from None
        self._saved_at = time.monotonic()
        if message is None:
            return
        with contextlib.suppress(OSError):
            self.console.print(message.format(path=self.save_path))

    def print_lines(self, lines: Sequence[str]) -> None:
        """Indented plain lines (event texts are not Rich markup)."""
        for line in lines:
            self.console.print(Text("  " + with_names(line, self.names)))

    def label(self, seat: int) -> str:
        """``Ann (P1, blue)`` for a named person; else ``P1``, with ``(you)`` when one
        person plays, and the seat's colour where the game has colours."""
        return named_label(seat, self.names, self.colours, you=len(self.humans) == 1)

    def seat_word(self, seat: int, spec: str) -> str:
        """Who plays ``seat``, as the seating line says it: a name, you, human or a bot,
        with the seat's colour: ``Ann (blue)``, ``greedy (bot, yellow)``."""
        colour = [self.colours[seat]] if seat in self.colours else []
        if not is_human(spec):
            return f"{spec} ({', '.join(['bot', *colour])})"
        who = person_name(spec) or ("you" if len(self.humans) == 1 else HUMAN)
        return f"{who} ({colour[0]})" if colour else who


def result_text(state: State, humans: Sequence[int] = (),
                names: Mapping[int, str] | None = None, shown: bool = False) -> Text:
    """Winners and scores of a finished game, in one short paragraph (named people by
    name: ``Ann (P1)``). ``shown``: the game's own view, just printed, already named the
    winners in its words, so only the scores follow (no "Game over: P3 wins" read twice)."""
    winners = state.winners()

    def name(s: int) -> str:
        if names and s in names:
            return named_label(s, names)
        return seat_label(s) + (" (you)" if len(humans) == 1 and s in humans else "")
    head = "Winner: " + ", ".join(name(s) for s in winners) if winners else "Nobody won."
    scores = ", ".join(f"{name(s)} {score:g}" for s, score in enumerate(state.scores()))
    return Text(f"Scores: {scores}" if shown else f"{head}\nScores: {scores}", style="bold")

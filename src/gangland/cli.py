"""The ``gangland`` command: list, explain, play, replay, simulate and benchmark the games.

The commands here only read arguments and print; the work lives in
:mod:`gangland.terminal` (play, replay) and :mod:`gangland.sim` (simulate, bench), where it
can be tested and reused without a command line.

Every refusal is one line on standard error and a non-zero exit status, never a
traceback: Gangland's own errors (an unknown game, a bad option, an illegal move, a corrupt
record) and Click's usage errors are caught in :meth:`GanglandGroup.main`.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.table import Table
from rich.text import Text

import gangland
from gangland.bots import bot_help, default_bot
from gangland.engine import GanglandError, OptionError, load

from .cli_review import review_cmd
from .cli_sim import game_options, report_cmd, simulate_cmd, tournament_cmd
from .compiled import running
from .sim.bench import Measurement, bench_game, machine, one_core
from .terminal.play import Session, new_setup, resume_setup
from .terminal.render import make_console
from .terminal.replay import run_replay
from .terminal.screen import hanging, print_reflowed


def _fail(message: str, code: int) -> None:
    """One line on standard error, then exit."""
    click.echo(" ".join(message.split("\n")), err=True)
    sys.exit(code)


class GanglandGroup(click.Group):
    """A Click group whose every error ends as one line and a non-zero exit status."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command; turn Click and Gangland errors into one-line messages."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "gangland"
            _fail(f"Error: {exc.format_message()} (see '{where} --help')", exc.exit_code)
        except click.ClickException as exc:
            _fail(f"Error: {exc.format_message()}", exc.exit_code)
        except click.Abort:
            _fail("Aborted.", 1)
        except GanglandError as exc:
            _fail(f"Error: {exc}", 1)
        sys.exit(rv if isinstance(rv, int) and not isinstance(rv, bool) else 0)


@click.group(cls=GanglandGroup)
@click.version_option(gangland.__version__, prog_name="gangland")
def cli() -> None:
    """Five gangster-themed games with every rule enforced: play, replay, simulate."""


for command in (simulate_cmd, report_cmd, tournament_cmd, review_cmd):
    cli.add_command(command)


def main() -> None:
    """The console-script entry point."""
    cli.main(prog_name="gangland")


# ----- games, rules -------------------------------------------------------------------


@cli.command()
def games() -> None:
    """List the games: id, title, designers and player counts."""
    table = Table(title="Gangland games")
    for column in ("id", "title", "designers", "players"):
        table.add_column(column)
    for game_id in gangland.game_ids():
        game = load(game_id)
        players = (f"{game.min_players}" if game.min_players == game.max_players
                   else f"{game.min_players}-{game.max_players}")
        table.add_row(game.id, game.title, game.designers, players)
    make_console().print(table)


@cli.command()
@click.argument("game")
def rules(game: str) -> None:
    """Show a game's rules summary, its options and the bots that play it."""
    g = load(game)
    console = make_console()
    console.print(f"[bold]{g.title}[/bold] ({g.id}), {g.designers}; "
                  f"{g.min_players}-{g.max_players} players", highlight=False)
    print_reflowed(console, g.rules_text())  # to this terminal's width
    console.print("[bold]Options[/bold] (--option NAME=VALUE):")
    for line in g.describe_options() or ["none"]:
        console.print(Text(textwrap.fill(line, console.width, initial_indent="  ",
                                         subsequent_indent="      ")))
    console.print("[bold]Bots[/bold] (--seat BOT, --bots BOT,...):")
    for name, text in bot_help(g.id).items():
        mark = " (default opponent)" if name == default_bot(g.id) else ""
        console.print(hanging(f"  {name}: ", text + mark))


# ----- play, replay -------------------------------------------------------------------


@cli.command()
@click.argument("game", required=False)
@click.option("--players", "-n", type=int,
              help="Number of players (default: the --seat count when two or more, else 3).")
@click.option("--seat", "seats", multiple=True, metavar="human[:NAME]|BOT",
              help="Who plays the next seat: human (human:Ann with a name), bot (the "
                   "default bot) or a bot spec; "
                   "repeat per seat. Seats not given are bots; no --seat at all: P1 is you. "
                   "With --resume: the saved seats and names are kept; --seat may only "
                   "swap a bot for another bot or rename a person (a save without seats "
                   "needs every seat named).")
@click.option("--seed", type=click.IntRange(min=0), help="Seed of the deal (default: random).")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="A game option (see 'gangland rules GAME'); repeatable.")
@click.option("--components", metavar="FILE", help="Your printed components (TOML).")
@click.option("--solo", is_flag=True,
              help="Play one generated case (games that have one): alone, or with "
                   "--players N as a co-operative case with the other seats.")
@click.option("--difficulty", metavar="easy|medium|hard",
              help="With --solo: the case's difficulty (default: medium).")
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path),
              help="Continue a saved game, everyone in the seat they had.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to save the game (default: gangland-GAME-DATE-TIME.gangland.json, "
                   "or the --resume file). An existing file is not overwritten.")
@click.option("--force", is_flag=True, help="Let --save overwrite an existing file.")
def play(game: str | None, players: int | None, seats: tuple[str, ...], seed: int | None,
         option_pairs: tuple[str, ...], components: str | None, solo: bool,
         difficulty: str | None, resume: Path | None, save: Path | None,
         force: bool) -> None:
    """Play GAME at this terminal against bots, or with friends in turn (hot seat).

    At the prompt type a number from the list or an action as text; 'help', 'history',
    'view' and 'quit' (saves) also work. The game and its seats are saved as it goes
    and however it ends; --resume FILE seats everyone where they sat.
    """
    if resume is not None:
        given = [name for name, value in (
            ("--players", players), ("--seed", seed), ("--option", option_pairs),
            ("--components", components), ("--solo", solo), ("--difficulty", difficulty),
        ) if value]
        if given:
            raise OptionError(f"{', '.join(given)} cannot change a resumed game")
        setup = resume_setup(resume, game, seats, save, force)
    else:
        if game is None:
            raise click.UsageError("Missing argument 'GAME' (or give --resume FILE).")
        options = game_options(game, option_pairs, components)
        setup = new_setup(game, players, seats, seed, options, solo, difficulty, save, force)
    code = Session(setup).run()
    if code:
        sys.exit(code)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", "seat", default="spectator", show_default=True, metavar="N|spectator",
              help="Whose view: a player number as shown (1 for P1) or spectator.")
@click.option("--step", is_flag=True, help="Wait for Enter between moves (q quits).")
@click.option("--at", type=click.IntRange(min=0), metavar="K",
              help="Show the position after K moves (with --step: start there).")
@click.option("--game", "index", type=click.IntRange(min=0), metavar="I",
              help="In a simulation's records.jsonl.gz: game I of the run.")
def replay(file: Path, seat: str, step: bool, at: int | None, index: int | None) -> None:
    """Replay a saved game record as one seat, or the spectators, saw it (or game I of a
    simulation's records.jsonl.gz, with --game I)."""
    if file.name.endswith(".jsonl.gz"):
        if index is None:
            raise OptionError("a records.jsonl.gz holds many games: say which with --game I")
        import tempfile

        from .sim.runfiles import extract_record

        with tempfile.TemporaryDirectory() as tmp:
            run_replay(extract_record(file, index, Path(tmp) / "game.json"), seat, step, at)
        return
    run_replay(file, seat, step, at)


# ----- simulate, bench ----------------------------------------------------------------


#: ``gangland bench server`` benchmarks the web table; no game may be called this.
BENCH_SERVER = "server"


@cli.command()
@click.argument("game", required=False)
@click.option("--seconds", type=click.FloatRange(min=0.0),
              help="Time budget per measurement (default 1); for server, the measuring "
                   "window (default 20).")
@click.option("--players", "-n", type=int,
              help="Players (default: 3 where allowed; for server, 2).")
@click.option("--tables", type=click.IntRange(min=1),
              help="server: tables played at once (default 100).")
@click.option("--db", type=click.Choice(["sqlite", "postgresql", "both"]),
              help="server: the database behind the server (default both).")
@click.option("--game", "server_game", metavar="GAME",
              help="server: the game the tables play (default gangster-city).")
@click.option("--bot-pool", type=click.Choice(["process", "thread"]),
              help="server: where the server's bots think (default process, as serve).")
@click.option("--rate", type=click.FloatRange(min=0.0, min_open=True),
              help="server: hold the load to this many actions/s in all, to measure "
                   "latency at that load (default: as fast as the server goes).")
@click.option("--reference", is_flag=True,
              help="Also step OpenSpiel's Python tic-tac-toe at random in this process, and "
                   "give each game's playout rate as a multiple of it (needs the rl extra).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def bench(game: str | None, seconds: float | None, players: int | None, tables: int | None,
          db: str | None, server_game: str | None, bot_pool: str | None, rate: float | None,
          reference: bool, as_json: bool) -> None:
    """Engine speed on one core: random playouts, clone/view/legal_actions, bot decisions.

    'gangland bench server' measures the web table instead: a real server on loopback,
    100 tables of bots against scripted clients, for SQLite and PostgreSQL: actions/s and
    the latency from a client's move to the view after it.
    """
    if game == BENCH_SERVER:
        _bench_server(seconds, players, tables, db, server_game, bot_pool, rate, as_json)
        return
    given = [name for name, value in (("--tables", tables), ("--db", db),
                                      ("--game", server_game), ("--bot-pool", bot_pool),
                                      ("--rate", rate))
             if value is not None]
    if given:
        raise click.UsageError(f"{', '.join(given)}: only for 'gangland bench server'")
    seconds = 1.0 if seconds is None else seconds
    ids = [game] if game is not None else gangland.game_ids()
    results: list[Measurement] = []
    with one_core():
        before = _reference(seconds) if reference else None
        for game_id in ids:
            results.extend(bench_game(load(game_id), seconds, players))
        if before is not None:
            from .sim.bench_reference import with_reference
            results = with_reference(results, before, _reference(seconds))
    info = machine()
    if as_json:
        click.echo(json.dumps({"machine": info, "seconds": seconds,
                               "results": [m.to_json() for m in results]},
                              indent=1, sort_keys=True))
        return
    compiled = running()
    code = f"{len(compiled)} modules compiled" if compiled else "pure Python"
    table = Table(title=f"gangland bench: {info['processor']}, {info['cpus']} CPUs, "
                        f"{info['python']}, {code}; one core, {seconds:g} s per figure")
    for column in ("game", "measure", "value", "unit", "samples"):
        table.add_column(column, justify="right" if column in ("value", "samples") else "left",
                         no_wrap=column != "game")
    notes: dict[str, str] = {}
    for m in results:
        table.add_row(m.game, m.measure, _figure(m.value), m.unit, f"{m.samples:,}")
        if m.note:
            notes[m.measure] = m.note
    console = make_console()
    console.print(table)
    for measure, note in notes.items():
        console.print(f"  {measure}: {note}", markup=False, highlight=False)


def _reference(seconds: float) -> tuple[float, int]:
    """OpenSpiel's tic-tac-toe steps per second (``--reference``), or a usage error."""
    from .sim.bench_reference import reference_steps
    try:
        return reference_steps(seconds)
    except ImportError as exc:
        raise click.UsageError(str(exc)) from None


def _bench_server(seconds: float | None, players: int | None, tables: int | None,
                  db: str | None, game: str | None, bot_pool: str | None, rate: float | None,
                  as_json: bool) -> None:
    """``gangland bench server``: exits 1 when a backend could not be measured at all
    (a skipped PostgreSQL, absent from this machine, is not a failure)."""
    from .sim.bench_server import BACKENDS, bench_server, print_report

    g = load(game or "gangster-city")
    n = 2 if players is None else players
    if not g.min_players <= n <= g.max_players:
        raise OptionError(f"{g.id} is for {g.min_players} to {g.max_players} players, not {n}")
    if seconds is not None and seconds <= 0:
        raise click.UsageError("--seconds: the measuring window must be longer than 0")
    backends = BACKENDS if db in (None, "both") else (db,)
    report = bench_server(backends, tables=tables or 100,
                          seconds=20.0 if seconds is None else seconds, game=g.id, players=n,
                          bot_pool=bot_pool or "process", rate=rate)
    if as_json:
        click.echo(json.dumps(report, indent=1, sort_keys=True))
    else:
        print_report(make_console(), report)
    if any(r["status"] == "failed" for r in report["results"]):
        sys.exit(1)


def _figure(value: float) -> str:
    """Three or so significant digits, without exponents (``101,540``, ``16.7``, ``0.142``)."""
    if value != value:
        return "failed"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}" if value >= 1 else f"{value:.3f}"


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--db", metavar="URL|FILE",
              help="postgresql://... or an SQLite file (default: under your data directory).")
@click.option("--think-ms", type=click.IntRange(0, 10_000), default=700, show_default=True,
              help="Default least time a bot takes per move.")
@click.option("--min-think-ms", type=click.IntRange(0, 10_000), default=250, show_default=True,
              help="The least think time a table may ask for (quicker bot answers could be "
                   "timed).")
@click.option("--bot-pool", type=click.Choice(["process", "thread"]), default="process",
              show_default=True, help="Where bots think.")
@click.option("--bot-workers", type=click.IntRange(1, 256), default=2, show_default=True,
              help="Bot worker processes (or threads), shared fairly by every table.")
@click.option("--bot-max-seconds", type=click.FloatRange(1.0, 600.0), default=5.0,
              show_default=True,
              help="The most a bot may think per move (at least the hard level's second); "
                   "bots asking more are refused.")
@click.option("--bot-max-iterations", type=click.IntRange(1, 10**9), default=20_000,
              show_default=True, help="The most iterations a search bot may ask per move.")
@click.option("--proxy", "proxies", multiple=True, metavar="ADDRESS",
              help="A reverse proxy whose X-Forwarded-For and -Proto are believed (repeat "
                   "for more; CIDR ranges too). Without one, no client's are.")
@click.option("--create-burst", type=click.IntRange(1), default=10, show_default=True,
              help="Tables one client address may create at once (then one per 20 s).")
@click.option("--connect-burst", type=click.IntRange(1), default=30, show_default=True,
              help="Table sockets one client address may open at once (then one a second).")
@click.option("--open", "open_browser", is_flag=True, help="Open the lobby in a browser.")
def serve(host: str, port: int, db: str | None, think_ms: int, min_think_ms: int,
          bot_pool: str, bot_workers: int, bot_max_seconds: float, bot_max_iterations: int,
          proxies: tuple[str, ...], create_burst: int, connect_burst: int,
          open_browser: bool) -> None:
    """The web table: play any game in the browser, with friends and bots (for a server on
    the internet, see docs/deploy.md)."""
    import uvicorn

    from .server.app import create_app
    from .server.config import Settings, db_url_from

    settings = Settings(db_url=db_url_from(db), think_ms=think_ms, min_think_ms=min_think_ms,
                        bot_pool=bot_pool,
                        bot_workers=bot_workers, bot_max_seconds=bot_max_seconds,
                        bot_max_iterations=bot_max_iterations, create_burst=create_burst,
                        connect_burst=connect_burst)
    url = f"http://{host}:{port}/"
    click.echo(f"Gangland web table on {url}  (tables in {settings.db_url.split('@')[-1]})")
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    # On SIGTERM, connections get a few seconds to close before they are cut; the bots'
    # searches are stopped at once (``Hub.stop``), so the server exits within seconds.
    # Uvicorn's proxy headers middleware rewrites the client's address and scheme, but only
    # for connections from a --proxy: the address limits then count real clients.
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning",
                timeout_graceful_shutdown=3, ws_max_size=settings.max_message_bytes,
                proxy_headers=bool(proxies), forwarded_allow_ips=list(proxies) or None)

"""The simulation commands: ``gangland simulate``, ``report`` and ``tournament``.

They read arguments and print; the work lives in :mod:`gangland.sim`. They are kept apart
from :mod:`gangland.cli` because a designer's tools grow apart from a player's; ``cli``
registers them on the ``gangland`` group.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from gangland.bots import default_bot
from gangland.engine import OptionError, Score, counted, load, parse_option_pairs

from .sim.pool import default_workers, process_map
from .sim.rayrun import check_address, ray_map
from .sim.runfiles import RunFiles, append_record
from .sim.runner import GameResult
from .sim.simulate import MapFn, bot_entries, seat_specs, simulate
from .sim.tournament import tournament
from .terminal.render import make_console
from .terminal.signals import Handler, stop_signals


def game_options(game_id: str, pairs: Sequence[str], components: str | None) -> dict[str, Any]:
    """``--option NAME=VALUE`` pairs, plus ``--components FILE`` for games that take one."""
    options = parse_option_pairs(pairs)
    if components is not None:
        if not any(o.name == "components" for o in load(game_id).options):
            raise OptionError(f"{game_id} has no components file to replace")
        options["components"] = components
    return options



@click.command("simulate")
@click.argument("game")
@click.option("--games", "-g", "count", type=click.IntRange(min=1), default=100,
              show_default=True, help="How many games.")
@click.option("--bots", "-b", metavar="BOT,BOT,...",
              help="Seat i plays the i-th bot; one bot fills every seat "
                   "(default: the game's default bot).")
@click.option("--players", "-n", type=int, help="Players, when --bots names one bot.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Base seed; game i's seed is derived from it and i.")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="A game option (see 'gangland rules GAME'); repeatable.")
@click.option("--components", metavar="FILE", help="Your printed components (TOML).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
              help="Processes to play in (default: every core). The results do not "
                   "depend on it.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Write the results table (one row per game and seat), the summary and "
                   "the run's parameters to this folder, as games finish.")
@click.option("--records", "records_dir", is_flag=False, flag_value="", default=None,
              metavar="[DIR]",
              help="Keep every game's record (records.jsonl.gz) in DIR, or in --out.")
@click.option("--resume", is_flag=True,
              help="With --out: play only the games a stopped run did not finish.")
@click.option("--rotate", is_flag=True,
              help="Move the bots one seat on each game, so no bot keeps a seat's "
                   "advantage; win rates are then per bot over every seat.")
@click.option("--ray", "ray_address", is_flag=False, flag_value="local", default=None,
              metavar="[ADDRESS]",
              help="Play on a Ray cluster (a local Ray without an address); needs "
                   "gangland[ray].")
def simulate_cmd(game: str, count: int, bots: str | None, players: int | None, seed: int,
                 option_pairs: tuple[str, ...], components: str | None, as_json: bool,
                 workers: int | None, out: Path | None, records_dir: str | None,
                 resume: bool, rotate: bool, ray_address: str | None) -> None:
    """Play many seeded games between bots; win rates with 95% intervals.

    Ctrl-C (or a stop signal: kill PID) stops the run and reports the games that
    finished; with --out they are kept, and --resume plays the rest.
    """
    g = load(game)
    specs = seat_specs(g, (bots or default_bot(g.id)).split(","), players)
    options = game_options(game, option_pairs, components)
    if resume and out is None:
        raise OptionError("--resume needs --out DIR (the stopped run's folder)")
    if ray_address not in (None, "local"):
        check_address(ray_address)  # before --out is touched: a wrong address changes nothing
    if records_dir == "" and out is None:
        raise OptionError("--records needs a folder: --records DIR, or --out DIR")
    records = records_dir is not None
    keep = None if records_dir is None else (Path(records_dir) if records_dir else out)
    files = None
    if out is not None:
        params = {"game": g.id, "bots": specs, "games": count, "seed": seed,
                  "options": options}
        if rotate:
            params["rotate"] = True
        files = RunFiles(out, params, resume, keep)
    done = files.done() if files is not None and resume else {}
    workers = min(workers or default_workers(), max(1, count - len(done)))
    console = make_console()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    started = time.perf_counter()
    try:  # (simulate sums up once a game has finished; before that, nothing to sum up)
        with stop_signals(*_as_ctrl_c()), Progress(
                *columns, console=Console(file=sys.stderr), transient=True,
                disable=as_json or not console.is_terminal) as progress:
            task = progress.add_task(f"{g.id}: playing", total=count, completed=len(done),
                                     rate="")
            played = 0

            def tick(index: int, result: GameResult, record: dict[str, Any] | None) -> None:
                nonlocal played
                played += 1
                if files is not None:
                    files.add(index, result, record)
                elif keep is not None and record is not None:
                    append_record(keep, index, record)
                rate = played / max(time.perf_counter() - started, 1e-9)
                progress.update(task, advance=1, rate=f"{rate:.1f} games/s")

            mapper: MapFn | None
            if ray_address is not None:
                mapper = ray_map(None if ray_address == "local" else ray_address,
                                 workers if ray_address == "local" else None)
            else:
                mapper = process_map(workers) if workers > 1 else None
            summary = simulate(game, specs, count, seed, options, map_fn=mapper,
                               on_result=tick, done=done, records=records,
                               rotate=rotate).to_json()
    except KeyboardInterrupt:  # before any game finished, or while setting up
        restart = given_command(click.get_current_context(), add=("--resume",))
        again = f" To start again: {restart}" if out is not None else ""
        click.echo(f"Stopped before any game finished: nothing to sum up.{again}", err=True)
        sys.exit(130)
    if files is not None:
        files.finish(summary)
    hint = how_to_continue(click.get_current_context(), summary) if summary["interrupted"] \
        else None
    if as_json:
        click.echo(json.dumps(summary, indent=1, sort_keys=True))
        if hint:
            click.echo(hint, err=True)  # stdout stays one JSON object
        return
    print_summary(console, summary)
    if hint:
        console.print(hint, highlight=False, markup=False, soft_wrap=True)


def _as_ctrl_c() -> tuple[Handler, Callable[[], bool]]:
    """A stop signal (SIGTERM from ``kill``, SIGHUP from a closed terminal) stops a run as
    Ctrl-C does. A run started in the background is deaf to Ctrl-C, and without this
    ``kill`` ended it with no summary, and left its pool's workers playing on, orphaned."""
    noted: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        if not noted:
            noted.append(signum)
            raise KeyboardInterrupt

    return handler, lambda: bool(noted)


def how_to_continue(ctx: click.Context, summary: dict[str, Any]) -> str:
    """What to run after Ctrl-C: with ``--out``, the same command with ``--resume``, which
    plays only the games left; without, that nothing was kept to resume from."""
    left = summary["planned"] - summary["games"]
    if ctx.params["out"] is None:
        return (f"Nothing was kept: the {counted(left, 'game')} left cannot be resumed. "
                "Run with --out DIR to keep games as they finish; then --resume plays "
                "the rest.")
    return (f"To play the {counted(left, 'game')} left: "
            f"{given_command(ctx, add=('--resume',))}")


def given_command(ctx: click.Context, add: Sequence[str] = ()) -> str:
    """The command line as given, shell-quoted: every parameter set on it, in long form,
    in the command's own order, then each of ``add`` not already there. Rebuilt from what
    click parsed (not ``sys.argv``), so it is the same however gangland was started.

    >>> @click.command("simulate")
    ... @click.argument("game")
    ... @click.option("--games", "-g", type=int, default=100)
    ... @click.option("--out")
    ... @click.option("--rotate", is_flag=True)
    ... def cmd(game, games, out, rotate):
    ...     click.echo(given_command(click.get_current_context(), add=("--resume",)))
    >>> cmd(["gangster", "-g", "40", "--out", "my run"], standalone_mode=False)
    gangland simulate gangster --games 40 --out 'my run' --resume
    """
    words = ["gangland", ctx.command.name or ""]
    for param in ctx.command.params:
        name = param.name or ""
        if ctx.get_parameter_source(name) is not click.core.ParameterSource.COMMANDLINE:
            continue
        value = ctx.params[name]
        if not isinstance(param, click.Option):
            words.append(str(value))
            continue
        flag = max(param.opts, key=len)
        if param.is_flag:
            words += [flag] if value else []
        elif isinstance(param.flag_value, str) and value == param.flag_value:
            words.append(flag)  # given bare, as --records or --ray may be
        else:
            for one in value if param.multiple else (value,):
                words += [flag, str(one)]
    words += [flag for flag in add if flag not in words]
    return shlex.join(words)


@click.command("report")
@click.argument("runs", metavar="RUN [RUN...]", nargs=-1, required=True,
                type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="The folder for index.html, the plots and figures.json (default: "
                   "RUN/report for one run; for several, compare-RUN1-RUN2... beside "
                   "the first).")
def report_cmd(runs: tuple[Path, ...], out: Path | None) -> None:
    """An HTML page with plots of a simulation run (a folder from simulate --out).

    Several runs of one game (other bots, options or seeds) make one page that compares
    them side by side.
    """
    from .sim.report import write_report

    click.echo(f"Report written: {write_report(runs, out)}")


@click.command("tournament")
@click.argument("game")
@click.option("--bots", "-b", required=True, metavar="BOT,BOT,...",
              help="The bots to rate, each named once.")
@click.option("--players", "-n", type=int, help="Seats at a table (default: the game's).")
@click.option("--games", "-g", "count", type=click.IntRange(min=1), default=10,
              show_default=True, help="Games per seating of every table.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Base seed.")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="A game option; repeatable.")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
              help="Processes to play in (default: every core).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead.")
def tournament_cmd(game: str, bots: str, players: int | None, count: int, seed: int,
                   option_pairs: tuple[str, ...], workers: int | None,
                   as_json: bool) -> None:
    """A round robin between bots, seats rotated; Bradley-Terry ratings on the Elo scale."""
    names = bot_entries(bots.split(","))
    options = game_options(game, option_pairs, None)
    workers = workers or default_workers()
    console = make_console()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(file=sys.stderr), transient=True,
                  disable=as_json or not console.is_terminal) as progress:
        task = progress.add_task(f"{game}: round robin", total=None)
        data = tournament(game, names, players, count, seed, options,
                          map_fn=process_map(workers) if workers > 1 else None,
                          on_result=lambda _: progress.advance(task))
    if as_json:
        click.echo(json.dumps(data, indent=1, sort_keys=True))
        return
    console.print(f"{counted(data['games'], 'game')} of {data['game']}, "
                  f"{counted(data['players'], 'player')}, "
                  f"{data['seatings']} seatings, base seed {data['seed']}.")
    table = Table(title="Ratings (Bradley-Terry, Elo scale, mean 1500)",
                  caption="above next: how surely a bot is stronger than the one below it")
    for column in ("bot", "rating", "95% interval", "above next", "games", "wins"):
        table.add_column(column)
    for row in data["standings"]:
        above = row["p_above_next"]
        table.add_row(row["bot"], f"{row['rating']:.0f}",
                      f"{row['low']:.0f} - {row['high']:.0f}",
                      "" if above is None else percent_sure(above),
                      str(row["games"]), f"{row['wins']:g}")
    console.print(table)


def percent_sure(p: float) -> str:
    """A probability as a whole percent, never rounded up to certainty or down to none.

    >>> percent_sure(0.5), percent_sure(0.99998), percent_sure(0.0001)
    ('50%', '>99%', '<1%')
    """
    return ">99%" if p > 0.99 else "<1%" if p < 0.01 else f"{p:.0%}"


def mean_and_error(score: Score, mean: float, stderr: float) -> str:
    """A mean score and its standard error as a person reads them: money to the dollar,
    with its unit; counts and points to two decimals, the grain a mean of a few needs.

    >>> mean_and_error(Score("assets", "$"), 40453.33, 5519.9)
    '$40,453 ± $5,520'
    >>> mean_and_error(Score("cases solved"), 2.3125, 0.1)
    '2.31 ± 0.10'
    """
    if score.unit == "$":
        return f"{score.format(mean)} ± {score.format(stderr)}"
    return f"{mean:,.2f} ± {stderr:,.2f}"


def print_summary(console: Console, s: dict[str, Any]) -> None:
    """The simulation figures as two tables and a line on game length."""
    console.print(f"{counted(s['games'], 'game')} of {s['game']}, "
                  f"{counted(s['players'], 'player')}, "
                  f"base seed {s['seed']}, {s['seconds']:.1f} s.")
    if s.get("interrupted"):
        console.print(f"[bold yellow]Interrupted: {s['games']} of {s['planned']} games "
                      "finished; the figures are theirs.[/]")
    score = load(s["game"]).score
    seats = Table(title="Per seat")
    for column in ("seat", "bot", "wins", "win rate", "95% interval", f"mean {score.name}"):
        seats.add_column(column)
    for row in s["seats"]:
        low, high = row["win_rate_ci95"]
        seats.add_row(row["label"], row["bot"], f"{row['wins']:g}", f"{row['win_rate']:.1%}",
                      f"{low:.1%} - {high:.1%}",
                      mean_and_error(score, row["mean_score"], row["score_stderr"]))
    console.print(seats)
    by_bot = Table(title="Per bot")
    for column in ("bot", "seats", "wins", "win rate", "95% interval"):
        by_bot.add_column(column)
    for row in s["by_bot"]:
        low, high = row["win_rate_ci95"]
        by_bot.add_row(row["bot"], str(row["seats"]), f"{row['wins']:g}",
                       f"{row['win_rate']:.1%}", f"{low:.1%} - {high:.1%}")
    console.print(by_bot)
    moves = s["moves"]
    console.print(f"Game length: {moves['mean']:.1f} ± {moves['stderr']:.1f} moves "
                  f"(min {moves['min']:g}, max {moves['max']:g}). "
                  f"Games without a winner: {s['no_winner']}.")

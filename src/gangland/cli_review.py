"""``gangland review``: a finished game's decisions for one seat, judged from its own view.

The command reads arguments, shows progress and prints; the work is
:func:`gangland.review.review_record`. With ``--json FILE`` every judgement is written as
it is made, so Ctrl-C loses nothing and ``--resume`` carries on where it stopped.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from gangland.engine import OptionError, RecordError, counted
from gangland.engine.record import load_record

from .cli_sim import given_command
from .review import MARKS, Budget, Decision, Judgement, Review, review_record
from .terminal.render import make_console


@click.command("review")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", "seat", type=click.IntRange(min=1), required=True, metavar="N",
              help="Whose play to review: a player number as shown (1 for P1).")
@click.option("--budget", type=click.IntRange(min=1), default=Budget.iterations,
              show_default=True,
              help="Search iterations per decision, to find the best move.")
@click.option("--samples", type=click.IntRange(min=2), default=Budget.samples,
              show_default=True,
              help="Playouts per decision that score the best move and the one played.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The review's own seed: the same seed and budget give the same review.")
@click.option("--game", "index", type=click.IntRange(min=0), metavar="I",
              help="In a simulation's records.jsonl.gz: game I of the run.")
@click.option("--json", "json_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every figure to this file, as each decision is judged.")
@click.option("--resume", is_flag=True,
              help="With --json: keep the judgements a stopped review wrote there.")
@click.option("--all", "show_all", is_flag=True,
              help="List every decision, not only the marked ones.")
def review_cmd(file: Path, seat: int, budget: int, samples: int, seed: int,
               index: int | None, json_file: Path | None, resume: bool,
               show_all: bool) -> None:
    """Review one seat's decisions in a finished game: each judged by the search from
    that seat's own view at the time, the costly ones marked, and luck told apart.

    Figures are expected results on the search's scale: +1 a sure lone win, 0 level with
    the best rival (docs/review.md).
    """
    if resume and json_file is None:
        raise OptionError("--resume needs --json FILE (the stopped review's file)")
    record = _read(file, index)
    plan = Budget(budget, samples)
    head = {"record": _digest(record), "seat": seat - 1, "seed": seed,
            "budget": {"iterations": budget, "samples": samples}}
    done = _resumed(json_file, head) if resume and json_file is not None else {}
    console = make_console()
    made: list[Decision] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    try:
        with Progress(*columns, console=Console(file=sys.stderr), transient=True,
                      disable=not console.is_terminal) as progress:
            task = progress.add_task(f"{record['game']}: reviewing P{seat}", total=None)

            def tick(decision: Decision, count: int, total: int) -> None:
                made.append(decision)
                progress.update(task, completed=count, total=total)
                if json_file is not None:
                    _write(json_file, {**head, "complete": False,
                                       "decisions": [d.to_json() for d in made]})

            result = review_record(record, seat - 1, plan, seed, done, tick)
    except KeyboardInterrupt:
        if json_file is None:
            click.echo(f"Stopped after {len(made)} decisions; nothing was kept. Run with "
                       "--json FILE to keep judgements as they are made.", err=True)
        else:
            click.echo(f"Stopped after {len(made)} decisions, kept in {json_file}. To carry "
                       f"on: {given_command(click.get_current_context(), add=('--resume',))}",
                       err=True)
        sys.exit(130)
    if json_file is not None:
        _write(json_file, {**head, "complete": True, **result.to_json()})
    _print(console, result, show_all)


def _read(file: Path, index: int | None) -> dict[str, Any]:
    if file.name.endswith(".jsonl.gz"):
        if index is None:
            raise OptionError("a records.jsonl.gz holds many games: say which with --game I")
        import tempfile

        from .sim.runfiles import extract_record

        with tempfile.TemporaryDirectory() as tmp:
            return load_record(extract_record(file, index, Path(tmp) / "game.json"))
    return load_record(file)


def _digest(record: dict[str, Any]) -> str:
    """What identifies the game reviewed, so a resumed review is of the same one."""
    text = json.dumps({k: record[k] for k in ("game", "players", "seed", "options", "actions")},
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _resumed(path: Path, head: dict[str, Any]) -> dict[int, Judgement]:
    """The judgements a stopped review kept, if it reviewed the same game in the same way."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise RecordError(f"{path} is not a review to resume: {exc}") from None
    for key, value in head.items():
        if not isinstance(data, dict) or data.get(key) != value:
            raise OptionError(f"{path} holds a review of another game, seat, seed or budget "
                              f"({key} differs): resume with the same ones, or another file")
    try:
        return {int(d["ply"]): Judgement.from_json(d)
                for d in data.get("decisions", [])}
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{path} is not a review to resume: {exc}") from None


def _write(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def _figure(value: float) -> str:
    return f"{value:+.2f}"


def _print(console: Console, review: Review, show_all: bool) -> None:
    rows = review.decisions if show_all else [d for d in review.decisions if d.mark]
    seat = f"P{review.seat + 1}"
    if rows:
        table = Table(title=f"{review.game}: {seat}'s "
                      + ("decisions" if show_all else "marked decisions"), title_justify="left")
        for name, justify in (("move", "right"), ("played", "left"), ("best found", "left"),
                              ("value", "right"), ("best value", "right"), ("cost", "right"),
                              ("mark", "left")):
            table.add_column(name, justify=justify)  # type: ignore[arg-type]
        for d in rows:
            j = d.judgement
            best = "" if j.best == j.played else j.best
            table.add_row(str(d.ply + 1), j.played, best, _figure(j.played_value),
                          _figure(j.best_value),
                          f"{j.cost:.2f} ± {j.cost_error:.2f}" if best else "", d.mark)
        console.print(table)
    counts = ", ".join(counted(sum(d.mark == n for d in review.decisions), n,
                               "inaccuracies" if n == "inaccuracy" else n + "s")
                       for n, _ in MARKS)
    console.print(
        f"{seat}: {counted(len(review.decisions), 'decision')} judged "
        f"({review.budget.iterations} search iterations and {review.budget.samples} "
        "playouts each); accuracy "
        f"{review.accuracy():.0%} (no mark), mean cost {review.mean_cost():.3f}; {counts}. "
        f"Result {_figure(review.result)}.")
    worst = review.worst()
    if worst:
        console.print("Costliest: " + "; ".join(
            f"move {d.ply + 1}, {d.judgement.played} for {d.judgement.best} "
            f"({d.judgement.cost:.2f}{'; ' + d.judgement.idea if d.judgement.idea else ''})"
            for d in worst) + ".")
    typical = review.typical()
    if typical:
        console.print(f"Typical mistake: {typical}.")
    luck = review.luck()
    if luck:
        console.print("Luck (chance fell between the moves): " + "; ".join(
            f"{_moves(s.start + 1, s.end)} {_figure(s.change)}" for s in luck) + ".")


def _moves(first: int, last: int) -> str:
    """``moves 5-7``, or ``move 8`` for one.

    >>> _moves(5, 7), _moves(8, 8)
    ('moves 5-7', 'move 8')
    """
    return f"move {first}" if first == last else f"moves {first}-{last}"

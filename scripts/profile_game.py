"""Where a game's time goes: random playouts as ``gangland bench`` plays them, or the hard
level's search on mid-game positions (docs/measurements/speed-profile/README.md).

Two passes over the same seeded work:

1. cProfile, for the top functions by cumulative and by own time, each as a share of the
   whole (cProfile's per-call overhead inflates small functions; read shares, not times).
2. A sampling pass (a CPU-time timer interrupts the work every millisecond and notes the
   Python stack): each sample goes to the category of the innermost frame that names one
   (legal-move generation, apply, events, clone, resample, view, actions, validation,
   scoring, the bots, the search's own bookkeeping), so categories do not overlap and add
   up to 100%. Events are found by their lines too: a sample on a line of a game's module
   that builds an ``Event`` or an f-string (and whatever that line calls that names no
   category: ``space_name``, a frozen dataclass's ``__init__``) counts as events. With
   ``--search``, the samples are also split by the part of the search they came from
   (sampling a state, the walk down the tree, playouts, the model's moves, the prior).

    PYTHONPATH=src python scripts/profile_game.py GAME [--search] [--games 10]
        [--positions 6] [--iterations 100] [--top 15] [--samples 4000] [--out FILE.prof]

Prints Markdown (the tables of the README). The work is fixed (games, positions,
iterations), not timed, so a loaded machine changes the seconds, not the shares.
"""

from __future__ import annotations

import argparse
import cProfile
import linecache
import pstats
import re
import signal
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import gangland
from gangland.bots import decide, make_bot
from gangland.bots.ismcts import tuned_spec
from gangland.engine import Rng
from gangland.sim.bench import default_players, machine, mid_positions, random_playout

PACKAGE = str(Path(gangland.__file__).resolve().parent)
EVENT_LINE = re.compile(r"\bEvent\(|(?<![\w])r?f[\"']|\bcounted\(|\bwith_article\(")
SEARCH_PARTS = {"sample_state": "sampling a state", "_iterate": "walk down the tree",
                "_playout": "playouts", "_modelled": "model's moves", "_ranked": "prior (width)",
                "choose": "prior's move at the root"}
EVENTS = "events (text, data, Event)"
#: Function names that say what a frame is doing, innermost first on the stack.
NAMED = {
    "clone": "clone", "_copy_table": "clone", "_copy_base_into": "clone", "copy": "clone",
    "resample": "resample", "_redraw": "resample", "redraw": "resample",
    "sample_state": "resample",
    "legal_actions": "legal moves", "_legal": "legal moves",
    "_is_legal": "validation", "_refuse": "validation", "why_illegal": "validation",
    "parse_action": "validation",
    "apply": "apply", "_apply": "apply",
    "view": "view", "build_view": "view", "of": "observation",
    "scores": "scoring", "returns": "scoring", "winners": "scoring", "evaluate": "scoring",
    "counted": EVENTS, "with_article": EVENTS, "seat_label": EVENTS, "seat_code": EVENTS,
    "is_terminal": "turn queries", "current_player": "turn queries",
    "new_game": "setup (new_game)", "_new_state": "setup (new_game)",
    "_start": "setup (new_game)",
}


ACTIONS = "Action building, str, hash"
#: Work done inside the categories above, shown as their parts ("of which").
DETAILS = frozenset({EVENTS, ACTIONS, "rng", "turn queries"})


def frame_label(filename: str, name: str, line: int) -> str:
    """What one frame says it is doing ("" for nothing: a helper, outside the package)."""
    rel = filename[len(PACKAGE) + 1:] if filename.startswith(PACKAGE) else ""
    if not rel:
        return ""
    if rel.startswith("games/") and EVENT_LINE.search(linecache.getline(filename, line)):
        return EVENTS
    if rel in ("engine/events.py", "engine/labels.py"):
        return EVENTS
    if rel == "bots/ismcts.py":
        return "search bookkeeping"
    if rel.startswith("bots/") and rel != "bots/base.py":
        return "bots (heuristics)"
    if name in NAMED:
        return NAMED[name]
    if name.endswith("_legal") or name.startswith("_legal"):
        return "legal moves"
    if name.startswith("_apply"):
        return "apply"
    if name.endswith("_view"):
        return "view"
    if rel == "engine/actions.py":
        return ACTIONS
    if rel == "engine/rng.py":
        return "rng"
    return ""


def category(stack: list[tuple[str, str, int]]) -> tuple[str, str]:
    """The category of one sampled stack (innermost frame first) and, where the sample
    was in work of :data:`DETAILS` inside it (events built in ``apply``, actions built in
    legal-move generation), that part; else ``"own"``."""
    detail = ""
    for filename, name, line in stack:
        label = frame_label(filename, name, line)
        if label in DETAILS:
            detail = detail or label
        elif label:
            return label, detail or "own"
    return "driver (the playout loop)", detail or "own"


def search_part(stack: list[tuple[str, str, int]]) -> str:
    """Which part of the search a sample came from (innermost search frame)."""
    for filename, name, _ in stack:
        if filename.endswith("bots/ismcts.py") and name in SEARCH_PARTS:
            return SEARCH_PARTS[name]
        if name == "sample_state":
            return SEARCH_PARTS[name]
    return "outside the search (observation of the position)"


Stack = tuple[tuple[str, str, int, int], ...]  # (file, function, line, its first line)


def caller_side(stack: Stack) -> list[tuple[str, str, int]]:
    """The stack a sample is charged to. A timer's signal is handled at the next check
    of the interpreter's eval breaker, which a function makes as it starts: a sample on a
    function's first line stands for time spent just before the call (in C code or the
    caller), so it is charged to the caller."""
    frames = [(f, n, line) for f, n, line, first in stack]
    if len(stack) > 1 and stack[0][2] in (0, stack[0][3]):
        return frames[1:]
    return frames


def sampled(work: Callable[[], None], least: int = 4000, interval: float = 0.001
            ) -> tuple[Counter[tuple[str, str, str]], Counter[tuple[str, str]]]:
    """Run ``work`` under a CPU-time sampler, again until ``least`` samples are taken;
    counts of (category, detail, search part) and of (innermost line, category)."""
    stacks: Counter[Stack] = Counter()

    def handler(signum: int, frame: FrameType | None) -> None:
        stack = []
        while frame is not None:
            code = frame.f_code
            stack.append((code.co_filename, code.co_name, frame.f_lineno or 0,
                          code.co_firstlineno))
            frame = frame.f_back
        stacks[tuple(stack)] += 1

    signal.signal(signal.SIGPROF, handler)
    signal.setitimer(signal.ITIMER_PROF, interval, interval)
    try:
        while sum(stacks.values()) < least:
            work()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)
    counts: Counter[tuple[str, str, str]] = Counter()
    lines: Counter[tuple[str, str]] = Counter()
    for stack, n in stacks.items():
        frames = caller_side(stack)
        cat, detail = category(frames)
        counts[cat, detail, search_part(frames)] += n
        lines[innermost_line(frames), cat if detail == "own" else f"{cat}: {detail}"] += n
    return counts, lines


def innermost_line(stack: list[tuple[str, str, int]]) -> str:
    """The innermost line of the package on a stack, as ``file:line(function)``."""
    for filename, name, line in stack:
        if filename.startswith(PACKAGE):
            return f"{filename[len(PACKAGE) + 1:]}:{line}({name})"
    return "(outside the package)"


def line_table(lines: Counter[tuple[str, str]], top: int) -> list[str]:
    """The lines most often on top of the stack (own time, by line)."""
    total = sum(lines.values()) or 1
    out = [f"Top {top} lines by own time (sampled):", "", "| line | category | share |",
           "|---|---|---:|"]
    out += [f"| `{where}` | {cat} | {n / total:.1%} |"
            for (where, cat), n in lines.most_common(top)]
    return [*out, ""]


def workload(game_id: str, search: bool, games: int, positions: int,
             iterations: int) -> tuple[Callable[[], None], str]:
    """The seeded work to profile, and a line that says what it is."""
    game = gangland.load(game_id)
    n = default_players(game)
    if not search:
        def playouts() -> None:
            for seed in range(games):
                random_playout(game.new_game(n, seed), Rng(seed))
        return playouts, f"{games} random playouts, {n} players (as `gangland bench`)"
    spec = tuned_spec(game_id, str(iterations))
    states = [p for p in mid_positions(game, n) if len(p.legal_actions()) > 1][:positions]

    def searches() -> None:
        bot, rng = make_bot(spec, game, 1), Rng(3)
        for state in states:
            decide(bot, state.clone(), rng)
    return searches, f"`{spec}` at {len(states)} mid-game positions, {n} players"


def where(func: tuple[str, int, str]) -> str:
    filename, line, name = func
    if filename.startswith(PACKAGE):
        return f"{filename[len(PACKAGE) + 1:]}:{line}({name})"
    return name if filename == "~" else f"{Path(filename).name}:{line}({name})"


def top_tables(stats: pstats.Stats, top: int) -> list[str]:
    """Markdown tables of the top functions by cumulative and by own time."""
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(tt for _, _, tt, _, _ in raw.values())
    rows = [(where(f), nc, tt, ct) for f, (_, nc, tt, ct, _) in raw.items()]
    out = []
    for title, key in (("cumulative", 3), ("own", 2)):
        ranked = sorted((r for r in rows if r[0].startswith(("games/", "engine/", "bots/"))),
                        key=lambda r: -r[key])[:top]
        out += [f"Top {top} by {title} time (share of all profiled time):", "",
                "| function | calls | own | cumulative |", "|---|---:|---:|---:|"]
        out += [f"| `{name}` | {calls:,} | {tt / total:.1%} | {ct / total:.1%} |"
                for name, calls, tt, ct in ranked]
        out.append("")
    return out


def category_tables(counts: Counter[tuple[str, str, str]], search: bool) -> list[str]:
    """Markdown: the share of each category with its parts, and for a search, of each
    part of the search with its categories."""
    total = sum(counts.values()) or 1

    def share(n: int) -> str:
        return f"{n / total:.1%}"

    by: dict[str, Counter[str]] = {}
    for (cat, detail, part), n in counts.items():
        by.setdefault(cat, Counter())[detail] += n
        if search:
            by.setdefault("part " + part, Counter())[cat] += n
    out = [f"Where the time goes ({total:,} samples of 1 ms of CPU time; the innermost "
           "frame that names a category, a sample at a function's first line charged to "
           "its caller):", "", "| category | share | of which |", "|---|---:|---|"]
    ranked = sorted((k for k in by if not k.startswith("part ")), key=lambda k: -by[k].total())
    for cat in ranked:
        parts = ", ".join(f"{d} {share(n)}" for d, n in by[cat].most_common() if d != "own")
        out.append(f"| {cat} | {share(by[cat].total())} | {parts} |")
    if search:
        out += ["", "By part of the search:", "", "| part | share | of which |",
                "|---|---:|---|"]
        parts_ranked = sorted((k for k in by if k.startswith("part ")),
                              key=lambda k: -by[k].total())
        for key in parts_ranked:
            inner = ", ".join(f"{c} {share(n)}" for c, n in by[key].most_common(4))
            out.append(f"| {key[5:]} | {share(by[key].total())} | {inner} |")
    return [*out, ""]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=gangland.game_ids())
    parser.add_argument("--search", action="store_true",
                        help="profile the hard level's search instead of random playouts")
    parser.add_argument("--games", type=int, default=10, help="random playouts (default 10)")
    parser.add_argument("--positions", type=int, default=6,
                        help="mid-game positions searched (default 6)")
    parser.add_argument("--iterations", type=int, default=100,
                        help="search iterations per position (default 100)")
    parser.add_argument("--top", type=int, default=15, help="rows per table (default 15)")
    parser.add_argument("--samples", type=int, default=4000,
                        help="samples at least: the work repeats until taken (default 4000)")
    parser.add_argument("--out", help="also save cProfile's stats here (pstats format)")
    args = parser.parse_args()
    work, what = workload(args.game, args.search, args.games, args.positions, args.iterations)
    work()  # once unprofiled: imports, caches and path tables built on first use
    profile = cProfile.Profile()
    profile.runcall(work)
    if args.out:
        profile.dump_stats(args.out)
    stats = pstats.Stats(profile)
    counts, lines = sampled(work, args.samples)
    info = machine()
    out = [f"### {args.game}: {'search' if args.search else 'random playouts'}", "",
           f"{what}; {info['python']}, {info['processor']}, {info['cpus']} CPUs.", ""]
    out += category_tables(counts, args.search) + line_table(lines, args.top)
    out += top_tables(stats, args.top)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The peer comparison for the search bot: OpenSpiel's Python ISMCTS against ours (docs/bots.md).

Two measurements, in one process on one core (pinned, as ``gangland bench`` pins):

1. **Iterations per second**, per game, at a few mid-game positions of seeded random games
   (``gangland.sim.bench.mid_positions``, those with two or more legal moves): at each
   position, in turn, OpenSpiel's ``ISMCTSBot`` on our registered game
   (``python_gangland_<id>``, random-rollout evaluator, ``uct_c=2``), our plain ``ismcts``,
   our plain ``ismcts`` with playouts to the end as OpenSpiel's are (``depth=end``), and
   our hard level's search (``ismcts.tuned_spec``), each searching for ``--seconds`` and
   counting its iterations. OpenSpiel's bot takes a simulation count, not a time, so its
   search is driven here as ``run_search`` drives it (a fresh root, then one simulation
   after another from a resampled root) until the time is spent.
2. **Head-to-head at equal time per move**, 2 players (one seat each, the seats swapped from
   game to game, so no third seat needs filling): our ``ismcts:<ms>ms`` against OpenSpiel's
   ISMCTS given the simulation count that the same time buys it at mid-game positions of
   2-player games (step 1's method, searches of ``--move-seconds``). The seconds each side
   really spent per searched move are recorded, so the equality can be checked.
   Wins for ours get a Wilson 95% interval (a draw counts half).

The output JSON is rewritten after every position and every game, and a run given an
existing ``--out`` carries on from it (same settings), so a long run can be stopped and
resumed. Run from the checkout:

    PYTHONPATH=src python scripts/openspiel_peer.py --out peer.json \\
        [--games gangster-city,chicago-gangster] [--seconds 2] [--move-seconds 0.05] \\
        [--games-per-pair gangster-city=200,chicago-gangster=20,gangster=4]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import gangland
from gangland.bots import decide, make_bot
from gangland.bots.ismcts import Ismcts, tuned_spec
from gangland.engine import Rng
from gangland.rl.openspiel import (
    GanglandBot,
    OpenSpielGame,
    OpenSpielState,
    register,
    short_name,
)
from gangland.sim.bench import machine, mid_positions, one_core
from gangland.sim.stats import wilson

GAMES = ["gangster-city", "chicago-gangster", "gangster", "gangster-1994", "gangsters"]
#: Games per head-to-head: 200 where a game is short; a few where a game lasts hundreds of
#: searched moves; none for Gangsters (thousands of moves, so hours a game at any budget).
GAMES_PER_PAIR = {"gangster-city": 200, "chicago-gangster": 20, "gangster": 4,
                  "gangster-1994": 2, "gangsters": 0}
UCT_C = 2.0  # as in OpenSpiel's own ISMCTS examples, for returns in [-1, 1]


class PeerISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS, which builds its tree afresh each move and so has nothing
    to restart (``evaluate_bots`` and this script's game loop ask every bot to)."""

    def restart_at(self, state: Any) -> None:
        pass

    def timed_search(self, state: Any, seconds: float) -> int:
        """Simulations in ``seconds`` (at least one), as ``run_search`` runs them."""
        self.reset()
        self._root_node = self.create_new_node(state)
        done, start = 0, time.perf_counter()
        while done == 0 or time.perf_counter() - start < seconds:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        return done


def peer_bot(game: OpenSpielGame, simulations: int, seed: int) -> PeerISMCTS:
    """OpenSpiel's ISMCTS with its random-rollout evaluator (one rollout to the end)."""
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return PeerISMCTS(game, evaluator, uct_c=UCT_C, max_simulations=simulations,
                      random_state=np.random.RandomState(seed + 1))


def load(game_id: str, players: int, seed: int) -> OpenSpielGame:
    register()
    game = pyspiel.load_game(short_name(game_id), {"players": players, "seed": seed})
    assert isinstance(game, OpenSpielGame)
    return game


def our_specs(game_id: str, ms: int) -> dict[str, str]:
    """The searches of ours measured: plain (random playouts cut at the game's depth and
    scored by its evaluation); plain with every playout to the end of the game, as
    OpenSpiel's random-rollout evaluator plays them, so that the two do the same work an
    iteration; and the hard level's search where it differs from plain."""
    specs = {"ismcts": f"ismcts:{ms}ms", "to the end": f"ismcts:{ms}ms/depth=end"}
    if tuned_spec(game_id, f"{ms}ms") != specs["ismcts"]:
        specs["hard"] = tuned_spec(game_id, f"{ms}ms")
    return specs


def measure_rates(game_id: str, args: argparse.Namespace, out: dict[str, Any],
                  save: Any) -> None:
    """Step 1 for one game: every position, the three searches in turn, one after another."""
    rows: list[dict[str, Any]] = out["rates"].setdefault(game_id, [])
    done = {(r["position"], r["arm"]) for r in rows}
    game = load(game_id, args.players, args.seed)
    engine_game = gangland.load(game_id)
    positions = [p for p in mid_positions(engine_game, args.players, args.positions * 3)
                 if len(p.legal_actions()) > 1][: args.positions]
    specs = our_specs(game_id, round(args.seconds * 1000))
    for k, position in enumerate(positions):
        arms: dict[str, Any] = {"openspiel": None, **specs}
        for arm, spec in arms.items():
            if (k, arm) in done:
                continue
            start = time.perf_counter()
            if spec is None:
                iterations = peer_bot(game, 1, args.seed + k).timed_search(
                    OpenSpielState(game, position.clone()), args.seconds)
            else:
                search = make_bot(spec, engine_game, args.seed + k)
                assert isinstance(search, Ismcts)
                decide(search, position, Rng.for_seed(args.seed + k))
                iterations = search.iterations
            spent = time.perf_counter() - start
            rows.append({"position": k, "arm": arm, "spec": spec or f"ISMCTSBot uct_c={UCT_C}",
                         "iterations": iterations, "seconds": spent,
                         "rate": iterations / spent})
            save()


def rate_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Each arm's iterations per second (all its iterations over all its time), and ours
    as multiples of OpenSpiel's."""
    arms: dict[str, dict[str, float]] = {}
    for row in rows:
        arm = arms.setdefault(row["arm"], {"iterations": 0, "seconds": 0.0})
        arm["iterations"] += row["iterations"]
        arm["seconds"] += row["seconds"]
    summary = {name: {"rate": a["iterations"] / a["seconds"], **a} for name, a in arms.items()}
    peer = summary.get("openspiel", {}).get("rate")
    for name, arm in summary.items():
        if peer and name != "openspiel":
            arm["ratio"] = arm["rate"] / peer
    return summary


def play_pair(game_id: str, args: argparse.Namespace, out: dict[str, Any], save: Any) -> None:
    """Step 2 for one game: ours against OpenSpiel's at equal time per move."""
    count = args.games_per_pair.get(game_id, 0)
    if not count:
        return
    ms = round(args.move_seconds * 1000)
    game = load(game_id, 2, args.seed)
    if game_id not in out["head_to_head"]:
        out["head_to_head"][game_id] = {"players": 2, "ours": f"ismcts:{ms}ms",
                                        "openspiel_simulations": calibrate(game, args),
                                        "games": []}
    pair = out["head_to_head"][game_id]
    for index in range(len(pair["games"]), count):
        ours = index % 2
        seed = args.seed * 1_000_003 + index
        bots: list[Any] = [None, None]
        bots[ours] = GanglandBot(game, pair["ours"], seed)
        bots[1 - ours] = peer_bot(game, pair["openspiel_simulations"], seed)
        state = game.new_initial_state()
        spent, searched = [0.0, 0.0], [0, 0]
        while not state.is_terminal():
            seat = state.current_player()
            start = time.perf_counter()
            action = bots[seat].step(state)
            if len(state.legal_actions()) > 1:
                spent[seat] += time.perf_counter() - start
                searched[seat] += 1
            state.apply_action(int(action))
        returns = state.returns()
        pair["games"].append({"index": index, "our_seat": ours, "returns": returns,
                              "our_seconds": spent[ours], "our_moves": searched[ours],
                              "their_seconds": spent[1 - ours],
                              "their_moves": searched[1 - ours]})
        pair["result"] = pair_result(pair["games"])
        save()


def calibrate(game: OpenSpielGame, args: argparse.Namespace) -> int:
    """The simulations OpenSpiel's ISMCTS runs in ``--move-seconds`` at the head-to-head's
    own positions (2 players), by step 1's method: searches of that length at mid-game
    positions, a second of them in all. (Step 1's rate, from 3 players and searches of
    ``--seconds``, would be another table's and another tree's.) Two at the least:
    OpenSpiel's first simulation only expands the root, and its bot refuses to choose from
    a root no simulation has gone through."""
    positions = [p for p in mid_positions(game.table.game, 2, 12) if len(p.legal_actions()) > 1]
    done, searches, start = 0, 0, time.perf_counter()
    while searches == 0 or time.perf_counter() - start < 1.0:
        state = OpenSpielState(game, positions[searches % len(positions)].clone())
        done += peer_bot(game, 1, args.seed + searches).timed_search(state, args.move_seconds)
        searches += 1
    return max(2, round(done / searches))


def pair_result(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Ours: wins, draws, losses, score share (a draw counts half) with its Wilson 95%
    interval, and the seconds per searched move of each side."""
    wins = draws = 0
    for g in games:
        mine, theirs = g["returns"][g["our_seat"]], g["returns"][1 - g["our_seat"]]
        wins += mine > theirs
        draws += mine == theirs
    score = wins + draws / 2
    low, high = wilson(score, len(games))
    per_move = {side: sum(g[f"{side}_seconds"] for g in games)
                / max(1, sum(g[f"{side}_moves"] for g in games)) for side in ("our", "their")}
    return {"games": len(games), "wins": wins, "draws": draws,
            "losses": len(games) - wins - draws, "score": score / len(games),
            "wilson95": [low, high], "our_seconds_per_move": per_move["our"],
            "their_seconds_per_move": per_move["their"]}


def markdown(out: dict[str, Any]) -> str:
    """The two tables of docs/bots.md, from a run's JSON."""
    lines = ["| game | OpenSpiel ISMCTS it/s | ours `ismcts` it/s (ratio) "
             "| ours, playouts to the end (ratio) | ours hard level it/s (ratio) |",
             "|---|---:|---:|---:|---:|"]
    for game_id, arms in out["summary"].items():
        cells = [f"{arms['openspiel']['rate']:,.0f}"]
        for arm in ("ismcts", "to the end", "hard"):
            a = arms.get(arm)
            cells.append(f"{a['rate']:,.0f} ({a['ratio']:.1f}x)" if a
                         else "not measured" if arm == "to the end" else "same as plain")
        lines.append(f"| {game_id} | " + " | ".join(cells) + " |")
    lines += ["", "| game | ours | OpenSpiel simulations | games | ours won-drawn-lost "
              "| score (Wilson 95%) | s per move: ours / OpenSpiel's |",
              "|---|---|---:|---:|---|---|---|"]
    for game_id, pair in out["head_to_head"].items():
        r = pair.get("result")
        if not r:
            continue
        low, high = r["wilson95"]
        lines.append(
            f"| {game_id} | `{pair['ours']}` | {pair['openspiel_simulations']} | {r['games']} "
            f"| {r['wins']}-{r['draws']}-{r['losses']} "
            f"| {r['score']:.1%} ({low:.1%}-{high:.1%}) "
            f"| {r['our_seconds_per_move']:.3f} / {r['their_seconds_per_move']:.3f} |")
    return "\n".join(lines)


def lscpu() -> list[str]:
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return text.splitlines()[:14]


def parse_pairs(text: str) -> dict[str, int]:
    """``200`` (every game) or ``gangster-city=200,gangster=4`` (the rest: none)."""
    if "=" not in text:
        return dict.fromkeys(GAMES, int(text))
    pairs = {}
    for item in text.split(","):
        name, _, value = item.partition("=")
        if name not in GAMES:
            raise SystemExit(f"--games-per-pair: unknown game {name!r}")
        pairs[name] = int(value)
    return pairs


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma-separated game ids (default: all five)")
    parser.add_argument("--players", type=int, default=3, help="players in step 1")
    parser.add_argument("--positions", type=int, default=3, help="positions per game")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds per search in step 1")
    parser.add_argument("--move-seconds", type=float, default=0.05,
                        help="seconds per move in the head-to-head")
    parser.add_argument("--games-per-pair", type=parse_pairs,
                        default=",".join(f"{k}={v}" for k, v in GAMES_PER_PAIR.items()))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True, help="JSON file (resumed if present)")
    parser.add_argument("--markdown", action="store_true",
                        help="print the tables of an existing --out and stop")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {"settings": {}, "rates": {}, "summary": {}, "head_to_head": {}}
    if args.markdown:
        out.update(json.loads(args.out.read_text()))
        print(markdown(out))
        return out
    games = args.games.split(",")
    for game_id in games:
        if game_id not in GAMES:
            parser.error(f"unknown game {game_id!r}")
    settings = {k: v for k, v in vars(args).items() if k not in ("out", "games", "markdown")}
    out["settings"] = settings
    if args.out.exists():
        out.update(json.loads(args.out.read_text()))
        if out["settings"] != settings:
            parser.error(f"{args.out} was made with other settings: {out['settings']}")
    out["machine"] = {**machine(), "lscpu": lscpu()}

    def save() -> None:
        partial = args.out.with_suffix(".partial")
        partial.write_text(json.dumps(out, indent=1) + "\n")
        os.replace(partial, args.out)

    with one_core():
        for game_id in games:
            measure_rates(game_id, args, out, save)
            out["summary"][game_id] = rate_summary(out["rates"][game_id])
            save()
            print(game_id, json.dumps(out["summary"][game_id]), flush=True)
        for game_id in games:
            play_pair(game_id, args, out, save)
            if game_id in out["head_to_head"]:
                print(game_id, json.dumps(out["head_to_head"][game_id].get("result")),
                      flush=True)
    return out


if __name__ == "__main__":
    main()

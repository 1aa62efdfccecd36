"""Offline search for Gangster (1994) table seeds where the seated human soon meets a decision
a browser test wants: a bid (``until_bid``), or the secret passage after a double space
(``until_passage``).

The server's game is a pure function of the table seed and the actions, and its bots'
choices of the seed, the move number and the seat (``botpool.bot_seed``). So a game played
here with the same bots and the same fixed policy for the human seat is the very game the
browser test will see. The human's policy (what the browser test clicks):

- ``roll`` whenever it is legal (never the offer, never a starred card);
- otherwise the first legal action (``pass``/``take``/``done``/the first half or space,
  ``auction pearl`` first); a seat whose one legal move is a pass gets it played by the
  server's auto-pass, which is that same move (a lone roll is clicked like any other).

Run ``python -m tests.web.g1994_seeds`` to print the best seeds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import gangland
from gangland.server.botpool import bot_seed, choose_in_state

PLAYERS = 3
HUMAN = 0
BOTS = {1: "heuristic", 2: "heuristic"}


def human_choice(state: Any) -> str:
    """The fixed policy the browser test plays for the human seat."""
    legal = [str(a) for a in state.legal_actions()]
    return "roll" if "roll" in legal else legal[0]


@dataclass
class Path:
    """How the game goes until the human is first asked to bid."""

    seed: int
    clicks: list[str] = field(default_factory=list)  # the human's own (non-forced) moves
    actions: int = 0  # every move played before the bid
    race: bool = False  # a race was run before
    used: int = 0  # cards in the used piles at the bid


def until_bid(seed: int, limit: int = 80) -> Path | None:
    """Play ``seed`` until the human must bid (None if not within ``limit`` moves)."""
    state = gangland.load("gangster-1994").new_game(PLAYERS, seed, {})
    path = Path(seed)
    for version in range(limit):
        if state.is_terminal:
            return None
        seat = state.current_player
        if seat == HUMAN:
            view = state.view(HUMAN)
            if view["decision"]["kind"] == "bid":
                path.actions = version
                path.race = view["race"] is not None
                path.used = sum(len(u) for u in view["used"].values())
                return path
            legal = state.legal_actions()
            text = human_choice(state)
            if len(legal) > 1:
                path.clicks.append(text)
        else:
            text = choose_in_state(state, BOTS[seat], bot_seed(seed, version, seat, PLAYERS))
        state.apply(state.parse_action(text))
    return None


def until_passage(seed: int, limit: int = 60) -> Path | None:
    """Play ``seed`` until the human must pick the secret passage's space, having chosen a
    double space's half on the way (None if not within ``limit`` moves). ``clicks`` are
    the human's moves, forced ones included (the browser test clicks every one)."""
    state = gangland.load("gangster-1994").new_game(PLAYERS, seed, {})
    path = Path(seed)
    for version in range(limit):
        if state.is_terminal:
            return None
        seat = state.current_player
        if seat == HUMAN:
            kind = state.view(HUMAN)["decision"]["kind"]
            if kind == "passage":
                path.actions = version
                return path if any(c.startswith("choose ") for c in path.clicks) else None
            text = human_choice(state)
            path.clicks.append(text)
        else:
            text = choose_in_state(state, BOTS[seat], bot_seed(seed, version, seat, PLAYERS))
        state.apply(state.parse_action(text))
    return None


def best(seeds: range = range(300)) -> list[Path]:
    """Seeds that reach a bid, fewest human clicks first."""
    found = [p for s in seeds if (p := until_bid(s)) is not None]
    return sorted(found, key=lambda p: (len(p.clicks), not p.race, p.actions))


if __name__ == "__main__":
    for p in best()[:10]:
        print(p.seed, len(p.clicks), p.actions, p.race, p.used, p.clicks)
    passages = [p for s in range(300) if (p := until_passage(s)) is not None]
    for p in sorted(passages, key=lambda p: len(p.clicks))[:10]:
        print("passage", p.seed, len(p.clicks), p.actions, p.clicks)

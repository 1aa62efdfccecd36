"""What a game's designers want to know from many games, read off the games' records.

Each record is replayed and its events read (events are what every seat or the table was
told, so nothing here needs hidden state). Per game:

- every game: how its games ended, by the endings the game declares (``Game.endings``:
  Gangsters' victory conditions, Gangster City's cases solved...), and who won each way
  (one winner, a shared win, nobody);
- ``gangster-city``: decisions until the first case was solved, and until the win;
- ``gangster-1994``: money gained on each kind of space (where the pawn stood), a game;
- ``gangster``: influence won in each district at the Days of Reckoning a game, and the mean
  influence a colour won at a reckoning while holding each kind of equipment;
- ``chicago-gangster``: how often each seat's gang survives to the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from gangland.engine import Event, State, load
from gangland.engine.conformance import ending_of
from gangland.engine.record import check_record, new_from_record

#: Who won a game, in the order a report shows it.
WHO_WON = ("one winner", "shared win", "nobody won")
#: The unit of each figure that has one: ``$`` money, ``%`` a share of games.
UNITS = {"money gained by space": "$", "survival by seat": "%"}
#: What each figure's numbers are, for a plot's axis.
MEASURES = {
    "money gained by space": "money gained there, a game (mean)",
    "influence by district": "influence won there, a game (mean)",
    "mean influence a reckoning, by equipment held": "influence a colour won at a reckoning "
                                                     "(mean)",
    "survival by seat": "share of games its gang survived",
}


def who_won(winners: int) -> str:
    """How many won, in words.

    >>> who_won(0), who_won(1), who_won(3)
    ('nobody won', 'one winner', 'shared win')
    """
    return WHO_WON[2] if not winners else WHO_WON[0] if winners == 1 else WHO_WON[1]


def replayed(record: Mapping[str, Any]) -> tuple[State, Iterator[tuple[int, list[Event]]]]:
    """A record's game at its start, and its moves: each move's number and events, played
    on that state as they are read (after the last, the state is the game's end)."""
    rec = check_record(dict(record))
    state = new_from_record(rec)

    def moves() -> Iterator[tuple[int, list[Event]]]:
        for n, text in enumerate(rec["actions"], start=1):
            yield n, state.apply(state.parse_action(text))

    return state, moves()


def ending_name(game_id: str, events: list[Event], winners: list[int]) -> str:
    """The game's own name for how a game ended with these final events (the first of
    its declared endings that matches); a game that ended in an undeclared way is named
    by the first sentence of its last ``end`` or ``win`` event."""
    name = ending_of(load(game_id).endings, events, winners)
    if name:
        return name
    said = [e.text for e in events if e.kind in ("end", "win")] or ["undeclared ending"]
    return said[-1].split(":")[0].split(".")[0][:60]


def game_stats(game_id: str, records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The figures for ``game_id`` from these records (see the module docstring)."""
    endings: Counter[str] = Counter()
    who: dict[str, Counter[str]] = {}
    first_solve: list[int] = []
    win_at: list[int] = []
    money: Counter[str] = Counter()
    districts: Counter[str] = Counter()
    held_points: Counter[str] = Counter()
    held_count: Counter[str] = Counter()
    fell: Counter[int] = Counter()
    games = 0
    players = 0
    for record in records:
        games += 1
        players = int(record["players"])
        where: dict[int, str] = {}
        tableau: dict[str, list[str]] = {}  # gangster: each colour's equipment, newest first
        won: Counter[str] = Counter()  # gangster: influence in the reckoning being scored
        colours: set[str] = set()  # gangster: every colour seen so far
        track = None
        solved = False
        state, moves = replayed(record)
        n, events = 0, list[Event]()
        for n, events in moves:
            for e in events:
                if e.kind == "district-scored":
                    districts[e.data["district"]] += sum(p[2] for p in e.data["placements"])
                    for colour, _, points in e.data["placements"]:
                        won[colour] += points
                        colours.add(colour)
                elif e.kind == "take" and "kind" in e.data:
                    colours.add(e.data["colour"])
                    held = tableau.setdefault(e.data["colour"], [])
                    held.insert(0, e.data["kind"])
                    if e.data.get("pushed_out"):
                        held.pop()
                elif e.kind == "influence":  # a Day of Reckoning is scored
                    for colour in colours:  # a colour that won nothing counts too
                        for kind in tableau.get(colour) or ["no equipment"]:
                            held_points[kind] += won[colour]
                            held_count[kind] += 1
                    won.clear()
                elif e.kind == "out" and game_id == "chicago-gangster":
                    fell[e.data["seat"]] += 1
                elif game_id == "gangster-city" and e.kind == "arrest" and \
                        e.data.get("correct") and not solved:
                    first_solve.append(n)
                    solved = True
                elif game_id == "gangster-1994":
                    if e.kind == "move":
                        if track is None:
                            from gangland.games.gangster_1994.components import (
                                components_from,
                            )
                            track = components_from(
                                str(record.get("options", {}).get("components") or "")).track
                        where[e.data["seat"]] = track[e.data["to"] - 1]
                    elif e.kind == "gain":
                        space = "refuge" if "Refuge" in e.text else where.get(
                            e.data["seat"], "refuge")
                        money[space] += e.data["amount"]
        if state.is_terminal:
            winners = state.winners()
            name = ending_name(game_id, events, winners)
            endings[name] += 1
            who.setdefault(name, Counter())[who_won(len(winners))] += 1
            if winners:
                win_at.append(n)
    out: dict[str, Any] = {"endings": dict(endings.most_common()),
                           "endings by who won": {
                               k: {w: who[k][w] for w in WHO_WON if who[k][w]}
                               for k, _ in endings.most_common()}}
    if game_id == "gangster-city":
        out["decisions to the first solve"] = _spread(first_solve)
        out["decisions to the win"] = _spread(win_at)
    if game_id == "gangster-1994":
        out["money gained by space"] = {k: v / games for k, v in money.most_common()}
    if game_id == "gangster":
        out["influence by district"] = {k: v / games for k, v in districts.most_common()}
        means = {k: held_points[k] / held_count[k] for k in held_count}
        out["mean influence a reckoning, by equipment held"] = dict(
            sorted(means.items(), key=lambda kv: (-kv[1], kv[0])))
    if game_id == "chicago-gangster" and games:
        out["survival by seat"] = {f"P{s + 1}": 1 - fell[s] / games for s in range(players)}
    return out


def _spread(values: list[int]) -> dict[str, float]:
    if not values:
        return {}
    values = sorted(values)
    return {"mean": sum(values) / len(values), "median": float(values[len(values) // 2]),
            "min": float(values[0]), "max": float(values[-1])}

"""What a game's designers want to know from many games, read off the games' records.

Each record is replayed and its events read (events are what every seat or the table was
told, so nothing here needs hidden state). Per game:

- every game: how its games ended (the first words of the ``end`` event);
- ``gangsters``: which victory condition was reached (or the net worth that decided);
- ``gangster-city``: decisions until the first case was solved, and until the win;
- ``gangster-1994``: money gained on each kind of space (where the pawn stood);
- ``gangster``: influence won in each district at the Days of Reckoning, and the mean
  influence a colour won at a reckoning while holding each kind of equipment;
- ``chicago-gangster``: how often each seat's gang survives to the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from gangland.engine import Event
from gangland.engine.record import check_record, new_from_record


def events_of(record: Mapping[str, Any]) -> Iterator[tuple[int, list[Event]]]:
    """Replay a record, yielding each move's number and events."""
    rec = check_record(dict(record))
    state = new_from_record(rec)
    for n, text in enumerate(rec["actions"], start=1):
        yield n, state.apply(state.parse_action(text))


def _ending(event: Event) -> str:
    if event.kind == "win":
        return "the last gang standing"
    why = event.data.get("why")
    if why:
        # victory conditions, without the sums in them ("$10,300 in cash" -> "cash")
        return "cash" if "in cash" in why else ("ten joints" if "joints" in why
                                                 and "every" not in why else why)
    return event.text.split(":")[0].split(".")[0][:60]


def game_stats(game_id: str, records: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The figures for ``game_id`` from these records (see the module docstring)."""
    endings: Counter[str] = Counter()
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
        for n, events in events_of(record):
            for e in events:
                if e.kind == "end" or (e.kind == "win" and game_id == "chicago-gangster"):
                    endings[_ending(e)] += 1
                    win_at.append(n)
                elif e.kind == "district-scored":
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
    out: dict[str, Any] = {"endings": dict(endings)}
    if game_id == "gangster-city":
        out["decisions to the first solve"] = _spread(first_solve)
        out["decisions to the win"] = _spread(win_at)
    if game_id == "gangster-1994":
        out["money gained by space"] = dict(money.most_common())
    if game_id == "gangster":
        out["influence by district"] = dict(districts.most_common())
        out["mean influence a reckoning, by equipment held"] = {
            k: held_points[k] / held_count[k] for k in sorted(held_count)}
    if game_id == "chicago-gangster" and games:
        out["survival by seat"] = {f"P{s + 1}": 1 - fell[s] / games for s in range(players)}
    return out


def _spread(values: list[int]) -> dict[str, float]:
    if not values:
        return {}
    values = sorted(values)
    return {"mean": sum(values) / len(values), "median": float(values[len(values) // 2]),
            "min": float(values[0]), "max": float(values[-1])}

"""The lobby: creating tables, taking seats, listing them, and finished games' replays.

These are the hub's operations that do not apply moves; they live here to keep the hub
about the one path by which a table changes.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from gangland.bots import bot_names, default_bot, make_bot
from gangland.engine import Game, GanglandError, State, load, seat_label

from .botlimits import BotLimits
from .hub import Hub, engine_refusal, no_table
from .live import LiveTable, Seat, iso_time, summary, token_hash
from .messages import Refused
from .store import now

MAX_NAME = 40


def clean_name(name: object, seat: int) -> str:
    """A player's name: trimmed, printable, at most 40 characters (default ``P<n>``)."""
    if name is None or (isinstance(name, str) and not name.strip()):
        return seat_label(seat)
    if not isinstance(name, str) or not name.isprintable():
        raise Refused("bad_message", "a name is printable text")
    if len(name.strip()) > MAX_NAME:
        raise Refused("bad_message", f"a name has at most {MAX_NAME} characters")
    return name.strip()


def check_options(game: Game, options: Mapping[str, object]) -> None:
    """Refuse options that name a file: the server reads no file a visitor names."""
    for option in game.options:
        if option.path and options.get(option.name) not in (None, "", option.default):
            raise Refused("bad_option", f"option {option.name} names a file on the server's "
                                        "machine; the web table plays the standard components")


def seat_specs(game: Game, players: int, seats: Sequence[Mapping[str, object]] | None,
               creator: int, limits: BotLimits | None = None) -> list[tuple[str, str | None]]:
    """``(kind, bot)`` per seat; by default the creator is human, the others the best bot.

    A bot is refused if its spec is bad or asks more than the server's ``limits`` (by
    default the settings' defaults): a table never starts with a bot it cannot afford.
    """
    limits = limits or BotLimits()
    if seats is None:
        best = default_bot(game.id)
        return [("human", None) if s == creator else ("bot", best) for s in range(players)]
    if len(seats) != players:
        raise Refused("bad_option", f"{players} players need {players} seats, not {len(seats)}")
    result: list[tuple[str, str | None]] = []
    for i, spec in enumerate(seats):
        kind = spec.get("kind")
        if kind == "human":
            result.append(("human", None))
        elif kind == "bot":
            bot = spec.get("bot") or default_bot(game.id)
            if not isinstance(bot, str):
                raise Refused("bad_option", f"seat {i + 1}: a bot is named by text")
            try:
                make_bot(bot, game, 0)
                over = limits.refusal(bot)
            except GanglandError as exc:
                raise engine_refusal(exc) from None
            if over is not None:
                raise Refused("bad_option", f"seat {i + 1}: {over}")
            result.append(("bot", bot))
        else:
            raise Refused("bad_option", f"seat {i + 1} is human or bot, not {kind!r}")
    if result[creator][0] != "human":
        raise Refused("bad_option", f"your seat ({creator + 1}) must be a human seat")
    return result


def first_state(game: Game, players: int, seed: int | None,
                options: Mapping[str, object]) -> State:
    """A new game's state, or the engine's refusal (a bad player count or option): made
    before anything else, so that nothing is built for a table that cannot be."""
    try:
        return game.new_game(players, seed, dict(options))
    except GanglandError as exc:
        raise engine_refusal(exc) from None


def new_table(game: Game, kinds: Sequence[tuple[str, str | None]], state: State,
              names: Mapping[int, str], hashes: Mapping[int, str],
              values: Mapping[str, object]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A new table's row and seat rows for ``state``; the seats in ``names`` are claimed.

    ``hashes``: each seat's token hash; ``values``: the row's think time, clock, invite-only
    flag, watch key hash (and a rematch's ``again_of``).
    """
    when = now()
    row = {
        "id": secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"),
        "game": game.id, "players": len(kinds), "seed": state.seed,
        "options": dict(state.options), "version": 0, "to_move": state.current_player,
        "winners": None, "think_ms": 0, "clock_s": None, "invite_only": False,
        "watch_hash": None, "again": None, "again_of": None, **values,
        "created": when, "updated": when, "snapshot": None, "snapshot_version": None,
        "status": "running" if all(k == "bot" or i in names for i, (k, _) in enumerate(kinds))
        else "open",
    }
    seat_rows = [
        {"seat": i, "kind": kind, "bot": bot, "token_hash": hashes[i], "name": names.get(i),
         "claimed": kind == "bot" or i in names, "away": False, "auto_pass": True,
         "standing": None}
        for i, (kind, bot) in enumerate(kinds)
    ]
    return row, seat_rows


def held(hub: Hub, game: Game, row: dict[str, Any], seat_rows: Sequence[dict[str, Any]],
         state: State) -> LiveTable:
    """A table just stored, held in memory and started (its first bot or clock)."""
    row.pop("snapshot", None)
    live = LiveTable(game, row, [Seat.from_row(s) for s in seat_rows], state, [])
    live.restore_clocks()
    hub.tables[live.id] = live
    hub.schedule(live)
    return live


async def open_table(hub: Hub, game: Game, kinds: Sequence[tuple[str, str | None]],
                     state: State, names: Mapping[int, str], hashes: Mapping[int, str],
                     values: Mapping[str, object]) -> LiveTable:
    """Store a new table (see :func:`new_table`) and hold it in memory."""
    row, seat_rows = new_table(game, kinds, state, names, hashes, values)
    await hub.store.write(hub.store.create_table, row, seat_rows)
    return held(hub, game, row, seat_rows, state)


async def create_table(
    hub: Hub,
    game_id: str,
    players: int,
    options: Mapping[str, object] | None = None,
    seats: Sequence[Mapping[str, object]] | None = None,
    name: object = None,
    seat: int = 0,
    think_ms: int | None = None,
    clock_s: int | None = None,
    invite_only: bool = False,
    seed: int | None = None,
) -> dict[str, Any]:
    """A new table; the creator holds ``seat``. Returns the table, invites and own token.

    ``seed`` is for tests and benchmarks only (never taken from a request: whoever knows
    the seed knows every hidden card).
    """
    try:
        game = load(game_id)
    except GanglandError as exc:
        raise Refused("not_found", str(exc)) from None
    options = dict(options or {})
    check_options(game, options)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise Refused("bad_option", f"your seat is from 1 to {players}")
    least = hub.settings.min_think_ms
    if think_ms is not None and think_ms < least:
        raise Refused("bad_option", f"a bot's think time is at least {least} ms on this "
                      f"server, not {think_ms} (a quicker answer would show how long the bot "
                      "took to decide, which depends on what it holds)")
    state = first_state(game, players, seed, options)
    kinds = seat_specs(game, players, seats, seat, hub.bot_limits)
    tokens = {i: secrets.token_urlsafe(18) for i, (kind, _) in enumerate(kinds)}
    watch = secrets.token_urlsafe(18) if invite_only else None
    live = await open_table(
        hub, game, kinds, state, {seat: clean_name(name, seat)},
        {i: token_hash(t) for i, t in tokens.items()},
        {"think_ms": hub.settings.think_ms if think_ms is None else think_ms,
         "clock_s": clock_s, "invite_only": bool(invite_only),
         "watch_hash": token_hash(watch) if watch else None},
    )
    table_id = live.id
    # An invite-only table's links carry its watch key too, so every seat can pass on the
    # watch link (the server keeps only its hash and could not show it again).
    also = f"&watch={watch}" if watch else ""
    invites = [
        {"seat": i, "token": tokens[i],
         "url": f"/table/{table_id}#seat={i}&token={tokens[i]}{also}"}
        for i, (kind, _) in enumerate(kinds)
        if kind == "human" and i != seat
    ]
    return {"table": live.summary(), "invites": invites, "seat": seat, "token": tokens[seat],
            "watch": None if watch is None else {"key": watch,
                                                 "url": f"/table/{table_id}#watch={watch}"}}


async def join(hub: Hub, table_id: str, seat: object, name: object,
               token: object = None) -> dict[str, Any]:
    """Take a human seat: with its invite token, or from the lobby on a public table."""
    live = await hub.get(table_id)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(live.seats):
        raise Refused("bad_message", f"seats are numbered 0 to {len(live.seats) - 1}")
    info = live.seats[seat]
    if info.kind != "human":
        raise Refused("seat_taken", f"seat {seat + 1} is played by a bot")
    player = clean_name(name, seat)
    if token is not None:
        if hub.seat_for(live, token) != seat:
            raise Refused("bad_token", f"this token does not open seat {seat + 1}")
        assert isinstance(token, str)  # (seat_for refuses any other)
        await claim(hub, live, seat, player, token, fresh=False)
        return {"seat": seat, "token": token}
    if live.row["invite_only"]:
        raise no_table(live.id)  # (strangers are not told the table exists)
    if live.row.get("again_of"):
        raise Refused("seat_taken", f"seat {seat + 1} is kept for its player of the last "
                                    "game, who takes it with Play again")
    new_token = secrets.token_urlsafe(18)
    await claim(hub, live, seat, player, new_token, fresh=True)
    return {"seat": seat, "token": new_token}


async def claim(hub: Hub, live: LiveTable, seat: int, player: str, token: str,
                fresh: bool) -> None:
    """Seat the holder of ``token`` in human seat ``seat`` under the name ``player``.

    ``fresh``: the token is new to the seat, and its hash becomes the seat's. Claiming a
    seat that this very token already holds changes nothing: a second tab of the same
    link, or a second Play again, that lost the race to claim it still gets its seat.
    """
    info = live.seats[seat]
    async with live.lock:
        if info.claimed and live.seat_of(token) == seat:
            return
        status = await hub.store.write(
            hub.store.claim_seat, live.id, seat, player, token_hash(token) if fresh else None,
        )
        if status is None:
            raise Refused("seat_taken", f"seat {seat + 1} is taken")
        info.claimed, info.name = True, player
        if fresh:
            info.token_hash = token_hash(token)
        if live.row["status"] == "open":
            live.row["status"] = status
    hub.schedule(live)
    hub.broadcast_table(live)


MAX_KEYS = 100


async def listing(hub: Hub, status: str | None, keys: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The lobby's lists; tables held in memory show who is connected.

    ``keys`` are the seat tokens (and watch keys) the asking browser holds: an invite-only
    table is listed only to one that holds one of its own.
    """
    if status not in (None, "open", "running", "finished"):
        raise Refused("bad_message", "status is open, running or finished")
    check_keys(keys)
    quiet = timedelta(seconds=hub.settings.abandoned_after_s)
    rows = await hub.store.read(hub.store.listing, status, [token_hash(k) for k in keys],
                                abandoned_before=now() - quiet)
    result = []
    for row, seats in rows:
        live = hub.tables.get(row["id"])
        if live is not None:
            result.append(live.summary())
        else:
            result.append(summary(row, [Seat.from_row(s) for s in seats], load(row["game"]).title))
    return result


async def turns(hub: Hub, keys: Sequence[str]) -> list[dict[str, Any]]:
    """Where it is the asking browser's turn: each running table at which the seat of one
    of its ``keys`` (seat tokens) is to move, the longest waiting first."""
    check_keys(keys)
    if not keys:
        return []
    rows = await hub.store.read(hub.store.turns, [token_hash(k) for k in keys])
    return [{"id": r["id"], "game": r["game"], "title": load(r["game"]).title, "seat": r["seat"],
             "version": r["version"], "updated": iso_time(r["updated"])} for r in rows]


def check_keys(keys: Sequence[str]) -> None:
    if len(keys) > MAX_KEYS or any(not k or len(k) > 200 for k in keys):
        raise Refused("bad_message", f"at most {MAX_KEYS} keys of at most 200 characters")


def games_catalogue() -> list[dict[str, Any]]:
    """What the lobby offers: every game with its web-safe options and its bots."""
    from gangland.engine import game_ids

    result = []
    for game_id in game_ids():
        game = load(game_id)
        result.append({
            "id": game.id, "title": game.title, "designers": game.designers,
            "summary": game.summary, "min_players": game.min_players,
            "max_players": game.max_players,
            "options": [
                {"name": o.name, "type": o.type.__name__, "default": o.default, "help": o.help,
                 "low": o.low, "high": o.high, "choices": list(o.choices)}
                for o in game.options if not o.path
            ],
            "bots": _bot_levels(game.id),
            "default_bot": default_bot(game.id) if bot_names(game.id) else None,
        })
    return result


def _bot_levels(game_id: str) -> list[dict[str, str]]:
    """The bots a seat may have, as levels first: *easy* is the gentlest of the game's own
    bots, *medium* its strongest fixed bot (its default) where that is another one, *hard*
    the search bot at a second a move, with the options that measured strongest for the
    game (``tuned_spec``); then the rest by name."""
    from gangland.bots import bot_help, easy_bot
    from gangland.bots.ismcts import tuned_spec

    helps = bot_help(game_id)
    easy, strongest = easy_bot(game_id), default_bot(game_id)
    out = [{"name": easy, "label": f"easy ({easy})", "help": helps[easy]}]
    if strongest not in (easy, "ismcts"):
        out.append({"name": strongest, "label": f"medium ({strongest})",
                    "help": helps[strongest]})
    if "ismcts" in helps and easy != "ismcts":
        out.append({"name": tuned_spec(game_id), "label": "hard (search, 1 s a move)",
                    "help": helps["ismcts"]})
    out += [{"name": n, "label": n, "help": h} for n, h in helps.items()
            if n not in (easy, strongest, "ismcts")]
    return out


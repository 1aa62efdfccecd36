"""Measure what a long game costs a new connection and a replay request (docs/web.md).

Plays a seeded Gangsters game at random through the hub (two human seats, every move made
by this script) into a fresh SQLite file, then reports:

- the bytes a new connection is sent before and with its first ``state`` (welcome, chat,
  state), for a seat and for a spectator;
- the actions each ``GET /api/tables/{id}/replay?step=N`` applies, for several steps.

Counting, not timing, so the figures do not depend on the machine. Run from the checkout:

    PYTHONPATH=src python scripts/measure_replays.py [--seed 1] [--players 2]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from gangland.server import lobby
from gangland.server.app import create_app
from gangland.server.config import Settings


async def play_out(hub: Any, made: dict[str, Any], seed: int) -> None:
    tid = made["table"]["id"]
    for invite in made["invites"]:
        await lobby.join(hub, tid, invite["seat"], "P", invite["token"])
    live = await hub.get(tid)
    rng = random.Random(seed)
    while live.status == "running":
        action = rng.choice(live.state.legal_actions())
        await hub.act_as(live, live.state.current_player, str(action), live.version,
                         by_bot=False)


def first_bytes(client: TestClient, tid: str, token: str | None) -> str:
    """The bytes of every message up to and including the first ``state``, by type."""
    sizes: dict[str, int] = {}
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", **({"token": token} if token else {})}))
        while True:
            text = ws.receive_text()
            message = json.loads(text)
            sizes[message["type"]] = sizes.get(message["type"], 0) + len(text.encode())
            if message["type"] == "state":
                events = len(json.dumps(message["events"]).encode())
                parts = ", ".join(f"{k} {v:,}" for k, v in sizes.items())
                return (f"{sum(sizes.values()):>9,} bytes ({parts}; the state's "
                        f"{len(message['events'])} events {events:,})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(db_url=f"sqlite:///{Path(folder) / 't.db'}", bot_pool="thread",
                            think_ms=0, forced_delay_ms=(10**7, 10**7))
        with TestClient(create_app(settings)) as client:
            hub = client.app.state.hub
            made = client.portal.call(lambda: lobby.create_table(
                hub, "gangsters", args.players, seats=[{"kind": "human"}] * args.players,
                name="A", think_ms=0, seed=args.seed))
            tid = made["table"]["id"]
            client.portal.call(play_out, hub, made, args.seed)
            live = hub.tables[tid]
            steps = live.version
            print(f"gangsters, {args.players} players, seed {args.seed}: {steps} moves, "
                  f"{len(live.log)} events")
            print(f"first message, seat 0:    {first_bytes(client, tid, made['token'])}")
            print(f"first message, spectator: {first_bytes(client, tid, None)}")
            client.get(f"/api/tables/{tid}")  # (loaded again: the last watcher left)
            live = hub.tables[tid]
            cls = type(live.state)
            original = cls.apply
            count = [0]

            def counted(self: Any, action: Any) -> Any:
                count[0] += 1
                return original(self, action)

            cls.apply = counted  # type: ignore[method-assign]
            try:
                for step in (1, steps // 2, steps - 1, steps, steps // 3):
                    count[0] = 0
                    answer = client.get(f"/api/tables/{tid}/replay?step={step}")
                    assert answer.status_code == 200, answer.text
                    print(f"replay step {step:>6}: {count[0]:>6} actions applied")
            finally:
                cls.apply = original  # type: ignore[method-assign]


if __name__ == "__main__":
    main()

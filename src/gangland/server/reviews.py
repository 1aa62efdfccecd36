"""Game reviews of finished tables, made in the background by the bot workers.

``POST /api/tables/{id}/review`` starts the review of a seat (docs/review.md); ``GET``
tells how far it is and gives its figures, the decisions judged so far while it runs.
Each decision is one job for the bot pool (:meth:`BotPool.judge`), waiting in the queue
the tables' bots wait in, so a review takes a worker in its turn and never holds more
than one; each judged decision is stored at once, so a review cut short by a restart
carries on from where it was when asked again, and a finished one is computed once.

A finished table's record is open to anyone who may see the table (``GET .../record``),
so a review of any of its seats tells nothing that is not already there; it is still made
from that seat's view alone, as every review is. The budget is the server's
(``review_iterations``, ``review_samples``) and the seed is :data:`REVIEW_SEED`, so the
figures are those of ``gangland review RECORD --seat N`` with the same budget.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from gangland.review import Budget, Judgement, decision_plies, mark_of, review_record

from .hub import Hub
from .live import LiveTable
from .messages import Refused
from .replays import finished, state_at

log = logging.getLogger("gangland.server")

#: Every review the server makes uses this seed: ``gangland review``'s default.
REVIEW_SEED = 0


def _seat(live: LiveTable, seat: object) -> int:
    players = live.state.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise Refused("bad_message", f"seats are numbered 0 to {players - 1}")
    return seat


async def review_status(hub: Hub, live: LiveTable, seat: object) -> dict[str, Any]:
    """Where the review of ``seat`` stands: ``none`` (never asked for), ``running``
    (here, now), ``partial`` (stopped part way: asking again carries on) or ``done``, with
    its counts and its figures so far."""
    finished(live)
    seat = _seat(live, seat)
    settings = hub.settings
    budget = {"iterations": settings.review_iterations, "samples": settings.review_samples}
    row = await hub.store.read(hub.store.review, live.id, seat)
    data: dict[str, Any] | None = None
    if row is not None and (row["iterations"], row["samples"], row["seed"]) == (
            budget["iterations"], budget["samples"], REVIEW_SEED):
        data = row["data"]
    progress = hub.reviews.get((live.id, seat))
    if data is not None and row is not None and row["complete"]:
        state, judged, total = "done", len(data["decisions"]), len(data["decisions"])
    elif progress is not None:
        state, (judged, total) = "running", progress
    elif data is not None:
        state, judged, total = "partial", len(data["decisions"]), int(data["total"])
    else:
        state, judged, total = "none", 0, 0
    return {"seat": seat, "state": state, "done": judged, "total": total, "budget": budget,
            "review": data}


async def start_review(hub: Hub, live: LiveTable, seat: object) -> dict[str, Any]:
    """Start (or carry on) the review of ``seat``; at once, its status. A review already
    made or being made is not started again."""
    status = await review_status(hub, live, seat)
    if status["state"] in ("done", "running"):
        return status
    if len(hub.reviews) >= hub.settings.review_max:
        raise Refused("busy", f"the server is making {len(hub.reviews)} reviews already; "
                              "ask again when one is done")
    key = (live.id, status["seat"])
    hub.reviews[key] = [status["done"], status["total"]]
    hub.spawn(_make(hub, live, status["seat"], status["review"]))
    return {**status, "state": "running"}


async def _make(hub: Hub, live: LiveTable, seat: int, stored: dict[str, Any] | None) -> None:
    """Judge every decision not yet stored, one job at a time; then store the review."""
    settings, store = hub.settings, hub.store
    key = (live.id, seat)
    iterations, samples = settings.review_iterations, settings.review_samples
    budget = Budget(iterations, samples)
    record = live.state.record()
    try:
        plies = await asyncio.to_thread(decision_plies, record, seat)
        done = {int(d["ply"]): Judgement.from_json(d)
                for d in (stored or {}).get("decisions", [])}
        progress = hub.reviews[key]
        progress[:] = [sum(p in done for p in plies), len(plies)]
        assert hub.pool is not None
        for ply in plies:
            if ply in done:
                continue
            state, made = await asyncio.to_thread(state_at, hub, live, ply)
            if made:
                await store.write(store.add_checkpoints, live.id, made)
            job = (seat, str(live.state.history[ply]), iterations, samples, REVIEW_SEED, ply)
            done[ply] = await hub.pool.judge(state, job, f"review/{live.id}/{seat}")
            progress[0] += 1
            partial = {"total": len(plies), "decisions": [
                {"ply": p, "mark": mark_of(done[p]), **done[p].to_json()}
                for p in plies if p in done]}
            await store.write(store.save_review, live.id, seat, iterations, samples,
                              REVIEW_SEED, False, partial)
        review = await asyncio.to_thread(review_record, record, seat, budget, REVIEW_SEED,
                                         done)
        await store.write(store.save_review, live.id, seat, iterations, samples,
                          REVIEW_SEED, True, {"total": len(plies), **review.to_json()})
    except asyncio.CancelledError:
        raise
    except Exception:  # (one review that fails stops no table and no other review)
        log.exception("review of table %s seat %d failed", live.id, seat)
    finally:
        hub.reviews.pop(key, None)

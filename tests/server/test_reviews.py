"""Game reviews at the web table: made in the background by the bot workers, stored, the
same figures as ``gangland review``, and refused precisely."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from gangland.review import Budget, review_record
from gangland.server.app import create_app

from .conftest import settings
from .test_rematch import two_humans_finished

BUDGET = {"review_iterations": 10, "review_samples": 4}


def wait_done(client: TestClient, tid: str, seat: int, key: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = client.get(f"/api/tables/{tid}/review", params={"seat": seat},
                            headers={"X-Gangland-Key": key}).json()
        if status["state"] == "done":
            return dict(status)
        assert status["state"] == "running", status
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_a_review_is_made_in_the_background_and_matches_the_command_line(sqlite_url):
    with TestClient(create_app(settings(sqlite_url, **BUDGET))) as client:
        tid, ann, _ = two_humans_finished(client)
        key = {"X-Gangland-Key": ann}
        before = client.get(f"/api/tables/{tid}/review", params={"seat": 1}, headers=key)
        assert before.json()["state"] == "none" and before.json()["review"] is None
        started = client.post(f"/api/tables/{tid}/review", json={"seat": 1}, headers=key)
        assert started.status_code == 200 and started.json()["state"] in ("running", "done")
        status = wait_done(client, tid, 1, ann)
        record = client.get(f"/api/tables/{tid}/record", headers=key).json()
        expected = review_record(record, 1, Budget(10, 4), seed=0).to_json()
        assert status["review"]["decisions"] == expected["decisions"]
        assert status["review"]["swings"] == expected["swings"]
        assert status["done"] == status["total"] == len(expected["decisions"])
        assert status["budget"] == {"iterations": 10, "samples": 4}
        # Asked again, it is not made again.
        again = client.post(f"/api/tables/{tid}/review", json={"seat": 1}, headers=key)
        assert again.json()["state"] == "done"


def test_a_review_stopped_part_way_carries_on_to_the_same_figures(sqlite_url):
    with TestClient(create_app(settings(sqlite_url, **BUDGET))) as client:
        tid, ann, _ = two_humans_finished(client)
        record = client.get(f"/api/tables/{tid}/record").json()
        whole = review_record(record, 0, Budget(10, 4), seed=0).to_json()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        # What a server stopped after two decisions has stored (or after fewer: the table
        # has no seed, and a short game may give the seat only one or two decisions, so
        # the part kept is at most all but one).
        total = len(whole["decisions"])
        kept = [{**d, "best": d["best"]} for d in whole["decisions"][:min(2, total - 1)]]
        hub.store.save_review(tid, 0, 10, 4, 0, False, {"total": total, "decisions": kept})
        status = client.get(f"/api/tables/{tid}/review", params={"seat": 0}).json()
        assert status["state"] == "partial"
        assert (status["done"], status["total"]) == (len(kept), total)
        client.post(f"/api/tables/{tid}/review", json={"seat": 0})
        assert wait_done(client, tid, 0, ann)["review"]["decisions"] == whole["decisions"]


def test_reviews_are_refused_before_the_end_for_no_seat_and_when_busy(sqlite_url):
    with TestClient(create_app(settings(sqlite_url, review_max=1, **BUDGET))) as client:
        made = client.post("/api/tables", json={
            "game": "gangster-city", "players": 2, "name": "Ann", "think_ms": 0,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        tid = made["table"]["id"]
        early = client.post(f"/api/tables/{tid}/review", json={"seat": 0})
        assert early.status_code == 409 and early.json()["code"] == "not_finished"
        tid, _, _ = two_humans_finished(client)
        for bad in ({"seat": 2}, {"seat": True}, {"seat": "0"}, {}):
            refused = client.post(f"/api/tables/{tid}/review", json=bad)
            assert refused.status_code in (400, 422), (bad, refused.text)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.reviews[("another-table", 0)] = [0, 5]  # the one review the server makes
        busy = client.post(f"/api/tables/{tid}/review", json={"seat": 0})
        assert busy.status_code == 503 and busy.json()["code"] == "busy"
        assert client.get(f"/api/tables/{tid}/review",
                          params={"seat": 0}).json()["state"] == "none"

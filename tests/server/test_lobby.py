"""The lobby over HTTP: games, creating tables, invites, joining, listing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from gangland.bots import easy_bot
from gangland.bots.ismcts import tuned_spec
from gangland.engine import game_ids

from .conftest import hello


def make(client, **body):
    body = {"game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2, **body}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_games_lists_every_game_without_file_options(client):
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == game_ids()
    for g in games:
        assert all(o["name"] != "components" for o in g["options"])
        assert g["default_bot"] in [b["name"] for b in g["bots"]]


def test_create_gives_one_invite_per_other_human_seat(client):
    made = make(client, players=3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                          {"kind": "human"}], name="Ann")
    assert made["seat"] == 0 and made["token"]
    assert [i["seat"] for i in made["invites"]] == [2]
    invite = made["invites"][0]
    assert invite["url"] == f"/table/{made['table']['id']}#seat=2&token={invite['token']}"
    table = made["table"]
    assert table["status"] == "open"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "human"]
    assert table["seats"][0]["name"] == "Ann" and table["seats"][0]["claimed"]
    assert "seed" not in table and all("token" not in str(s) for s in table["seats"])


def test_default_seats_are_the_creator_against_the_best_bot(client):
    r = client.post("/api/tables", json={"game": "gangster", "players": 3})
    table = r.json()["table"]
    assert table["status"] == "running"
    assert [s["bot"] for s in table["seats"]] == [None, "greedy", "greedy"]


def test_join_from_the_lobby_and_the_table_starts(client):
    made = make(client)
    tid = made["table"]["id"]
    assert [t["id"] for t in client.get("/api/tables?status=open").json()] == [tid]
    joined = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bo"}).json()
    assert joined["seat"] == 1 and joined["token"] != made["invites"][0]["token"]
    table = client.get(f"/api/tables/{tid}").json()
    assert table["status"] == "running" and table["seats"][1]["name"] == "Bo"
    assert [t["id"] for t in client.get("/api/tables?status=running").json()] == [tid]
    # The seat is taken: the lobby cannot take it again, nor can the old invite.
    again = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Cy"})
    assert again.status_code == 409 and again.json()["code"] == "seat_taken"
    old = client.post(f"/api/tables/{tid}/join",
                      json={"seat": 1, "token": made["invites"][0]["token"]})
    assert old.status_code == 403


def test_invite_link_claims_its_seat_with_hello(client):
    made = make(client)
    tid, invite = made["table"]["id"], made["invites"][0]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        welcome, state = hello(ws, invite["token"], name="Dee")
        assert welcome["seat"] == 1
        assert state["table"]["status"] == "running"
        assert state["table"]["seats"][1]["name"] == "Dee"


def test_invite_only_tables_refuse_lobby_joins(client):
    """Without its seat's link, an invite-only table answers as if it did not exist."""
    made = make(client, invite_only=True)
    r = client.post(f"/api/tables/{made['table']['id']}/join", json={"seat": 1, "name": "Eve"})
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_bad_create_requests_are_refused_precisely(client):
    cases = [
        ({"game": "chess", "players": 2}, 404, "chess"),
        ({"game": "gangster-city", "players": 9}, 400, "1 to 6 players"),
        ({"game": "gangster-city", "players": 2, "options": {"cases_to_win": 99}}, 400,
         "cases_to_win"),
        ({"game": "gangster-city", "players": 2, "options": {"components": "/etc/passwd"}},
         400, "names a file"),
        ({"game": "gangster-city", "players": 2, "seats": [{"kind": "human"}]}, 400,
         "2 seats"),
        ({"game": "gangster-city", "players": 2,
          "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}, 400, "greedy"),
        ({"game": "gangster-city", "players": 2, "seats": [{"kind": "bot"}, {"kind": "human"}]},
         400, "must be a human seat"),
        ({"game": "gangster-city", "players": "2"}, 400, "players"),
        ({"game": "gangster-city", "players": 2, "colour": "red"}, 400, "colour"),
        ({"game": "gangster-city", "players": 2, "clock_s": 1}, 400, "clock_s"),
    ]
    for body, status, words in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["detail"], (body, r.json())
    assert client.get("/api/tables").json() == []


def test_unknown_table_and_bad_listing(client):
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables?status=lost").status_code == 400


def test_pages_and_static_files_are_served(client):
    assert client.get("/").status_code == 200
    assert "text/html" in client.get("/table/abc").headers["content-type"]


def test_bots_come_as_levels_easy_then_hard(client):
    """Easy is the gentlest of the game's own bots, medium its default where that is
    stronger, hard the search bot at a second a move; a table accepts it like any bot."""
    for g in client.get("/api/games").json():
        bots = g["bots"]
        names = [b["name"] for b in bots]
        assert bots[0]["name"] == easy_bot(g["id"]) and bots[0]["label"].startswith("easy")
        assert len(names) == len(set(names)) and g["default_bot"] in names
        levels = 1
        if g["default_bot"] != bots[0]["name"]:
            assert bots[1] == {"name": g["default_bot"], "label": f"medium ({g['default_bot']})",
                               "help": bots[1]["help"]}
            levels = 2
        hard = bots[levels]
        assert hard == {"name": tuned_spec(g["id"]), "label": "hard (search, 1 s a move)",
                        "help": hard["help"]}
        assert hard["name"].startswith("ismcts:1s")
    city = next(g for g in client.get("/api/games").json() if g["id"] == "gangster-city")
    assert [b["label"] for b in city["bots"]][:3] == [
        "easy (heuristic)", "medium (detective)", "hard (search, 1 s a move)"]
    made = client.post("/api/tables", json={
        "game": "gangster-city", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:1s"}]})
    assert made.status_code == 200, made.text
    hard = tuned_spec("chicago-gangster")
    assert "model=default" in hard
    made = client.post("/api/tables", json={
        "game": "chicago-gangster", "players": 3,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": hard}, {"kind": "bot", "bot": hard}]})
    assert made.status_code == 200, made.text


def test_an_open_table_left_alone_leaves_the_lobby_but_not_its_players(client):
    """A table whose free seats nobody took, and that nothing changed for six hours, is
    no longer listed to strangers; its creator (who holds its token) still sees it, and
    its link still opens it. A running table is listed however quiet it is."""
    import sqlalchemy as sa

    from gangland.server import schema

    waiting = client.post("/api/tables", json={
        "game": "gangster-city", "players": 2, "seats": [{"kind": "human"}] * 2}).json()
    running = client.post("/api/tables", json={"game": "gangster-city", "players": 2}).json()
    ids = {waiting["table"]["id"], running["table"]["id"]}
    listed = {t["id"] for t in client.get("/api/tables").json()}
    assert ids <= listed
    long_ago = datetime.now(UTC) - timedelta(hours=7)
    engine = client.app.state.hub.store.engine
    with engine.begin() as conn:
        conn.execute(sa.update(schema.tables).where(schema.tables.c.id.in_(ids))
                     .values(updated=long_ago))
    listed = {t["id"] for t in client.get("/api/tables").json()}
    assert waiting["table"]["id"] not in listed and running["table"]["id"] in listed
    mine = client.get("/api/tables", headers={"X-Gangland-Keys": waiting["token"]}).json()
    assert waiting["table"]["id"] in {t["id"] for t in mine}
    assert client.get(f"/api/tables/{waiting['table']['id']}").status_code == 200

"""The deployment of docs/deploy.md, for real: nginx with TLS in front of two server
processes on one PostgreSQL, with the configuration shipped in ``deploy/``.

Skipped where nginx, openssl or PostgreSQL is missing (``scripts/prepare-tests.sh``
installs nginx when it can).
"""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import ServerProcess, free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"

pytestmark = pytest.mark.skipif(
    shutil.which("nginx") is None or shutil.which("openssl") is None,
    reason="no nginx or openssl on this machine")


class Proxy:
    """nginx running ``deploy/nginx-gangland.conf`` in a folder of its own, on free ports,
    with a self-signed certificate, in front of ``upstreams``."""

    def __init__(self, folder: Path, upstreams: list[int]) -> None:
        self.folder = folder
        for sub in ("logs", "tmp"):
            (folder / sub).mkdir()
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=localhost", "-keyout", str(folder / "key.pem"),
             "-out", str(folder / "cert.pem")], check=True, capture_output=True)
        self.http_port, self.https_port = free_port(), free_port()
        site = (DEPLOY / "nginx-gangland.conf").read_text()
        site = site.replace("server 127.0.0.1:8001", f"server 127.0.0.1:{upstreams[0]}")
        site = site.replace("server 127.0.0.1:8002", f"server 127.0.0.1:{upstreams[1]}")
        site = site.replace("listen 80;", f"listen 127.0.0.1:{self.http_port};")
        site = site.replace("listen 443 ssl", f"listen 127.0.0.1:{self.https_port} ssl")
        site = site.replace("/etc/letsencrypt/live/gangland.example.org/fullchain.pem",
                            str(folder / "cert.pem"))
        site = site.replace("/etc/letsencrypt/live/gangland.example.org/privkey.pem",
                            str(folder / "key.pem"))
        rules = "\n".join(line for line in site.splitlines() if not line.lstrip().startswith("#"))
        assert "8001" not in rules and "/etc/" not in rules, "the shipped file changed shape"
        temp = folder / "tmp"
        (folder / "nginx.conf").write_text(f"""
pid {folder}/nginx.pid;
error_log {folder}/logs/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/logs/access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
{site}
}}
""")
        self.proc = subprocess.Popen(
            ["nginx", "-p", str(folder), "-c", str(folder / "nginx.conf"),
             "-g", "daemon off; user root;"], stderr=subprocess.PIPE)
        self.base = f"https://127.0.0.1:{self.https_port}"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(self.proc.stderr.read().decode() if self.proc.stderr
                                   else "nginx ended")
            try:
                if self.http().get("/healthz").status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("nginx did not start")

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, verify=False, timeout=10)

    def ws(self, table_id: str) -> Any:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        return connect(f"wss://127.0.0.1:{self.https_port}/ws/tables/{table_id}",
                       ssl=context)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def deployed(pg_url: str, tmp_path: Path) -> Iterator[tuple[Proxy, list[ServerProcess]]]:
    servers = [ServerProcess(pg_url, "--proxy", "127.0.0.1", "--create-burst", "3")
               for _ in range(2)]
    proxy = None
    try:
        proxy = Proxy(tmp_path, [s.port for s in servers])
        yield proxy, servers
    finally:
        if proxy is not None:
            proxy.stop()
        for server in servers:
            server.stop()


def _state(ws: Any) -> dict[str, Any]:
    while (m := json.loads(ws.recv(timeout=15)))["type"] != "state":
        assert m["type"] != "error", m
    return dict(m)


def test_a_game_through_nginx_with_tls_and_two_processes(deployed: Any):
    proxy, servers = deployed
    with proxy.http() as http:
        plain = httpx.get(f"http://127.0.0.1:{proxy.http_port}/table/x",
                          follow_redirects=False)
        assert plain.status_code == 301 and plain.headers["location"].startswith("https://")
        assert http.get("/").status_code == 200
        made = http.post("/api/tables", json={
            "game": "gangster-city", "players": 2, "name": "Ann",
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        tid, ann, bo = made["table"]["id"], made["token"], made["invites"][0]["token"]
        # Every request goes to the next process in turn: a socket on each of them.
        with proxy.ws(tid) as ws_ann, proxy.ws(tid) as ws_bo:
            ws_ann.send(json.dumps({"type": "hello", "token": ann}))
            ws_bo.send(json.dumps({"type": "hello", "token": bo, "name": "Bo"}))
            seen = _state(ws_ann)
            while not seen["legal"]:
                seen = _state(ws_ann)
            ws_ann.send(json.dumps({"type": "act", "action": seen["legal"][0]["text"],
                                    "version": 0}))
            theirs = _state(ws_bo)
            while theirs["version"] < 1:
                theirs = _state(ws_bo)
            assert theirs["legal"]
        for server in servers:  # both processes have the move
            with server.http() as direct:
                deadline = time.monotonic() + 10
                while direct.get(f"/api/tables/{tid}").json()["version"] < 1:
                    assert time.monotonic() < deadline
                    time.sleep(0.05)


def test_a_client_cannot_name_its_own_address_through_the_proxy(deployed: Any):
    """nginx replaces the X-Forwarded-For a client sends, so the limit counts this client
    however it names itself: each of the two processes lets one address create three
    tables at once, six in all, whatever eight different names it gives."""
    proxy, _ = deployed
    table = {"game": "gangster-city", "players": 2}
    with proxy.http() as http:
        codes = [http.post("/api/tables", json=table,
                           headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
                 for n in range(8)]
    assert sorted(codes) == [200] * 6 + [429] * 2, codes

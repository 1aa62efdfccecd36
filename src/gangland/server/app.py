"""The ASGI application: API, WebSocket, and the browser client's static files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import gangland

from . import api, ws
from .addresses import AddressLimits
from .config import Settings
from .hub import Hub
from .messages import Refused

WEB = Path(gangland.__file__).with_name("web")

#: The client is plain same-origin files: no inline script, style attribute or handler
#: (``dom.js`` sets styles through the CSSOM, which CSP allows), nothing from elsewhere.
#: ``connect-src 'self'`` covers the table's own ``ws:``/``wss:`` origin (CSP 3).
CSP = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
    "connect-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'",
    "form-action 'self'",
])
#: Sent with every HTTP response. ``no-referrer``: a page's address never travels to
#: another site (an invite's token is in the fragment, never sent, and the table page
#: takes it out of the address at once; this closes the rest).
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class SecurityHeaders:
    """Pure ASGI: the security headers on every HTTP response (a handler may set its own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


def too_big(limit: int) -> JSONResponse:
    return JSONResponse({"detail": f"a request body has at most {limit} bytes",
                         "code": "too_big"}, status_code=413)


class DeclaredLength:
    """Pure ASGI: a body whose ``Content-Length`` passes the limit is refused (413) before a
    byte of it is read. FastAPI's own limit (``max_body_size``) counts the bytes of a body
    streamed without a length as they come; this answers the declared case in the API's
    JSON rather than its plain text."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            length = Headers(scope=scope).get("content-length", "")
            if length.isdigit() and int(length) > self.limit:
                await too_big(self.limit)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class Gangland(FastAPI):
    """FastAPI with the security headers and the declared-length check outermost, so that
    every answer carries the headers, even those of the outer layers (a 500)."""

    def build_middleware_stack(self) -> ASGIApp:
        limit = self.max_body_size
        stack = super().build_middleware_stack()
        return SecurityHeaders(stack if limit is None else DeclaredLength(stack, limit))


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web table for ``settings`` (defaults: SQLite under the user's data directory)."""
    hub = Hub(settings or Settings())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    limit = hub.settings.max_body_bytes
    # FastAPI's body limit counts a streamed body's bytes as they come (a declared length
    # is refused before that, by DeclaredLength). No /docs: Swagger's page loads its code
    # from a CDN, on the origin that holds the seat tokens; /openapi.json stays.
    app = Gangland(title="Gangland", version=gangland.__version__, lifespan=lifespan,
                   max_body_size=limit, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.state.addresses = AddressLimits(hub.settings)
    app.include_router(api.router)
    app.include_router(ws.router)

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse(api.refusal_body(exc), status_code=exc.status)

    @app.exception_handler(413)
    async def streamed_too_big(_request: Request, _exc: HTTPException) -> JSONResponse:
        return too_big(limit)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"] if p != "body")
        return JSONResponse(
            {"detail": f"{where}: {first['msg']}" if where else first["msg"],
             "code": "bad_message"},
            status_code=400,
        )

    @app.get("/healthz", include_in_schema=False)
    async def health() -> JSONResponse:
        """For a proxy or an orchestrator: 200 while this process serves and reaches its
        database, 503 when the database does not answer (docs/deploy.md)."""
        try:
            await hub.store.read(hub.store.ping)
        except Exception as error:  # any failure to reach the database is "not healthy"
            return JSONResponse({"status": "unhealthy", "database": type(error).__name__},
                                status_code=503)
        return JSONResponse({"status": "ok", "version": gangland.__version__})

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    app.mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static")
    return app

"""The ASGI application: API, WebSocket, and the browser client's static files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

import gangland

from . import api, ws
from .config import Settings
from .hub import Hub
from .messages import Refused

WEB = Path(gangland.__file__).with_name("web")


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

    app = FastAPI(title="Gangland", version=gangland.__version__, lifespan=lifespan)
    app.state.hub = hub
    app.include_router(api.router)
    app.include_router(ws.router)

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse(api.refusal_body(exc), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"] if p != "body")
        return JSONResponse(
            {"detail": f"{where}: {first['msg']}" if where else first["msg"],
             "code": "bad_message"},
            status_code=400,
        )

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    app.mount("/static", StaticFiles(directory=WEB, check_dir=False), name="static")
    return app

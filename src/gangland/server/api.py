"""The HTTP API: lobby, seats, actions, take-backs, records and replays (``docs/web.md``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from . import lobby, rematch, replays, reviews, takeback
from .hub import Hub
from .messages import Refused
from .schema import BOT_SPEC_LENGTH

router = APIRouter(prefix="/api")

OptionValue = StrictBool | StrictInt | StrictStr


class Strict(BaseModel):
    """Request bodies refuse unknown fields: a typo is an error, not a silent default."""

    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    kind: Literal["human", "bot"]
    bot: str | None = Field(None, max_length=BOT_SPEC_LENGTH)


class CreateTable(Strict):
    game: str = Field(max_length=64)
    players: StrictInt
    options: dict[str, OptionValue] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = None
    name: str | None = Field(None, max_length=200)
    seat: StrictInt = 0
    think_ms: StrictInt | None = Field(None, ge=0, le=10_000)
    clock_s: StrictInt | None = Field(None, ge=5, le=86_400)
    invite_only: StrictBool = False


class Join(Strict):
    seat: StrictInt
    name: str | None = Field(None, max_length=200)
    token: str | None = Field(None, max_length=200)


class Again(Strict):
    token: str | None = Field(None, max_length=200)


class Act(Strict):
    token: str = Field(max_length=200)
    action: str = Field(max_length=300)
    version: StrictInt


class TakeBack(Strict):
    token: str = Field(max_length=200)
    version: StrictInt


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


@router.get("/games")
async def games() -> list[dict[str, Any]]:
    return lobby.games_catalogue()


@router.post("/tables")
async def create(body: CreateTable, request: Request) -> dict[str, Any]:
    request.app.state.addresses.check("create", request.scope)
    return await lobby.create_table(
        hub_of(request), body.game, body.players, body.options,
        None if body.seats is None else [s.model_dump() for s in body.seats],
        body.name, body.seat, body.think_ms, body.clock_s, body.invite_only,
    )


# A seat token or an invite-only table's watch key, sent in a header rather than in the
# address so that it stays out of access logs.
Key = Annotated[str | None, Header(alias="X-Gangland-Key", max_length=200)]


@router.get("/tables")
async def tables(
    request: Request,
    status: Annotated[Literal["open", "running", "finished"] | None, Query()] = None,
    keys: Annotated[str | None, Header(alias="X-Gangland-Keys", max_length=30_000)] = None,
) -> list[dict[str, Any]]:
    """``X-Gangland-Keys``: the seat tokens and watch keys this browser holds, separated by
    spaces; invite-only tables are listed only to a holder of one of theirs."""
    return await lobby.listing(hub_of(request), status, (keys or "").split())


@router.get("/turns")
async def turns(
    request: Request,
    keys: Annotated[str | None, Header(alias="X-Gangland-Keys", max_length=30_000)] = None,
) -> list[dict[str, Any]]:
    """The running tables where a seat whose token is in ``X-Gangland-Keys`` is to move."""
    return await lobby.turns(hub_of(request), (keys or "").split())


@router.get("/tables/{table_id}")
async def table(table_id: str, request: Request, key: Key = None) -> dict[str, Any]:
    live, _ = await hub_of(request).get_for(table_id, key)
    return live.summary()


@router.post("/tables/{table_id}/join")
async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
    return await lobby.join(hub_of(request), table_id, body.seat, body.name, body.token)


@router.post("/tables/{table_id}/again")
async def again(table_id: str, body: Again, request: Request) -> dict[str, Any]:
    """Play a finished game again with the same seats (``rematch``): the asking seat's
    token of this table gives its seat at the rematch, created by the first to ask."""
    return await rematch.play_again(
        hub_of(request), table_id, body.token,
        lambda: request.app.state.addresses.check("create", request.scope),
    )


@router.post("/tables/{table_id}/actions")
async def act(table_id: str, body: Act, request: Request) -> dict[str, Any]:
    version = await hub_of(request).act(table_id, body.token, body.action, body.version)
    return {"version": version}


@router.post("/tables/{table_id}/take-back")
async def take_back(table_id: str, body: TakeBack, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    live = await hub.get(table_id)
    seat = hub.seat_for(live, body.token)
    return {"version": await takeback.take_back(hub, live, seat, body.version)}


@router.get("/tables/{table_id}/record")
async def record(table_id: str, request: Request, key: Key = None) -> dict[str, Any]:
    live, _ = await hub_of(request).get_for(table_id, key)
    return replays.finished(live).state.record()


@router.get("/tables/{table_id}/replay")
async def replay(
    table_id: str,
    request: Request,
    step: Annotated[int, Query(ge=0)] = 0,
    seat: Annotated[int | None, Query(ge=0)] = None,
    key: Key = None,
) -> dict[str, Any]:
    hub = hub_of(request)
    live, _ = await hub.get_for(table_id, key)
    return await replays.replay_step(hub, live, seat, step)


class ReviewAsk(Strict):
    seat: StrictInt


@router.post("/tables/{table_id}/review")
async def start_review(table_id: str, body: ReviewAsk, request: Request,
                       key: Key = None) -> dict[str, Any]:
    """Start the game review of a finished table's seat (docs/review.md); its status."""
    hub = hub_of(request)
    live, _ = await hub.get_for(table_id, key)
    return await reviews.start_review(hub, live, body.seat)


@router.get("/tables/{table_id}/review")
async def review(
    table_id: str,
    request: Request,
    seat: Annotated[int, Query(ge=0)],
    key: Key = None,
) -> dict[str, Any]:
    """How far the review of ``seat`` is, and its figures so far."""
    hub = hub_of(request)
    live, _ = await hub.get_for(table_id, key)
    return await reviews.review_status(hub, live, seat)


@router.get("/tables/{table_id}/log")
async def log(
    table_id: str,
    request: Request,
    before: Annotated[int | None, Query(ge=0)] = None,
    key: Key = None,
) -> dict[str, Any]:
    """A page of the log up to version ``before`` (default: the newest), as the seat whose
    token is ``key`` saw it (a spectator's otherwise)."""
    live, seat = await hub_of(request).get_for(table_id, key)
    return replays.log_page(live, seat, live.version if before is None else before)


def refusal_body(refused: Refused) -> dict[str, Any]:
    return {"detail": refused.message, "code": refused.code}

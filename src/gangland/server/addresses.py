"""What one client address may cost the server: tables created, sockets opened.

A seat's own limits (chat, auto-pass switches) are keyed by the seat; these are keyed by
the client's address, since creating a table or opening a socket needs no seat. The
address is the connection's peer, or, only when that peer is a proxy the operator trusts
(``gangland serve --proxy ADDRESS``), the client the proxy names in ``X-Forwarded-For``.
Uvicorn's ``ProxyHeadersMiddleware`` does that trusting and rewrites the connection's
``client``; this module only reads the result, so a client that sends its own
``X-Forwarded-For`` straight to the server changes nothing (docs/deploy.md).
"""

from __future__ import annotations

from typing import Any

from .config import Settings
from .limits import RateLimit
from .messages import Refused


def client_address(scope: Any) -> str:
    """The client's address as the server believes it (``unknown`` without one)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class AddressLimits:
    """One token bucket per address for each costly thing a client may ask."""

    def __init__(self, settings: Settings) -> None:
        self.limits = {
            "create": RateLimit(settings.create_burst, settings.create_every_s),
            "connect": RateLimit(settings.connect_burst, settings.connect_every_s),
        }

    def check(self, what: str, scope: Any) -> None:
        """Use one of the address's ``what`` tokens, or refuse (429) saying how long to wait.

        >>> limits = AddressLimits(Settings(db_url="sqlite://", create_burst=1))
        >>> limits.check("create", {"client": ("203.0.113.9", 5000)})
        >>> limits.check("create", {"client": ("203.0.113.9", 5001)})
        Traceback (most recent call last):
        ...
        gangland.server.messages.Refused: slow down: this address may create ...
        >>> limits.check("create", {"client": ("198.51.100.7", 5000)})  # another address
        """
        wait = self.limits[what].take(client_address(scope))
        if wait:
            noun = "create a table" if what == "create" else "open a table's socket"
            raise Refused("too_fast", f"slow down: this address may {noun} again in "
                                      f"{max(1, round(wait))} s")

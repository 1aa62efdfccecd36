"""Server settings: where tables are stored and how bots and clocks behave."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_data_dir


def default_db_url() -> str:
    """An SQLite file under the user's data directory (created when missing)."""
    folder = Path(user_data_dir("gangland", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.db'}"


def db_url_from(text: str | None) -> str:
    """``--db`` as given: a URL, or a plain file path meaning an SQLite file there.

    >>> db_url_from("/tmp/x.db")
    'sqlite:////tmp/x.db'
    >>> db_url_from("postgresql://localhost/test")
    'postgresql+psycopg://localhost/test'
    """
    if not text:
        return default_db_url()
    if text.startswith(("postgresql://", "postgres://")):
        # psycopg 3 is the driver we depend on; SQLAlchemy's default would be psycopg2.
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


@dataclass(frozen=True)
class Settings:
    """Everything ``create_app`` needs; the command line fills it in."""

    db_url: str = field(default_factory=default_db_url)
    #: ``process`` (default): bots think in worker processes, never holding the event
    #: loop's interpreter lock; ``thread``: in threads of this process (cheaper to start).
    bot_pool: str = "process"
    bot_workers: int = 2
    #: A table's default least time a bot takes to move, so people can follow the game.
    think_ms: int = 700
    #: The least think time a table may ask for. A bot that does not search decides in
    #: milliseconds that depend on what it holds (a hand with one playable card is quicker
    #: to weigh than one with five); below this its move would be shown as soon as it is
    #: decided, and the table could time it. The operator's own ``think_ms`` is not held to
    #: it (tests and benchmarks run with none).
    min_think_ms: int = 250
    #: Store a snapshot every this many actions (a cache: tables load from it quickly).
    snapshot_every: int = 50
    #: Keep the state after every this many actions for replays (0: only when one is
    #: first asked for): a replay step then applies fewer than this many actions.
    checkpoint_every: int = 100
    #: At most this many replay steps are worked out at once, off the event loop.
    replay_workers: int = 2
    #: A finished table's game review (docs/review.md), made by the bot workers a decision
    #: at a time: the search's iterations and the playouts per decision, and how many
    #: reviews this process makes at once (more are refused until one is done).
    review_iterations: int = 200
    review_samples: int = 64
    review_max: int = 2
    #: A seat's only legal move (a pass with no usable counter) is played for it after a
    #: random wait in this range, so its timing tells little from a quick decision.
    forced_delay_ms: tuple[int, int] = (1000, 3000)
    #: Resume tables with a bot to move when the server starts.
    resume_on_start: bool = True
    # ----- bots at the web table: caps and timing (docs/web.md, "Bots at the table") -----
    #: The most seconds a search may think per move. A spec asking more is refused when a
    #: table is created; an iteration budget is stopped at it; a spec stored before the cap
    #: (a resumed table) is clamped to it. Five seconds: the hard levels' second fits five
    #: times over, and a 2-core server whose two workers both serve searches at the cap
    #: keeps every other table's bot waiting at most that long.
    bot_max_seconds: float = 5.0
    #: The most iterations a search spec may name (more is refused). Twenty thousand is
    #: some seconds of the fastest search here, so the time cap, not this, is what binds.
    bot_max_iterations: int = 20_000
    #: A bot's move is released after the table's think time (or its search's time) times
    #: ``1 + bot_jitter * u``, ``u`` drawn uniformly by the operating system's generator.
    bot_jitter: float = 0.2
    # ----- limits: what one client may cost the server (docs/web.md, "Limits") -----
    #: An HTTP request body above this many bytes is refused with 413 as soon as its
    #: ``Content-Length`` (or, streamed, its count so far) says so, never read whole. The
    #: largest request, six seats with every option and the longest names, is under 2 KiB.
    max_body_bytes: int = 64 * 1024
    #: A WebSocket message above this many bytes closes the connection (1009). ``gangland
    #: serve`` hands it to uvicorn (``ws_max_size``), which stops reading such a frame at
    #: once; the receive loop checks it again for servers that do not. (Messages above
    #: 4096 characters but within this are refused with ``bad_message``, the socket kept.)
    max_message_bytes: int = 16 * 1024
    #: A seat may send this many chat lines at once, then one every ``chat_every_s``.
    chat_burst: int = 5
    chat_every_s: float = 1.0
    #: A table keeps its newest this-many chat lines; older ones are deleted as new ones
    #: come (at most 500 characters each: a table's chat stays under ~1 MB).
    chat_kept: int = 500
    #: Messages queued for one connection. A reader that lets more pile up is too slow to
    #: follow the table: it is closed (1013) and, reconnecting, gets the whole state again.
    #: It must exceed what a new connection is sent at once (welcome, 100 chat lines, state).
    send_queue: int = 256
    #: One client address may create this many tables at once, then one every
    #: ``create_every_s`` seconds; and open this many table sockets at once, then one every
    #: ``connect_every_s`` (a page reconnecting after a network cut opens one). The address
    #: is the proxy's word for it only where ``gangland serve --proxy`` trusts the proxy.
    #: An open table (seats still free) that nothing has changed for this long leaves
    #: the lobby's lists: it is still listed to those who hold one of its links, and
    #: its links still open it.
    abandoned_after_s: float = 6 * 3600.0
    create_burst: int = 10
    create_every_s: float = 20.0
    connect_burst: int = 30
    connect_every_s: float = 1.0

    def __post_init__(self) -> None:
        """A limit that could never let the client work is a mistake: say which at once."""
        for name in ("max_body_bytes", "max_message_bytes", "chat_burst", "chat_kept",
                     "create_burst", "connect_burst"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")
        for name in ("chat_every_s", "create_every_s", "connect_every_s"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be above 0, not {getattr(self, name)}")
        if self.send_queue < HELLO_BURST:
            raise ValueError(f"send_queue must be at least {HELLO_BURST} (what a new "
                             f"connection is sent at once), not {self.send_queue}")


#: What a new connection is sent before its writer starts: the welcome, the chat tail (100
#: lines, ``Store.chat``) and its first state.
HELLO_BURST = 102

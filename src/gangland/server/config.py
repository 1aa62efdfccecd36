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
    #: Store a snapshot every this many actions (a cache: tables load from it quickly).
    snapshot_every: int = 50
    #: Keep the state after every this many actions for replays (0: only when one is
    #: first asked for): a replay step then applies fewer than this many actions.
    checkpoint_every: int = 100
    #: At most this many replay steps are worked out at once, off the event loop.
    replay_workers: int = 2
    #: A seat's only legal move (a pass with no usable counter) is played for it after a
    #: random wait in this range, so its timing tells little from a quick decision.
    forced_delay_ms: tuple[int, int] = (1000, 3000)
    #: Resume tables with a bot to move when the server starts.
    resume_on_start: bool = True

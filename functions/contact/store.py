"""Where accepted messages are kept: the interface, and the local SQLite outbox.

Store first, then notify: a message is `pending` from the moment it is stored until the
studio's email has gone out (`sent`). A message caught by a spam trap is kept as `spam`,
with the reason, never emailed, and deleted once `expires_at` (Unix seconds) has passed.
Nothing here imports boto3, so the local path and a cold start that only needs the outbox
stay fast; the AWS store lives in `aws.py`.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Protocol

from .rules import Submission

log = logging.getLogger(__name__)

PENDING = "pending"
SENT = "sent"
SPAM = "spam"


class StorageUnavailable(Exception):
    """The store could not keep the message; nothing may be reported as sent."""


@dataclass(frozen=True)
class StoredMessage:
    id: str
    created_at: str  # ISO 8601, UTC
    name: str
    email: str
    phone: str
    artist: str
    service: str
    message: str
    client: str
    status: str = PENDING
    attempts: int = 0
    last_error: str = ""
    sent_at: str = ""
    spam_reason: str = ""  # why a spam trap caught it (status spam only)
    expires_at: int = 0  # Unix seconds after which it is deleted; 0: kept
    artist_name: str = ""  # the artist's name when the message came ("" for no preference)

    @classmethod
    def new(
        cls, id: str, created_at: str, submission: Submission, client: str, artist_name: str = ""
    ) -> StoredMessage:
        return cls(
            id=id,
            created_at=created_at,
            client=client,
            artist_name=artist_name,
            **asdict(submission),
        )

    def as_spam(self, reason: str, expires_at: int) -> StoredMessage:
        return replace(self, status=SPAM, spam_reason=reason, expires_at=expires_at)

    def expired(self, now: float) -> bool:
        return 0 < self.expires_at <= now

    def to_dict(self) -> dict:
        return asdict(self)

    def sent(self, at: str) -> StoredMessage:
        return replace(self, status=SENT, sent_at=at, attempts=self.attempts + 1, last_error="")


class MessageStore(Protocol):
    def add(self, message: StoredMessage) -> None:
        """Keep the message durably or raise StorageUnavailable."""

    def mark_sent(self, message_id: str, at: str) -> None: ...

    def mark_failed(self, message_id: str, error: str) -> None:
        """Record a failed notification; the message stays pending."""

    def pending(self, limit: int = 100) -> list[StoredMessage]: ...

    def list(self, limit: int | None = None) -> list[StoredMessage]:
        """Newest first."""


_COLUMNS = tuple(StoredMessage.__dataclass_fields__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    artist TEXT NOT NULL,
    service TEXT NOT NULL,
    message TEXT NOT NULL,
    client TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    sent_at TEXT NOT NULL DEFAULT '',
    spam_reason TEXT NOT NULL DEFAULT '',
    expires_at INTEGER NOT NULL DEFAULT 0,
    artist_name TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS messages_pending ON messages (status, created_at);
"""
# Columns added after the first release: an outbox written by an older version gets them.
_ADDED_COLUMNS = {
    "spam_reason": "TEXT NOT NULL DEFAULT ''",
    "expires_at": "INTEGER NOT NULL DEFAULT 0",
    "artist_name": "TEXT NOT NULL DEFAULT ''",
}


class SqliteOutbox:
    """A SQLite file in WAL mode: many readers, one writer at a time, every commit fsynced.

    One connection per thread (uvicorn runs the handler in a thread pool); writers queue on
    SQLite's own lock for up to `timeout` seconds instead of failing under a burst.
    """

    def __init__(self, path: Path, timeout: float = 30.0, clock: Callable[[], float] = time.time):
        self.path = Path(path)
        self.timeout = timeout
        self.clock = clock
        self._local = threading.local()
        self._ready = False
        self._ready_lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            return conn
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
            conn.execute("PRAGMA journal_mode=WAL")
            # FULL: a message we answered "sent" for survives a power cut, not just a crash.
            conn.execute("PRAGMA synchronous=FULL")
            conn.row_factory = sqlite3.Row
            with self._ready_lock:
                if not self._ready:
                    conn.executescript(_SCHEMA)
                    _add_missing_columns(conn)
                    self._ready = True
        except (sqlite3.Error, OSError) as exc:
            raise StorageUnavailable(f"outbox {self.path} cannot be opened: {exc}") from exc
        self._local.conn = conn
        return conn

    def _write(self, sql: str, params: tuple, *more: tuple[str, tuple]) -> int:
        """Run the statements in one transaction; the row count of the first."""
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                count = conn.execute(sql, params).rowcount
                for other_sql, other_params in more:
                    conn.execute(other_sql, other_params)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc
        return count

    def add(self, message: StoredMessage) -> None:
        values = tuple(getattr(message, c) for c in _COLUMNS)
        placeholders = ", ".join("?" for _ in _COLUMNS)
        # Expired spam goes with the next write: in the same commit, so it costs no fsync.
        self._write(
            f"INSERT INTO messages ({', '.join(_COLUMNS)}) VALUES ({placeholders})",
            values,
            (
                "DELETE FROM messages WHERE status = ? AND expires_at > 0 AND expires_at <= ?",
                (SPAM, int(self.clock())),
            ),
        )

    def mark_sent(self, message_id: str, at: str) -> None:
        self._write(
            "UPDATE messages SET status = ?, sent_at = ?, attempts = attempts + 1, last_error = ''"
            " WHERE id = ?",
            (SENT, at, message_id),
        )

    def mark_failed(self, message_id: str, error: str) -> None:
        self._write(
            "UPDATE messages SET status = ?, attempts = attempts + 1, last_error = ? WHERE id = ?",
            (PENDING, error[:500], message_id),
        )

    def _read(self, sql: str, params: tuple) -> list[StoredMessage]:
        try:
            rows = self._connect().execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc
        return [StoredMessage(**{c: row[c] for c in _COLUMNS}) for row in rows]

    def pending(self, limit: int = 100) -> list[StoredMessage]:
        return self._read(
            "SELECT * FROM messages WHERE status = ? ORDER BY created_at LIMIT ?", (PENDING, limit)
        )

    def list(self, limit: int | None = None) -> list[StoredMessage]:
        return self._read(
            "SELECT * FROM messages ORDER BY created_at DESC, rowid DESC LIMIT ?",
            (-1 if limit is None else limit,),
        )

    def count(self) -> int:
        try:
            return self._connect().execute("SELECT count(*) FROM messages").fetchone()[0]
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc


def _add_missing_columns(conn: sqlite3.Connection) -> None:
    present = {row[1] for row in conn.execute("PRAGMA table_info(messages)")}
    for name, declaration in _ADDED_COLUMNS.items():
        if name not in present:
            try:
                conn.execute(f"ALTER TABLE messages ADD COLUMN {name} {declaration}")
            except sqlite3.OperationalError as exc:  # another process added it first
                if "duplicate column" not in str(exc):
                    raise

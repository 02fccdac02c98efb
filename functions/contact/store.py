"""Where accepted messages are kept: the interface, and the local SQLite outbox.

Store first, then notify: a message is `pending` from the moment it is stored until the
studio's email has gone out (`sent`). Nothing here imports boto3, so the local path and a
cold start that only needs the outbox stay fast; the AWS store lives in `aws.py`.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Protocol

from .rules import Submission

log = logging.getLogger(__name__)

PENDING = "pending"
SENT = "sent"


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

    @classmethod
    def new(cls, id: str, created_at: str, submission: Submission, client: str) -> StoredMessage:
        return cls(id=id, created_at=created_at, client=client, **asdict(submission))

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
    sent_at TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS messages_pending ON messages (status, created_at);
"""


class SqliteOutbox:
    """A SQLite file in WAL mode: many readers, one writer at a time, every commit fsynced.

    One connection per thread (uvicorn runs the handler in a thread pool); writers queue on
    SQLite's own lock for up to `timeout` seconds instead of failing under a burst.
    """

    def __init__(self, path: Path, timeout: float = 30.0):
        self.path = Path(path)
        self.timeout = timeout
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
                    self._ready = True
        except (sqlite3.Error, OSError) as exc:
            raise StorageUnavailable(f"outbox {self.path} cannot be opened: {exc}") from exc
        self._local.conn = conn
        return conn

    def _write(self, sql: str, params: tuple) -> int:
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                count = conn.execute(sql, params).rowcount
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
        self._write(f"INSERT INTO messages ({', '.join(_COLUMNS)}) VALUES ({placeholders})", values)

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

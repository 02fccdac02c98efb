"""Where accepted messages are kept locally: the SQLite outbox (the interface: logic/ports.py).

Store first, then notify: a message is `pending` from the moment it is stored until the
studio's email has gone out (`sent`). A message caught by a spam trap is kept as `spam`,
with the reason, never emailed. Every message is deleted once `expires_at` (Unix seconds)
has passed: spam by its own retention, the others by site.yaml's (models/retention.py),
which every write here recomputes (docs/privacy.md).
Nothing here imports boto3, so the local path and a cold start that only needs the outbox
stay fast; the AWS store lives in `dynamodb.py`.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from ..models.budget import Hour
from ..models.message import (
    ONCE_PER_MESSAGE,
    PENDING,
    SENT,
    SPAM,
    AlreadyAttached,
    AlreadyHeld,
    StorageUnavailable,
    StoredMessage,
)
from ..models.request_state import RELEASES_HOLD, kept_hold
from ..models.retention import (
    DEFAULT_RETENTION,
    Purged,
    Retention,
    backfilled,
    due_at,
    kept,
)

log = logging.getLogger(__name__)
T = TypeVar("T")

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
    artist_name TEXT NOT NULL DEFAULT '',
    images TEXT NOT NULL DEFAULT '[]',
    flash TEXT NOT NULL DEFAULT '',
    request TEXT NOT NULL DEFAULT '',
    policies_version TEXT NOT NULL DEFAULT '',
    waitlist INTEGER NOT NULL DEFAULT 0,
    released_at TEXT NOT NULL DEFAULT '',
    lang TEXT NOT NULL DEFAULT 'en',
    state TEXT NOT NULL DEFAULT 'new',
    state_history TEXT NOT NULL DEFAULT '[]',
    deposit_cents INTEGER NOT NULL DEFAULT 0,
    checkout_session TEXT NOT NULL DEFAULT '',
    hold TEXT NOT NULL DEFAULT '',
    consent TEXT NOT NULL DEFAULT '',
    session_date TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS messages_pending ON messages (status, created_at);
-- One row per attached upload: the primary key makes an upload attach to one message only.
CREATE TABLE IF NOT EXISTS attachments (
    upload_id TEXT PRIMARY KEY,
    message_id TEXT NOT NULL
);
-- One row per held one-off flash design: the primary key makes the first claim hold it
-- (docs/contact.md, "A one-off design is held by the first claim").
CREATE TABLE IF NOT EXISTS holds (
    design_id TEXT PRIMARY KEY,
    message_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS holds_message ON holds (message_id);
-- Image bytes granted per hour, all visitors together (budget.py).
CREATE TABLE IF NOT EXISTS upload_budget (
    hour TEXT PRIMARY KEY,
    bytes INTEGER NOT NULL
);
-- Things counted per hour, all visitors together: the confirmations (budget.py).
CREATE TABLE IF NOT EXISTS hourly_counts (
    hour TEXT PRIMARY KEY,
    n INTEGER NOT NULL
);
-- Every email a laptop, where nothing is sent, would have sent (deliver): the studio's,
-- the visitor's confirmation and outcomes, the digest; `build.py mail` lists them.
CREATE TABLE IF NOT EXISTS emails (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kept_at REAL NOT NULL,
    recipients TEXT NOT NULL,
    raw BLOB NOT NULL
);
-- What is done once: a Stripe event acted on, a deposit reminder sent (claim_once).
CREATE TABLE IF NOT EXISTS once_keys (
    key TEXT PRIMARY KEY,
    expires REAL NOT NULL
);
-- When each address (its digest) was last sent a confirmation (confirmation.py).
CREATE TABLE IF NOT EXISTS confirmations (
    address TEXT PRIMARY KEY,
    sent_at REAL NOT NULL
);
"""
# Columns added after the first release: an outbox written by an older version gets them.
_ADDED_COLUMNS = {
    "spam_reason": "TEXT NOT NULL DEFAULT ''",
    "expires_at": "INTEGER NOT NULL DEFAULT 0",
    "artist_name": "TEXT NOT NULL DEFAULT ''",
    "images": "TEXT NOT NULL DEFAULT '[]'",
    "flash": "TEXT NOT NULL DEFAULT ''",
    "request": "TEXT NOT NULL DEFAULT ''",
    "policies_version": "TEXT NOT NULL DEFAULT ''",
    "waitlist": "INTEGER NOT NULL DEFAULT 0",
    "released_at": "TEXT NOT NULL DEFAULT ''",
    "lang": "TEXT NOT NULL DEFAULT 'en'",
    # A message stored before requests had states reads as `new` (request_state.py).
    "state": "TEXT NOT NULL DEFAULT 'new'",
    "state_history": "TEXT NOT NULL DEFAULT '[]'",
    "deposit_cents": "INTEGER NOT NULL DEFAULT 0",
    "checkout_session": "TEXT NOT NULL DEFAULT ''",
    "hold": "TEXT NOT NULL DEFAULT ''",
    "consent": "TEXT NOT NULL DEFAULT ''",
    "session_date": "TEXT NOT NULL DEFAULT ''",
}
_JSON_COLUMNS = ("flash", "request", "consent")  # a dict, "" when empty
_DUE = "expires_at > 0 AND expires_at <= ?"  # spam past its retention, requests past theirs


def _owner_only(path: Path) -> None:
    """The outbox holds visitors' names, addresses and messages: readable by its owner only
    (0600), as the link secret beside it (logic/signing.local_secret). Made so before SQLite
    opens it (SQLite gives its -wal and -shm files the database's mode), and an outbox an
    earlier version made readable by others is narrowed."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        return
    except FileExistsError:
        pass
    for part in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            if part.stat().st_mode & 0o077:
                part.chmod(0o600)
        except OSError:  # gone already, or not ours to change: SQLite says if it matters
            continue


class SqliteOutbox:
    """A SQLite file in WAL mode: many readers, one writer at a time, every commit fsynced.

    One connection per thread (uvicorn runs the handler in a thread pool); writers queue on
    SQLite's own lock for up to `timeout` seconds instead of failing under a burst.
    """

    def __init__(
        self,
        path: Path,
        timeout: float = 30.0,
        clock: Callable[[], float] = time.time,
        on_purge: Callable[[list[str]], None] | None = None,
        retention: Callable[[], Retention] = lambda: DEFAULT_RETENTION,
    ):
        self.path = Path(path)
        self.timeout = timeout
        self.clock = clock
        # Told the ids of the messages each write purged, to delete their images with them.
        self.on_purge = on_purge
        # site.yaml's retention as the function knows it (api/booking.json: dal/booking.py).
        self.retention = retention
        self._local = threading.local()
        self._ready = False
        self._ready_lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            return conn
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            _owner_only(self.path)
            conn = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
            conn.execute("PRAGMA journal_mode=WAL")
            # FULL: a message we answered "sent" for survives a power cut, not just a crash.
            conn.execute("PRAGMA synchronous=FULL")
            # A deleted message is overwritten, not left in free pages (docs/privacy.md).
            conn.execute("PRAGMA secure_delete=ON")
            conn.row_factory = sqlite3.Row
            opened = False
            with self._ready_lock:
                if not self._ready:
                    conn.executescript(_SCHEMA)
                    _add_missing_columns(conn)
                    self._ready = opened = True
        except (sqlite3.Error, OSError) as exc:
            raise StorageUnavailable(f"outbox {self.path} cannot be opened: {exc}") from exc
        self._local.conn = conn
        if opened:
            try:
                self._expire()  # on open too: a laptop has no daily schedule
            except StorageUnavailable as exc:  # busy: the next write purges
                log.warning("outbox: purge on open postponed: %s", exc)
        return conn

    def _transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run work in one write transaction (rolled back if it raises); its result."""
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(conn)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc
        return result

    def _write(self, sql: str, params: tuple) -> int:
        """Run one statement in its own transaction; its row count."""
        return self._transaction(lambda conn: conn.execute(sql, params).rowcount)

    def add(self, message: StoredMessage) -> None:
        message = kept(message, self.retention())
        values = tuple(_column(message, c) for c in _COLUMNS)
        placeholders = ", ".join("?" for _ in _COLUMNS)
        now = int(self.clock())

        def insert(conn: sqlite3.Connection) -> list[str]:
            conn.execute(
                f"INSERT INTO messages ({', '.join(_COLUMNS)}) VALUES ({placeholders})", values
            )
            if message.hold and message.status != SPAM:
                try:
                    conn.execute(
                        "INSERT INTO holds (design_id, message_id) VALUES (?, ?)",
                        (message.hold, message.id),
                    )
                except sqlite3.IntegrityError:
                    raise AlreadyHeld(message.hold) from None  # rolled back: nothing kept
            taken = _claim(conn, message)
            if taken:
                raise AlreadyAttached(taken)
            # What is due goes with the next write: in the same commit, so it costs no
            # fsync; its images go after the commit (on_purge).
            return _purge(conn, now)

        purged = self._transaction(insert)
        if purged and self.on_purge is not None:
            self.on_purge(purged)

    def purge_expired(self, now: float | None = None) -> Purged:
        """Delete every message past its expires_at (with its upload claims and hold) and,
        after the commit, its images (on_purge); the ids deleted and kept. The daily pass
        calls it; opening the outbox (_expire) and every add do the same, without the list."""
        moment, retention = self.clock() if now is None else now, self.retention()

        def purge(conn: sqlite3.Connection) -> Purged:
            deleted = _due_deleted(conn, moment, retention)
            left = frozenset(row[0] for row in conn.execute("SELECT id FROM messages"))
            return Purged(deleted, left)

        purged = self._transaction(purge)
        self._after_purge(purged.deleted)
        return purged

    def _expire(self) -> None:
        """purge_expired without reading the ids left: opening the outbox needs none."""
        moment, retention = self.clock(), self.retention()
        self._after_purge(self._transaction(lambda conn: _due_deleted(conn, moment, retention)))

    def _after_purge(self, deleted: list[str]) -> None:
        """After the commit: the write-ahead log emptied and the images deleted."""
        if deleted:
            self._checkpoint()
            if self.on_purge is not None:
                self.on_purge(deleted)

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
        return [_message(row) for row in rows]

    def pending(self, limit: int = 100) -> list[StoredMessage]:
        return self._read(
            "SELECT * FROM messages WHERE status = ? ORDER BY created_at LIMIT ?", (PENDING, limit)
        )

    def list(self, limit: int | None = None) -> list[StoredMessage]:
        return self._read(
            "SELECT * FROM messages ORDER BY created_at DESC, rowid DESC LIMIT ?",
            (-1 if limit is None else limit,),
        )

    def get(self, message_id: str) -> StoredMessage | None:
        found = self._read("SELECT * FROM messages WHERE id = ?", (message_id,))
        return found[0] if found else None

    def spam_between(self, start: str, end: str, limit: int) -> tuple[list[StoredMessage], int]:
        where = "status = ? AND created_at >= ? AND created_at < ?"
        params = (SPAM, start, end)
        listed = self._read(
            f"SELECT * FROM messages WHERE {where} ORDER BY created_at LIMIT ?", (*params, limit)
        )
        try:
            (total,) = (
                self._connect()
                .execute(f"SELECT count(*) FROM messages WHERE {where}", params)
                .fetchone()
            )
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc
        return listed, total

    def in_states(self, states: tuple[str, ...]) -> list[StoredMessage]:
        if not states:
            return []
        marks = ", ".join("?" for _ in states)
        return self._read(
            f"SELECT * FROM messages WHERE state IN ({marks}) AND status != ?"
            " ORDER BY created_at, rowid",
            (*states, SPAM),
        )

    def release_spam(self, message: StoredMessage, now: float) -> bool:
        # Released, it is kept as a request is (models/retention.py), from when it came.
        due = due_at(replace(message, status=PENDING), self.retention())
        changed = self._write(
            "UPDATE messages SET status = ?, expires_at = ?, released_at = ?, images = ?"
            " WHERE id = ? AND status = ? AND (expires_at = 0 OR expires_at > ?)",
            (
                PENDING,
                due,
                message.released_at,
                _column(message, "images"),
                message.id,
                SPAM,
                int(now),
            ),
        )
        return changed == 1

    def change_state(self, message: StoredMessage, from_state: str) -> bool:
        # Under SQLite's write lock: of two changes read in the same state, the second finds
        # it changed and writes nothing. A decline or an expiry gives the design back in the
        # same transaction.
        releases = message.state in RELEASES_HOLD
        due = due_at(message, self.retention())

        def change(conn: sqlite3.Connection) -> bool:
            changed = conn.execute(
                "UPDATE messages SET state = ?, state_history = ?, deposit_cents = ?,"
                " checkout_session = ?, hold = ?, consent = ?, session_date = ?, expires_at = ?"
                " WHERE id = ? AND state = ? AND status != ?",
                (
                    message.state,
                    _column(message, "state_history"),
                    message.deposit_cents,
                    message.checkout_session,
                    kept_hold(message),
                    _column(message, "consent"),
                    message.session_date,
                    due,  # moved with the state, in the same write (models/retention.py)
                    message.id,
                    from_state,
                    SPAM,
                ),
            ).rowcount
            if changed == 1 and releases:
                conn.execute("DELETE FROM holds WHERE message_id = ?", (message.id,))
            return changed == 1

        return self._transaction(change)

    def held(self, limit: int) -> list[str]:
        try:
            rows = self._connect().execute(
                "SELECT design_id FROM holds ORDER BY design_id LIMIT ?", (max(0, limit),)
            )
            return [row[0] for row in rows.fetchall()]
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc

    def deliver(self, raw: bytes, recipients: tuple[str, ...]) -> None:
        """Keep an email instead of sending it (a Mailer, logic/confirmation.py): where no
        email is configured, what the function would have sent stays here to be read."""
        self._write(
            "INSERT INTO emails (kept_at, recipients, raw) VALUES (?, ?, ?)",
            (self.clock(), json.dumps(list(recipients)), raw),
        )

    def kept_emails(self) -> list[tuple[float, tuple[str, ...], bytes]]:
        """The kept emails, newest first: (kept at, Unix seconds; recipients; raw)."""
        try:
            rows = self._connect().execute(
                "SELECT kept_at, recipients, raw FROM emails ORDER BY seq DESC"
            )
            return [(r[0], tuple(json.loads(r[1])), bytes(r[2])) for r in rows.fetchall()]
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc

    def reserve_upload_bytes(self, hour: Hour, size: int, ceiling: int) -> bool:
        if size > ceiling:
            return False

        def reserve(conn: sqlite3.Connection) -> bool:
            # One statement under SQLite's write lock: two processes never both pass.
            added = conn.execute(
                "INSERT INTO upload_budget (hour, bytes) VALUES (?, ?)"
                " ON CONFLICT (hour) DO UPDATE SET bytes = bytes + excluded.bytes"
                " WHERE bytes + excluded.bytes <= ?",
                (hour.key, size, ceiling),
            ).rowcount
            # Keys sort by time: the hours before this one are over.
            conn.execute("DELETE FROM upload_budget WHERE hour < ?", (hour.key,))
            return added == 1

        return self._transaction(reserve)

    def count_in_hour(self, hour: Hour, ceiling: int) -> int:
        def count(conn: sqlite3.Connection) -> int:
            # One statement under SQLite's write lock, as for the upload budget; it stops
            # counting one past the ceiling, so that one is known to be the first.
            added = conn.execute(
                "INSERT INTO hourly_counts (hour, n) VALUES (?, 1)"
                " ON CONFLICT (hour) DO UPDATE SET n = n + 1 WHERE n <= ?",
                (hour.key, ceiling),
            ).rowcount
            what = hour.key.rsplit("#", 1)[0]
            conn.execute(
                "DELETE FROM hourly_counts WHERE hour LIKE ? AND hour < ?", (f"{what}#%", hour.key)
            )
            if added != 1:
                return ceiling + 2
            row = conn.execute("SELECT n FROM hourly_counts WHERE hour = ?", (hour.key,))
            return row.fetchone()[0]

        return self._transaction(count)

    def reserve_confirmation(self, key: str, now: float, window_s: float) -> bool:
        def reserve(conn: sqlite3.Connection) -> bool:
            added = conn.execute(
                "INSERT INTO confirmations (address, sent_at) VALUES (?, ?)"
                " ON CONFLICT (address) DO UPDATE SET sent_at = excluded.sent_at"
                " WHERE sent_at <= ?",
                (key, now, now - window_s),
            ).rowcount
            conn.execute("DELETE FROM confirmations WHERE sent_at <= ?", (now - window_s,))
            return added == 1

        return self._transaction(reserve)

    def claim_once(self, key: str, now: float, keep_s: float) -> bool:
        def claim(conn: sqlite3.Connection) -> bool:
            conn.execute("DELETE FROM once_keys WHERE expires <= ?", (now,))
            added = conn.execute(
                "INSERT INTO once_keys (key, expires) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                (key, now + keep_s),
            ).rowcount
            return added == 1

        return self._transaction(claim)

    def release_once(self, key: str) -> None:
        self._write("DELETE FROM once_keys WHERE key = ?", (key,))

    def confirmation_at(self, key: str) -> float | None:
        """When the address (its digest, confirmation.address_key) was last confirmed."""
        try:
            row = (
                self._connect()
                .execute("SELECT sent_at FROM confirmations WHERE address = ?", (key,))
                .fetchone()
            )
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc
        return float(row[0]) if row else None

    def forget(
        self,
        message_ids: list[str],
        confirmation_key: str = "",
        names: Callable[[tuple[str, ...], bytes], bool] | None = None,
    ) -> list[str]:
        """Delete these messages and every row naming them (upload claims, holds, the things
        done once for them), the address's confirmation record and the kept emails `names`
        is true of, in one transaction; what was deleted, one entry each (docs/privacy.md)."""
        ids = [(i,) for i in message_ids]
        once = [(f"{what}#{i}",) for i in message_ids for what in ONCE_PER_MESSAGE]
        kept = [
            seq
            for seq, recipients, raw in self._kept_rows()
            if names is not None and names(recipients, raw)
        ]

        def delete(conn: sqlite3.Connection) -> list[str]:
            done = [
                f"message {i}"
                for (i,) in ids
                if conn.execute("DELETE FROM messages WHERE id = ?", (i,)).rowcount
            ]
            # Named as the DynamoDB store names them (dynamodb._described).
            for table, what in (("attachments", "upload claim"), ("holds", "flash hold")):
                gone = sum(
                    conn.execute(f"DELETE FROM {table} WHERE message_id = ?", i).rowcount
                    for i in ids
                )
                done += [what] * gone
            gone = sum(
                conn.execute("DELETE FROM once_keys WHERE key = ?", k).rowcount for k in once
            )
            done += ["once key"] * gone
            if (
                confirmation_key
                and conn.execute(
                    "DELETE FROM confirmations WHERE address = ?", (confirmation_key,)
                ).rowcount
            ):
                done.append("confirmation record")
            done += [
                f"kept email {seq}"
                for seq in kept
                if conn.execute("DELETE FROM emails WHERE seq = ?", (seq,)).rowcount
            ]
            return done

        done = self._transaction(delete)
        self._checkpoint()
        return done

    def _checkpoint(self) -> None:
        """Copy the write-ahead log into the file and empty it: the log keeps the pages as
        they were before a deletion until then."""
        try:
            self._connect().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:  # a reader holds it: SQLite checkpoints later itself
            log.warning("outbox: checkpoint postponed: %s", exc)

    def _kept_rows(self) -> list[tuple[int, tuple[str, ...], bytes]]:
        try:
            rows = self._connect().execute("SELECT seq, recipients, raw FROM emails ORDER BY seq")
            return [(r[0], tuple(json.loads(r[1])), bytes(r[2])) for r in rows.fetchall()]
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc

    def count(self) -> int:
        try:
            return self._connect().execute("SELECT count(*) FROM messages").fetchone()[0]
        except sqlite3.Error as exc:
            raise StorageUnavailable(f"outbox {self.path}: {exc}") from exc


def _due_deleted(conn: sqlite3.Connection, moment: float, retention: Retention) -> list[str]:
    """In the caller's transaction: messages an older version stored without an expiry given
    one, then what is due deleted (_purge); the ids deleted."""
    old = conn.execute(
        "SELECT * FROM messages WHERE expires_at = 0 AND status != ?", (SPAM,)
    ).fetchall()
    conn.executemany(
        "UPDATE messages SET expires_at = ? WHERE id = ? AND expires_at = 0",
        [(backfilled(_message(row), retention, moment), row["id"]) for row in old],
    )
    return _purge(conn, int(moment))


def _purge(conn: sqlite3.Connection, now: int) -> list[str]:
    """Delete the messages due by now, their claims, holds and kept emails; their ids."""
    purged = [row[0] for row in conn.execute(f"SELECT id FROM messages WHERE {_DUE}", (now,))]
    if purged:
        ids = [(i,) for i in purged]
        conn.execute(f"DELETE FROM messages WHERE {_DUE}", (now,))
        conn.executemany("DELETE FROM attachments WHERE message_id = ?", ids)
        conn.executemany("DELETE FROM holds WHERE message_id = ?", ids)
        # The emails kept instead of sent about it (each names its id: Message-ID, links).
        conn.executemany(
            "DELETE FROM emails WHERE instr(raw, ?) > 0", [(i.encode(),) for i in purged]
        )
    return purged


def _claim(conn: sqlite3.Connection, message: StoredMessage) -> list[str]:
    """Attach the message's uploads to it; the ids attached to another message already."""
    taken = []
    for image in message.images:
        try:
            conn.execute(
                "INSERT INTO attachments (upload_id, message_id) VALUES (?, ?)",
                (image["upload"], message.id),
            )
        except sqlite3.IntegrityError:
            taken.append(image["upload"])
    return taken


def _column(message: StoredMessage, name: str) -> object:
    value = getattr(message, name)
    if name in ("images", "state_history"):
        return json.dumps([dict(i) for i in value], ensure_ascii=False)
    if name in _JSON_COLUMNS:
        return json.dumps(value, ensure_ascii=False) if value else ""
    if name == "waitlist":
        return int(value)
    return value


def _message(row: sqlite3.Row) -> StoredMessage:
    values = {c: row[c] for c in _COLUMNS}
    values["images"] = tuple(json.loads(values["images"] or "[]"))
    values["state_history"] = tuple(json.loads(values["state_history"] or "[]"))
    for name in _JSON_COLUMNS:
        values[name] = json.loads(values[name] or "{}")
    values["waitlist"] = bool(values["waitlist"])
    return StoredMessage(**values)


def _add_missing_columns(conn: sqlite3.Connection) -> None:
    present = {row[1] for row in conn.execute("PRAGMA table_info(messages)")}
    for name, declaration in _ADDED_COLUMNS.items():
        if name not in present:
            try:
                conn.execute(f"ALTER TABLE messages ADD COLUMN {name} {declaration}")
            except sqlite3.OperationalError as exc:  # another process added it first
                if "duplicate column" not in str(exc):
                    raise

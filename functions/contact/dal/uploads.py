"""Where reference images wait and are kept locally: the folder store (the interface:
logic/ports.py; what it reports: models/references.py).

The form never sends an image through the function: it asks for a grant (a presigned S3
POST on AWS, `s3.py`; here the same fields, signed with a key kept beside the outbox), posts
the file to storage, then names the upload in the message. The service then inspects each
upload (size and type by its bytes), copies it beside the message, and only then stores the
message (docs/contact.md, "Reference images").

Locally the files live in `.cache/contact/uploads/` (beside the outbox): `pending/<session>/`
for uploads not attached yet (each with a dot file holding the type it was posted as),
deleted a day later by the next write; `messages/<id>/` and
`spam/<id>/` for attached images, the latter deleted with its spam.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Set
from datetime import UTC, datetime, timedelta
from pathlib import Path
from xml.sax.saxutils import escape

from ..models.references import (
    GRANT_SECONDS,
    HEAD_BYTES,
    MAX_IMAGE_BYTES,
    MESSAGES,
    PENDING,
    PENDING_DAYS,
    SPAM,
    SWEEP_MIN_AGE_S,
    ImageLinks,
    Upload,
    UploadChanged,
    UploadId,
    UploadsUnavailable,
    post_conditions,
)

log = logging.getLogger(__name__)

# Where the form posts the file, on the site's own origin: `serve` answers it, Netlify
# proxies it to the bucket (dist/_redirects), so the site's CSP needs no other origin.
LOCAL_ALGORITHM = "LOCAL-HMAC-SHA256"  # S3 says AWS4-HMAC-SHA256; ours never leaves the machine
MAX_FORM_FIELD_BYTES = 8 * 1024  # a policy is about 500 bytes; S3's own limit is 20 KB
# The most a POST of one image may carry: the file and its few form fields.
MAX_UPLOAD_BODY = MAX_IMAGE_BYTES + 16 * MAX_FORM_FIELD_BYTES


def signature(key: bytes, policy: str) -> str:
    return hmac.new(key, policy.encode("ascii"), hashlib.sha256).hexdigest()


def _iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def s3_error(status: int, code: str, message: str) -> tuple[int, str]:
    """An answer shaped like S3's (XML), so the form reads both stores the same way."""
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<Error><Code>{code}</Code><Message>{escape(message)}</Message></Error>"
    )
    return status, body


class LocalUploads:
    """Images in a folder beside the local outbox, for `build.py serve` and the tests."""

    def __init__(self, root: Path, clock: Callable[[], float] = time.time):
        self.root = Path(root)
        self.location = str(self.root)
        self.clock = clock
        self._key: bytes | None = None
        self._lock = threading.Lock()

    # --- the grant, and the POST it allows (`serve` answers contract.UPLOAD_PATH with it)

    def _signing_key(self) -> bytes:
        """A random key kept in the folder (0600), so every process serving it agrees."""
        with self._lock:
            if self._key is None:
                path = self.root / ".grant-key"
                try:
                    self.root.mkdir(parents=True, exist_ok=True)
                    try:
                        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                    except FileExistsError:
                        self._key = path.read_bytes()
                    else:
                        with os.fdopen(fd, "wb") as out:
                            out.write(os.urandom(32))
                        self._key = path.read_bytes()
                except OSError as exc:
                    raise UploadsUnavailable(f"uploads folder {self.root}: {exc}") from exc
            return self._key

    def grant(self, upload: UploadId, content_type: str) -> dict[str, str]:
        self.purge()
        expires = self.clock() + GRANT_SECONDS
        conditions = [{"key": upload.pending_key}, *post_conditions(content_type)]
        document = {"expiration": _iso(expires), "conditions": conditions}
        policy = base64.b64encode(json.dumps(document).encode("utf-8")).decode("ascii")
        return {
            "key": upload.pending_key,
            "Content-Type": content_type,
            "x-amz-algorithm": LOCAL_ALGORITHM,
            "policy": policy,
            "x-amz-signature": signature(self._signing_key(), policy),
        }

    def receive(self, fields: Mapping[str, str], data: bytes) -> tuple[int, str]:
        """Answer a POST of one file as S3 would (204, or an XML error); store it if allowed.

        fields: the form's text fields; data: the file part, which came last.
        """
        policy = fields.get("policy", "")
        given = fields.get("x-amz-signature", "")
        if not policy or not given or fields.get("x-amz-algorithm") != LOCAL_ALGORITHM:
            return s3_error(403, "AccessDenied", "the upload must carry its grant's policy")
        if not hmac.compare_digest(signature(self._signing_key(), policy), given):
            return s3_error(403, "SignatureDoesNotMatch", "the policy's signature is wrong")
        try:
            document = json.loads(base64.b64decode(policy, validate=True))
            expires = datetime.strptime(document["expiration"], "%Y-%m-%dT%H:%M:%S.%fZ")
            conditions = document["conditions"]
        except (ValueError, KeyError, TypeError, binascii.Error):
            return s3_error(400, "InvalidPolicyDocument", "the policy cannot be read")
        if expires.replace(tzinfo=UTC).timestamp() <= self.clock():
            return s3_error(403, "AccessDenied", "Invalid according to Policy: Policy expired.")
        for condition in conditions:
            refused = _refused(condition, fields, len(data))
            if refused:
                return refused
        path = self._path(fields["key"])
        if path is None or not fields["key"].startswith(f"{PENDING}/"):
            return s3_error(403, "AccessDenied", "Invalid according to Policy: bad key")
        try:
            # The type it was posted as, kept beside it as S3 keeps an object's Content-Type,
            # so the service judges both stores by one rule (references.upload_problem).
            self._write(_type_path(path), fields["Content-Type"].encode("ascii"))
            self._write(path, data)
        except OSError as exc:
            log.error("uploads: could not store %s: %s", fields["key"], exc)
            return s3_error(503, "ServiceUnavailable", "the upload could not be stored")
        return 204, ""

    # --- what the service does with uploads

    def _path(self, key: str) -> Path | None:
        parts = key.split("/")
        if not key or any(p in ("", ".", "..") or p.startswith(".") for p in parts):
            return None
        return self.root.joinpath(*parts)

    def _write(self, path: Path, data: bytes) -> None:
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
        for attempt in range(3):
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                out = open(temporary, "wb")
            except FileNotFoundError:  # the empty folder was just removed by a release
                if attempt == 2:
                    raise
                continue
            with out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
            return

    def inspect(self, upload: UploadId) -> Upload | None:
        path = self._path(upload.pending_key)
        try:
            with open(path, "rb") as file:
                stat = os.fstat(file.fileno())
                head = file.read(HEAD_BYTES)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise UploadsUnavailable(f"uploads folder {self.root}: {exc}") from exc
        if self._expired(stat.st_mtime):
            return None
        try:
            posted_as = _type_path(path).read_text("ascii")
        except FileNotFoundError:
            posted_as = ""  # posted before types were kept: judged by its bytes alone
        except (OSError, ValueError) as exc:
            raise UploadsUnavailable(f"uploads folder {self.root}: {exc}") from exc
        version = f"{stat.st_ino}-{stat.st_mtime_ns}-{stat.st_size}"
        return Upload(stat.st_size, posted_as, head, version)

    def attach(self, upload: UploadId, found: Upload, key: str) -> None:
        source, target = self._path(upload.pending_key), self._path(key)
        try:
            with open(source, "rb") as file:
                stat = os.fstat(file.fileno())
                if f"{stat.st_ino}-{stat.st_mtime_ns}-{stat.st_size}" != found.version:
                    raise UploadChanged(upload.text)
                target.parent.mkdir(parents=True, exist_ok=True)
                temporary = target.with_name(f".{target.name}.{os.getpid()}")
                with open(temporary, "wb") as out:
                    shutil.copyfileobj(file, out)
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(temporary, target)
        except FileNotFoundError as exc:
            raise UploadChanged(upload.text) from exc
        except OSError as exc:
            raise UploadsUnavailable(f"uploads folder {self.root}: {exc}") from exc

    def release(self, uploads: Iterable[UploadId]) -> None:
        for upload in uploads:
            path = self._path(upload.pending_key)
            path.unlink(missing_ok=True)
            _type_path(path).unlink(missing_ok=True)
            _remove_if_empty(path.parent)

    def copy(self, key: str, new_key: str) -> None:
        source, target = self._path(key), self._path(new_key)
        if source is None or target is None:
            raise UploadsUnavailable(f"no image at {key}")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary = target.with_name(f".{target.name}.{os.getpid()}")
            shutil.copyfile(source, temporary)
            os.replace(temporary, target)
        except OSError as exc:
            raise UploadsUnavailable(f"uploads folder {self.root}: {exc}") from exc

    def discard(self, keys: Iterable[str]) -> None:
        for key in keys:
            path = self._path(key)
            if path is not None:
                path.unlink(missing_ok=True)
                _remove_if_empty(path.parent)

    def sweep(self, live: Set[str], now: float) -> list[str]:
        """Delete the images of messages no longer in the outbox (its purge deletes them after
        its commit: this takes what a purge stopped before that left); the keys deleted. A
        folder changed within the hour is left alone: its message may be being stored."""
        stale = []
        for prefix in (MESSAGES, SPAM):
            try:
                folders = list((self.root / prefix).iterdir())
            except OSError:
                continue
            for folder in folders:
                try:
                    young = folder.lstat().st_mtime >= now - SWEEP_MIN_AGE_S
                    # only the folders the store made: not a link to somewhere else
                    ours = folder.is_dir() and not folder.is_symlink()
                    if folder.name in live or young or not ours:
                        continue
                    stale += [f"{prefix}/{folder.name}/{file.name}" for file in folder.iterdir()]
                except OSError:
                    continue
                shutil.rmtree(folder, ignore_errors=True)
        return stale

    def forget_messages(self, message_ids: Iterable[str]) -> None:
        """Delete the images of messages the outbox purged or forgot (past their retention,
        or on request: docs/privacy.md), kept under spam/ or messages/."""
        for message_id in message_ids:
            for prefix in (SPAM, MESSAGES):
                folder = self._path(f"{prefix}/{message_id}")
                if folder is not None:
                    shutil.rmtree(folder, ignore_errors=True)

    def message_keys(self, message_ids: Iterable[str]) -> list[str]:
        """Every image kept for these messages, under messages/ and spam/."""
        keys = []
        for message_id in message_ids:
            for prefix in (SPAM, MESSAGES):
                folder = self._path(f"{prefix}/{message_id}")
                if folder is not None and folder.is_dir():
                    keys += [f"{prefix}/{message_id}/{f.name}" for f in sorted(folder.iterdir())]
        return keys

    def fetch(self, key: str) -> bytes | None:
        """An image's bytes (`build.py privacy export`); None when it is gone."""
        path = self._path(key)
        try:
            return path.read_bytes() if path is not None else None
        except OSError:
            return None

    def links(self, keys: list[str]) -> ImageLinks:
        return ImageLinks("kept on this computer", [str(self._path(key)) for key in keys])

    def path(self, key: str) -> Path | None:
        return self._path(key)

    def _expired(self, mtime: float) -> bool:
        return mtime <= self.clock() - timedelta(days=PENDING_DAYS).total_seconds()

    def purge(self) -> None:
        """Delete uploads never attached once a day old (S3: the bucket's lifecycle rule)."""
        pending = self.root / PENDING
        try:
            sessions = list(pending.iterdir())
        except OSError:
            return
        for session in sessions:
            try:
                # Only a folder nothing was added to for a day: a new one may be about to
                # receive its first upload (read before the deletions below touch it).
                old = self._expired(session.stat().st_mtime)
                for file in session.iterdir():
                    if self._expired(file.stat().st_mtime):
                        file.unlink(missing_ok=True)
                if old:
                    _remove_if_empty(session)
            except OSError as exc:  # another request purging at the same time
                log.debug("uploads: purge of %s: %s", session, exc)


def _type_path(path: Path) -> Path:
    """Where an upload's posted type is kept: a dot file, which no key can name (_path)."""
    return path.with_name(f".{path.name}.type")


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass


def _refused(condition: object, fields: Mapping[str, str], size: int) -> tuple[int, str] | None:
    """S3's check of one policy condition against the posted form: None when it holds."""
    failed = s3_error(
        403, "AccessDenied", f"Invalid according to Policy: Policy Condition failed: {condition}"
    )
    if isinstance(condition, dict) and len(condition) == 1:
        ((name, value),) = condition.items()
        return None if fields.get(name) == value else failed
    if isinstance(condition, list) and condition[:1] == ["content-length-range"]:
        low, high = condition[1], condition[2]
        if size > high:
            return s3_error(400, "EntityTooLarge", f"Your proposed upload exceeds {high} bytes.")
        if size < low:
            return s3_error(400, "EntityTooSmall", f"Your upload is smaller than {low} bytes.")
        return None
    return failed

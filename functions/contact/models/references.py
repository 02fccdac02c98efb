"""Reference images: upload ids, storage keys, limits and what an image is, by its bytes.

Pure: no I/O, no clock, no AWS. The form asks the function for an upload (a grant), posts
the prepared image straight to storage (S3 on AWS, a folder beside the outbox locally),
then sends the message with `references`, the ids of its uploads. Everything both stores
and the service must agree on lives here (docs/contact.md, "Reference images").
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

from ..contract import MAX_IMAGE_BYTES, MAX_IMAGES
from ..words import messages as en
from ..words.language import Texts
from .rules import FieldError

FIELD = "references"
# How many images a message may carry, and the most one may weigh (contract.json): the form
# sends JPEG or WebP of at most 2048 px a side (a 12 MP photo becomes a few hundred KB); the
# ceiling leaves room for a busy picture and stays far under the 6 MB a Netlify proxy or a
# Lambda body could ever take.
MAX_REFERENCES = MAX_IMAGES
MIN_IMAGE_BYTES = 100  # no real picture is smaller; the policy refuses an empty file
MAX_IMAGE_SIDE = 4096  # the form sends 2048; a program posting for itself gets some room
IMAGE_TYPES = {"image/jpeg": "jpg", "image/webp": "webp"}
GRANT_SECONDS = 600  # a grant is asked for once the image is prepared: minutes suffice
PENDING_DAYS = 1  # an upload never attached to a message is deleted after this
HEAD_BYTES = 64 * 1024  # how much of an upload is read to tell what it is

# Prefixes of the storage keys: the lifecycle rules (S3) and the purge (locally) act on them.
PENDING = "pending"  # uploaded, not yet attached: deleted after PENDING_DAYS
MESSAGES = "messages"  # attached to a message: kept as long as the message
SPAM = "spam"  # attached to a message the spam traps kept: deleted with it
# The daily sweep leaves an image this young: its message may be being stored right now.
SWEEP_MIN_AGE_S = 3600

# A session is 128 random bits chosen by the function at the form's first grant; the form
# sends it back with every later grant. An upload id is the session and 64 more random bits:
# only the form that asked for an upload ever learns its id.
SESSION = re.compile(r"[0-9a-f]{32}")
UPLOAD_ID = re.compile(r"([0-9a-f]{32})-([0-9a-f]{16})")

# The English texts under their former names (the catalogs, messages*.py, hold them).
NOT_A_LIST = en.REFERENCES_NOT_A_LIST
TOO_MANY = en.TOO_MANY_REFERENCES
FORGED = en.REFERENCE_FORGED
MIXED = en.REFERENCES_MIXED
SESSION_INVALID = en.SESSION_INVALID
TYPE_INVALID = en.TYPE_INVALID


@dataclass(frozen=True)
class UploadId:
    session: str
    file: str

    @property
    def text(self) -> str:
        return f"{self.session}-{self.file}"

    @property
    def pending_key(self) -> str:
        return pending_key(self.session, self.file)


def pending_key(session: str, file: str) -> str:
    """Where an upload waits: under its session's prefix (the grant's policy names it)."""
    return f"{PENDING}/{session}/{file}"


def attached_key(message_id: str, number: int, content_type: str, spam: bool = False) -> str:
    """Where an attached image is kept: beside its message, numbered from 1."""
    prefix = SPAM if spam else MESSAGES
    return f"{prefix}/{message_id}/{number}.{IMAGE_TYPES[content_type]}"


def parse_upload_id(value: object) -> UploadId | None:
    if not isinstance(value, str):
        return None
    match = UPLOAD_ID.fullmatch(value)
    return UploadId(match.group(1), match.group(2)) if match else None


def read_reference_ids(payload: dict, errors: list[FieldError], t: Texts = en) -> list[UploadId]:
    """The message's `references`: at most 5 distinct ids from one session (none: [])."""
    value = payload.get(FIELD)
    if value is None or value == []:
        return []
    if not isinstance(value, list):
        errors.append(FieldError(FIELD, t.REFERENCES_NOT_A_LIST))
        return []
    if len(value) > MAX_REFERENCES:
        errors.append(FieldError(FIELD, t.TOO_MANY_REFERENCES))
        return []
    ids = [parse_upload_id(item) for item in value]
    if any(upload is None for upload in ids):
        errors.append(FieldError(FIELD, t.REFERENCE_FORGED))
        return []
    if len({upload.session for upload in ids}) > 1:
        errors.append(FieldError(FIELD, t.REFERENCES_MIXED))
        return []
    # The same image twice is one image: keep the first, in the visitor's order.
    return list(dict.fromkeys(ids))


def read_session(value: object, t: Texts = en) -> str | None:
    """A grant request's session: None to start one, the session, or ValueError."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and SESSION.fullmatch(value):
        return value
    raise ValueError(t.SESSION_INVALID)


def read_content_type(value: object, t: Texts = en) -> str:
    if isinstance(value, str) and value in IMAGE_TYPES:
        return value
    raise ValueError(t.TYPE_INVALID)


def post_conditions(content_type: str) -> list:
    """An upload's POST policy conditions besides its bucket and exact key (S3's format; the
    local store checks the same): the image type, and the size range S3 itself enforces."""
    return [
        {"Content-Type": content_type},
        ["content-length-range", MIN_IMAGE_BYTES, MAX_IMAGE_BYTES],
    ]


@dataclass(frozen=True)
class ImageInfo:
    content_type: str
    width: int
    height: int


def image_info(head: bytes) -> ImageInfo | None:
    """What the first bytes of a file say it is: a JPEG or WebP and its size, else None.

    Read by hand rather than with Pillow: the function is deployed as pure Python (Pillow is
    compiled), and only the header is needed, never the pixels.
    """
    if head.startswith(b"\xff\xd8\xff"):
        return _jpeg_info(head)
    if len(head) >= 30 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return _webp_info(head)
    return None


# Start-of-frame markers (baseline, progressive, lossless...): not DHT (C4), JPG (C8), DAC (CC).
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _jpeg_info(head: bytes) -> ImageInfo | None:
    at = 2
    while at + 4 <= len(head):
        if head[at] != 0xFF:
            return None
        marker = head[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # no length of their own
            at += 2
            continue
        if marker in (0xD9, 0xDA):  # end of image, start of scan: no frame header before it
            return None
        (length,) = struct.unpack(">H", head[at + 2 : at + 4])
        if marker in _SOF:
            if at + 9 > len(head):
                return None
            height, width = struct.unpack(">HH", head[at + 5 : at + 9])
            return ImageInfo("image/jpeg", width, height) if width and height else None
        if length < 2:
            return None
        at += 2 + length
    return None


def _webp_info(head: bytes) -> ImageInfo | None:
    chunk = head[12:16]
    if chunk == b"VP8 " and head[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", head[26:30])
        width, height = width & 0x3FFF, height & 0x3FFF
    elif chunk == b"VP8L" and head[20] == 0x2F:
        bits = int.from_bytes(head[21:25], "little")
        width, height = (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    elif chunk == b"VP8X":
        width = int.from_bytes(head[24:27], "little") + 1
        height = int.from_bytes(head[27:30], "little") + 1
    else:
        return None
    return ImageInfo("image/webp", width, height) if width and height else None


def upload_problem(size: int, declared_type: str, head: bytes, t: Texts = en) -> str:
    """Why a stored upload cannot be attached, in words for the visitor ("is not a JPEG or
    WebP picture", the end of "Image 2 ..." or "This image ..."); "" when it can."""
    if size > MAX_IMAGE_BYTES:
        megabytes = size / 1024 / 1024
        return t.IMAGE_TOO_HEAVY.format(megabytes=megabytes, limit=MAX_IMAGE_BYTES // 1024 // 1024)
    info = image_info(head)
    if size < MIN_IMAGE_BYTES or info is None:
        return t.NOT_A_PICTURE
    if declared_type and info.content_type != declared_type:
        return t.WRONG_KIND
    if max(info.width, info.height) > MAX_IMAGE_SIDE:
        return t.IMAGE_TOO_WIDE.format(width=info.width, height=info.height, limit=MAX_IMAGE_SIDE)
    return ""


# What the image stores (dal/uploads.py, dal/s3.py) report, and what they may raise.


class UploadsUnavailable(Exception):
    """Storage for images cannot be reached: nothing may be reported as kept."""


class UploadChanged(Exception):
    """The upload was replaced or removed between its inspection and its copy."""


@dataclass(frozen=True)
class Upload:
    """What an inspection found: enough to judge the file and to copy exactly that file."""

    size: int
    content_type: str  # as it was posted ("" when the store does not keep it)
    head: bytes  # the first HEAD_BYTES bytes
    version: str  # the stored file's version (an ETag): the copy must find the same


@dataclass(frozen=True)
class ImageLinks:
    note: str  # e.g. "links valid until 2026-12-23", for the studio's email
    urls: list[str]

"""Reference images in S3 (on AWS Lambda): presigned POSTs, inspection, copies and links.

The bucket is private; deploy-function creates it with a lifecycle rule per prefix
(`pending/`: a day; `spam/`: the spam retention) and grants the function's role only what
this module calls. Only imported when CONTACT_UPLOADS_BUCKET is set (boto3 costs a cold start).

Links in the studio's email: a presigned GET signed with the Lambda's role stops working when
that role's temporary credentials expire (hours, whatever its own expiry says), so the email
links to the site instead (`/api/contact/images/...`, signed here with CONTACT_LINK_SECRET and
valid for CONTACT_IMAGE_LINK_DAYS), and the function answers each click with a fresh presigned
GET of a few minutes (docs/contact.md, "Reference images").
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import time
from collections.abc import Callable, Iterable, Set
from datetime import UTC, datetime

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from ..contract import IMAGE_LINK_PATH
from ..models.references import (
    GRANT_SECONDS,
    HEAD_BYTES,
    MAX_IMAGE_BYTES,
    MESSAGES,
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

_CONFIG = Config(
    signature_version="s3v4",
    connect_timeout=1,
    read_timeout=3,
    retries={"mode": "standard", "max_attempts": 2},
)
OPEN_SECONDS = 300  # a click on an email link gets a presigned GET this long
DIRECT_LINK_SECONDS = 7 * 24 * 3600  # SigV4's longest, when no site link can be made
# <message id>/<n>.<ext>/<expires>/<signature>: the key's last two parts, then the link's own.
_LINK = re.compile(r"([0-9a-f]{32})/([1-9])\.(jpg|webp)/([0-9]{1,12})/([0-9a-f]{32})")


def link_signature(secret: str, key: str, expires: int) -> str:
    digest = hmac.new(secret.encode(), f"{key}\n{expires}".encode(), hashlib.sha256)
    return digest.hexdigest()[:32]


def _code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))


class S3Uploads:
    def __init__(
        self,
        bucket: str,
        region: str,
        site_url: str = "",
        link_secret: str = "",
        link_days: float = 30,
        client=None,  # noqa: ANN001 - boto3 s3 client
        clock: Callable[[], float] = time.time,
    ):
        self.bucket = bucket
        self.location = f"s3://{bucket}"
        self.site_url = site_url.rstrip("/")
        self.link_secret = link_secret
        self.link_days = link_days
        self.client = client or boto3.client("s3", region_name=region, config=_CONFIG)
        self.clock = clock

    def _call(self, what: str, call: Callable[[], dict]) -> dict:
        try:
            return call()
        except ClientError:
            raise
        except BotoCoreError as exc:
            raise UploadsUnavailable(f"S3 {what}: {exc}") from exc

    def grant(self, upload: UploadId, content_type: str) -> dict[str, str]:
        try:
            post = self.client.generate_presigned_post(
                Bucket=self.bucket,
                Key=upload.pending_key,
                Fields={"Content-Type": content_type},
                Conditions=post_conditions(content_type),
                ExpiresIn=GRANT_SECONDS,
            )
        except (ClientError, BotoCoreError) as exc:  # no credentials, most likely
            raise UploadsUnavailable(f"S3 presigned POST: {exc}") from exc
        return post["fields"]

    def inspect(self, upload: UploadId) -> Upload | None:
        key = upload.pending_key
        try:
            head = self._call("head", lambda: self.client.head_object(Bucket=self.bucket, Key=key))
            part = self._call(
                "get",
                lambda: self.client.get_object(
                    Bucket=self.bucket,
                    Key=key,
                    Range=f"bytes=0-{HEAD_BYTES - 1}",
                    IfMatch=head["ETag"],
                ),
            )
            data = part["Body"].read(HEAD_BYTES)
        except ClientError as exc:
            if _code(exc) in ("404", "NoSuchKey", "NotFound", "412", "PreconditionFailed"):
                return None
            raise UploadsUnavailable(f"S3 {key}: {exc}") from exc
        return Upload(head["ContentLength"], head.get("ContentType", ""), data, head["ETag"])

    def attach(self, upload: UploadId, found: Upload, key: str) -> None:
        try:
            self._call(
                "copy",
                lambda: self.client.copy_object(
                    Bucket=self.bucket,
                    Key=key,
                    CopySource={"Bucket": self.bucket, "Key": upload.pending_key},
                    CopySourceIfMatch=found.version,
                ),
            )
        except ClientError as exc:
            if _code(exc) in ("404", "NoSuchKey", "412", "PreconditionFailed"):
                raise UploadChanged(upload.text) from exc
            raise UploadsUnavailable(f"S3 copy to {key}: {exc}") from exc

    def copy(self, key: str, new_key: str) -> None:
        try:
            self._call(
                "copy",
                lambda: self.client.copy_object(
                    Bucket=self.bucket, Key=new_key, CopySource={"Bucket": self.bucket, "Key": key}
                ),
            )
        except ClientError as exc:
            raise UploadsUnavailable(f"S3 copy of {key} to {new_key}: {exc}") from exc

    def _delete(self, keys: list[str]) -> None:
        if not keys:
            return
        try:
            answer = self._call(
                "delete",
                lambda: self.client.delete_objects(
                    Bucket=self.bucket,
                    Delete={"Objects": [{"Key": k} for k in keys], "Quiet": True},
                ),
            )
        except (ClientError, UploadsUnavailable) as exc:
            log.warning("contact: could not delete %s from S3: %s", keys, exc)
            return
        for error in answer.get("Errors", []):
            log.warning("contact: could not delete %s from S3: %s", error.get("Key"), error)

    def release(self, uploads: Iterable[UploadId]) -> None:
        # Best effort: the lifecycle rule deletes what is left under pending/ a day later.
        self._delete([u.pending_key for u in uploads])

    def discard(self, keys: Iterable[str]) -> None:
        keys = list(keys)
        for start in range(0, len(keys), 1000):  # DeleteObjects takes 1000 at most
            self._delete(keys[start : start + 1000])

    def _keys_under(self, prefix: str) -> list[tuple[str, float]]:
        """Every object under prefix: (key, last modified, Unix seconds)."""
        found, kwargs = [], {"Bucket": self.bucket, "Prefix": prefix}
        while True:
            try:
                page = self._call("list", lambda: self.client.list_objects_v2(**kwargs))
            except ClientError as exc:
                raise UploadsUnavailable(f"S3 list: {exc}") from exc
            found += [(o["Key"], o["LastModified"].timestamp()) for o in page.get("Contents", [])]
            if not page.get("IsTruncated"):
                return found
            kwargs["ContinuationToken"] = page["NextContinuationToken"]

    def message_keys(self, message_ids: Iterable[str]) -> list[str]:
        """Every image kept for these messages, under messages/ and spam/ (a released spam's
        images were copied from one to the other)."""
        return [
            key
            for message_id in message_ids
            for prefix in (MESSAGES, SPAM)
            for key, _ in self._keys_under(f"{prefix}/{message_id}/")
        ]

    def forget_messages(self, message_ids: Iterable[str]) -> list[str]:
        """Delete every image of these messages; the keys deleted."""
        keys = self.message_keys(message_ids)
        self.discard(keys)
        return keys

    def fetch(self, key: str) -> bytes | None:
        """An image's bytes (`build.py privacy export`); None when it is gone."""
        try:
            answer = self._call("get", lambda: self.client.get_object(Bucket=self.bucket, Key=key))
        except ClientError as exc:
            if _code(exc) in ("404", "NoSuchKey", "NotFound"):
                return None
            raise UploadsUnavailable(f"S3 get: {exc}") from exc
        return answer["Body"].read(MAX_IMAGE_BYTES + 1)

    def sweep(self, live: Set[str], now: float) -> list[str]:
        """Delete the images whose message is no longer in the store (purged by the daily
        pass, or deleted by DynamoDB's time to live before it); the keys deleted. An object
        younger than an hour is left alone: its message may be being stored right now."""
        stale = [
            key
            for prefix in (MESSAGES, SPAM)
            for key, modified in self._keys_under(f"{prefix}/")
            if key.split("/")[1:2] != []
            and key.split("/")[1] not in live
            and modified < now - SWEEP_MIN_AGE_S
        ]
        self.discard(stale)
        return stale

    def links(self, keys: list[str]) -> ImageLinks:
        if self.site_url and self.link_secret:
            expires = int(self.clock() + self.link_days * 24 * 3600)
            until = datetime.fromtimestamp(expires, UTC).strftime("%Y-%m-%d")
            urls = [
                f"{self.site_url}{IMAGE_LINK_PATH}{key.removeprefix(MESSAGES + '/')}/{expires}/"
                f"{link_signature(self.link_secret, key, expires)}"
                for key in keys
            ]
            return ImageLinks(f"links valid until {until}", urls)
        urls = [self._presigned_get(key, DIRECT_LINK_SECONDS) for key in keys]
        return ImageLinks(
            "links valid for at most 7 days, less if the credentials that signed them expire first",
            urls,
        )

    def _presigned_get(self, key: str, seconds: int) -> str:
        return self.client.generate_presigned_url(
            "get_object", Params={"Bucket": self.bucket, "Key": key}, ExpiresIn=seconds
        )

    def open_link(self, path: str) -> tuple[int, str]:
        """(status, where): 303 and a fresh presigned GET for a good link; 410 when it has
        expired, 404 when it is not one of ours."""
        match = _LINK.fullmatch(path.removeprefix(IMAGE_LINK_PATH))
        if not match or not self.link_secret:
            return 404, ""
        message_id, number, ext, expires, given = match.groups()
        key = f"{MESSAGES}/{message_id}/{number}.{ext}"
        if not hmac.compare_digest(link_signature(self.link_secret, key, int(expires)), given):
            return 404, ""
        if int(expires) < self.clock():
            return 410, ""
        return 303, self._presigned_get(key, OPEN_SECONDS)

"""Messages in DynamoDB (CONTACT_STORE=dynamodb): the production store, through boto3.

Why DynamoDB rather than S3: the outbox is a small state machine (pending -> sent) that
is written once per message and then updated and queried ("which are still pending?").
DynamoDB gives conditional puts (an id is never overwritten), atomic in-place updates and a
sparse index holding exactly the pending messages; S3 would need an object rewrite or a
copy-and-delete per state change and a full listing to find the pending ones. Both are
durable across zones; on-demand DynamoDB costs nothing measurable at a studio's volume.

Only imported when CONTACT_STORE=dynamodb (boto3 costs a cold start); deploy-function uses
`table_definition` and `enable_expiry`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from decimal import Decimal

import boto3
from boto3.dynamodb.types import TypeDeserializer, TypeSerializer
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from ..models.budget import CONFIRMATION_PREFIX, Hour
from ..models.budget import KEY_PREFIX as BUDGET_PREFIX
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
from ..models.request_state import kept_hold
from ..models.retention import (
    DEFAULT_RETENTION,
    Purged,
    Retention,
    backfilled,
    due_at,
    kept,
)

PENDING_INDEX = "pending-by-time"
# An attached upload is claimed by an item of its own in the same table, written in one
# transaction with its message: the condition makes an upload attach to one message only.
CLAIM_PREFIX = "upload#"
# A held one-off flash design likewise: an item "hold#<design id>" naming its message, put in
# the same transaction as the message (attribute_not_exists: the first claim holds it) and
# deleted in the same transaction as a decline or an expiry (docs/contact.md).
HOLD_PREFIX = "hold#"
# DynamoDB's time to live deletes an item some time after this Unix time has passed (within
# a few days); deploy-function turns it on. Every message carries it: spam its own expiry,
# the others site.yaml's retention (models/retention.py), set when stored and moved in the
# same conditional write as each change of state (docs/privacy.md).
EXPIRY_ATTRIBUTE = "expires_at"
# What is done once (claim_once): a Stripe event acted on, a deposit reminder sent.
ONCE_PREFIX = "once#"
# The items that are not messages: upload claims, holds, the hourly counts (budget.py),
# confirmations, the things done once.
_NOT_MESSAGES = (CLAIM_PREFIX, HOLD_PREFIX, BUDGET_PREFIX, CONFIRMATION_PREFIX, ONCE_PREFIX)
# Attributes a message has only when they say something: messages stored before they existed
# read the same as those without them.
_ONLY_WHEN_GIVEN = (
    "flash",
    "request",
    "policies_version",
    "waitlist",
    "released_at",
    "state_history",
    "deposit_cents",
    "checkout_session",
    "hold",
    "consent",
    "session_date",
)
# Likewise the visitor's language, only when it is not English (the default when absent).
_LANG, _DEFAULT_LANG = "lang", "en"
# And a request's state, `new` when absent (request_state.py): every change writes it.
_STATE, _DEFAULT_STATE = "state", "new"

# Short timeouts: a request stores, then emails, inside the Lambda timeout (20 s) and
# Netlify's proxy timeout (26 s), even when AWS is having a bad minute.
_STORAGE_CONFIG = Config(
    connect_timeout=1, read_timeout=3, retries={"mode": "standard", "max_attempts": 2}
)


class DynamoStore:
    """One item per message, keyed by id; `pending` exists only while a message is pending.

    The low-level client rather than boto3's `Table` resource: building the resource model
    costs about 80 ms more of every cold start, for no feature we use.
    """

    def __init__(
        self,
        table: str,
        region: str,
        client=None,  # noqa: ANN001 - boto3 client
        retention: Callable[[], Retention] = lambda: DEFAULT_RETENTION,
    ):
        self.name = table
        # site.yaml's retention as the function knows it (api/booking.json: dal/booking.py).
        self.retention = retention
        self.client = client or boto3.client("dynamodb", region_name=region, config=_STORAGE_CONFIG)

    def _call(self, what: str, fn: Callable[[], dict]) -> dict:
        try:
            return fn()
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailable(f"DynamoDB {what}: {exc}") from exc

    def add(self, message: StoredMessage) -> None:
        message = kept(message, self.retention())
        item = message.to_dict() | ({"pending": "1"} if message.status == PENDING else {})
        if not message.expires_at:
            del item[EXPIRY_ATTRIBUTE]  # 0 would read as "expired in 1970": deleted at once
        for name in _ONLY_WHEN_GIVEN:
            if not item[name]:
                del item[name]
        if item[_LANG] == _DEFAULT_LANG:
            del item[_LANG]
        if item[_STATE] == _DEFAULT_STATE:
            del item[_STATE]
        held = message.hold if message.status != SPAM else ""
        if not held:
            item.pop("hold", None)
        if message.images or held:
            self._add_with_claims(message, item, held)
            return
        self._call(
            "put",
            lambda: self.client.put_item(
                TableName=self.name,
                Item=_to_dynamo(item),
                ConditionExpression="attribute_not_exists(id)",
            ),
        )

    def _add_with_claims(self, message: StoredMessage, item: dict, held: str) -> None:
        """The message, its hold (if any) and its uploads' claims in one transaction."""
        expiry = {EXPIRY_ATTRIBUTE: message.expires_at} if message.expires_at else {}
        mine = {"message_id": message.id, "held_at": message.created_at}
        hold = [{"id": f"{HOLD_PREFIX}{held}", **mine}] if held else []
        claims = [
            {"id": f"{CLAIM_PREFIX}{image['upload']}", "message_id": message.id, **expiry}
            for image in message.images
        ]
        puts = [
            {
                "Put": {
                    "TableName": self.name,
                    "Item": _to_dynamo(values),
                    "ConditionExpression": "attribute_not_exists(id)",
                }
            }
            for values in (item, *hold, *claims)
        ]
        try:
            self.client.transact_write_items(TransactItems=puts)
        except ClientError as exc:
            reasons = exc.response.get("CancellationReasons") or []
            failed = [r.get("Code") == "ConditionalCheckFailed" for r in reasons]
            if hold and len(failed) > 1 and failed[1]:
                raise AlreadyHeld(held) from exc
            taken = [
                claim["id"].removeprefix(CLAIM_PREFIX)
                for claim, lost in zip(claims, failed[1 + len(hold) :], strict=False)
                if lost
            ]
            if taken:
                raise AlreadyAttached(taken) from exc
            raise StorageUnavailable(f"DynamoDB transaction: {exc}") from exc
        except BotoCoreError as exc:
            raise StorageUnavailable(f"DynamoDB transaction: {exc}") from exc

    def _update(
        self, message_id: str, expression: str, values: dict, names: dict | None = None
    ) -> None:
        extra = {"ExpressionAttributeNames": names} if names else {}
        self._call(
            "update",
            lambda: self.client.update_item(
                TableName=self.name,
                Key=_to_dynamo({"id": message_id}),
                UpdateExpression=expression,
                ExpressionAttributeValues=_to_dynamo(values),
                **extra,
            ),
        )

    def mark_sent(self, message_id: str, at: str) -> None:
        self._update(
            message_id,
            "SET #s = :sent, sent_at = :at, attempts = attempts + :one, last_error = :e"
            " REMOVE pending",
            {":sent": SENT, ":at": at, ":one": 1, ":e": ""},
            {"#s": "status"},
        )

    def mark_failed(self, message_id: str, error: str) -> None:
        self._update(
            message_id,
            "SET attempts = attempts + :one, last_error = :e",
            {":one": 1, ":e": error[:500]},
        )

    def pending(self, limit: int = 100) -> list[StoredMessage]:
        answer = self._call(
            "query",
            lambda: self.client.query(
                TableName=self.name,
                IndexName=PENDING_INDEX,
                KeyConditionExpression="pending = :p",
                ExpressionAttributeValues=_to_dynamo({":p": "1"}),
                Limit=limit,
            ),
        )
        # The index projects keys only; read each message in full.
        return [self._get(_from_dynamo(item)["id"]) for item in answer["Items"]]

    def _get(self, message_id: str) -> StoredMessage:
        found = self.get(message_id)
        if found is None:
            raise StorageUnavailable(f"DynamoDB get: message {message_id} is gone")
        return found

    def get(self, message_id: str) -> StoredMessage | None:
        if message_id.startswith(_NOT_MESSAGES):
            return None
        answer = self._call(
            "get",
            lambda: self.client.get_item(
                TableName=self.name, Key=_to_dynamo({"id": message_id}), ConsistentRead=True
            ),
        )
        return _message(_from_dynamo(answer["Item"])) if "Item" in answer else None

    def spam_between(self, start: str, end: str, limit: int) -> tuple[list[StoredMessage], int]:
        # A scan: spam has no index of its own, and the daily digest reads the table once a
        # day (a studio's table is a few thousand items: cents a year).
        found = self._scan(
            {
                "FilterExpression": "#s = :spam AND created_at >= :start AND created_at < :end",
                "ExpressionAttributeNames": {"#s": "status"},
                "ExpressionAttributeValues": _to_dynamo(
                    {":spam": SPAM, ":start": start, ":end": end}
                ),
            }
        )
        found.sort(key=lambda m: m.created_at)
        return found[:limit], len(found)

    def in_states(self, states: tuple[str, ...]) -> list[StoredMessage]:
        # A scan, not an index: the daily digest asks once a day, and a studio's table is a
        # few thousand items (about 300 messages a month), so one scan a day costs cents a
        # year; an index on `state` would be written on every message and every change to
        # save that (docs/contact.md, "What is waiting"). `new` is stored as no state.
        if not states:
            return []
        values = {f":s{n}": state for n, state in enumerate(states)}
        wanted = f"#st IN ({', '.join(values)})"
        if _DEFAULT_STATE in states:
            wanted = f"({wanted} OR attribute_not_exists(#st))"
        found = self._scan(
            {
                "FilterExpression": f"#s <> :spam AND {wanted}",
                "ExpressionAttributeNames": {"#s": "status", "#st": _STATE},
                "ExpressionAttributeValues": _to_dynamo({":spam": SPAM, **values}),
            }
        )
        found.sort(key=lambda m: m.created_at)
        return found

    def release_spam(self, message: StoredMessage, now: float) -> bool:
        return self._update_if(
            "release",
            message.id,
            "SET #s = :pending, pending = :one, released_at = :at, images = :images, #e = :due",
            "#s = :spam AND #e > :now",
            {"#s": "status", "#e": EXPIRY_ATTRIBUTE},
            {
                ":pending": PENDING,
                ":one": "1",
                ":at": message.released_at,
                ":images": [dict(image) for image in message.images],
                ":spam": SPAM,
                ":now": int(now),
                # Released, it is kept as a request is (models/retention.py).
                ":due": due_at(replace(message, status=PENDING), self.retention()),
            },
        )

    def change_state(self, message: StoredMessage, from_state: str) -> bool:
        # The condition sees the item as the write lands: of two changes read in the same
        # state, the second fails it and writes nothing. An item without a state is `new`.
        was = "#st = :from"
        if from_state == _DEFAULT_STATE:
            was += " OR attribute_not_exists(#st)"
        hold = kept_hold(message)  # "" once declined or expired: given back
        names = {
            "#st": _STATE,
            "#s": "status",
            "#sh": "state_history",
            "#d": "deposit_cents",
            "#e": EXPIRY_ATTRIBUTE,
        }
        values = {
            # The time to live moves with the state, in the same write (models/retention.py).
            ":due": due_at(message, self.retention()),
            ":to": message.state,
            ":history": [dict(entry) for entry in message.state_history],
            ":deposit": message.deposit_cents,
            ":from": from_state,
            ":spam": SPAM,
        }
        update = "SET #st = :to, #sh = :history, #d = :deposit, #e = :due"
        removed = []
        # Names for every attribute: HOLD is one of DynamoDB's reserved words.
        kept = {
            "checkout_session": message.checkout_session,
            "hold": hold,
            "consent": message.consent,  # the signed form (logic/consent.py)
            "session_date": message.session_date,  # the aftercare's day (after_booking.py)
        }
        for (name, value), short in zip(kept.items(), ("#c", "#h", "#cf", "#sd"), strict=True):
            names[short] = name
            if value:
                update += f", {short} = :{name}"
                values[f":{name}"] = value
            else:
                removed.append(short)  # absent rather than "" (docs/contact.md)
        if removed:
            update += " REMOVE " + ", ".join(removed)
        condition = f"attribute_exists(id) AND #s <> :spam AND ({was})"
        if hold == message.hold:  # no design given back
            return self._update_if("state change", message.id, update, condition, names, values)
        # The hold goes in the same transaction; the message as read names it (only a stored
        # hold's own message does), and the condition deletes only this message's hold.
        change = {
            "Update": {
                "TableName": self.name,
                "Key": _to_dynamo({"id": message.id}),
                "UpdateExpression": update,
                "ConditionExpression": condition,
                "ExpressionAttributeNames": names,
                "ExpressionAttributeValues": _to_dynamo(values),
            }
        }
        release = {
            "Delete": {
                "TableName": self.name,
                "Key": _to_dynamo({"id": f"{HOLD_PREFIX}{message.hold}"}),
                "ConditionExpression": "attribute_not_exists(id) OR message_id = :mine",
                "ExpressionAttributeValues": _to_dynamo({":mine": message.id}),
            }
        }
        try:
            self.client.transact_write_items(TransactItems=[change, release])
        except ClientError as exc:
            reasons = exc.response.get("CancellationReasons") or []
            codes = [r.get("Code") for r in reasons]
            if codes[:1] == ["ConditionalCheckFailed"]:
                return False  # another change came first
            if codes[1:2] == ["ConditionalCheckFailed"]:
                # Not this message's hold (never written so): change the state alone.
                return self._update_if("state change", message.id, update, condition, names, values)
            raise StorageUnavailable(f"DynamoDB state change: {exc}") from exc
        except BotoCoreError as exc:
            raise StorageUnavailable(f"DynamoDB state change: {exc}") from exc
        return True

    def held(self, limit: int) -> list[str]:
        # A scan that keeps only the holds: the table has no index of them, and the answer is
        # cached a minute by the CDN (docs/contact.md: what it costs).
        found: list[str] = []
        holds = {
            "FilterExpression": "begins_with(id, :hold)",
            "ProjectionExpression": "id",
            "ExpressionAttributeValues": _to_dynamo({":hold": HOLD_PREFIX}),
        }
        for items in self._pages(holds) if limit > 0 else ():
            found += [i["id"]["S"].removeprefix(HOLD_PREFIX) for i in items]
            if len(found) >= limit:
                break
        return sorted(found)[: max(0, limit)]

    def reserve_upload_bytes(self, hour: Hour, size: int, ceiling: int) -> bool:
        if size > ceiling:
            return False
        # ADD is atomic; the condition sees the count as it is when the write lands, so
        # concurrent copies of the function never pass the ceiling together.
        return self._update_if(
            "upload budget",
            hour.key,
            "ADD #b :size SET #e = :expires",
            "attribute_not_exists(#b) OR #b <= :room",
            {"#b": "bytes", "#e": EXPIRY_ATTRIBUTE},
            {":size": size, ":room": ceiling - size, ":expires": hour.expires_at},
        )

    def count_in_hour(self, hour: Hour, ceiling: int) -> int:
        # ADD is atomic and the condition sees the count as the write lands: it stops one
        # past the ceiling, so exactly one caller is told it is the first past it.
        try:
            answer = self.client.update_item(
                TableName=self.name,
                Key=_to_dynamo({"id": hour.key}),
                UpdateExpression="ADD #n :one SET #e = :expires",
                ConditionExpression="attribute_not_exists(#n) OR #n <= :ceiling",
                ExpressionAttributeNames={"#n": "n", "#e": EXPIRY_ATTRIBUTE},
                ExpressionAttributeValues=_to_dynamo(
                    {":one": 1, ":ceiling": ceiling, ":expires": hour.expires_at}
                ),
                ReturnValues="UPDATED_NEW",
            )
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                return ceiling + 2
            raise StorageUnavailable(f"DynamoDB hourly count: {exc}") from exc
        except BotoCoreError as exc:
            raise StorageUnavailable(f"DynamoDB hourly count: {exc}") from exc
        return int(_DESERIALIZER.deserialize(answer["Attributes"]["n"]))

    def reserve_confirmation(self, key: str, now: float, window_s: float) -> bool:
        # One item per address digest; time to live removes it some time after the window.
        return self._update_if(
            "confirmation",
            f"{CONFIRMATION_PREFIX}{key}",
            "SET #t = :now, #e = :expires",
            "attribute_not_exists(#t) OR #t <= :cutoff",
            {"#t": "confirmed_at", "#e": EXPIRY_ATTRIBUTE},
            {
                ":now": Decimal(str(now)),
                ":cutoff": Decimal(str(now - window_s)),
                ":expires": int(now + window_s) + 1,
            },
        )

    def claim_once(self, key: str, now: float, keep_s: float) -> bool:
        # One conditional write: of two deliveries of one event at once, one writes it. An
        # item whose time to live has passed but DynamoDB has not deleted yet counts as gone.
        return self._update_if(
            "once",
            f"{ONCE_PREFIX}{key}",
            "SET #e = :expires",
            "attribute_not_exists(#e) OR #e <= :now",
            {"#e": EXPIRY_ATTRIBUTE},
            {":expires": int(now + keep_s), ":now": int(now)},
        )

    def release_once(self, key: str) -> None:
        self._call(
            "once",
            lambda: self.client.delete_item(
                TableName=self.name, Key=_to_dynamo({"id": f"{ONCE_PREFIX}{key}"})
            ),
        )

    def _update_if(
        self, what: str, key: str, update: str, condition: str, names: dict, values: dict
    ) -> bool:
        """One conditional update of the item key; False when its condition failed."""
        try:
            self.client.update_item(
                TableName=self.name,
                Key=_to_dynamo({"id": key}),
                UpdateExpression=update,
                ConditionExpression=condition,
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=_to_dynamo(values),
            )
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                return False
            raise StorageUnavailable(f"DynamoDB {what}: {exc}") from exc
        except BotoCoreError as exc:
            raise StorageUnavailable(f"DynamoDB {what}: {exc}") from exc
        return True

    def _all_items(self) -> list[dict]:
        """Every item of the table, messages and the others (a scan: the daily pass and the
        operator's privacy commands; a studio's table is a few thousand items)."""
        return [_from_dynamo(i) for items in self._pages({}) for i in items]

    def _delete(self, key: str) -> None:
        self._call(
            "delete",
            lambda: self.client.delete_item(TableName=self.name, Key=_to_dynamo({"id": key})),
        )

    def purge_expired(self, now: float | None = None) -> Purged:
        """Delete the messages past their expires_at, before DynamoDB's time to live gets
        to them (it may take days), with their upload claims and hold, and the claims and
        holds whose message the time to live deleted first; the message ids deleted and
        kept, from one scan. Their images are the daily pass's (logic/retention_pass.py)."""
        when = time.time() if now is None else now
        items = self._all_items()
        messages = {i["id"]: i for i in items if not i["id"].startswith(_NOT_MESSAGES)}
        due = [k for k, i in messages.items() if 0 < int(i.get(EXPIRY_ATTRIBUTE, 0)) <= when]
        live = set(messages) - set(due)
        leftovers = [
            i["id"]
            for i in items
            if i["id"].startswith((CLAIM_PREFIX, HOLD_PREFIX)) and i.get("message_id") not in live
        ]
        for key in (*due, *leftovers):
            self._delete(key)
        # Messages an older version stored carry no expiry yet: given one (a full period from
        # now at the soonest), unless a change of state wrote one meanwhile.
        retention = self.retention()
        for key, item in messages.items():
            if EXPIRY_ATTRIBUTE not in item:
                self._update_if(
                    "expiry",
                    key,
                    "SET #e = :due",
                    "attribute_exists(id) AND attribute_not_exists(#e)",
                    {"#e": EXPIRY_ATTRIBUTE},
                    {":due": backfilled(_message(item), retention, when)},
                )
        return Purged(due, frozenset(live))

    def confirmation_at(self, key: str) -> float | None:
        """When the address (its digest, confirmation.address_key) was last confirmed."""
        answer = self._call(
            "get",
            lambda: self.client.get_item(
                TableName=self.name,
                Key=_to_dynamo({"id": f"{CONFIRMATION_PREFIX}{key}"}),
                ConsistentRead=True,
            ),
        )
        item = _from_dynamo(answer.get("Item") or {})
        return float(item["confirmed_at"]) if "confirmed_at" in item else None

    def kept_emails(self) -> list[tuple[float, tuple[str, ...], bytes]]:
        """No email is kept on AWS: every one goes out through SES."""
        return []

    def forget(
        self,
        message_ids: list[str],
        confirmation_key: str = "",
        names: Callable[[tuple[str, ...], bytes], bool] | None = None,
    ) -> list[str]:
        """Delete these messages and every item naming them (upload claims, holds, the
        things done once for them) and the address's confirmation record; the ids of the
        items deleted (docs/privacy.md, "Export and deletion on request"). names: for the
        kept emails, of which this store has none."""
        wanted = set(message_ids)
        once = tuple(f"{ONCE_PREFIX}{what}#{i}" for i in wanted for what in ONCE_PER_MESSAGE)
        doomed = [
            i["id"]
            for i in self._all_items()
            if i["id"] in wanted or i.get("message_id") in wanted or i["id"] in once
        ]
        if confirmation_key and self.confirmation_at(confirmation_key) is not None:
            doomed.append(f"{CONFIRMATION_PREFIX}{confirmation_key}")
        for key in doomed:
            self._delete(key)
        return [_described(key, wanted) for key in doomed]

    def list(self, limit: int | None = None) -> list[StoredMessage]:
        messages = sorted(self._scan({}), key=lambda m: m.created_at, reverse=True)
        return messages if limit is None else messages[:limit]

    def _scan(self, arguments: dict) -> list[StoredMessage]:
        """Every message the scan with these arguments finds (the other items left out)."""
        return [
            _message(_from_dynamo(i))
            for items in self._pages(arguments)
            for i in items
            if not i["id"]["S"].startswith(_NOT_MESSAGES)
        ]

    def _pages(self, arguments: dict) -> Iterator[list[dict]]:
        """The items of the scan with these arguments, a page at a time, as DynamoDB has them."""
        kwargs = {"TableName": self.name, **arguments}
        while True:
            page = self._call("scan", lambda: self.client.scan(**kwargs))
            yield page["Items"]
            if "LastEvaluatedKey" not in page:
                return
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def _described(key: str, messages: set[str]) -> str:
    """What a deleted item was, for `build.py privacy forget` (no visitor's data in it)."""
    if key in messages:
        return f"message {key}"
    kinds = {
        CLAIM_PREFIX: "upload claim",
        HOLD_PREFIX: "flash hold",
        ONCE_PREFIX: "once key",
        CONFIRMATION_PREFIX: "confirmation record",
    }
    return next((kind for prefix, kind in kinds.items() if key.startswith(prefix)), "item")


_SERIALIZER, _DESERIALIZER = TypeSerializer(), TypeDeserializer()


def _to_dynamo(values: dict) -> dict:
    return {k: _SERIALIZER.serialize(v) for k, v in values.items()}


def _from_dynamo(item: dict) -> dict:
    return {k: _DESERIALIZER.deserialize(v) for k, v in item.items()}


def _message(item: dict) -> StoredMessage:
    fields = StoredMessage.__dataclass_fields__
    values = {k: v for k, v in item.items() if k in fields}
    values["attempts"] = int(values.get("attempts", 0))
    values[EXPIRY_ATTRIBUTE] = int(values.get(EXPIRY_ATTRIBUTE, 0))
    values["images"] = tuple(
        {k: int(v) if k in ("bytes", "width", "height") else v for k, v in image.items()}
        for image in values.get("images", ())
    )
    flash = dict(values.get("flash") or {})
    if isinstance(flash.get("price"), Decimal):  # DynamoDB's numbers come back as Decimal
        flash["price"] = int(flash["price"])
    values["flash"] = flash
    values["request"] = dict(values.get("request") or {})
    values["deposit_cents"] = int(values.get("deposit_cents", 0))
    values["state_history"] = tuple(dict(e) for e in values.get("state_history", ()))
    values["consent"] = _plain(values.get("consent") or {})
    return StoredMessage(**values)


def _plain(value: object) -> object:
    """A stored map as it was written: DynamoDB's numbers come back as Decimal."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def table_definition(name: str) -> dict:
    """create_table arguments for the store (used by deploy-function and tests)."""
    return {
        "TableName": name,
        "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [
            {"AttributeName": "id", "AttributeType": "S"},
            {"AttributeName": "pending", "AttributeType": "S"},
            {"AttributeName": "created_at", "AttributeType": "S"},
        ],
        "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
        "GlobalSecondaryIndexes": [
            {
                "IndexName": PENDING_INDEX,
                "KeySchema": [
                    {"AttributeName": "pending", "KeyType": "HASH"},
                    {"AttributeName": "created_at", "KeyType": "RANGE"},
                ],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
            }
        ],
    }


def enable_expiry(client, table: str) -> bool:  # noqa: ANN001 - boto3 dynamodb client
    """Turn on time to live for EXPIRY_ATTRIBUTE; False when it already was (idempotent)."""
    described = client.describe_time_to_live(TableName=table)["TimeToLiveDescription"]
    if described.get("TimeToLiveStatus") in ("ENABLED", "ENABLING"):
        return False
    client.update_time_to_live(
        TableName=table,
        TimeToLiveSpecification={"Enabled": True, "AttributeName": EXPIRY_ATTRIBUTE},
    )
    return True

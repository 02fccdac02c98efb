"""Wiring: settings -> store, notifier, service; and HTTP: Lambda event <-> service <-> response.

The HTTP part reads a request (method, content type, size, JSON) and hands the service what
it read; the service (service.py) never sees an event. The AWS pieces (dynamodb.py, ses.py,
s3.py) are imported only when configured, so the default (outbox) path never loads boto3:
see `python -X importtime` figures in docs/contact.md.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
import time
from collections.abc import Callable
from functools import lru_cache

from ..contract import (
    CONSENT_COPIES_PATH,
    CONSENT_PATH,
    DEPOSITS_PATH,
    FLASH_HOLDS_PATH,
    FORGET_PATH,
    GRANT_PATH,
    IMAGE_LINK_PATH,
    NOT_SPAM_PATH,
    REQUESTS_PATH,
    REVIEWS_OFF_PATH,
    STRIPE_WEBHOOK_PATH,
)
from ..dal.artist_emails import ArtistEmails
from ..dal.artists import ArtistList
from ..dal.booking import SiteBooking, fixed
from ..dal.flash import SiteFlash
from ..dal.kept_mail import KeptNotifier
from ..dal.outbox import SqliteOutbox
from ..dal.studio_mail import StudioMail
from ..dal.uploads import LocalUploads
from ..logic.after_booking import AfterSessions
from ..logic.confirmation import Confirmations, Mailer
from ..logic.consent import ConsentDesk
from ..logic.daily_digest import DailyDigest
from ..logic.deposit_schedule import run_deposit_schedule
from ..logic.deposits import DepositDesk
from ..logic.flash import FlashSource
from ..logic.forget_link import ForgetLinks
from ..logic.ports import MessageStore, Payments, UploadStore
from ..logic.request_actions import RequestActions, RequestLinks
from ..logic.retention_pass import RetentionReport, run_retention
from ..logic.service import ArtistSource, ContactService, Notifier
from ..logic.signing import local_secret
from ..logic.spam_review import SpamReview
from ..models import redaction
from ..models.booking import BookingRules
from ..models.mail import LOCAL_SENDER, LOCAL_STUDIO
from ..models.outcomes import Outcome
from ..models.payments import Checkout, PaymentEvent
from ..models.rules import MAX_BODY_BYTES, MAX_JSON_NUMBER_CHARS
from ..words.language import ENGLISH, body_lang, texts
from ..words.messages import USE_GET
from .proxy import ClientAddress
from .settings import PACKAGED_ARTISTS, Settings

log = logging.getLogger(__name__)
# No visitor's data in any log record from here on (models/redaction.py, docs/privacy.md).
redaction.install()

# Every answer carries its own security headers: Netlify adds netlify.toml's headers to the
# files it serves, not to answers it proxies from the Function URL (docs/contact.md).
JSON_HEADERS = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "referrer-policy": "no-referrer",
    "strict-transport-security": "max-age=63072000; includeSubDomains",
}


def build_store(settings: Settings) -> MessageStore:
    if settings.store == "dynamodb":
        from ..dal.dynamodb import DynamoStore

        return DynamoStore(settings.table, settings.region)
    return SqliteOutbox(settings.outbox)


def build_uploads(settings: Settings) -> UploadStore | None:
    """Where reference images go: the bucket (AWS), a folder beside the outbox, or none."""
    if settings.uploads_bucket:
        from ..dal.s3 import S3Uploads

        return S3Uploads(
            settings.uploads_bucket,
            settings.region,
            site_url=settings.site_url,
            link_secret=settings.link_secret,
            link_days=settings.image_link_days,
        )
    local = settings.local_uploads
    return LocalUploads(local) if local else None


# What the emails kept on a laptop link to, where no email is configured (dal/kept_mail.py):
# `build.py serve`'s default address (CONTACT_SITE_URL when it serves elsewhere); their sender
# and studio are models/mail.py's LOCAL_SENDER and LOCAL_STUDIO.
LOCAL_SITE_URL = "http://127.0.0.1:8000"


def build_artist_emails(settings: Settings) -> ArtistEmails | None:
    """The artists' private addresses (CONTACT_ARTIST_EMAILS_FILE), or None."""
    return ArtistEmails(settings.artist_emails_file) if settings.artist_emails_file else None


def keeps_email(settings: Settings, store: MessageStore) -> bool:
    """True where nothing is sent and the local outbox keeps what would have been."""
    return not settings.sends_email and isinstance(store, SqliteOutbox)


def studio_recipients(settings: Settings, store: MessageStore) -> tuple[str, ...]:
    """Who the studio's automatic emails go to: CONTACT_NOTIFY_TO; where the outbox keeps
    them instead, the local studio's address when that is unset."""
    return settings.notify_to or (LOCAL_STUDIO if keeps_email(settings, store) else ())


def build_kept_notifier(
    settings: Settings, store: MessageStore, uploads: UploadStore | None = None
) -> KeptNotifier | None:
    """Where nothing is sent, the studio's email kept in the outbox (build.py mail)."""
    if not keeps_email(settings, store):
        return None
    return KeptNotifier(
        store,
        settings.notify_from or LOCAL_SENDER,
        settings.notify_to or LOCAL_STUDIO,
        studio=settings.studio_name,
        image_links=uploads.links if uploads else None,
        request_links=RequestLinks(settings.site_url or LOCAL_SITE_URL, link_secret(settings)),
        artist_emails=build_artist_emails(settings),
    )


def build_notifier(settings: Settings, uploads: UploadStore | None = None) -> Notifier | None:
    if not settings.sends_email:
        return None
    links = RequestLinks(settings.site_url, link_secret(settings))
    from ..dal.ses import SesNotifier

    return SesNotifier(
        settings.notify_from,
        settings.notify_to,
        settings.region,
        studio=settings.studio_name,
        budget_s=settings.notify_budget_s,
        image_links=uploads.links if uploads else None,
        configuration_set=settings.ses_configuration_set,
        request_links=links,
        artist_emails=build_artist_emails(settings),
    )


def build_confirmations(
    settings: Settings, store: MessageStore, notifier: Notifier | None
) -> Confirmations | None:
    """The visitor's confirmation, sent through the studio's notifier (SES), or None: off,
    no email, or no site URL for its links. Where nothing is sent, the outbox keeps it
    (build.py mail), its links to serve's address."""
    if settings.confirmation and keeps_email(settings, store):
        return Confirmations(
            store,
            store,
            LOCAL_SENDER,
            settings.notify_to or LOCAL_STUDIO,
            settings.site_url or LOCAL_SITE_URL,
            per_hour=settings.confirmations_per_hour,
            secret=link_secret(settings),
        )
    if not settings.sends_confirmations or notifier is None:
        return None
    return Confirmations(
        store,
        notifier,
        settings.notify_from,
        settings.notify_to,
        settings.site_url,
        per_hour=settings.confirmations_per_hour,
        secret=settings.link_secret,  # deploy-function sets it; without, no delete link
    )


def link_secret(settings: Settings) -> str:
    """What signs the digest's "Not spam" links: CONTACT_LINK_SECRET (deploy-function sets
    it); for the local outbox, a secret kept beside it; "" (no links) otherwise."""
    if settings.link_secret or settings.store != "sqlite" or settings.on_lambda:
        return settings.link_secret
    try:
        return local_secret(settings.outbox.parent)
    except OSError as exc:
        log.warning("contact: no link secret beside the outbox (%s); no Not spam links", exc)
        return ""


def build_spam_review(settings: Settings, service: ContactService) -> SpamReview:
    # Where nothing is sent, the outbox keeps the digest (build.py mail).
    keeps = keeps_email(settings, service.store)
    mailer: Mailer | None = service.store if keeps else service.notifier
    return SpamReview(
        service,
        mailer,
        settings.notify_from,
        studio_recipients(settings, service.store),
        settings.site_url,
        link_secret(settings),
        settings.studio_name,
    )


def build_artists(settings: Settings) -> ArtistSource:
    """The published site's live list when its URL is set (Lambda), else a file."""
    listed = ArtistList(settings.artists_file or PACKAGED_ARTISTS)
    if settings.site_url:
        from ..dal.artists import SiteArtists

        return SiteArtists(settings.site_url, fallback=listed)
    return listed


def build_flash(settings: Settings) -> FlashSource | None:
    """The published site's flash list when its URL is set (Lambda); else none (every claim
    kept unverified) unless the caller hands one (`serve`: the served build's file)."""
    return SiteFlash(settings.site_url) if settings.site_url else None


def build_booking(settings: Settings) -> Callable[[], BookingRules]:
    """The site's booking rules (booking.json): the published site's when its URL is set
    (Lambda); else the defaults unless the caller hands them (`serve`: the served build's)."""
    return SiteBooking(settings.site_url) if settings.site_url else fixed()


class LazyStripe:
    """Stripe (dal/stripe_checkout.py), imported on first use: `import stripe` costs about
    150 ms of a cold start that a visitor's message never needs (docs/contact.md)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._stripe: Payments | None = None

    def _get(self) -> Payments:
        if self._stripe is None:
            from ..dal.stripe_checkout import StripeCheckout

            s = self.settings
            self._stripe = StripeCheckout(
                s.stripe_secret_key, s.stripe_webhook_secret, s.stripe_api_base
            )
        return self._stripe

    def create(self, **values: object) -> Checkout:
        return self._get().create(**values)  # type: ignore[arg-type]

    def retrieve(self, session_id: str) -> Checkout | None:
        return self._get().retrieve(session_id)

    def expire(self, session_id: str) -> Checkout | None:
        return self._get().expire(session_id)

    def verify(self, payload: bytes, signature: str) -> PaymentEvent:
        return self._get().verify(payload, signature)


def build_service(
    settings: Settings,
    artists: ArtistSource | None = None,
    flash: FlashSource | None = None,
    booking: Callable[[], BookingRules] | None = None,
) -> ContactService:
    store, uploads = build_store(settings), build_uploads(settings)
    redaction.keep_addresses(settings.notify_from, *settings.notify_to)
    rules = booking if booking is not None else build_booking(settings)
    # How long the stores keep a message: site.yaml's, from booking.json (docs/privacy.md).
    store.retention = lambda: rules().retention
    if isinstance(store, SqliteOutbox) and isinstance(uploads, LocalUploads):
        store.on_purge = uploads.forget_messages  # a message's images go with it
    notifier = build_notifier(settings, uploads)
    service = ContactService(
        store,
        notifier,
        artists if artists is not None else build_artists(settings),
        rate_limit=settings.rate_limit,
        min_fill_ms=settings.min_fill_ms,
        spam_retention_s=settings.spam_retention_days * 24 * 3600,
        uploads=uploads,
        upload_limit=settings.upload_rate_limit,
        upload_bytes_per_hour=settings.upload_bytes_per_hour,
        flash=flash if flash is not None else build_flash(settings),
        confirmations=build_confirmations(settings, store, notifier),
        unsigned_limit=settings.unsigned_rate_limit,
    )
    service.unsent = build_kept_notifier(settings, store, uploads)
    service.spam_review = build_spam_review(settings, service)
    for mail in (notifier, service.unsent):
        if isinstance(mail, StudioMail):
            mail.timezone = lambda: rules().timezone  # "Received" in the studio's time zone
    service.consent = build_consent(settings, service, rules)
    service.deposits = build_deposits(settings, service, rules)
    service.request_actions = build_request_actions(settings, service, rules)
    service.forget_links = ForgetLinks(lambda: service.store, uploads, link_secret(settings))
    service.after_sessions = build_after_sessions(settings, service, rules)
    return service


def build_after_sessions(
    settings: Settings, service: ContactService, booking: Callable[[], BookingRules]
) -> AfterSessions:
    """The aftercare and review emails (kept in the outbox on a laptop)."""
    return AfterSessions(**_desk(settings, service, booking))


def build_consent(
    settings: Settings, service: ContactService, booking: Callable[[], BookingRules]
) -> ConsentDesk:
    """The consent form of a booking (its link in the booking email, its answer) and the
    studio's copy, sent as the studio's other emails are (kept in the outbox on a laptop)."""
    return ConsentDesk(**_desk(settings, service, booking))


def _desk(settings: Settings, service: ContactService, booking: Callable[[], BookingRules]) -> dict:
    """What the steps after a booking share (logic/booking_desk.py)."""
    keeps = keeps_email(settings, service.store)
    return {
        "source": service,
        "mailer": visitor_mailer(settings, service),
        "sender": settings.notify_from or LOCAL_SENDER,
        "studio": settings.notify_to or (LOCAL_STUDIO if keeps else ()),
        "site_url": settings.site_url or (LOCAL_SITE_URL if keeps else ""),
        "secret": link_secret(settings),
        "booking": booking,
    }


def visitor_mailer(settings: Settings, service: ContactService) -> Mailer | None:
    """How the visitor's emails go: through SES when email is configured; on a laptop the
    outbox keeps them instead (SqliteOutbox.deliver)."""
    # SesNotifier and SqliteOutbox both deliver (confirmation.Mailer).
    mailer: Mailer | None = service.notifier if settings.sends_email else None
    if mailer is None and isinstance(service.store, SqliteOutbox):
        mailer = service.store
    return mailer


def build_deposits(
    settings: Settings, service: ContactService, booking: Callable[[], BookingRules]
) -> DepositDesk:
    """The deposit's pay link, Stripe's webhook and the daily pass; no deposit is asked
    without Stripe keys (CONTACT_STRIPE_SECRET_KEY, CONTACT_STRIPE_WEBHOOK_SECRET)."""
    return DepositDesk(
        source=service,
        payments=LazyStripe(settings) if settings.takes_deposits else None,
        booking=booking,
        mailer=visitor_mailer(settings, service),
        sender=settings.notify_from or LOCAL_SENDER,
        # Where nothing is sent, the outbox keeps the studio's "Deposit paid" too (build.py mail).
        studio=studio_recipients(settings, service.store),
        site_url=settings.site_url,
        secret=link_secret(settings),
        studio_name=settings.studio_name,
        consent=service.consent.line if service.consent else None,
    )


def build_request_actions(
    settings: Settings, service: ContactService, booking: Callable[[], BookingRules]
) -> RequestActions:
    """The answers to a request's links (the visitor's email: visitor_mailer)."""
    return RequestActions(
        service,
        visitor_mailer(settings, service),
        settings.notify_from,
        settings.notify_to,
        link_secret(settings),
        deposits=service.deposits,
        booking=booking,
        consent=service.consent.line if service.consent else None,
        links=RequestLinks(
            settings.site_url or (LOCAL_SITE_URL if keeps_email(settings, service.store) else ""),
            link_secret(settings),
        ),
    )


def _path(event: dict) -> str:
    path = event.get("rawPath") or ((event.get("requestContext") or {}).get("http") or {}).get(
        "path"
    )
    return path if isinstance(path, str) else "/"


@lru_cache(maxsize=8)
def _client_address(forwarded_headers: tuple[str, ...], secret: str) -> ClientAddress:
    return ClientAddress(forwarded_headers, secret)  # one per configuration: it warns once


def _request(event: dict, settings: Settings) -> tuple[str, bytes, str, str | None]:
    """Method, raw body, client address and content type of a Function URL / API event."""
    context = event.get("requestContext") or {}
    http = context.get("http") or {}
    method = http.get("method") or event.get("httpMethod") or "GET"
    source = http.get("sourceIp") or (context.get("identity") or {}).get("sourceIp")
    headers = {str(k).lower(): v for k, v in (event.get("headers") or {}).items()}
    # A forwarded address counts only on a request Netlify's proxy signed (proxy.py).
    client = _client_address(settings.client_ip_headers, settings.proxy_secret)(source, headers)
    content_type = headers.get("content-type")
    raw = event.get("body") or ""
    if event.get("isBase64Encoded"):
        try:
            body = base64.b64decode(raw, validate=True)
        except (binascii.Error, ValueError):
            body = b"\xff"  # undecodable: answered as unreadable form data
    else:
        body = raw.encode("utf-8", "surrogatepass")
    return method, body, client, content_type if isinstance(content_type, str) else None


class _NumberTooLong(ValueError):
    pass


def _bounded_int(digits: str) -> int:
    # Checked before int() runs: converting a long digit string costs quadratic time, and
    # over 4300 digits Python raises a ValueError of its own.
    if len(digits) > MAX_JSON_NUMBER_CHARS:
        raise _NumberTooLong(digits[:20])
    return int(digits)


def is_json_media_type(content_type: str | None) -> bool:
    """True for `application/json`, with or without parameters such as charset."""
    media_type = (content_type or "").split(";", 1)[0].strip().lower()
    return media_type == "application/json"


def read_json(method: str, body: bytes, content_type: str | None) -> tuple[Outcome | None, object]:
    """The decoded JSON body of a POST, or the answer refusing it (405, 415, 413, 400), in
    the language the body names (language.body_lang: it could not be read as JSON)."""
    t = texts(body_lang(body))
    if method.upper() != "POST":
        return Outcome(405, Outcome.error(405, t.WRONG_METHOD).body, {"allow": "POST"}), None
    if not is_json_media_type(content_type):
        return Outcome.error(415, t.NOT_JSON_TYPE), None
    if len(body) > MAX_BODY_BYTES:
        return Outcome.error(413, t.TOO_LARGE), None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return Outcome.error(400, t.NOT_UTF8), None
    try:
        return None, json.loads(text, parse_int=_bounded_int)
    except _NumberTooLong:
        return Outcome.error(400, t.NUMBER_TOO_LONG), None
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        return Outcome.error(400, t.NOT_JSON), None


def to_response(outcome: Outcome) -> dict:
    return {
        "statusCode": outcome.status,
        "headers": {**JSON_HEADERS, **outcome.headers},
        "body": outcome.html or json.dumps(outcome.body, ensure_ascii=False),
    }


def _answer(
    service: ContactService,
    path: str,
    query: str,
    method: str,
    body: bytes,
    client: str,
    content_type: str | None,
) -> Outcome:
    """The answer to a request on path: an image link, the grant of an upload, or (every
    other path) a message. Only what read_json accepts reaches the service."""
    # Besides the message (which every other path still is): the email's image links and the
    # grant of an image upload. Netlify proxies them with their paths kept (dist/_redirects);
    # `serve` hands them over as they are.
    if path.startswith(IMAGE_LINK_PATH):
        if method.upper() not in ("GET", "HEAD"):
            return Outcome(405, Outcome.error(405, USE_GET).body, {"allow": "GET"})
        return service.open_image(path)
    if path.startswith(NOT_SPAM_PATH) and service.spam_review is not None:
        return service.spam_review.answer(path, method)
    if path.rstrip("/") == FLASH_HOLDS_PATH:
        if method.upper() not in ("GET", "HEAD"):
            return Outcome(405, Outcome.error(405, USE_GET).body, {"allow": "GET"})
        return service.flash_holds()
    if path.startswith(FORGET_PATH) and service.forget_links is not None:
        return service.forget_links.answer(path, method, query)
    if path.startswith(REQUESTS_PATH) and service.request_actions is not None:
        return service.request_actions.answer(path, method, query, body, content_type)
    if path.startswith(DEPOSITS_PATH) and service.deposits is not None:
        return service.deposits.answer_link(path, method, query)
    if path.startswith(CONSENT_COPIES_PATH) and service.consent is not None:
        return service.consent.answer_copy(path, method, query)
    if path.startswith(REVIEWS_OFF_PATH) and service.after_sessions is not None:
        return service.after_sessions.answer_off(path, method, query)
    refused, payload = read_json(method, body, content_type)
    if refused is not None:
        return refused
    redaction.note_visitor(redaction.personal_values(payload))
    if path.rstrip("/") == GRANT_PATH:
        return service.grant(payload, client)
    if path.rstrip("/") == CONSENT_PATH and service.consent is not None:
        return service.consent.submit(payload)
    return service.submit(payload, client)


def respond(service: ContactService | None, settings: Settings | None, event: dict) -> dict:
    """Answer one event; never raise for a request, never show a traceback to the visitor."""
    if event.get("action") == AFTER_SESSIONS_ACTION and service:
        # The evening schedule's (deploy_aws.py): only the aftercare and review emails, each
        # at most once (claim_once), so a retry or the next morning's run sends nothing twice.
        return {"after_sessions": daily_after_sessions(service)}
    if event.get("action") == "send-spam-digest" and service and service.spam_review:
        # The daily schedule's (deploy_aws.py), not a visitor's: a digest that could not go
        # raises, so the invocation fails and Lambda runs it again (twice, minutes apart).
        # The deposits' pass first: it does nothing twice, so that second run is harmless.
        # The digest lists the requests waiting and the spam (logic/daily_digest.py).
        deposits = daily_deposits(service)
        daily_retention(service)
        after = daily_after_sessions(service)  # the aftercare and reviews: once each too
        answer = DailyDigest(service.spam_review).send()
        # The passes' figures when they did (or failed at) something.
        if any(deposits.values()):
            answer = {**answer, "deposits": deposits}
        return {**answer, "after_sessions": after} if any(after.values()) else answer
    with redaction.request_scope():
        return _respond(service, settings, event)


def _respond(service: ContactService | None, settings: Settings | None, event: dict) -> dict:
    try:
        if service is None or settings is None:
            return to_response(Outcome.error(503, _unavailable(event)))
        if event.get("source") == "aws.events" or event.get("action") == "send-pending":
            report = service.send_pending()
            return {"sent": report.sent, "failed": report.failed, "pending_ids": report.errors}
        query = event.get("rawQueryString")
        query = query if isinstance(query, str) else ""
        path = _path(event)
        if path.rstrip("/") == STRIPE_WEBHOOK_PATH and service.deposits is not None:
            return to_response(_webhook(service.deposits, event, settings))
        return to_response(_answer(service, path, query, *_request(event, settings)))
    except Exception:
        log.exception("contact: unexpected error; answered 503")
        return to_response(Outcome.error(503, _unavailable(event)))


def _webhook(deposits: DepositDesk, event: dict, settings: Settings) -> Outcome:
    """Stripe's event: the raw body as it arrived (the signature covers its bytes)."""
    method, body, _, _ = _request(event, settings)
    headers = {str(k).lower(): v for k, v in (event.get("headers") or {}).items()}
    signature = headers.get("stripe-signature")
    return deposits.answer_webhook(method, body, signature if isinstance(signature, str) else "")


def daily_deposits(service: ContactService, now: float | None = None) -> dict:
    """The daily pass over unpaid deposits (deposit_schedule.py); never stops the digest."""
    if service.deposits is None:
        return {}
    try:
        report = run_deposit_schedule(service.deposits, time.time() if now is None else now)
    except Exception:
        log.exception("contact: the deposits' daily pass failed; the digest goes on")
        return {"error": True}
    return report.as_dict()


def daily_retention(service: ContactService, now: float | None = None) -> RetentionReport | None:
    """The daily purge of what is past its retention (logic/retention_pass.py); never stops
    the digest: DynamoDB's time to live and the bucket's lifecycle rule are behind it."""
    try:
        return run_retention(service.store, service.uploads, now)
    except Exception:
        log.exception("contact: the retention's daily pass failed; the digest goes on")
        return None


# The evening schedule's event (deploy_aws.py, schedule_after_sessions).
AFTER_SESSIONS_ACTION = "send-after-sessions"


def daily_after_sessions(service: ContactService, now: float | None = None) -> dict:
    """A pass of aftercare and review emails (after_booking.py), the evening schedule's and
    the daily one's; never stops the digest."""
    if service.after_sessions is None:
        return {}
    try:
        report = service.after_sessions.run(time.time() if now is None else now)
    except Exception:
        log.exception("contact: the after-session emails' daily pass failed; the digest goes on")
        return {"error": True}
    return report.as_dict()


def _unavailable(event: dict) -> str:
    """UNAVAILABLE in the language the event's body names (English when it cannot tell)."""
    body = event.get("body")
    lang = body_lang(body.encode("utf-8", "replace")) if isinstance(body, str) else ENGLISH
    return texts(lang).UNAVAILABLE

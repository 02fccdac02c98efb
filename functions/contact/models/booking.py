"""What the site's content says about booking (dist/api/booking.json, written by the build
from site.yaml and the artists' files): the deposit per service and per artist, the days
before a reminder and before expiry, the decline reasons and the studio's time zone.

Pure: parse_booking reads the decoded JSON; the stores that fetch it are in
dal/booking.py. A file that is missing or unreadable reads as DEFAULT (docs/contact.md,
"Deposits").
"""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from html.parser import HTMLParser
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .message import StoredMessage
from .retention import DEFAULT_RETENTION, Retention, parse_retention
from .rules import is_clean_line

log = logging.getLogger(__name__)

DEFAULT_TIMEZONE = "America/Chicago"
DEFAULT_REMINDER_DAYS = 2
DEFAULT_EXPIRY_DAYS = 5
MAX_DOLLARS = 100_000  # as the Accept form's own bound (request_actions.MAX_DEPOSIT_DOLLARS)
MAX_DAYS = 60
MAX_REASONS = 20
MAX_REASON_TEXT = 600
MAX_KEYS = 200
MAX_QUESTIONS = 40  # as the consent form's bound (models/consent.py)
MAX_QUESTION_TEXT = 500  # a question's wording (generator/content/consent.py's bound)
QUESTION_KEY = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
LANGUAGES = ("en", "es")
MAX_GUIDE = 20_000  # an aftercare guide's Markdown
MAX_GUIDE_HTML = 200_000  # and its HTML, every element styled inline
GUIDES = ("tattoo", "piercing")


@dataclass(frozen=True)
class DeclineReason:
    key: str  # what the Accept form's <select> posts: the label made a slug
    label: str  # the studio's
    text: str  # the visitor's, in English
    text_es: str  # and in Spanish


@dataclass(frozen=True)
class BookingRules:
    timezone: str = DEFAULT_TIMEZONE
    services: tuple[tuple[str, int], ...] = ()  # (service, whole dollars)
    artists: tuple[tuple[str, int], ...] = ()  # (artist slug, whole dollars): overrides
    reminder_days: int = DEFAULT_REMINDER_DAYS
    expiry_days: int = DEFAULT_EXPIRY_DAYS
    decline_reasons: tuple[DeclineReason, ...] = ()  # (): the function's own defaults
    retention: Retention = DEFAULT_RETENTION  # how long the stores keep a request
    # Whether the studio tattoos a minor to cover an existing tattoo, as Texas allows with a
    # parent or guardian (the consent form: models/consent.py); off unless the site says so.
    minors_cover_ups: bool = False
    # The keys of the consent form's health questions (content/consent.md): each is answered;
    # () when the site lists none (then any bounded keys are taken).
    consent_questions: tuple[str, ...] = ()
    # Their wording as plain text: ((lang, key), text), kept with the signed record
    # (logic/consent.py); a question without one is shown by its key.
    consent_question_texts: tuple[tuple[tuple[str, str], str], ...] = ()
    phone: str = ""  # the studio's, in the aftercare email
    # The aftercare guides as Markdown: ((service kind, lang), text), kind "tattoo" or
    # "piercing", lang "en" or "es" (after_booking.py).
    aftercare: tuple[tuple[tuple[str, str], str], ...] = ()
    # The same guides as email-safe HTML, rendered by the build (generator/site/
    # email_markdown.py); a guide without one goes as text only.
    aftercare_html: tuple[tuple[tuple[str, str], str], ...] = ()
    reviews_url: str = ""  # "": no review request
    review_after_days: int = 7

    def guide(self, kind: str, lang: str) -> str:
        """The aftercare guide of kind in lang ("" when the site has none)."""
        guides = dict(self.aftercare)
        return guides.get((kind, lang)) or guides.get((kind, "en"), "")

    def guide_html(self, kind: str, lang: str) -> str:
        """The HTML of that same guide ("" when booking.json has none for it)."""
        guides, texts = dict(self.aftercare_html), dict(self.aftercare)
        if (kind, lang) in texts:
            return guides.get((kind, lang), "")
        return guides.get((kind, "en"), "")

    def question_texts(self, lang: str) -> dict[str, str]:
        """{key: wording} of the health questions in lang, as the page in that language
        showed them; a question without one is left out (never another language's: the
        record would say the client read words they did not)."""
        return {key: text for (where, key), text in self.consent_question_texts if where == lang}

    def deposit_cents(self, message: StoredMessage) -> int:
        """The deposit content asks for this request, in cents: the artist's when they have
        one, else the service's, else none. A flash claim goes by its service."""
        artists, services = dict(self.artists), dict(self.services)
        if message.artist in artists:
            return artists[message.artist] * 100
        return services.get(message.service, 0) * 100


DEFAULT = BookingRules()


def _slug(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")[:40] or "reason"


def _dollars(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DOLLARS:
        raise ValueError(f"{where}: whole dollars from 0 to {MAX_DOLLARS}, got {value!r}")
    return value


def _amounts(value: object, where: str) -> tuple[tuple[str, int], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict) or len(value) > MAX_KEYS:
        raise ValueError(f"{where}: an object of at most {MAX_KEYS} names")
    return tuple((str(k)[:100], _dollars(v, f"{where}.{k}")) for k, v in value.items())


def _days(value: object, where: str, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DAYS:
        raise ValueError(f"{where}: whole days from 1 to {MAX_DAYS}, got {value!r}")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_REASON_TEXT:
        raise ValueError(f"{where}: a text of 1 to {MAX_REASON_TEXT} characters")
    return " ".join(value.split())


def _reasons(value: object) -> tuple[DeclineReason, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_REASONS:
        raise ValueError(f"decline_reasons: a list of at most {MAX_REASONS}")
    reasons: dict[str, DeclineReason] = {}
    for n, item in enumerate(value):
        where = f"decline_reasons[{n}]"
        if not isinstance(item, dict):
            raise ValueError(f"{where}: an object with label, text and text_es")
        label = _text(item.get("label"), f"{where}.label")[:80]
        text = _text(item.get("text"), f"{where}.text")
        text_es = _text(item.get("text_es") or item.get("text"), f"{where}.text_es")
        key = _slug(label)
        while key in reasons:
            key += "-2"
        reasons[key] = DeclineReason(key, label, text, text_es)
    return tuple(reasons.values())


def parse_booking(data: object) -> BookingRules:
    """booking.json as the function uses it; ValueError naming the field for what is not."""
    if not isinstance(data, dict):
        raise ValueError("booking.json must hold an object")
    timezone = data.get("timezone", DEFAULT_TIMEZONE)
    if not isinstance(timezone, str) or not re.fullmatch(r"[A-Za-z0-9_+\-/]{1,64}", timezone):
        raise ValueError(f"timezone: an IANA name such as {DEFAULT_TIMEZONE}, got {timezone!r}")
    deposit = data.get("deposit") or {}
    if not isinstance(deposit, dict):
        raise ValueError("deposit: an object with services and artists")
    reminder = _days(
        data.get("deposit_reminder_days"), "deposit_reminder_days", DEFAULT_REMINDER_DAYS
    )
    expiry = _days(data.get("deposit_expiry_days"), "deposit_expiry_days", DEFAULT_EXPIRY_DAYS)
    keys = _question_keys(data.get("consent_questions"))
    return BookingRules(
        timezone=timezone,
        services=_amounts(deposit.get("services"), "deposit.services"),
        artists=_amounts(deposit.get("artists"), "deposit.artists"),
        reminder_days=reminder,
        expiry_days=max(expiry, reminder + 1),  # the reminder comes before the end
        decline_reasons=_reasons(data.get("decline_reasons")),
        retention=parse_retention(data.get("retention")),
        minors_cover_ups=_flag(data.get("minors_cover_ups"), "minors_cover_ups"),
        consent_questions=keys,
        consent_question_texts=_question_texts(data.get("consent_question_texts"), keys),
        phone=_phone(data.get("phone")),
        aftercare=_guides(data.get("aftercare")),
        aftercare_html=_guides_html(data.get("aftercare_html")),
        **_reviews(data.get("reviews")),
    )


def _question_keys(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if (
        not isinstance(value, list)
        or len(value) > MAX_QUESTIONS
        or not all(isinstance(k, str) and QUESTION_KEY.fullmatch(k) for k in value)
    ):
        raise ValueError(f"consent_questions: a list of at most {MAX_QUESTIONS} keys")
    return tuple(value)


def _question_texts(
    value: object, keys: tuple[str, ...]
) -> tuple[tuple[tuple[str, str], str], ...]:
    """The questions' wording, {"en": {key: text}, "es": {...}}: only a bounded key of the
    form's (any bounded key when booking.json lists none) with one line of at most
    MAX_QUESTION_TEXT characters, no control or bidi character. Anything else is left out
    (logged, by field only), so booking.json cannot put a forged line into a stored record
    or the studio's copy; that question is then shown by its key."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        log.warning("contact: consent_question_texts left out: not an object")
        return ()
    found: dict[tuple[str, str], str] = {}
    for lang in LANGUAGES:
        texts = value.get(lang)
        if texts is None:
            continue
        if not isinstance(texts, dict) or len(texts) > MAX_QUESTIONS:
            log.warning("contact: consent_question_texts.%s left out: not the build's", lang)
            continue
        for key, text in texts.items():
            if not (
                isinstance(key, str)
                and QUESTION_KEY.fullmatch(key)
                and (not keys or key in keys)
                and isinstance(text, str)
                and len(text) <= MAX_QUESTION_TEXT
                and is_clean_line(text)
            ):
                where = key if isinstance(key, str) and QUESTION_KEY.fullmatch(key) else "?"
                log.warning("contact: consent_question_texts.%s.%s left out", lang, where)
                continue
            found[(lang, key)] = " ".join(text.split())
    return tuple(found.items())


def _phone(value: object) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > 40 or not value.isprintable():
        raise ValueError(f"phone: a line of at most 40 characters, got {value!r}")
    return value.strip()


def _guides(value: object) -> tuple[tuple[tuple[str, str], str], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise ValueError("aftercare: an object of guides")
    found = []
    for kind in GUIDES:
        texts = value.get(kind) or {}
        if not isinstance(texts, dict):
            raise ValueError(f"aftercare.{kind}: an object with en and es")
        for lang in ("en", "es"):
            text = texts.get(lang)
            if text is None:
                continue
            if not isinstance(text, str) or len(text) > MAX_GUIDE:
                raise ValueError(f"aftercare.{kind}.{lang}: Markdown of at most {MAX_GUIDE}")
            found.append(((kind, lang), text))
    return tuple(found)


def _guides_html(value: object) -> tuple[tuple[tuple[str, str], str], ...]:
    """The guides' HTML, each kept only if it is what the build writes (email_html_is_safe):
    another is left out (that guide goes as text), so booking.json can never put a script
    or an event attribute into a client's email."""
    if not isinstance(value, dict):
        return ()
    found = []
    for kind in GUIDES:
        texts = value.get(kind)
        for lang in ("en", "es"):
            text = texts.get(lang) if isinstance(texts, dict) else None
            if not isinstance(text, str) or not text:
                continue
            if len(text) > MAX_GUIDE_HTML or not email_html_is_safe(text):
                log.warning(
                    "contact: aftercare_html.%s.%s left out: not the build's HTML", kind, lang
                )
                continue
            found.append(((kind, lang), text))
    return tuple(found)


# What the build's email HTML may hold (generator/site/email_markdown.py): these elements,
# these attributes, links to http(s), mailto: and tel: only.
_SAFE_TAGS = frozenset(
    "p h2 ul ol li a strong em s table thead tbody tr th td blockquote code pre hr img br".split()
)
_SAFE_ATTRIBUTES = frozenset({"style", "href", "src", "alt", "title", "start"})
_SAFE_LINK = re.compile(r"(https?://|mailto:|tel:)[^\s\"<>]*", re.IGNORECASE)
_SAFE_STYLE = re.compile(r"[A-Za-z0-9 #:;.,%-]*")  # no url(), no expression(), no quotes


class _HtmlCheck(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.safe = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _SAFE_TAGS:
            self.safe = False
        for name, value in attrs:
            if name not in _SAFE_ATTRIBUTES:
                self.safe = False
            elif name in ("href", "src") and not _SAFE_LINK.fullmatch(value or ""):
                self.safe = False
            elif name == "style" and not _SAFE_STYLE.fullmatch(value or ""):
                self.safe = False

    def handle_endtag(self, tag: str) -> None:
        if tag not in _SAFE_TAGS:
            self.safe = False

    def handle_comment(self, data: str) -> None:
        self.safe = False

    def handle_decl(self, decl: str) -> None:
        self.safe = False

    def handle_pi(self, data: str) -> None:
        self.safe = False

    def unknown_decl(self, data: str) -> None:
        self.safe = False


def email_html_is_safe(text: str) -> bool:
    """True when text holds only the elements, attributes and links the build writes."""
    check = _HtmlCheck()
    check.feed(text)
    check.close()
    return check.safe


def _reviews(value: object) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError("reviews: an object with url and after_days")
    url = value.get("url")
    if not isinstance(url, str) or not re.fullmatch(r"https://[^\s<>\"]{1,500}", url):
        raise ValueError(f"reviews.url: an https address, got {url!r}")
    return {
        "reviews_url": url,
        "review_after_days": _days(value.get("after_days"), "reviews.after_days", 7),
    }


def _flag(value: object, where: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ValueError(f"{where}: true or false, got {value!r}")
    return value


@functools.lru_cache(maxsize=16)
def zone(name: str) -> tzinfo:
    """The studio's time zone; UTC when this machine does not know the name (logged once:
    every email and page of a run asks)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        log.warning("contact: time zone %r unknown here; times are shown in UTC", name)
        return UTC


def studio_time(iso: str, timezone: str) -> str:
    """An ISO 8601 UTC time as the studio reads it: "2026-11-28 04:05 CST"."""
    try:
        when = datetime.fromisoformat(iso)
    except ValueError:
        return iso[:16]
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    local = when.astimezone(zone(timezone))
    return f"{local:%Y-%m-%d %H:%M} {local.tzname() or timezone}"


def studio_date(seconds: float, timezone: str) -> str:
    """A Unix time's date in the studio's time zone: "2026-12-03"."""
    return f"{datetime.fromtimestamp(seconds, zone(timezone)):%Y-%m-%d}"

"""The consent form's fields as the function reads them again: pure rules, no I/O
(docs/consent.md).

The page validates in the browser; this validates every field again and words each problem
in the visitor's language (the catalogs' CONSENT_* texts), so a 400 names the field. The
minors' rule is Texas's (25 TAC §229.406, read in docs/consent.md): under 18, a parent or
guardian signs too; a tattoo only to cover an existing one, and only where the studio takes
such cover-ups (booking.json `minors_cover_ups`, false by default).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date

from ..words.language import Texts
from .rules import MAX_NAME, MAX_PHONE, FieldError, InvalidSubmission, _text, looks_blank

ID_TYPES = ("drivers_license", "state_id", "passport", "military_id")
ID_TYPE_WORDS = {  # as the studio reads them
    "drivers_license": "Driver's license",
    "state_id": "State ID card",
    "passport": "Passport",
    "military_id": "Military ID",
}
RELATIONSHIPS = ("parent", "guardian", "managing_conservator")
ADULT_AGE = 18
MAX_AGE = 120
MAX_ANSWERS = 40  # the health questions of content/consent.md, bounded
MAX_ANSWER_TEXT = 500
_ANSWER_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_DOB = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_LAST4 = re.compile(r"[A-Za-z0-9]{4}")


@dataclass(frozen=True)
class Booked:
    """What the rules need of the booking: is it a tattoo, does the studio take a minor's
    cover-up, and the studio's today (the age is counted on it)."""

    tattoo: bool
    minors_cover_ups: bool
    today: date
    questions: tuple[str, ...] = ()  # the site's health questions: each answered, no other


def age_on(born: date, today: date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def _signature_of(typed: str) -> str:
    """A typed name as compared with the name above: case, accents' forms and spaces aside."""
    return " ".join(unicodedata.normalize("NFC", typed).casefold().split())


def _dob(payload: dict, errors: list[FieldError], t: Texts, today: date) -> date | None:
    value = payload.get("dob")
    found = _DOB.fullmatch(value) if isinstance(value, str) else None
    try:
        born = date(*(int(part) for part in found.groups())) if found else None
    except ValueError:
        born = None
    if born is None or born > today or age_on(born, today) > MAX_AGE:
        errors.append(FieldError("dob", t.CONSENT_DOB))
        return None
    return born


def _choice(
    payload: dict, field: str, allowed: tuple[str, ...], text: str, errors: list[FieldError]
) -> str:
    value = payload.get(field)
    if not isinstance(value, str) or value not in allowed:
        errors.append(FieldError(field, text))
        return ""
    return value


def _last4(payload: dict, field: str, errors: list[FieldError], t: Texts) -> str:
    value = payload.get(field)
    if not isinstance(value, str) or not _LAST4.fullmatch(value.strip()):
        errors.append(FieldError(field, t.CONSENT_ID_LAST4.format(label=t.LABELS[field])))
        return ""
    return value.strip().upper()


def _ticked(payload: dict, field: str, text: str, errors: list[FieldError]) -> bool:
    if payload.get(field) is not True:
        errors.append(FieldError(field, text))
        return False
    return True


def _signed(
    payload: dict, field: str, name: str, text: str, errors: list[FieldError], t: Texts
) -> str:
    before = len(errors)
    typed = _text(payload, field, MAX_NAME, errors, t, required=True)
    if len(errors) == before and name and _signature_of(typed) != _signature_of(name):
        errors.append(FieldError(field, text))
    return typed


def _answers(payload: dict, errors: list[FieldError], t: Texts, questions: tuple[str, ...]) -> dict:
    """{question key: true, false or a short text}: bounded keys and values; the site's
    questions each answered, and no other, when it lists them."""
    value = payload.get("answers")
    if not isinstance(value, dict) or not 0 < len(value) <= MAX_ANSWERS:
        errors.append(FieldError("answers", t.CONSENT_ANSWERS))
        return {}
    if questions and sorted(value) != sorted(questions):
        errors.append(FieldError("answers", t.CONSENT_ANSWERS))
        return {}
    answers: dict[str, bool | str] = {}
    for key, answer in value.items():
        if not isinstance(key, str) or not _ANSWER_KEY.fullmatch(key):
            errors.append(FieldError("answers", t.CONSENT_ANSWERS))
            return {}
        if isinstance(answer, bool):
            answers[key] = answer
            continue
        probe: list[FieldError] = []
        text = _text({"answers": answer}, "answers", MAX_ANSWER_TEXT, probe, t, required=True)
        if probe or looks_blank(text):
            errors.append(probe[0] if probe else FieldError("answers", t.CONSENT_ANSWERS))
            return {}
        answers[key] = text
    return answers


def parse_consent(payload: dict, t: Texts, booked: Booked) -> dict:
    """The consent record to store (without signed_at: the store's clock sets it), or
    InvalidSubmission naming each field's problem in t's words."""
    errors: list[FieldError] = []
    name = _text(payload, "name", MAX_NAME, errors, t, required=True)
    born = _dob(payload, errors, t, booked.today)
    id_type = _choice(payload, "id_type", ID_TYPES, t.CONSENT_ID_TYPE, errors)
    id_last4 = _last4(payload, "id_last4", errors, t)
    emergency_name = _text(payload, "emergency_name", MAX_NAME, errors, t, required=True)
    emergency_phone = _text(payload, "emergency_phone", MAX_PHONE, errors, t, required=True)
    if emergency_phone and sum(ch.isdigit() for ch in emergency_phone) < 7:
        errors.append(FieldError("emergency_phone", t.SHORT_PHONE))
    answers = _answers(payload, errors, t, booked.questions)
    _ticked(payload, "risks", t.CONSENT_RISKS, errors)
    _ticked(payload, "aftercare", t.CONSENT_AFTERCARE, errors)
    signature = _signed(payload, "signature", name, t.CONSENT_SIGNATURE, errors, t)
    _ticked(payload, "agree", t.CONSENT_AGREE, errors)
    cover_up = payload.get("cover_up") is True
    record: dict = {
        "name": name,
        "dob": born.isoformat() if born else "",
        "id_type": id_type,
        "id_last4": id_last4,
        "emergency": {"name": emergency_name, "phone": emergency_phone},
        "answers": answers,
        "acknowledged": {"risks": True, "aftercare": True},
        "signature": signature,
    }
    if born is not None and age_on(born, booked.today) < ADULT_AGE:
        record["minor"] = True
        if booked.tattoo:
            record["cover_up"] = cover_up
            if not booked.minors_cover_ups:
                errors.append(FieldError("dob", t.CONSENT_MINOR_NO_TATTOO))
            elif not cover_up:
                errors.append(FieldError("cover_up", t.CONSENT_MINOR_COVER_UP))
        record["guardian"] = _guardian(payload, errors, t)
    if errors:
        raise InvalidSubmission(errors)
    return record


def _guardian(payload: dict, errors: list[FieldError], t: Texts) -> dict:
    name = _text(payload, "guardian_name", MAX_NAME, errors, t, required=True)
    relationship = _choice(
        payload, "guardian_relationship", RELATIONSHIPS, t.CONSENT_RELATIONSHIP, errors
    )
    id_type = _choice(payload, "guardian_id_type", ID_TYPES, t.CONSENT_ID_TYPE, errors)
    id_last4 = _last4(payload, "guardian_id_last4", errors, t)
    signature = _signed(
        payload, "guardian_signature", name, t.CONSENT_GUARDIAN_SIGNATURE, errors, t
    )
    _ticked(payload, "guardian_agree", t.CONSENT_AGREE, errors)
    return {
        "name": name,
        "relationship": relationship,
        "id_type": id_type,
        "id_last4": id_last4,
        "signature": signature,
    }

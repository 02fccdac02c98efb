"""The consent form of a booking, the function's side (#42 item 1; docs/consent.md): the
signed link in the booking email, `POST /api/consent` validating every field again, the
minors' rules, the record stored with the booking (`consented`), one signature per link, and
the studio's copy (email and printable page).

Through the HTTP interface (Function URL events into handlers/app.respond) on the outbox, and
on DynamoDB and SES (moto) for the paid deposit's path.
"""

from __future__ import annotations

import email
import email.policy
import json
import logging
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from contact_support import GOOD, local_settings, make_service, post_event
from ses_support import sent_emails
from test_contact_deposits import (
    BOOKING,
    SECRET,
    SITE,
    aws_service,
    booked_to,
    completed,
    stripe_signature,
    webhook,
    write_booking,
)

from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic import consent as consent_logic
from functions.contact.logic.request_actions import RequestLinks
from functions.contact.logic.service import ContactService
from functions.contact.logic.signing import message_token

SPANISH = {**GOOD, "lang": "es", "name": "Lucía Pérez", "email": "lucia@example.com"}
PIERCING = {**GOOD, "service": "Piercing"}
QUESTIONS = ["blood-thinners", "allergies", "pregnant"]  # booking.json's, from consent.md
WORDING = {  # and their wording, as the build writes it from consent.md and consent.es.md
    "en": {
        "blood-thinners": "Do you take blood thinners (aspirin included)?",
        "allergies": "Are you allergic to latex, metals, pigments, soaps or ointments?",
        "pregnant": "Are you pregnant or breastfeeding?",
    },
    "es": {
        "blood-thinners": "¿Tomas anticoagulantes (incluida la aspirina)?",
        "allergies": "¿Eres alérgico al látex, a metales, pigmentos, jabones o pomadas?",
        "pregnant": "¿Estás embarazada o amamantando?",
    },
}
FREE = {  # Accept books at once
    **BOOKING,
    "deposit": {"services": {}, "artists": {}},
    "consent_questions": QUESTIONS,
    "consent_question_texts": WORDING,
}
ADULT = {
    "lang": "en",
    "name": "Ana María López",
    "dob": "1990-04-23",
    "id_type": "drivers_license",
    "id_last4": "a1b2",
    "emergency_name": "Rosa López",
    "emergency_phone": "214 555 0100",
    "answers": {"blood-thinners": False, "allergies": "Latex", "pregnant": False},
    "risks": True,
    "aftercare": True,
    "signature": "ana maría  LÓPEZ",
    "agree": True,
}
GUARDIAN = {
    "dob": "2010-01-15",
    "guardian_name": "Rosa López",
    "guardian_relationship": "parent",
    "guardian_id_type": "passport",
    "guardian_id_last4": "9z8y",
    "guardian_signature": "Rosa López",
    "guardian_agree": True,
}
LINK = re.compile(r"https://studio\.example(/es)?/consent\?t=([0-9a-f.]+)")


# --- helpers ---------------------------------------------------------------------------------


def local(tmp_path: Path, booking: dict = FREE) -> ContactService:
    write_booking(tmp_path, booking)
    settings = local_settings(tmp_path, site_url=SITE, link_secret=SECRET)
    return make_service(tmp_path, settings)


def send(service: ContactService, path: str, method: str = "GET", **body: object) -> dict:
    """A request to path (its query after ?) with a JSON body, or a form's for the links."""
    path, _, query = path.partition("?")
    raw = post_event(None, method)
    raw["rawPath"] = raw["requestContext"]["http"]["path"] = path
    raw["rawQueryString"] = query
    if "form" in body:
        raw["headers"]["content-type"] = "application/x-www-form-urlencoded"
        raw["body"] = urlencode(body["form"])  # type: ignore[arg-type]
    elif "json" in body:
        raw["headers"]["content-type"] = "application/json"
        raw["body"] = json.dumps(body["json"])
    return respond(service, Settings(), raw)


def sign(service: ContactService, fields: dict) -> tuple[int, dict]:
    answer = send(service, "/api/consent", "POST", json=fields)
    return answer["statusCode"], json.loads(answer["body"])


def kept(service: ContactService, to: str) -> list[email.message.EmailMessage]:
    return [
        email.message_from_bytes(raw, policy=email.policy.default)
        for _, recipients, raw in reversed(service.store.kept_emails())  # oldest first
        if to in recipients
    ]


def booked(service: ContactService, payload: dict = GOOD) -> tuple[str, str]:
    """A request accepted without a deposit (booked at once): its id and the consent token
    of the visitor's booking email."""
    assert respond(service, Settings(), post_event(payload))["statusCode"] == 200
    message_id = service.store.list()[0].id
    accept = dict(RequestLinks(SITE, SECRET)(service.store.get(message_id)))["Accept"]
    done = send(service, accept.removeprefix(SITE), "POST", form={"deposit": "0", "when": ""})
    assert done["statusCode"] == 200, done["body"]
    assert service.store.get(message_id).state == "booked"
    mail = kept(service, payload["email"])[-1]  # after the confirmation: the booking's
    (found,) = LINK.findall(mail.get_content())
    return message_id, found[1]


# --- the link and an adult's signature -------------------------------------------------------


def test_an_adult_signs_from_the_booking_email_and_the_studio_gets_its_copy(
    tmp_path: Path,
) -> None:
    service = local(tmp_path)
    message_id, t = booked(service)
    status, answer = sign(service, {**ADULT, "token": t})
    stored = service.store.get(message_id)
    assert (status, answer) == (
        200,
        {
            "success": True,
            "message": "Thank you: your consent form is signed, and the studio has a copy.",
            "signed_at": stored.consent["signed_at"],  # the page shows the moment of signing
        },
    )
    assert stored.state == "consented"
    assert stored.state_history[-1]["by"] == "client's signature"
    record = stored.consent
    assert {k: record[k] for k in ("name", "dob", "id_type", "id_last4", "answers")} == {
        "name": "Ana María López",
        "dob": "1990-04-23",
        "id_type": "drivers_license",
        "id_last4": "A1B2",
        "answers": ADULT["answers"],
    }
    # What the client was asked, in their language, as booking.json worded it at signing.
    assert (record["lang"], record["questions"]) == ("en", WORDING["en"])
    assert record["signed_at"] == stored.state_history[-1]["at"]
    assert "guardian" not in record and record["emergency"]["phone"] == "214 555 0100"

    # The studio's readable copy, and its printable page behind a signed link.
    (copy,) = [m for m in kept(service, "studio@localhost") if "Consent signed" in m["Subject"]]
    assert copy["Subject"] == "Consent signed: Ana María López - Tattoo Consultation"
    text = copy.get_content().replace("\r\n", "\n")
    assert (
        "Legal name: Ana María López" in text
        and "Photo ID: Driver's license, last four A1B2" in text
    )
    assert "Health questions. Each question as the client read it, in English" in text
    assert f"- {WORDING['en']['allergies']}\n  Answer: Latex\n" in text
    assert f"- {WORDING['en']['pregnant']}\n  Answer: no\n" in text
    (printable,) = re.findall(r"Printable copy: https://studio\.example(\S+)", text)
    page = send(service, printable)
    assert page["statusCode"] == 200 and page["headers"]["x-robots-tag"] == "noindex"
    assert "Ana María López" in page["body"] and "@media print" in page["body"]
    assert f"<dt>{WORDING['en']['allergies']}</dt><dd>Latex</dd>" in page["body"]
    forged = printable[:-4] + ("0000" if not printable.endswith("0000") else "1111")
    assert send(service, forged)["statusCode"] == 404
    assert send(service, printable, "POST", json={})["statusCode"] == 405


def test_a_second_signature_with_the_same_link_is_409_and_changes_nothing(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id, t = booked(service)
    assert sign(service, {**ADULT, "token": t})[0] == 200
    first = service.store.get(message_id)
    status, answer = sign(
        service, {**ADULT, "token": t, "name": "Someone Else", "signature": "Someone Else"}
    )
    assert status == 409 and "signed already" in answer["error"] and "token" in answer["fields"]
    assert service.store.get(message_id) == first
    studio_copies = [m for m in kept(service, "studio@localhost") if "Consent" in m["Subject"]]
    assert len(studio_copies) == 1


def test_a_forged_an_expired_and_a_not_booked_link_sign_nothing(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id, t = booked(service)
    forged = t[:-1] + ("0" if t[-1] != "0" else "1")
    for bad in (forged, "", "x" * 5000, 12, None, t.replace(message_id, "f" * 32)):
        status, answer = sign(service, {**ADULT, "token": bad})
        assert (status, list(answer["fields"])) == (404, ["token"]), bad
    # Signed as a studio link is, for another purpose: not a consent token.
    other = message_token(SECRET, "deposit", message_id, 2_000_000_000)
    assert sign(service, {**ADULT, "token": other})[0] == 404
    expired = message_token(SECRET, consent_logic.PURPOSE, message_id, 1_000)
    status, answer = sign(service, {**ADULT, "token": expired, "lang": "es"})
    assert status == 410 and answer["error"].startswith("Este enlace ya venció")
    # A request that is not booked (new) has no form to sign.
    assert respond(service, Settings(), post_event({**GOOD, "email": "b@example.com"}))
    newer = next(m for m in service.store.list() if m.id != message_id)
    status, answer = sign(
        service, {**ADULT, "token": message_token(SECRET, "consent", newer.id, 2_000_000_000)}
    )
    assert status == 409 and "no consent form" in answer["error"]
    assert service.store.get(message_id).state == "booked"


def test_the_page_checks_the_link_first_and_learns_what_the_minors_rule_needs(
    tmp_path: Path,
) -> None:
    """`{token, check: true}`: what the /consent page asks on opening (docs/consent.md)."""
    service = local(tmp_path)
    message_id, t = booked(service)
    status, answer = sign(service, {"token": t, "check": True})
    assert status == 200 and answer["success"] is True
    assert (answer["tattoo"], answer["minors_cover_ups"]) == (True, False)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", answer["today"]) and answer["timezone"]
    assert service.store.get(message_id).state == "booked"  # nothing signed
    piercing = local(tmp_path / "piercing", {**FREE, "minors_cover_ups": True})
    _, pierced = booked(piercing, PIERCING)
    answer = sign(piercing, {"token": pierced, "check": True})[1]
    assert (answer["tattoo"], answer["minors_cover_ups"]) == (False, True)
    # The link's own refusals, as a post of the form gets them.
    assert sign(service, {"token": t[:-1] + "x", "check": True})[0] == 404
    assert sign(service, {**ADULT, "token": t})[0] == 200
    status, answer = sign(service, {"token": t, "check": True, "lang": "es"})
    assert status == 409 and "ya se firmó" in answer["fields"]["token"]


# --- every field again, in the visitor's language --------------------------------------------


@pytest.mark.parametrize(
    ("change", "field", "english"),
    [
        ({"name": ""}, "name", "Please enter your name."),
        ({"dob": "23/04/1990"}, "dob", "Please enter your date of birth as year-month-day"),
        ({"dob": "1990-02-30"}, "dob", "Please enter your date of birth"),
        ({"dob": "2999-01-01"}, "dob", "Please enter your date of birth"),
        ({"dob": "1800-01-01"}, "dob", "Please enter your date of birth"),
        ({"id_type": "photo"}, "id_type", "Please choose the type of photo ID"),
        ({"id_last4": "12345"}, "id_last4", "please enter exactly four letters or digits"),
        ({"id_last4": "12-4"}, "id_last4", "please enter exactly four letters or digits"),
        ({"emergency_name": " "}, "emergency_name", "Please enter your emergency contact's name."),
        ({"emergency_phone": "12"}, "emergency_phone", "at least 7 digits"),
        ({"answers": {}}, "answers", "Please answer every health question."),
        ({"answers": {"Bad Key": True}}, "answers", "Please answer every health question."),
        ({"answers": {f"q{n}": True for n in range(41)}}, "answers", "every health question"),
        ({"answers": {**ADULT["answers"], "allergies": "x" * 501}}, "answers", "too long"),
        ({"risks": "yes"}, "risks", "Please confirm that you have read the risks."),
        ({"aftercare": False}, "aftercare", "read the aftercare guide"),
        ({"signature": "Ana Lopez"}, "signature", "type your full name exactly"),
        ({"agree": None}, "agree", "Please tick the box to sign."),
        ({"name": "Ana\u202eLópez", "signature": "Ana\u202eLópez"}, "name", "text-direction"),
    ],
)
def test_each_field_is_checked_again_and_named_in_a_400(
    tmp_path: Path, change: dict, field: str, english: str
) -> None:
    service = local(tmp_path)
    message_id, t = booked(service)
    status, answer = sign(service, {**ADULT, **change, "token": t})
    assert status == 400 and field in answer["fields"], answer
    assert english in answer["fields"][field]
    assert service.store.get(message_id).state == "booked"


def test_the_spanish_link_and_answers_are_in_spanish(tmp_path: Path) -> None:
    service = local(tmp_path)
    assert respond(service, Settings(), post_event(SPANISH))["statusCode"] == 200
    message_id = service.store.list()[0].id
    accept = dict(RequestLinks(SITE, SECRET)(service.store.get(message_id)))["Accept"]
    assert (
        send(service, accept.removeprefix(SITE), "POST", form={"deposit": "0"})["statusCode"] == 200
    )
    (mail,) = kept(service, "lucia@example.com")[-1:]
    content = mail.get_content()
    assert "Antes de tu cita, llena y firma el formulario de consentimiento: " in content
    ((es, t),) = LINK.findall(content)
    assert es == "/es"
    status, answer = sign(service, {**ADULT, "lang": "es", "dob": "ayer", "token": t})
    assert status == 400 and answer["fields"]["dob"].startswith("Escribe tu fecha de nacimiento")
    status, answer = sign(service, {**ADULT, "lang": "es", "token": t})
    assert (status, answer["message"]) == (
        200,
        "Gracias: tu formulario de consentimiento está firmado y el estudio tiene una copia.",
    )
    # The record keeps the Spanish the client read; the studio's copy shows it as asked.
    record = service.store.get(message_id).consent
    assert (record["lang"], record["questions"]) == ("es", WORDING["es"])
    (copy,) = [m for m in kept(service, "studio@localhost") if "Consent signed" in m["Subject"]]
    text = copy.get_content().replace("\r\n", "\n")
    assert "Each question as the client read it, in Spanish, and their answer." in text
    assert f"- {WORDING['es']['allergies']}\n  Answer: Latex\n" in text
    assert WORDING["en"]["allergies"] not in text


# --- under 18: the guardian, and a tattoo only as a cover-up the studio allows ---------------


def test_a_minor_piercing_needs_the_guardian_and_stores_them(tmp_path: Path) -> None:
    service = local(tmp_path)
    message_id, t = booked(service, PIERCING)
    minor = {**ADULT, "dob": GUARDIAN["dob"], "token": t}
    status, answer = sign(service, minor)
    assert status == 400
    assert set(answer["fields"]) == {
        "guardian_name",
        "guardian_relationship",
        "guardian_id_type",
        "guardian_id_last4",
        "guardian_signature",
        "guardian_agree",
    }
    status, answer = sign(service, {**minor, **GUARDIAN, "guardian_signature": "Someone"})
    assert status == 400 and list(answer["fields"]) == ["guardian_signature"]
    assert sign(service, {**minor, **GUARDIAN})[0] == 200
    record = service.store.get(message_id).consent
    assert record["guardian"] == {
        "name": "Rosa López",
        "relationship": "parent",
        "id_type": "passport",
        "id_last4": "9Z8Y",
        "signature": "Rosa López",
    }
    (copy,) = [m for m in kept(service, "studio@localhost") if "Consent signed" in m["Subject"]]
    assert "Parent or guardian: Rosa López (Parent)" in copy.get_content()


def test_a_minor_tattoo_is_refused_unless_the_studio_allows_a_cover_up(tmp_path: Path) -> None:
    service = local(tmp_path)  # the demo's rule: no tattoo under 18, cover-ups included
    message_id, t = booked(service)
    minor = {**ADULT, **GUARDIAN, "cover_up": True, "token": t}
    status, answer = sign(service, minor)
    assert status == 400 and list(answer["fields"]) == ["dob"]
    assert "this studio does not tattoo anyone under 18" in answer["fields"]["dob"]
    assert service.store.get(message_id).state == "booked"

    write_booking(tmp_path, {**FREE, "minors_cover_ups": True})
    allowed = local(tmp_path / "cover", {**FREE, "minors_cover_ups": True})
    message_id, t = booked(allowed)
    status, answer = sign(allowed, {**minor, "cover_up": False, "token": t})
    assert status == 400 and list(answer["fields"]) == ["cover_up"]
    assert sign(allowed, {**minor, "token": t})[0] == 200
    record = allowed.store.get(message_id).consent
    assert record["cover_up"] is True and record["guardian"]["relationship"] == "parent"


# --- a paid deposit, on DynamoDB and SES -----------------------------------------------------


def paid_on_aws(service: ContactService, tmp_path: Path) -> str:
    """A request accepted with a deposit, then paid (Stripe's signed webhook): its id."""
    write_booking(tmp_path, {**BOOKING, "consent_questions": QUESTIONS})
    assert respond(service, Settings(), post_event(GOOD))["statusCode"] == 200
    message_id = service.store.list()[0].id
    booked_to(service, message_id)
    paid = completed(message_id)
    assert webhook(service, paid, stripe_signature(paid))["statusCode"] == 200
    return message_id


def test_a_paid_deposit_emails_the_link_and_the_signature_is_stored_on_dynamodb(
    tmp_path: Path, aws, caplog: pytest.LogCaptureFixture
) -> None:
    service = aws_service(tmp_path)
    message_id = paid_on_aws(service, tmp_path)
    (paid_mail,) = [
        m for m in sent_emails() if m["Subject"] == "Your deposit is paid: you are booked"
    ]
    ((_, t),) = LINK.findall(paid_mail.get_content())
    with caplog.at_level(logging.DEBUG):
        assert sign(service, {**ADULT, "token": t})[0] == 200
        assert sign(service, {**ADULT, "token": t})[0] == 409
    assert t not in caplog.text and t.rsplit(".", 1)[1] not in caplog.text
    stored = service.store.get(message_id)
    assert stored.state == "consented" and stored.consent["id_last4"] == "A1B2"
    assert stored.consent["answers"] == ADULT["answers"]
    copies = [m for m in sent_emails() if m["Subject"].startswith("Consent signed")]
    assert len(copies) == 1 and "Printable copy: https://studio.example/api/consent/copies/" in (
        copies[0].get_content()
    )


def test_the_sites_health_questions_are_each_answered_and_no_other(tmp_path: Path) -> None:
    service = local(tmp_path)  # its booking.json lists QUESTIONS
    message_id, t = booked(service)
    missing = {k: v for k, v in ADULT["answers"].items() if k != "pregnant"}
    for answers in (missing, {**ADULT["answers"], "other": True}):
        status, answer = sign(service, {**ADULT, "answers": answers, "token": t})
        assert status == 400 and list(answer["fields"]) == ["answers"]
    assert sign(service, {**ADULT, "token": t})[0] == 200
    assert service.store.get(message_id).consent["answers"] == ADULT["answers"]


# --- the questions' wording: a snapshot of booking.json's, bounded ----------------------------


def printable_page(service: ContactService) -> str:
    (copy,) = [m for m in kept(service, "studio@localhost") if "Consent signed" in m["Subject"]]
    (printable,) = re.findall(r"Printable copy: https://studio\.example(\S+)", copy.get_content())
    page = send(service, printable)
    assert page["statusCode"] == 200
    return page["body"]


def test_the_record_keeps_the_wording_signed_even_when_consent_md_changes_later(
    tmp_path: Path,
) -> None:
    service = local(tmp_path)
    message_id, t = booked(service)
    forged = {"allergies": "Do you like cats?"}  # the POST's words are never the record's
    assert sign(service, {**ADULT, "token": t, "questions": forged})[0] == 200
    # The studio edits consent.md and rebuilds: a new booking.json, read by a new function.
    edited = {"en": {k: f"Edited: {v}" for k, v in WORDING["en"].items()}, "es": WORDING["es"]}
    later = local(tmp_path, {**FREE, "consent_question_texts": edited})
    assert later.store.get(message_id).consent["questions"] == WORDING["en"]
    page = printable_page(later)
    assert f"<dt>{WORDING['en']['pregnant']}</dt><dd>no</dd>" in page
    assert "Edited:" not in page and "cats" not in page


def test_a_record_without_wording_shows_each_answer_by_its_key(tmp_path: Path) -> None:
    without = {k: v for k, v in FREE.items() if k != "consent_question_texts"}
    service = local(tmp_path, without)  # a booking.json built before the wording was kept
    message_id, t = booked(service)
    assert sign(service, {**ADULT, "token": t})[0] == 200
    assert service.store.get(message_id).consent["questions"] == {}
    (copy,) = [m for m in kept(service, "studio@localhost") if "Consent signed" in m["Subject"]]
    text = copy.get_content().replace("\r\n", "\n")
    assert "By the questions' keys: this record did not keep their wording." in text
    assert "- allergies\n  Answer: Latex\n" in text
    assert "<dt>allergies</dt><dd>Latex</dd>" in printable_page(service)


def test_hostile_or_oversized_wording_in_booking_json_is_left_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    hostile = {
        "en": {
            "blood-thinners": WORDING["en"]["blood-thinners"],  # the one kept
            "allergies": "Allergic?\nSignature (typed): Someone Else",  # a forged line
            "pregnant": "x" * 501,  # over the bound
            "other": "Not a question of the form?",
            "Bad Key": "Bad key?",
        },
        "es": {
            "blood-thinners": "¿Tomas \u202eanticoagulantes?",  # reorders the text shown
            "allergies": 5,
            "pregnant": "\x07¿Embarazada?",
        },
    }
    service = local(tmp_path, {**FREE, "consent_question_texts": hostile})
    message_id, t = booked(service)
    with caplog.at_level(logging.WARNING):
        assert sign(service, {**ADULT, "token": t})[0] == 200
    record = service.store.get(message_id).consent
    assert record["questions"] == {"blood-thinners": WORDING["en"]["blood-thinners"]}
    text = [m for m in kept(service, "studio@localhost") if "Consent signed" in m["Subject"]]
    text = text[0].get_content().replace("\r\n", "\n")
    assert "Someone Else" not in text and "x" * 501 not in text
    assert f"- {WORDING['en']['blood-thinners']}\n  Answer: no\n" in text
    assert "- allergies (the question's key: its wording was not kept)\n  Answer: Latex" in text
    page = printable_page(service)
    assert "Someone Else" not in page and "x" * 501 not in page
    # The log names the fields left out, never their text.
    assert "consent_question_texts.en.allergies left out" in caplog.text
    assert "consent_question_texts.en.? left out" in caplog.text  # "Bad Key"
    assert "Someone Else" not in caplog.text and "x" * 50 not in caplog.text

    # In Spanish, none is kept: never the English words for what was read in Spanish.
    spanish = local(tmp_path / "es", {**FREE, "consent_question_texts": hostile})
    message_id, t = booked(spanish, SPANISH)
    assert sign(spanish, {**ADULT, "lang": "es", "token": t})[0] == 200
    assert spanish.store.get(message_id).consent["questions"] == {}
    assert "\u202e" not in printable_page(spanish)


class FailingMailer:
    """A mailer whose error quotes what it was given, as an SES error may."""

    def __init__(self, quoted: str):
        self.quoted = quoted

    def deliver(self, raw: bytes, recipients: tuple[str, ...]) -> None:
        from functions.contact.models.outcomes import NotificationFailed

        raise NotificationFailed(f"refused: {self.quoted}")


def test_no_log_shows_the_token_or_what_the_form_names(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    service = local(tmp_path)
    message_id, t = booked(service)
    fields = {**ADULT, "token": t, "emergency_name": "Rosa Quintanilla"}
    quoted = " ".join([t, fields["dob"], fields["emergency_name"], "214 555 0100", "A1B2"])
    service.consent.mailer = FailingMailer(quoted)
    with caplog.at_level(logging.DEBUG):
        assert sign(service, fields)[0] == 200  # signed; the studio's copy did not go
    logged = "\n".join(caplog.handler.format(r) for r in caplog.records)
    assert "refused: [visitor]" in logged and message_id in logged
    for value in (t, "1990-04-23", "Rosa Quintanilla", "214 555 0100", "A1B2"):
        assert value.lower() not in logged.lower(), value


def test_a_site_without_a_consent_form_sends_no_link(tmp_path: Path) -> None:
    service = local(tmp_path, {**FREE, "consent_questions": []})  # no content/consent.md
    assert respond(service, Settings(), post_event(GOOD))["statusCode"] == 200
    message_id = service.store.list()[0].id
    accept = dict(RequestLinks(SITE, SECRET)(service.store.get(message_id)))["Accept"]
    send(service, accept.removeprefix(SITE), "POST", form={"deposit": "0"})
    booking_mail = kept(service, GOOD["email"])[-1]
    assert booking_mail["Subject"] == "Your request is accepted"
    assert "/consent?t=" not in booking_mail.get_content()

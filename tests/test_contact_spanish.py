"""Contact in the visitor's language: `"lang": "es"` answers in Spanish (messages_es.py),
anything else, or none, in English exactly as before; the stored message keeps the language,
the studio's email says it, and the visitor's confirmation is in it (language.py)."""

from __future__ import annotations

import email
import email.policy
import json
import re
import string
from pathlib import Path

import boto3
import pytest
from click.testing import CliRunner
from contact_support import (
    ARTISTS,
    GOOD,
    REGION,
    SITE,
    ArtistsSite,
    RecordingNotifier,
    call,
    local_settings,
    make_service,
    old_outbox,
    post_event,
    with_confirmations,
)
from ses_support import sent_emails, ses_notifier
from upload_support import grant_event

import build
from functions.contact.dal.dynamodb import DynamoStore, table_definition
from functions.contact.models.ratelimit import RateLimit
from functions.contact.words import messages as en
from functions.contact.words import messages_es as es

CONTACT = Path(__file__).resolve().parent.parent / "functions" / "contact"
SPANISH = {**GOOD, "lang": "es"}
THANK_YOU = "¡Gracias! Tu mensaje fue enviado. Te responderemos en menos de 24 horas."
OK_ES = (200, {"success": True, "message": THANK_YOU})
OK_EN = (200, {"success": True, "message": en.THANK_YOU})
NOTE = "Books open again in March"
LANGUAGE_LINE = "Language:  Spanish (the visitor wrote from the Spanish site)"
UPLOAD = "0123456789abcdef0123456789abcdef-0123456789abcdef"


def booked_site() -> ArtistsSite:
    """Jane Doe on a waitlist; Max Ink's books closed, with a note."""
    return ArtistsSite(
        [
            {**ARTISTS[0], "books": "waitlist"},
            {**ARTISTS[1], "books": "closed", "books_note": NOTE},
        ]
    )


def answer(service, body: object) -> tuple[int, dict]:  # noqa: ANN001
    return call(service, post_event(body))[:2]


# --- the answers ---------------------------------------------------------------------------


def test_a_spanish_post_with_bad_fields_is_refused_in_spanish(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    body = {
        **SPANISH,
        "name": "  ",
        "email": "ana@",
        "phone": "12",
        "message": "x" * 5001,
        "service": "Piercin",
        "placement": "Elbow",
        "availability": ["Weekend", "Weekend"],
        "first_tattoo": "sí",
    }
    status, refused = answer(service, body)
    fields = {
        "name": "Escribe tu nombre.",
        # The email-validator's English detail is left out: a sentence of our own instead.
        "email": (
            "Escribe un correo electrónico válido, por ejemplo nombre@ejemplo.com: revisa que no "
            "le falte nada y que no tenga espacios."
        ),
        "phone": "Escribe un número de teléfono de al menos 7 dígitos, o deja el campo vacío.",
        "service": (
            'El servicio "Piercin" no es una de las opciones: elige una de la lista. '
            '¿Quisiste decir "Piercing"?'
        ),
        "message": "Tu mensaje es demasiado largo: tiene 5001 caracteres y el máximo es 5000.",
        "placement": 'La zona del cuerpo "Elbow" no es una de las opciones: elige una de la lista.',
        "availability": (
            '"Weekend" aparece dos veces en tu disponibilidad: elige cada opción una sola vez.'
        ),
        "first_tattoo": 'La respuesta a "¿Es tu primer tatuaje?" debe ser sí o no (true o false).',
    }
    assert status == 400
    assert refused == {"success": False, "error": " ".join(fields.values()), "fields": fields}
    assert service.store.list() == []


@pytest.mark.parametrize(
    ("changes", "field", "error"),
    [
        ({"name": "Ana\nLópez"}, "name", "Tu nombre debe ir en una sola línea."),
        ({"name": 5}, "name", "Tu nombre debe ser texto."),
        (
            {"phone": "214\x1b555 0142"},
            "phone",
            "Tu número de teléfono tiene caracteres de control invisibles.",
        ),
        (
            {"message": "Hola \u202e"},
            "message",
            "Tu mensaje tiene caracteres invisibles que "
            "cambian la dirección del texto; escríbelo de nuevo en lugar de pegarlo.",
        ),
        (
            {"email": "ana=?x@example.com"},
            "email",
            'Escribe un correo electrónico válido. No puede contener "=?".',
        ),
        (
            {"artist": "jane-do"},
            "artist",
            'El artista "jane-do" no es una de las opciones: elige '
            'una de la lista. ¿Quisiste decir "jane-doe"?',
        ),
        (
            {"availability": "Weekend"},
            "availability",
            "La disponibilidad debe ser una lista de opciones del formulario.",
        ),
        (
            {"availability": ["Weekend"] * 4},
            "availability",
            "Elegiste 4 opciones de disponibilidad: puedes elegir hasta 3.",
        ),
        ({"policies_version": "X"}, "policies_version", es.BAD_POLICIES_VERSION),
        ({"elapsed_ms": -1}, "elapsed_ms", es.TIMER_INVALID),
        ({"references": "x"}, "references", es.REFERENCES_NOT_A_LIST),
        (
            {"references": ["x"]},
            "references",
            "No encontramos una de las imágenes de referencia: quítala y vuelve a agregarla.",
        ),
        ({"flash": 5}, "flash", es.FLASH_NOT_TEXT),
        ({"flash": "Jane/Swallow"}, "flash", es.FLASH_MALFORMED),
        (
            {"flash": "jane-doe/anchor"},
            "flash",
            "No encontramos el diseño flash "
            '"jane-doe/anchor". Puede que ya no esté disponible: elige otro en la página de Flash.',
        ),
        (
            {"flash": "jane-doe/dagger"},
            "flash",
            'Alguien más ya apartó "Dagger" de Jane Doe. Elige otro diseño en la página de '
            "Flash, o cuéntanos en tu mensaje qué te gustaría.",
        ),
        (
            {"flash": "max-ink/rose"},
            "artist",
            '"Rose" es un diseño flash de Max Ink, y solo Max '
            'Ink lo tatúa: elige a Max Ink (o "Sin preferencia") como artista, o envía tu mensaje '
            "sin el diseño para preguntarle a Jane Doe.",
        ),
    ],
)
def test_every_field_error_is_spanish(
    tmp_path: Path, changes: dict, field: str, error: str
) -> None:
    status, refused = answer(make_service(tmp_path), {**SPANISH, **changes})
    assert status == 400
    assert refused["fields"] == {field: error} and refused["error"] == error


def test_a_spanish_message_is_thanked_in_spanish(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    assert answer(service, SPANISH) == OK_ES
    assert es.THANK_YOU == THANK_YOU
    # The traps answer as for anyone else: in the visitor's language.
    assert answer(service, {**SPANISH, "website": "spam"}) == OK_ES


@pytest.mark.parametrize("lang", ["absent", "en", "fr", "ES", "es-MX", "", None, 5, ["es"]])
def test_any_other_lang_answers_in_english_exactly_as_before(tmp_path: Path, lang: object) -> None:
    def body(**changes: object) -> dict:
        sent = {**GOOD, **changes}
        return sent if lang == "absent" else {**sent, "lang": lang}

    service = make_service(tmp_path)
    assert answer(service, body()) == OK_EN
    assert answer(service, body(name="", phone="12")) == (
        400,
        {
            "success": False,
            "error": "Please enter your name. Please enter a phone number with at least 7 "
            "digits, or leave it empty.",
            "fields": {
                "name": "Please enter your name.",
                "phone": "Please enter a phone number with at least 7 digits, or leave it empty.",
            },
        },
    )
    status, refused = answer(service, body(email="ana@"))
    assert refused["error"].startswith("Please enter a valid email address. ")
    assert len(refused["error"]) > len("Please enter a valid email address. ")  # its detail
    assert {m.lang for m in service.store.list()} == {"en"}


def test_closed_books_are_refused_in_spanish_naming_the_artist_and_the_note(
    tmp_path: Path,
) -> None:
    site = booked_site()
    service = make_service(tmp_path, artists=site.source())
    closed = (
        f"La agenda de Max Ink está cerrada ({NOTE}). Todavía puedes preguntarle por un "
        "retoque o un piercing, o elegir a otro artista."
    )
    assert answer(service, {**SPANISH, "artist": "max-ink"}) == (
        400,
        {"success": False, "error": closed},
    )
    site.change("max-ink", books_note=None)
    site.now += 3600  # the list is read again
    assert answer(service, {**SPANISH, "artist": "max-ink"})[1]["error"] == (
        "La agenda de Max Ink está cerrada. Todavía puedes preguntarle por un retoque o un "
        "piercing, o elegir a otro artista."
    )
    assert answer(service, {**SPANISH, "artist": "max-ink", "service": "Piercing"}) == OK_ES


def test_the_rate_limit_is_told_in_spanish(tmp_path: Path) -> None:
    service = make_service(tmp_path, local_settings(tmp_path, rate_limit=RateLimit(1, 600)))
    assert answer(service, SPANISH) == OK_ES
    status, body, headers = call(service, post_event(SPANISH))
    assert (status, headers["retry-after"]) == (429, "600")
    assert body == {
        "success": False,
        "error": "Enviaste varios mensajes en poco tiempo. Espera 10 minutos y vuelve a "
        "intentarlo, o llámanos o escríbenos directamente.",
    }
    english = call(service, post_event(GOOD))
    assert english[1]["error"] == en.TOO_MANY.format(minutes="10 minutes")


def test_an_image_that_cannot_be_attached_is_named_in_spanish(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    status, refused = answer(service, {**SPANISH, "references": [UPLOAD]})
    missing = "no se encontró (puede que se haya vencido, o que se haya enviado con otro mensaje)"
    text = f"La imagen 1 {missing}. Quítala y vuelve a agregarla, o envía tu mensaje sin ella."
    assert (status, refused["error"], refused["fields"]) == (400, text, {"references": text})
    assert refused["references"] == {UPLOAD: f"Esta imagen {missing}."}


def test_a_grant_request_answers_in_its_lang(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    spanish = call(service, grant_event({"type": "image/png", "lang": "es"}))
    assert spanish[:2] == (
        400,
        {
            "success": False,
            "error": es.TYPE_INVALID,
            "fields": {"references": es.TYPE_INVALID},
        },
    )
    assert call(service, grant_event({"type": "image/png"}))[1]["error"] == en.TYPE_INVALID


def test_a_body_that_cannot_be_read_is_refused_in_the_language_it_names(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    broken = '{"lang": "es", "name": '
    assert answer(service, broken) == (400, {"success": False, "error": es.NOT_JSON})
    assert answer(service, '{"name": ') == (400, {"success": False, "error": en.NOT_JSON})
    too_large = json.dumps({"lang": "es", "message": "x" * 70_000})
    assert answer(service, too_large) == (413, {"success": False, "error": es.TOO_LARGE})
    number = '{"lang": "es", "elapsed_ms": ' + "9" * 40 + "}"
    assert answer(service, number)[1]["error"] == es.NUMBER_TOO_LONG
    assert call(service, post_event(None, method="GET"))[1]["error"] == en.WRONG_METHOD


# --- what is kept, and what the studio reads -----------------------------------------------


def test_the_stored_message_keeps_its_language(tmp_path: Path) -> None:
    path = old_outbox(tmp_path / "old.sqlite3")  # an outbox from before `lang`
    service = make_service(tmp_path, local_settings(tmp_path, outbox=path))
    assert answer(service, SPANISH) == OK_ES
    assert answer(service, {**GOOD, "lang": "fr"}) == OK_EN
    assert [(m.name, m.lang) for m in service.store.list()] == [
        ("Ana López", "en"),
        ("Ana López", "es"),
        ("Old", "en"),
    ]


def test_dynamodb_keeps_the_language_only_when_it_is_not_english(tmp_path: Path, aws) -> None:
    client = boto3.client("dynamodb", region_name=REGION)
    client.create_table(**table_definition("messages"))
    service = make_service(tmp_path, store=DynamoStore("messages", REGION))
    assert answer(service, SPANISH) == OK_ES
    assert answer(service, GOOD) == OK_EN
    assert sorted(m.lang for m in service.store.list()) == ["en", "es"]
    items = client.scan(TableName="messages")["Items"]
    assert [i["lang"] for i in items if "lang" in i] == [{"S": "es"}]


def test_the_studios_email_and_messages_say_the_visitor_wrote_in_spanish(
    tmp_path: Path, aws
) -> None:
    service = make_service(tmp_path, notifier=ses_notifier())
    assert answer(service, SPANISH) == OK_ES
    assert answer(service, {**GOOD, "name": "Bo"}) == OK_EN
    spanish, english = (m.get_content().replace("\r\n", "\n") for m in sent_emails())
    assert f"Service:   Tattoo Consultation\n{LANGUAGE_LINE}\nReceived:  " in spanish
    assert "Language" not in english and "Spanish" not in english
    assert "Thank you" not in spanish and "Gracias" not in spanish  # the studio's, in English
    outbox = str(tmp_path / "outbox.sqlite3")
    listed = CliRunner().invoke(build.cli, ["messages", "--outbox", outbox])
    assert listed.exit_code == 0, listed.output
    assert listed.output.count("  language: Spanish (the visitor wrote from the Spanish site)") == 1
    about = "  Tattoo Consultation · artist: Jane Doe (jane-doe) · ref "
    assert f"{about}{service.store.list()[1].id}\n  language: Spanish" in listed.output
    as_json = CliRunner().invoke(build.cli, ["messages", "--json", "--outbox", outbox])
    assert [item["lang"] for item in json.loads(as_json.output)] == ["en", "es"]


# --- the visitor's confirmation -------------------------------------------------------------


CONFIRMATION = f"""\
¡Hola, Ana!

Gracias por escribirle al estudio: tu mensaje llegó bien, y uno de nuestros artistas te \
responderá a este correo en menos de 24 horas.

Antes de tu cita, lee nuestras políticas (depósitos, cancelaciones y cambios de cita, edad e \
identificación, retoques): {SITE}/es/policies

Y cómo cuidar tu tatuaje o piercing nuevo: {SITE}/es/aftercare

Si quieres agregar algo a tu mensaje, responde a este correo.

--
Alguien escribió esta dirección en el formulario de contacto de {SITE}/. Si no fuiste tú, \
ignora este correo: no te enviaremos nada más.
"""


def confirmation_of(tmp_path: Path, body: dict) -> tuple[str, str]:
    notifier = RecordingNotifier()
    service = with_confirmations(
        make_service(tmp_path, notifier=notifier, artists=booked_site().source())
    )
    assert answer(service, body)[0] == 200
    ((raw, _),) = notifier.delivered
    mail = email.message_from_bytes(raw, policy=email.policy.default)
    return mail["Subject"], mail.get_content().replace("\r\n", "\n")


def test_the_spanish_confirmation_says_the_same_in_spanish(tmp_path: Path) -> None:
    hostile = {
        **SPANISH,
        "artist": "na",
        "name": "Ana López",
        "phone": "+1 555 0100 buy.example",
        "message": "COMPRA YA en http://spam.example",
        "placement": "Forearm",
    }
    subject, text = confirmation_of(tmp_path, hostile)
    assert subject == "Recibimos tu mensaje"
    assert text == CONFIRMATION
    for visitor_text in ("López", "555", "buy", "COMPRA", "spam", "Forearm"):
        assert visitor_text not in text


def test_a_spanish_confirmation_without_a_first_name_and_on_a_waitlist(tmp_path: Path) -> None:
    _, text = confirmation_of(tmp_path, {**SPANISH, "name": "Ana2"})
    assert text.startswith(
        "¡Hola!\n\nGracias por escribirle al estudio: tu mensaje llegó bien, y uno de nuestros "
        "artistas te responderá a este correo en menos de 24 horas.\n\nLa agenda de Jane Doe "
        "tiene lista de espera y tu solicitud ya está en ella: el estudio te avisará cuando se "
        "abra un lugar.\n\nAntes de tu cita"
    )


def test_an_english_confirmation_keeps_the_english_pages(tmp_path: Path) -> None:
    subject, text = confirmation_of(tmp_path, {**GOOD, "lang": "fr"})
    assert subject == "We received your message"
    assert text.startswith("Hi Ana,\n") and f"{SITE}/policies\n" in text and "/es/" not in text


# --- the catalogs ---------------------------------------------------------------------------


def catalog(module: object) -> dict[str, object]:
    """A catalog's texts by name: its public upper-case strings and dicts (the studio's
    English-only ones left out)."""
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper()
        and not name.startswith("_")
        and isinstance(value, str | dict)
        and name not in en.STUDIO_ONLY
    }


def fields_of(template: str) -> set[str]:
    found = {field for _, field, _, _ in string.Formatter().parse(template) if field}
    # {label} and {name} are one field's two forms, both always given (rules._about).
    return {"label" if field == "name" else field for field in found}


def test_every_english_text_has_a_spanish_one_and_no_more() -> None:
    english, spanish = catalog(en), catalog(es)
    assert sorted(english) == sorted(spanish)
    for name, text in english.items():
        if isinstance(text, dict):
            assert text.keys() == spanish[name].keys(), name
            continue
        if name == "PAGES":  # a path, not a text
            continue
        assert spanish[name] != text, f"{name} is not translated"
        expected = fields_of(text) - ({"detail"} if name == "INVALID_EMAIL" else set())
        assert fields_of(spanish[name]) == expected, name


def test_every_text_is_used() -> None:
    code = "\n".join(
        path.read_text("utf-8")
        for path in CONTACT.rglob("*.py")  # every layer
        if path.name not in ("messages.py", "messages_es.py")
    )
    unused = [name for name in catalog(en) if not re.search(rf"\b{name}\b", code)]
    unused += [name for name in en.STUDIO_ONLY if not re.search(rf"\b{name}\b", code)]
    assert unused == []


def test_the_spanish_is_written_with_its_accents_and_marks() -> None:
    texts = [t for t in catalog(es).values() if isinstance(t, str)]
    for text in texts:
        text = text.replace('"=?"', "")  # the characters an address may not hold
        for question in re.findall(r"[^.:;!]*\?", text):
            assert "¿" in question, text
        for exclamation in re.findall(r"[^.:;¿?]*!", text):
            assert "¡" in exclamation, text
        # "usted" forms would break the informal "tú" the site uses.
        assert not re.search(r"\b(usted|su mensaje|por favor intente)\b", text, re.I), text

"""What the privacy tests share (test_privacy_retention.py, test_privacy_export_forget.py):
a message sent through the handler, with an image in the local folder or the moto bucket,
and the studio's signed links on it."""

from __future__ import annotations

import time

from contact_support import post_event
from upload_support import ask, picture

from functions.contact.dal.s3 import S3Uploads
from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.request_actions import RequestLinks
from functions.contact.logic.service import ContactService

SITE = "https://studio.example"
SECRET = "s" * 64
BUCKET = "studio-uploads-test"


def submit(service: ContactService, payload: dict) -> str:
    """Send payload as the form does; the id of the message kept."""
    answer = respond(service, Settings(), post_event(payload))
    assert answer["statusCode"] == 200, answer["body"]
    return max(service.store.list(), key=lambda m: m.created_at).id


def with_image(service: ContactService, payload: dict) -> str:
    """Send payload with one picture uploaded first (to BUCKET on moto, else locally)."""
    grant = ask(service)
    if isinstance(service.uploads, S3Uploads):
        service.uploads.client.put_object(
            Bucket=BUCKET,
            Key=grant["upload"]["fields"]["key"],
            Body=picture(),
            ContentType="image/jpeg",
        )
    else:
        assert service.uploads.receive(grant["upload"]["fields"], picture()) == (204, "")
    return submit(service, {**payload, "references": [grant["id"]]})


def act(service: ContactService, message_id: str, action: str, form: dict) -> None:
    """The studio's link (accept, decline, waitlist), opened and its form posted."""
    from test_contact_request_states import event

    links = RequestLinks(SITE, SECRET, time.time)(service.store.get(message_id))
    link = dict((label.lower(), url.removeprefix(SITE)) for label, url in links)[action]
    answer = respond(service, Settings(), event(link, "POST", form))
    assert answer["statusCode"] == 200, answer["body"]

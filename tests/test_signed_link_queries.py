"""A signed link whose query is crowded with fields is refused as not found (404), like any
link that is not ours, never answered as a failure of the function (503)."""

from __future__ import annotations

from pathlib import Path

from contact_support import link_event, local_settings, make_service, submit_request

from functions.contact.handlers.app import respond
from functions.contact.handlers.settings import Settings
from functions.contact.logic.request_actions import RequestLinks

SITE = "https://studio.example"
SECRET = "s" * 64


def test_a_link_with_a_crowded_query_is_not_found_not_a_failure(tmp_path: Path) -> None:
    service = make_service(tmp_path, local_settings(tmp_path, site_url=SITE, link_secret=SECRET))
    message_id = submit_request(service)
    (accept, *_) = RequestLinks(SITE, SECRET)(service.store.get(message_id))
    crowded = accept[1].removeprefix(SITE) + "&a=1&b=2&c=3&d=4&e=5"
    for link in (crowded, f"/api/deposits/{message_id}?a=1&b=2&c=3&d=4&e=5&t=1.2"):
        answer = respond(service, Settings(), link_event(link))
        assert answer["statusCode"] == 404, (link, answer["statusCode"], answer["body"][:200])

"""#41 item 5 in the admin: an editor gives an artist a private email for requests. The form
takes it, the preview never shows it, the saved file holds it, and `build.py serve` hands it
to its contact function outside dist/ (docs/contact.md, "Requests go to the artist").
Screenshots: docs/images/contact/admin-artist-email-390.png and -1366.png with
CONTACT_SCREENSHOTS=docs/images/contact."""

from __future__ import annotations

import json
import os
from pathlib import Path

import yaml
from test_cms import publish, serving_admin, signed_in, wait_until

from sitefactory import minimal_site, write_site

ADDRESS = "jane.bookings@artist-mail.example"
LABEL = "Email for requests, private"


def test_an_artist_email_is_saved_never_previewed_and_reaches_serves_function(
    browser, tmp_path: Path, media_cache: Path
) -> None:
    content = write_site(tmp_path / "content", minimal_site())
    outbox = tmp_path / "contact" / "outbox.sqlite3"
    env = {"CONTACT_OUTBOX": str(outbox)}
    folder = Path(os.environ.get("CONTACT_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    with serving_admin(tmp_path, content, media_cache, env=env) as site:
        with signed_in(browser, site) as page:
            page.get_by_text("Jane Doe", exact=True).click()
            field = page.get_by_label(LABEL)
            field.fill(ADDRESS)
            card = page.frame_locator("iframe").first.locator(".artist-card")
            card.get_by_role("heading", name="Jane Doe").wait_for()
            field.scroll_into_view_if_needed()
            page.mouse.move(300, 500)
            page.mouse.wheel(0, 240)  # its hint too
            page.wait_for_timeout(300)
            page.screenshot(path=str(folder / "admin-artist-email-1366.png"))
            # The preview draws the site's own card: the address is nowhere in it.
            preview = page.frame_locator("iframe").first.locator("body").inner_html()
            assert "artist-card" in preview and ADDRESS not in preview
            page.set_viewport_size({"width": 390, "height": 844})
            field.scroll_into_view_if_needed()
            page.screenshot(path=str(folder / "admin-artist-email-390.png"))
            page.set_viewport_size({"width": 1366, "height": 900})
            publish(page)
            artist = content / "artists" / "jane-doe.yaml"
            wait_until(lambda: ADDRESS in artist.read_text("utf-8"))
            assert yaml.safe_load(artist.read_text("utf-8"))["email"] == ADDRESS
            # serve rebuilt and kept the address for its function, beside its outbox.
            kept = outbox.parent / "artist_emails.json"

            def handed_over() -> bool:
                try:
                    return json.loads(kept.read_text()) == {"jane-doe": ADDRESS}
                except (OSError, ValueError):
                    return False

            wait_until(handed_over, timeout=90)
            assert page.js_errors == []
        built = [p for p in site.dist.rglob("*") if p.is_file()]
        assert built and not any(ADDRESS.encode() in p.read_bytes() for p in built)

"""Reference images in real Chromium, on the demo site served with the real contact function.

A phone-sized photo (4032x3024, EXIF orientation 6, GPS tags) is attached and sent; the
image kept with the message must be re-encoded, upright, without any metadata and under
1 MB. Then the control itself on a phone: picker, drop, progress, Send waiting for an upload,
an upload failing mid-way, a HEIC photo Chromium cannot open, the limit of five, removal.
"""

from __future__ import annotations

import base64
import io
import uuid
from pathlib import Path

import pytest
from contact_support import outbox_messages
from PIL import Image, ImageCms, ImageStat
from playwright.sync_api import Page, Route, expect
from upload_support import picture

pytestmark = pytest.mark.browser

HEIC_TEXT = (
    "This browser cannot open iPhone HEIC photos. Please choose a JPEG instead (on iPhone, "
    "Settings › Camera › Formats › Most Compatible), or send your message without it."
)
OFFLINE_TEXT = (
    "The image could not be uploaded (no connection). Try again, or send your message without it."
)
WAIT_TEXT = "Some images were not uploaded. Remove them or try again, then send your message."


def phone_photo() -> bytes:
    """What a phone's camera writes: 4032x3024 pixels stored sideways, EXIF orientation 6
    (turn 90° clockwise to show), GPS position. Shown upright, its top half is red and its
    bottom half blue: stored, that is the left half red and the right half blue."""
    width, height = 4032, 3024
    noise = Image.effect_noise((width, height), 40).convert("RGB")
    halves = Image.new("RGB", (width, height), (30, 60, 200))
    halves.paste((210, 40, 40), (0, 0, width // 2, height))
    image = Image.blend(halves, noise, 0.3)
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90 CW
    exif[0x010F] = "Apple"
    exif[0x0110] = "iPhone 15"
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (32.0, 57.0, 10.5), 3: "W", 4: (96.0, 49.0, 30.2)})
    out = io.BytesIO()
    image.save(out, "JPEG", quality=92, exif=exif)
    return out.getvalue()


def open_contact(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_test_id("preloader")).to_have_count(0, timeout=15_000)
    page.locator("#contact form").scroll_into_view_if_needed()


def fill(page: Page, marker: str) -> None:
    form = page.locator("#contact form")
    form.get_by_label("Name").fill("Ada Images")
    form.get_by_label("Email").fill("ada.images@example.com")
    form.get_by_label("Tell us about your idea").fill(f"A swallow like this one. {marker}")


def stored_message(marker: str) -> dict:
    mine = [m for m in outbox_messages() if marker in m["message"]]
    assert len(mine) == 1, f"{marker} not in the outbox"
    return mine[0]


def test_a_phone_photo_is_kept_upright_small_and_without_its_metadata(page: Page) -> None:
    source = phone_photo()
    assert len(source) > 3_000_000  # a 12 MP photo as phones write it
    page.clock.install()  # to step past the minimum fill time without waiting
    open_contact(page)
    marker = f"browser-test {uuid.uuid4()}"
    fill(page, marker)
    form = page.locator("#contact form")
    form.get_by_label("Reference images (optional)").set_input_files(
        {"name": "IMG_4021.jpg", "mimeType": "image/jpeg", "buffer": source}
    )
    expect(form.get_by_text("Image 1: ready")).to_be_attached(timeout=30_000)
    page.clock.fast_forward(20_000)
    with page.expect_response("**/api/contact") as answer:
        form.get_by_role("button", name="Send Message").click()
    assert answer.value.status == 200, answer.value.text()
    expect(form.get_by_role("status")).to_contain_text("Thank you!")
    expect(form.get_by_role("list", name="Images added")).to_have_count(0)  # cleared with the form

    (image,) = stored_message(marker)["images"]
    kept = Path(image["path"]).read_bytes()
    print(
        f"\n12 MP photo: {len(source):,} bytes sent as {len(kept):,} bytes ({len(kept) / 1e3:.0f} KB)"
    )
    assert len(kept) < 1_000_000
    assert kept != source
    assert b"Exif" not in kept and b"iPhone" not in kept and b"Apple" not in kept
    with Image.open(io.BytesIO(kept)) as shown:
        assert shown.format == "JPEG"
        assert shown.size == (1536, 2048)  # upright: portrait, long side 2048
        assert (image["width"], image["height"]) == (1536, 2048)
        assert len(shown.getexif()) == 0 and "exif" not in shown.info
        assert not any(key in shown.info for key in ("xmp", "comment", "photoshop"))
        # Chromium's encoder names the colour space (a generic 456-byte sRGB profile): that
        # says nothing of the photo or of who took it, and nothing of the camera survives.
        if "icc_profile" in shown.info:
            profile = ImageCms.ImageCmsProfile(io.BytesIO(shown.info["icc_profile"]))
            assert ImageCms.getProfileDescription(profile).strip() == "sRGB"
        top = ImageStat.Stat(shown.crop((0, 0, 1536, 900))).mean
        bottom = ImageStat.Stat(shown.crop((0, 1148, 1536, 2048))).mean
    assert top[0] > top[2] + 60 and bottom[2] > bottom[0] + 60, (top, bottom)


def drop_files(page: Page, files: list[tuple[str, str, bytes]]) -> None:
    """Drag and drop files onto the drop zone, as a desktop browser delivers them."""
    page.locator("#contact .reference-images__drop").evaluate(
        """(zone, files) => {
            const data = new DataTransfer();
            for (const [name, type, b64] of files) {
                const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
                data.items.add(new File([bytes], name, { type }));
            }
            zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true }));
            zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true }));
        }""",
        [[name, kind, base64.b64encode(data).decode()] for name, kind, data in files],
    )


def test_the_control_on_a_phone(phone_page: Page) -> None:
    page = phone_page
    held: list[Route] = []
    failing = [True]

    def upload(route: Route) -> None:
        if failing[0]:
            failing[0] = False
            route.abort("connectionreset")  # the first upload fails mid-way
        else:
            held.append(route)

    page.route("**/api/contact/uploads/file", upload)
    page.clock.install()
    open_contact(page)
    marker = f"browser-test {uuid.uuid4()}"
    fill(page, marker)
    form = page.locator("#contact form")
    picker = form.get_by_label("Reference images (optional)")
    assert picker.get_attribute("accept") == "image/*" and picker.get_attribute("capture") is None
    thumbnails = form.get_by_role("list", name="Images added").get_by_role("listitem")

    picker.set_input_files({"name": "a.jpg", "mimeType": "image/jpeg", "buffer": picture(900, 700)})
    # Short under the picture, why in full below the pictures.
    expect(form.get_by_text(f"Image 1: {OFFLINE_TEXT}")).to_be_visible(timeout=15_000)
    expect(thumbnails.first.get_by_text("Not sent")).to_be_visible()
    form.get_by_role("button", name="Send Message").click()
    expect(form.get_by_role("alert")).to_have_text([f"Image 1: {OFFLINE_TEXT}", WAIT_TEXT])
    thumbnails.first.get_by_role("button", name="Try again").click()
    expect(form.get_by_role("progressbar", name="Image 1")).to_be_visible(timeout=15_000)
    for _ in range(200):  # Playwright hands the held upload to its route handler
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    held.pop().continue_()
    expect(form.get_by_text("Image 1: ready")).to_be_attached(timeout=15_000)

    drop_files(page, [("b.jpg", "image/jpeg", picture(700, 900, seed=3))])
    picker.set_input_files(
        [
            {"name": "c.jpg", "mimeType": "image/jpeg", "buffer": picture(800, 800, seed=4)},
            {"name": "IMG_0001.HEIC", "mimeType": "image/heic", "buffer": heic_header()},
        ]
    )
    expect(thumbnails).to_have_count(4)
    expect(form.get_by_text(f"Image 4: {HEIC_TEXT}")).to_be_visible(timeout=15_000)
    ready = form.get_by_text("Image 3: ready")
    for _ in range(300):  # let the held uploads of b and c through as they arrive
        while held:
            held.pop().continue_()
        if ready.count():
            break
        page.wait_for_timeout(50)
    expect(ready).to_be_attached()
    expect(form.locator("img[alt^='Reference image']")).to_have_count(3)

    more = [
        {"name": f"{n}.jpg", "mimeType": "image/jpeg", "buffer": picture(300, 300)} for n in "xyz"
    ]
    picker.set_input_files(more)
    expect(form.get_by_text("You can add up to 5 images.")).to_be_visible()
    expect(thumbnails).to_have_count(5)
    form.get_by_role("button", name="Remove image 4").click()  # the HEIC
    expect(thumbnails).to_have_count(4)
    expect(form.get_by_text(HEIC_TEXT)).to_have_count(0)

    # Send waits for the upload still held (x.jpg), then names the four images.
    page.clock.fast_forward(20_000)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.url.endswith("/api/contact") else None)
    form.get_by_role("button", name="Send Message").click()
    expect(form.get_by_role("button", name="Sending...")).to_be_disabled()
    page.wait_for_timeout(300)
    assert posts == []
    with page.expect_response("**/api/contact") as answer:
        for _ in range(300):
            if held:
                held.pop().continue_()
                break
            page.wait_for_timeout(50)
    assert answer.value.status == 200, answer.value.text()
    assert len(stored_message(marker)["images"]) == 4


def heic_header() -> bytes:
    """The start of an iPhone HEIC file: an ftyp box of brand heic (Chromium cannot decode it)."""
    return b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(2000)

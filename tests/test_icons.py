"""Icons from the logo: what browsers and phones request on their own must exist."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from PIL import Image

from generator.errors import BuildError
from generator.output import Output
from generator.site import icons
from serverthread import running_server


@pytest.fixture(scope="module")
def dist(minimal_dist: Path) -> Path:
    return minimal_dist


def test_favicon_touch_icon_and_manifest_icons_are_drawn_on_black(dist: Path) -> None:
    ico = Image.open(dist / "favicon.ico")
    assert ico.format == "ICO" and ico.ico.sizes() == {(16, 16), (32, 32), (48, 48)}
    touch = Image.open(dist / "apple-touch-icon.png")
    assert (touch.size, touch.mode) == ((180, 180), "RGB")  # iOS shows no transparency
    assert touch.getpixel((2, 2)) == (0, 0, 0)  # the site's black around the logo
    assert touch.convert("L").getextrema()[1] > 200  # and the logo's white lines on it
    manifest = json.loads((dist / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["name"] == "Test Studio" and manifest["background_color"] == "#000000"
    for icon in manifest["icons"]:
        size = tuple(int(n) for n in icon["sizes"].split("x"))
        assert Image.open(dist / icon["src"].lstrip("/")).size == size
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}
    page = (dist / "index.html").read_text("utf-8")
    for href in ("/favicon.ico", "/favicon.svg", "/apple-touch-icon.png", "/manifest.webmanifest"):
        assert f'href="{href}"' in page and (dist / href.lstrip("/")).is_file()


def test_the_local_server_names_each_icon_file_type(dist: Path) -> None:
    with running_server(dist) as url:
        types = {
            name: httpx.get(f"{url}/{name}").headers["content-type"].split(";")[0]
            for name in ("favicon.ico", "apple-touch-icon.png", "manifest.webmanifest")
        }
    assert types == {
        "favicon.ico": "image/vnd.microsoft.icon",
        "apple-touch-icon.png": "image/png",
        "manifest.webmanifest": "application/manifest+json",
    }


def test_a_broken_logo_fails_the_build_with_its_name(tmp_path: Path) -> None:
    public = tmp_path / "site-src" / "public"
    public.mkdir(parents=True)
    (public / "favicon.svg").write_text("<svg", "utf-8")
    (public / "logo.svg").write_text("<svg", "utf-8")
    with pytest.raises(BuildError, match="the logo could not be drawn as a 48 px icon"):
        icons.write_icons(Output(tmp_path / "out"), tmp_path / "site-src", "Studio")
    (public / "logo.svg").unlink()
    with pytest.raises(BuildError, match="logo.svg: the icons are drawn from it"):
        icons.write_icons(Output(tmp_path / "out2"), tmp_path / "site-src", "Studio")

"""The paged portfolio (issue #30): beside the whole lists, api/portfolio/pages/<selection>/<n>.json
cut each selection into pages, and a portfolio page's HTML holds only its first page, whatever
the portfolio's size."""

from __future__ import annotations

import gzip
import io
import json
import re
from pathlib import Path

import pytest

from generator import pipeline
from generator.site.endpoints import PAGE_SIZE, portfolio_pages
from sitefactory import minimal_site, write_site

# Max Ink comes first (order 1), then Jane Doe: all = 20 + 40 = 60 pieces, three pages of 24;
# Jane's 40 are two pages, Max's 20 fit on one.
COUNTS = {"max-ink": 20, "jane-doe": 40}


def numbered_photo(number: int) -> bytes:
    """A small photo of its own colour showing its place in the whole list (screenshots read it)."""
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("RGB", (160, 160), (40 + number * 3 % 200, 90, 200 - number * 2 % 160))
    ImageDraw.Draw(img).text(
        (80, 80), str(number), fill=(255, 255, 255), anchor="mm", font=ImageFont.load_default(64)
    )
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=80)
    return buf.getvalue()


def paged_site(counts: dict[str, int] = COUNTS) -> dict[str, str | bytes]:
    """The minimal site with many pieces per artist, each photo numbered by its place in all.json."""
    files = minimal_site()
    for name in ("rose.jpg", "koi.jpg", "skull.jpg"):
        del files[f"images/work/{name}"]
    n = 0
    for slug, count in counts.items():
        word = slug.split("-")[0].capitalize()
        entries = []
        for i in range(1, count + 1):
            n += 1
            file = f"{slug}-{i:02d}.jpg"
            entries.append(f"- file: {file}\n  title: {word} {i:02d}\n")
            files[f"images/work/{file}"] = numbered_photo(n)
        files[f"portfolio/{slug}.yaml"] = "".join(entries)
    return files


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> Path:
    root = tmp_path_factory.mktemp("paged")
    content = write_site(root / "content", paged_site())
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache))
    return root / "dist"


def read(dist: Path, file: str):  # a list or a dict
    return json.loads((dist / file).read_text("utf-8"))


def pages_of(dist: Path, selection: str) -> list[dict]:
    folder = dist / "api/portfolio/pages" / selection
    files = sorted(folder.glob("*.json"), key=lambda p: int(p.stem))
    assert [p.stem for p in files] == [str(n) for n in range(1, len(files) + 1)]
    return [json.loads(p.read_text("utf-8")) for p in files]


def embedded(page: str, script_id: str) -> dict:
    found = re.search(rf'<script id="{script_id}" type="application/json">(.*?)</script>', page)
    assert found, f"no {script_id} in the page"
    return json.loads(found.group(1))


def root_markup(page: str) -> str:
    return page.split('<div id="root">', 1)[1].rsplit("</div>\n</body>", 1)[0]


def test_page_size_fills_rows_of_two_and_three_columns() -> None:
    assert PAGE_SIZE % 2 == 0 and PAGE_SIZE % 3 == 0


@pytest.mark.parametrize(
    ("selection", "expected"), [("all", 60), ("jane-doe", 40), ("max-ink", 20)]
)
def test_the_pages_partition_the_whole_list_exactly(
    dist: Path, selection: str, expected: int
) -> None:
    whole = read(dist, f"api/portfolio/{selection}.json")
    assert isinstance(whole, list) and len(whole) == expected
    pages = pages_of(dist, selection)
    count = -(-expected // PAGE_SIZE)
    assert len(pages) == count
    for number, page in enumerate(pages, start=1):
        assert set(page) == {"total", "page", "pages", "page_size", "items"}
        assert (page["total"], page["page"], page["pages"], page["page_size"]) == (
            expected,
            number,
            count,
            PAGE_SIZE,
        )
        # every page but the last is full
        assert len(page["items"]) == (
            PAGE_SIZE if number < count else expected - PAGE_SIZE * (count - 1)
        )
    # the same items, the same shape, the same order: nothing lost, nothing twice
    assert [item for page in pages for item in page["items"]] == whole


def test_the_whole_lists_are_unchanged(dist: Path) -> None:
    """api/portfolio/<slug>.json and all.json keep every piece, as the specification says."""
    everything = read(dist, "api/portfolio/all.json")
    assert [w["title"] for w in everything] == [f"Max {i:02d}" for i in range(1, 21)] + [
        f"Jane {i:02d}" for i in range(1, 41)
    ]
    assert set(everything[0]) == {
        "id", "filename", "title", "artist", "artist_id",
        "src", "width", "height", "srcset", "sources", "placeholder",
    }  # fmt: skip
    for slug in COUNTS:
        assert read(dist, f"api/portfolio/{slug}.json") == [
            w for w in everything if w["artist_id"] == slug
        ]


def test_an_empty_selection_still_has_its_page_1() -> None:
    assert portfolio_pages("nobody", []) == {
        "/api/portfolio/pages/nobody/1.json": (
            "api/portfolio/pages/nobody/1.json",
            {"total": 0, "page": 1, "pages": 1, "page_size": PAGE_SIZE, "items": []},
        )
    }


@pytest.mark.parametrize(
    ("file", "selection", "route"),
    [
        ("portfolio/index.html", "all", "/portfolio"),
        ("portfolio/jane-doe/index.html", "jane-doe", "/portfolio/jane-doe"),
    ],
)
def test_the_prerendered_page_holds_only_the_first_page(
    dist: Path, file: str, selection: str, route: str
) -> None:
    html = (dist / file).read_text("utf-8")
    first, *later = pages_of(dist, selection)
    data = embedded(html, "page-data")
    assert data["route"] == route
    # the page embeds page 1 only, never the whole list
    assert set(data["answers"]) == {"/api/artists", f"/api/portfolio/pages/{selection}/1.json"}
    assert data["answers"][f"/api/portfolio/pages/{selection}/1.json"] == first

    markup = root_markup(html)
    tiles = re.findall(r'aria-label="View ([^"]+)"', markup)
    assert tiles == [f"{w['title']} by {w['artist']}" for w in first["items"]]
    for item in (w for page in later for w in page["items"]):
        assert f"View {item['title']} by" not in markup
        assert item["src"] not in html
    # how many there are in all, and (once the app runs) how to get the rest
    assert f"Showing {PAGE_SIZE} of {first['total']} pieces" in markup
    # only the first row loads at once
    loading = re.findall(r'<img[^>]*class="gallery-tile__image"[^>]*>', markup)
    assert len(loading) == PAGE_SIZE
    assert [('loading="eager"' in tag) for tag in loading] == [True] * 3 + [False] * (PAGE_SIZE - 3)
    # and a browser running scripts fetches only the first screen's pictures as it reads the
    # page: the others wait inside <noscript> for their tiles to come near the window
    # (docs/portfolio.md#a-big-studio; 12 under the heading of all pieces, 6 under a profile)
    read = re.sub(r"<noscript>.*?</noscript>", "", markup, flags=re.S)
    fetched = re.findall(r'<img[^>]*class="gallery-tile__image"', read)
    assert len(fetched) == (12 if selection == "all" else 6)


def test_a_selection_on_one_page_shows_no_count(dist: Path) -> None:
    markup = root_markup((dist / "portfolio/max-ink/index.html").read_text("utf-8"))
    assert len(re.findall(r'aria-label="View ', markup)) == 20
    assert "portfolio-more" not in markup


def test_the_html_stays_bounded_as_the_portfolio_grows(
    dist: Path, tmp_path: Path, media_cache: Path
) -> None:
    """Twice the pieces, the same first screen: /portfolio's HTML differs only by the count."""
    bigger = write_site(tmp_path / "content", paged_site({"max-ink": 20, "jane-doe": 100}))
    pipeline.build(pipeline.Paths.make(bigger, tmp_path / "dist", cache=media_cache))
    small = (dist / "portfolio/index.html").read_bytes()
    big = (tmp_path / "dist/portfolio/index.html").read_bytes()
    assert len(read(tmp_path / "dist", "api/portfolio/all.json")) == 120
    assert abs(len(big) - len(small)) <= 16, (len(small), len(big))
    assert b"Showing 24 of 120 pieces" in big
    print(f"/portfolio: {len(small)} bytes, {len(gzip.compress(small))} gzipped (60 pieces)")

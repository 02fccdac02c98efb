"""Hostile content against the loader: one table of cases, each a file:line problem.

Editors' files are trusted to be mistaken, never to be safe: a file may be huge, nest
without end, expand through aliases, or be a link out of content/. Every case goes through
`build.py check` (what editors and CI run) and must give its exact message, never a
traceback, and never show a byte of a linked file. Add new probes to HOSTILE.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from build import cli
from sitefactory import ARTIST_YAML, jpeg, minimal_site, tiny_video, write_site

ROOT = Path(__file__).resolve().parent.parent
SECRET = "TOP-SECRET-build-machine-file"
JANE = "content/artists/jane-doe.yaml"
TOO_DEEP = (
    "is nested more than 64 levels deep; a content file needs only a few "
    "(check the indentation and the brackets)"
)
COMPLEX_KEY = "a key must be a plain word such as 'name:', not a list or a mapping"
EXPANSION = "its YAML aliases (*name) repeat more than 10,000 values; write the values out instead"
LINK = "is a link to another file; copy the file itself into {folder}/ instead"
LINKED_FOLDER = (
    "is in {folder}/, which is a link to another folder; copy the folder itself into "
    "content/ instead"
)


PIECE = "- file: rose.jpg\n  title: Rose\n"


def laughs(levels: int = 9, width: int = 9, indent: str = "") -> str:
    """The "billion laughs": each anchor is a list of `width` aliases of the one before."""
    lines = [f"{indent}name: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, levels):
        lines.append(f"{indent}l{level}: &l{level} [{', '.join([f'*l{level - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def nested_mappings(levels: int = 9) -> str:
    """The same bomb with mappings: every level names the one below four times."""
    lines = ["a0: &a0 {x: 1, y: 2, z: 3, w: 4}"]
    for level in range(1, levels):
        below = f"*a{level - 1}"
        lines.append(f"a{level}: &a{level} {{x: {below}, y: {below}, z: {below}, w: {below}}}")
    return "\n".join(lines) + "\n"


def block_nesting(levels: int) -> str:
    return "".join("  " * i + "a:\n" for i in range(levels)) + "  " * levels + "b: 1\n"


def replace(rel: str, text: str | bytes) -> Callable[[Path, Path], None]:
    def change(root: Path, outside: Path) -> None:
        path = root / rel
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")

    return change


def link_file(rel: str, target: str = "secret.txt", relative: bool = False) -> Callable:
    """Make content/rel a symbolic link to a file outside content/ (or inside, relative)."""

    def change(root: Path, outside: Path) -> None:
        path = root / rel
        real = outside / target
        if not real.exists():
            data = (root / rel).read_bytes() if (root / rel).is_file() else SECRET.encode()
            real.write_bytes(data + (b"\n# " + SECRET.encode() if rel.endswith(".yaml") else b""))
        path.unlink(missing_ok=True)
        os.symlink(os.path.relpath(real, path.parent) if relative else real, path)

    return change


def link_folder(rel: str) -> Callable:
    """Move content/rel outside and put a symbolic link to it in its place."""

    def change(root: Path, outside: Path) -> None:
        real = outside / rel.replace("/", "-")
        (root / rel).rename(real)
        os.symlink(real, root / rel)

    return change


def dangling(rel: str) -> Callable:
    def change(root: Path, outside: Path) -> None:
        (root / rel).unlink()
        os.symlink(outside / "no-such-file", root / rel)

    return change


def link_to_folder(rel: str) -> Callable:
    def change(root: Path, outside: Path) -> None:
        os.symlink(outside, root / rel)

    return change


def in_content_link(rel: str, target: str) -> Callable:
    """A relative link to another file inside content/: refused all the same."""

    def change(root: Path, outside: Path) -> None:
        (root / rel).unlink()
        os.symlink(os.path.relpath(root / target, (root / rel).parent), root / rel)

    return change


def own_scroll_video(name: str, link: bool) -> Callable:
    """Give the scroll sequence a video of its own, named only there; missing or a link."""

    def change(root: Path, outside: Path) -> None:
        site = (root / "site.yaml").read_text("utf-8")
        site = site.replace("sequence: {source: clip.mp4", f"sequence: {{source: {name}")
        (root / "site.yaml").write_text(site, "utf-8")
        if link:
            (outside / name).write_bytes(tiny_video())
            os.symlink(outside / name, root / "videos" / name)

    return change


def bigger_than_a_megabyte(rel: str, head: str, line: str, size: int) -> Callable:
    def change(root: Path, outside: Path) -> None:
        with (root / rel).open("w", encoding="utf-8") as handle:
            handle.write(head)
            written = len(head)
            while written < size:
                handle.write(line)
                written += len(line)

    return change


HOSTILE: list[tuple[str, Callable[[Path, Path], None], list[str]]] = [
    # --- YAML that expands, nests or crashes ---------------------------------------------
    ("billion-laughs", replace("artists/jane-doe.yaml", laughs()), [f"{JANE}:5: {EXPANSION}"]),
    (
        "billion-laughs-mappings",
        replace("artists/jane-doe.yaml", nested_mappings()),
        [f"{JANE}:6: {EXPANSION}"],
    ),
    (
        "billion-laughs-in-a-portfolio-piece",
        replace("portfolio/jane-doe.yaml", PIECE + "  extra:\n" + laughs(indent="    ")),
        ["content/portfolio/jane-doe.yaml:8: " + EXPANSION],
    ),
    (
        "many-aliases",
        replace(
            "artists/jane-doe.yaml",
            ARTIST_YAML.format(name="Jane Doe", photo="jane.jpg", slug="jane", order=2)
            + "x: &x 1\nspare: ["
            + ", ".join(["*x"] * 101)
            + "]\n",
        ),
        [f"{JANE}:11: uses YAML aliases (*name) more than 100 times; write the values out instead"],
    ),
    ("deep-flow-list", replace("artists/jane-doe.yaml", "[" * 50_000), [f"{JANE}:1: {TOO_DEEP}"]),
    (
        "deep-flow-mapping",
        replace("artists/jane-doe.yaml", "{a: " * 50_000),
        [f"{JANE}:1: {TOO_DEEP}"],
    ),
    (
        "deep-block-mapping",
        replace("artists/jane-doe.yaml", block_nesting(200)),
        [f"{JANE}:64: {TOO_DEEP}"],
    ),
    (
        "deep-block-list",
        replace("portfolio/jane-doe.yaml", "".join("  " * i + "-\n" for i in range(100))),
        ["content/portfolio/jane-doe.yaml:65: " + TOO_DEEP],
    ),
    (
        "deep-site-yaml",
        replace("site.yaml", "name: " + "[" * 1000 + "]" * 1000 + "\n"),
        ["content/site.yaml:1: " + TOO_DEEP],
    ),
    (
        "complex-key-block",
        replace("artists/jane-doe.yaml", "? [a, b]\n: 1\n"),
        [f"{JANE}:1: {COMPLEX_KEY}"],
    ),
    (
        "complex-key-flow",
        replace("artists/jane-doe.yaml", "name: Jane\n{[a]: 1}: x\n"),
        [f"{JANE}:2: {COMPLEX_KEY}"],
    ),
    (
        "mapping-key",
        replace("portfolio/jane-doe.yaml", "- ? {file: x}\n  : y\n"),
        [f"content/portfolio/jane-doe.yaml:1: {COMPLEX_KEY}"],
    ),
    (
        "alias-as-complex-key",
        replace("artists/jane-doe.yaml", "a: &k [1]\n*k : 2\n"),
        [f"{JANE}:2: {COMPLEX_KEY}"],
    ),
    (
        "huge-number",
        replace(
            "artists/jane-doe.yaml",
            ARTIST_YAML.format(name="Jane Doe", photo="jane.jpg", slug="jane", order=2).replace(
                "years_experience: 7", "years_experience: " + "9" * 5000
            ),
        ),
        [f"{JANE}:3: has a number longer than 100 digits; put it in quotes"],
    ),
    (
        "impossible-date",
        # Plain dates are text (YAML 1.2); an explicit tag still asks PyYAML to build one.
        replace(
            "site.yaml",
            minimal_site()["site.yaml"].replace("born: 1970", "born: !!timestamp 1970-13-45"),
        ),
        [
            "content/site.yaml:35: cannot read the value '1970-13-45' (month must be in 1..12); "
            "put it in quotes for text"
        ],
    ),
    (
        "nul-character",
        replace("site.yaml", "name: a\x00b\n"),
        [
            "content/site.yaml:1:8: holds an invisible control character (U+0000) here, which "
            "text may not contain: delete it (retype the line if you cannot see it)"
        ],
    ),
    (
        # A message quotes at most 160 characters of a line: its start and its end.
        "yaml-mistake-on-a-400-kb-line",
        replace(
            "artists/jane-doe.yaml",
            ARTIST_YAML.format(name="Jane Doe", photo="jane.jpg", slug="jane", order=2).replace(
                "bio: A short bio.", "bio: Jane" + " " * 400_000 + ": the best"
            ),
        ),
        [
            f'{JANE}:8: text with a colon needs quotes: write bio: "Jane'
            + " " * 101
            + "…"
            + " " * 35
            + ': the best"'
        ],
    ),
    (
        "more-yaml-mistakes-than-are-read",
        replace("artists/jane-doe.yaml", "".join(f"k{i}: @v{i}\n" for i in range(30))),
        [
            f"{JANE}: may hold more YAML mistakes after these: correct the ones listed and "
            "check again"
        ]
        + [
            f'{JANE}:{i + 1}: the @ at the start of "@v{i}" needs quotes: write k{i}: "@v{i}"'
            for i in range(21)
        ],
    ),
    # --- files too large to parse ------------------------------------------------------------
    (
        "50-mb-portfolio",
        bigger_than_a_megabyte("portfolio/jane-doe.yaml", "", PIECE, 50 * 1024 * 1024),
        [
            "content/portfolio/jane-doe.yaml:1: is 50.0 MB, over the 1 MB limit for a text file "
            "in content/; check that it is the right file"
        ],
    ),
    (
        "markdown-just-over-the-cap",
        bigger_than_a_megabyte("aftercare/tattoo.md", "# Tattoo\n", "x" * 63 + "\n", 2**20 + 1),
        [
            "content/aftercare/tattoo.md:1: is 1.0 MB, over the 1 MB limit for a text file in "
            "content/; check that it is the right file"
        ],
    ),
    # --- links out of content/ -----------------------------------------------------------------
    (
        "linked-aftercare-guide",
        link_file("aftercare/tattoo.md"),
        ["content/aftercare/tattoo.md:1: " + LINK.format(folder="content/aftercare")],
    ),
    (
        "linked-aftercare-guide-relative",
        link_file("aftercare/piercing.md", relative=True),
        ["content/aftercare/piercing.md:1: " + LINK.format(folder="content/aftercare")],
    ),
    (
        "linked-artist-yaml",
        link_file("artists/jane-doe.yaml", "jane.yaml"),
        [f"{JANE}:1: " + LINK.format(folder="content/artists")],
    ),
    (
        "linked-site-yaml",
        link_file("site.yaml", "site.yaml"),
        ["content/site.yaml:1: " + LINK.format(folder="content")],
    ),
    (
        "linked-portfolio-yaml",
        link_file("portfolio/max-ink.yaml", "max.yaml"),
        ["content/portfolio/max-ink.yaml:1: " + LINK.format(folder="content/portfolio")],
    ),
    (
        "dangling-link",
        dangling("aftercare/piercing.md"),
        ["content/aftercare/piercing.md:1: " + LINK.format(folder="content/aftercare")],
    ),
    (
        "link-to-a-folder-named-like-yaml",
        link_to_folder("artists/zed.yaml"),
        ["content/artists/zed.yaml:1: " + LINK.format(folder="content/artists")],
    ),
    (
        "link-inside-content",
        in_content_link("aftercare/piercing.md", "aftercare/tattoo.md"),
        ["content/aftercare/piercing.md:1: " + LINK.format(folder="content/aftercare")],
    ),
    (
        "linked-photo",
        link_file("images/work/rose.jpg", "rose.jpg"),
        [
            "content/portfolio/jane-doe.yaml:1: piece 1, file: image 'rose.jpg' "
            + LINK.format(folder="content/images/work")
        ],
    ),
    (
        "linked-logo",
        link_file("images/brands/brand-one.png", "logo.png"),
        [
            "content/site.yaml:40: brands, item 1, logo: image 'brand-one.png' "
            + LINK.format(folder="content/images/brands")
        ],
    ),
    (
        "linked-video",
        link_file("videos/clip.mp4", "clip.mp4"),
        [
            f"content/site.yaml:{line}: videos.{purpose}.source: video 'clip.mp4' "
            + LINK.format(folder="content/videos")
            for line, purpose in [
                (43, "intro"),
                (44, "hero"),
                (45, "studio"),
                (46, "piercing"),
                (47, "scroll_sequence"),
            ]
        ],
    ),
    (
        "missing-scroll-sequence-video",
        own_scroll_video("sequence.mp4", link=False),
        [
            "content/site.yaml:47: videos.scroll_sequence.source: video 'sequence.mp4' not "
            "found in content/videos/"
        ],
    ),
    (
        "linked-scroll-sequence-video",
        own_scroll_video("sequence.mp4", link=True),
        [
            "content/site.yaml:47: videos.scroll_sequence.source: video 'sequence.mp4' "
            + LINK.format(folder="content/videos")
        ],
    ),
    (
        "linked-photo-folder",
        link_folder("images/work"),
        [
            "content/portfolio/jane-doe.yaml:1: piece 1, file: image 'rose.jpg' "
            + LINKED_FOLDER.format(folder="content/images/work"),
            "content/portfolio/jane-doe.yaml:3: piece 2, file: image 'koi.jpg' "
            + LINKED_FOLDER.format(folder="content/images/work"),
            "content/portfolio/max-ink.yaml:1: piece 1, file: image 'skull.jpg' "
            + LINKED_FOLDER.format(folder="content/images/work"),
        ],
    ),
    (
        "linked-aftercare-folder",
        link_folder("aftercare"),
        [
            f"content/aftercare/{name}.md:1: " + LINKED_FOLDER.format(folder="content/aftercare")
            for name in ("piercing", "tattoo")
        ],
    ),
    (
        "linked-portfolio-folder",
        link_folder("portfolio"),
        [
            f"content/portfolio/{name}.yaml:1: " + LINKED_FOLDER.format(folder="content/portfolio")
            for name in ("jane-doe", "max-ink")
        ],
    ),
]


def check(root: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--content", str(root)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize(("case", "change", "expected"), HOSTILE, ids=[c[0] for c in HOSTILE])
def test_hostile_content_is_a_file_line_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case, change, expected
) -> None:
    monkeypatch.chdir(tmp_path)
    root = write_site(tmp_path / "content", minimal_site())
    outside = tmp_path / "outside"
    outside.mkdir()
    change(Path("content"), outside)
    code, output = check(Path("content"))
    assert code == 1
    problems = [line for line in output.splitlines() if line.startswith("content/")]
    assert problems == expected, output
    assert "Traceback" not in output
    assert SECRET not in output and str(outside) not in output  # nothing of a link's target
    assert root.is_dir()


def test_content_stays_readable_at_the_limits(tmp_path: Path) -> None:
    """The limits leave room: aliases a person might write, a long list, deep-ish nesting."""
    files = minimal_site()
    files["site.yaml"] = files["site.yaml"].replace(
        "hours:\n  - days: Monday - Thursday\n    time: 12pm - 10pm\n",
        "hours:\n  - &weekday {days: Monday - Thursday, time: 12pm - 10pm}\n",
    )
    files["portfolio/jane-doe.yaml"] = (
        "".join(
            f"- file: {name}\n  title: {'A long title ' * 8}\n" for name in ("rose.jpg", "koi.jpg")
        )
        + "# "
        + "padding " * 100_000
        + "\n"
    )  # about 800 KB of comment
    root = write_site(tmp_path / "content", files)
    code, output = check(root)
    assert code == 0, output


def test_the_content_folder_itself_may_be_a_link(tmp_path: Path) -> None:
    real = write_site(tmp_path / "shared" / "content", minimal_site())
    os.symlink(real, tmp_path / "content")
    code, output = check(tmp_path / "content")
    assert code == 0, output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_in_place_of_a_guide_does_not_hang_the_check(tmp_path: Path) -> None:
    root = write_site(tmp_path / "content", minimal_site())
    (root / "aftercare" / "tattoo.md").unlink()
    os.mkfifo(root / "aftercare" / "tattoo.md")
    code, output = check(root)
    assert code == 0  # not a file: the guide counts as missing, which is a warning
    assert "aftercare/tattoo.md: file is missing; the page shows this guide as empty" in output


def test_a_linked_photo_is_never_published(tmp_path: Path, media_cache: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "private.jpg").write_bytes(jpeg(32, 32, (1, 2, 3)))
    files = minimal_site()
    root = write_site(tmp_path / "content", files)
    (root / "images" / "work" / "rose.jpg").unlink()
    os.symlink(outside / "private.jpg", root / "images" / "work" / "rose.jpg")
    result = CliRunner().invoke(
        cli,
        [
            "build",
            "--content",
            str(root),
            "--out",
            str(tmp_path / "dist"),
            "--cache",
            str(media_cache),
        ],
    )
    assert result.exit_code == 1
    assert "image 'rose.jpg' is a link to another file" in result.output
    assert not (tmp_path / "dist").exists()
    assert tiny_video()  # the fixture's video stays cached for the other tests


def test_long_lines_in_a_guide_are_checked_without_slowing_the_check(tmp_path: Path) -> None:
    """The table rule reads each line once: a 500 KB line of blanks is not a puzzle."""
    files = minimal_site()
    files["aftercare/piercing.md"] = "| a | b |\n|" + " " * 500_000 + "x |\n"
    root = write_site(tmp_path / "content", files)
    code, output = check(root)
    assert code == 0, output
    assert "piercing.md:1: this table has no line of dashes under its first row" in output


# base_url goes as written into robots.txt, the sitemap and every canonical link (issue #24).
PLAIN = "write the plain address, like https://www.studio.com"
HOSTILE_BASE_URLS = [
    (
        "markup",
        """'https://studio.example.com/"><script>alert(7)</script>'""",
        """'https://studio.example.com/"><script>alert(7)</script>' holds '"', which a web """
        f"address cannot hold: {PLAIN}",
    ),
    (
        "space",
        '"https://studio.example.com/our studio/"',
        f"'https://studio.example.com/our studio/' holds a space, which a web address cannot "
        f"hold: {PLAIN}",
    ),
    (
        "non-ascii",
        "https://stüdio.example.com",
        f"'https://stüdio.example.com' holds 'ü', which a web address cannot hold: {PLAIN}",
    ),
    (
        "http",
        "http://studio.example.com",
        "'http://studio.example.com' must start with https:// (Netlify serves HTTPS)",
    ),
    ("relative", "/studio/", "'/studio/' must start with https:// (Netlify serves HTTPS)"),
    (
        "javascript",
        '"javascript:alert(7)"',
        "'javascript:alert(7)' must start with https:// (Netlify serves HTTPS)",
    ),
    (
        "userinfo",
        "https://admin:secret@studio.example.com",
        "'https://admin:secret@studio.example.com' holds a user name or password (the part "
        "up to '@'), which every visitor would see in the site's links: leave it out",
    ),
    (
        "query",
        "https://studio.example.com/?ref=1",
        "'https://studio.example.com/?ref=1' has a query (the part from '?'), and page "
        "addresses are added after base_url, so every link would end up inside it: leave it out",
    ),
    (
        "fragment",
        "https://studio.example.com/#top",
        "'https://studio.example.com/#top' has a fragment (the part from '#'), and page "
        "addresses are added after base_url, so every link would end up inside it: leave it out",
    ),
]


def check_process(tmp_path: Path, base_url: str) -> subprocess.CompletedProcess:
    """`build.py check` as CI runs it, in a process of its own, on the minimal site."""
    files = minimal_site()
    site = files["site.yaml"]
    assert "base_url: https://studio.example\n" in site
    files["site.yaml"] = site.replace("https://studio.example\n", f"{base_url}\n", 1)
    write_site(tmp_path / "content", files)
    command = [sys.executable, str(ROOT / "build.py"), "check", "--content", "content"]
    return subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    ("case", "base_url", "message"), HOSTILE_BASE_URLS, ids=[c[0] for c in HOSTILE_BASE_URLS]
)
def test_a_base_url_that_is_not_a_plain_https_address_is_refused_at_its_line(
    tmp_path: Path, case: str, base_url: str, message: str
) -> None:
    result = check_process(tmp_path, base_url)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.splitlines() == [
        f"content/site.yaml:2: base_url: {message}",
        "1 problem found; nothing was published.",
    ]
    assert "Traceback" not in result.stdout + result.stderr


def test_a_base_url_with_a_folder_is_still_accepted(tmp_path: Path) -> None:
    result = check_process(tmp_path, "https://example.com/studio/")
    assert result.returncode == 0, result.stderr
    assert "content OK: 2 artists" in result.stdout

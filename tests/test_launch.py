"""Going live: production builds need the contact function and pass the launch check."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from build import cli
from generator import pipeline
from generator.content import demo
from sitefactory import launch_ready_site, minimal_site, write_site

ROOT = pipeline.PROJECT_ROOT
FUNCTION_URL = "https://abc123.lambda-url.us-east-1.on.aws/"
UPLOADS_URL = "https://studio-contact-uploads-123456789012-us-east-1.s3.us-east-1.amazonaws.com"
NETLIFY = (
    "CONTEXT",
    "CONTACT_FUNCTION_URL",
    "CONTACT_UPLOADS_URL",
    "URL",
    "REPOSITORY_URL",
    "CMS_GITHUB_REPO",
)


def run(args: list[str], **env: str):
    """build.py as Netlify runs it: only the variables given are set."""
    return CliRunner().invoke(cli, args, env={name: env.get(name) for name in NETLIFY})


def build_args(root: Path, files: dict) -> list[str]:
    content = write_site(root / "content", files)
    return ["build", "--content", str(content), "--out", str(root / "dist"), "--cache", str(root)]


def test_production_without_the_contact_function_fails_in_one_line_and_publishes_nothing(
    tmp_path: Path,
) -> None:
    result = run(build_args(tmp_path, launch_ready_site()), CONTEXT="production")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "error: CONTACT_FUNCTION_URL is not set, so the contact form would have nowhere to send "
        "messages: set it in Netlify (Site configuration > Environment variables) to the "
        "Function URL that `python build.py deploy-function` printed; README, Deployment"
    ]
    assert not (tmp_path / "dist").exists()
    bad = run(build_args(tmp_path, launch_ready_site()), CONTACT_FUNCTION_URL="lambda please")
    assert bad.exit_code == 1
    assert bad.output.startswith("error: CONTACT_FUNCTION_URL is not a web address ('lambda")


def test_production_without_the_image_bucket_fails_in_one_line_and_publishes_nothing(
    tmp_path: Path,
) -> None:
    args = build_args(tmp_path, launch_ready_site())
    result = run(args, CONTEXT="production", CONTACT_FUNCTION_URL=FUNCTION_URL)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "error: CONTACT_UPLOADS_URL is not set, so reference images sent with the contact form "
        "would have nowhere to go: set it in Netlify (Site configuration > Environment "
        "variables) to the bucket address that `python build.py deploy-function` printed; "
        "README, Deployment"
    ]
    assert not (tmp_path / "dist").exists()
    bad = run(args, CONTACT_FUNCTION_URL=FUNCTION_URL, CONTACT_UPLOADS_URL="s3 bucket")
    assert bad.exit_code == 1
    assert bad.output.startswith("error: CONTACT_UPLOADS_URL is not a web address ('s3 bucket')")


@pytest.mark.parametrize("context", ["deploy-preview", "branch-deploy", None])
def test_previews_and_branch_builds_still_build_and_route_contact_to_the_json_503(
    tmp_path: Path, context: str | None, media_cache: Path
) -> None:
    args = build_args(tmp_path, minimal_site())  # placeholders are fine on a preview
    result = run([*args[:-1], str(media_cache)], CONTEXT=context)
    assert result.exit_code == 0, result.output
    rules = (tmp_path / "dist" / "_redirects").read_text().splitlines()
    assert rules[:2] == [
        "/api/contact  /.netlify/functions/contact-unavailable  200!",
        "/api/contact/uploads  /.netlify/functions/contact-unavailable  200!",
    ]


def test_production_lists_every_placeholder_with_file_and_line(
    tmp_path: Path, media_cache: Path
) -> None:
    files = {
        **minimal_site(),
        "artists/jane-doe.yaml": minimal_site()["artists/jane-doe.yaml"].replace(
            "bio: A short bio.", "bio: Placeholder bio, lorem ipsum."
        ),
        "aftercare/piercing.md": "\n",
    }
    args = build_args(tmp_path, files)
    result = run(
        [*args[:-1], str(media_cache)],
        CONTEXT="production",
        CONTACT_FUNCTION_URL=FUNCTION_URL,
        CONTACT_UPLOADS_URL=UPLOADS_URL,
    )
    assert result.exit_code == 1
    shown = str(tmp_path / "content")
    made_up = "is a made-up name reserved for examples: put the real address here"
    assert result.output.splitlines() == [
        f"{shown}/aftercare/piercing.md: the piercing aftercare guide is missing or empty, so the"
        ' Aftercare page would say "Loading content..." forever: write the guide in this file',
        f"{shown}/artists/jane-doe.yaml:8: bio: says 'Placeholder': replace it with the real text",
        f"{shown}/artists/jane-doe.yaml:8: bio: says 'lorem ipsum': replace it with the real text",
        f"{shown}/site.yaml:2: base_url: 'studio.example' {made_up}",
        f"{shown}/site.yaml:3: phone: '(214) 555-0100' is a 555 number, the kind films and "
        "examples use: put the studio's real phone number here",
        f"{shown}/site.yaml:4: email: 'studio.example' {made_up}",
        f"{shown}/site.yaml:41: brands, item 1, url: 'brand.example' {made_up}",
        f"{shown}/site.yaml:50: credit.url: 'agency.example' {made_up}",
        "8 problems found; nothing was published.",
    ]
    assert not (tmp_path / "dist").exists()


def test_a_launch_ready_site_builds_for_production_behind_its_function(
    tmp_path: Path, media_cache: Path
) -> None:
    args = build_args(tmp_path, launch_ready_site())
    result = run(
        [*args[:-1], str(media_cache)],
        CONTEXT="production",
        CONTACT_FUNCTION_URL=FUNCTION_URL,
        CONTACT_UPLOADS_URL=UPLOADS_URL,
        URL="https://www.crimson-crown-tattoo.com",
    )
    assert result.exit_code == 0, result.output
    # Editors sign in to this build, and no repository is known: said here, and only here.
    assert "admin: no GitHub repository known, so editors cannot sign in" in result.output
    rules = (tmp_path / "dist" / "_redirects").read_text().splitlines()
    function = FUNCTION_URL.rstrip("/")
    # Netlify signs what it proxies to the function (the grant limit trusts only that).
    SIGNED = "Sign=CONTACT_PROXY_SECRET"
    assert rules[:4] == [
        f"/api/contact  {FUNCTION_URL}  200!  {SIGNED}",
        f"/api/contact/uploads/file  {UPLOADS_URL}/  200!",
        f"/api/contact/uploads  {function}/api/contact/uploads  200!  {SIGNED}",
        f"/api/contact/images/*  {function}/api/contact/images/:splat  200!  {SIGNED}",
    ]


@pytest.mark.parametrize(
    ("base_url", "published", "message"),
    [
        (
            "http://www.crimson-crown-tattoo.com",
            None,
            "'http://www.crimson-crown-tattoo.com' must start with https:// (Netlify serves HTTPS)",
        ),
        (
            "https://localhost:8000",
            None,
            "'https://localhost:8000' is this computer, not the studio's web address",
        ),
        (
            "https://www.crimson-crown-tattoo.com",
            "https://crimson-crown.netlify.app",
            "'https://www.crimson-crown-tattoo.com' is not where this site is published "
            "(https://crimson-crown.netlify.app): links shared from the site would point "
            "elsewhere. Put that address here, or add the studio's domain in Netlify "
            "(Domain management) first",
        ),
    ],
)
def test_base_url_must_be_the_studios_own_address(
    tmp_path: Path, base_url: str, published: str | None, message: str
) -> None:
    files = launch_ready_site()
    files["site.yaml"] = files["site.yaml"].replace(
        "https://www.crimson-crown-tattoo.com", base_url
    )
    content = write_site(tmp_path / "content", files)
    result = run(["check", "--launch", "--content", str(content)], URL=published)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if not line.startswith("warning: ")]
    assert problems[0] == f"{content}/site.yaml:2: base_url: {message}"


def test_check_launch_on_the_demo_content_names_its_stand_ins_and_plain_check_passes() -> None:
    plain = run(["check", "--content", str(ROOT / "content")])
    assert plain.exit_code == 0, plain.output
    assert "content OK: 6 artists" in plain.output
    launch = run(["check", "--launch", "--content", str(ROOT / "content")])
    assert launch.exit_code == 1
    lines = launch.output.splitlines()
    shown = ROOT / "content" / "site.yaml"
    content = ROOT / "content"
    for expected in (
        f"{shown}:6: base_url: 'studio.example.com' is a made-up name reserved for examples",
        f"{shown}:7: phone: '(214) 555-0196' is a 555 number",
        f"{shown}:10: address.street: says 'placeholder': replace it with the real text",
        f"{shown}:155: credit.url: 'nightshift-web.example.com' is a made-up name",
        # The demo itself: its studio, fictional artists, memorial, photos and videos.
        f"{shown}:5: name: 'Crimson Crown Tattoo Atelier' is the demo studio's name",
        f"{content}/artists/marco-reyes.yaml:1: name: 'Marco Reyes' is one of the demo's "
        "fictional artists",
        f"{content}/artists/marco-reyes.yaml:12: instagram: '@marco.reyes.ink' is the Instagram "
        "handle of Marco Reyes, one of the demo's fictional artists, and could belong to a "
        "stranger",
        f"{content}/artists/jade-whitfield.yaml:12: bio: 'Our lead piercer and lettering "
        "artist...' is the bio of Jade Whitfield",
        f"{shown}:101: memorial.name: 'Raymond \"Ray\" Castillo' is from the demo's memorial",
        f"{shown}:104: memorial.text: 'Ray founded this studio in 1996 with one chair...' is "
        "from the demo's memorial",
        # ... and its Spanish (issue #26): a translated demo bio is the demo all the same.
        f"{content}/artists/jade-whitfield.yaml:13: bio_es: 'Nuestra piercer principal y artista "
        "de letras...' is the bio of Jade Whitfield",
        f"{shown}:108: memorial.text_es: 'Ray fundó este estudio en 1996 con una silla...' is "
        "from the demo's memorial",
        f"{content}/images/artists/founder-ray-castillo.jpg: is a demo photo",
        f"{content}/images/work/classic-red-rose.jpg: is a demo photo (the same bytes as the "
        "demo's classic-red-rose.jpg)",
        f"{content}/videos/scroll-sequence.mp4: is a demo video",
        f"{content}/images/flash/swallow-and-banner.jpg: is a demo flash design (the same "
        "bytes as the demo's swallow-and-banner.jpg)",
    ):
        assert any(line.startswith(expected) for line in lines), (expected, lines)
    # Every photo and video the demo uses (7 portraits, 36 pieces, 10 flash designs, 4 logos,
    # 7 videos) ...
    assert sum(": is a demo " in line for line in lines) == 64
    # ... and its texts: 6 names, 6 bios, 5 handles, the studio, 3 of the memorial, 4 of
    # the timeline, 4 brands and the credit; and in Spanish 6 bios, 2 of the memorial and 4
    # of the timeline; the privacy notice and the consent form in both languages.
    assert sum("the demo" in line and ": is a demo " not in line for line in lines) == 46
    for name in ("consent.md", "consent.es.md"):
        expected = f"{content}/{name}: is the demo's consent form, unchanged"
        assert any(line.startswith(expected) for line in lines), (expected, lines)
    assert lines[-1] == "122 problems found; nothing was published."


def demo_bio(slug: str) -> str:
    return yaml.safe_load((ROOT / "content" / "artists" / f"{slug}.yaml").read_text())["bio"]


def test_check_launch_lists_a_renamed_demo_photo_a_demo_bio_and_the_demo_studio_name(
    tmp_path: Path,
) -> None:
    files = launch_ready_site()
    # A demo photo under a name of the studio's own, a demo bio (one line here, wrapped in
    # the demo) in a real artist's file, and the demo studio's name.
    files["images/work/healed-rose.jpg"] = (
        ROOT / "content" / "images" / "work" / "classic-red-rose.jpg"
    ).read_bytes()
    files["images/work/rose.jpg"] = None
    files["portfolio/jane-doe.yaml"] = files["portfolio/jane-doe.yaml"].replace(
        "file: rose.jpg", "file: healed-rose.jpg"
    )
    files["artists/jane-doe.yaml"] = files["artists/jane-doe.yaml"].replace(
        "bio: A short bio.", f"bio: {json.dumps(demo_bio('marco-reyes'))}"
    )
    files["site.yaml"] = files["site.yaml"].replace(
        "name: Test Studio", "name: Crimson Crown Tattoo Atelier"
    )
    content = write_site(tmp_path / "content", files)
    result = run(["check", "--launch", "--content", str(content)])
    assert result.exit_code == 1
    assert [line for line in result.output.splitlines() if "warning" not in line] == [
        f"{content}/artists/jane-doe.yaml:8: bio: 'Marco sat in Ray's chair as a client in "
        "1999...' is the bio of Marco Reyes, one of the demo's fictional artists: write the "
        "artist's own",
        f"{content}/images/work/healed-rose.jpg: is a demo photo (the same bytes as the demo's "
        "classic-red-rose.jpg), a drawing, not the studio's work: put a photo of the studio's "
        "own work in its place",
        f"{content}/site.yaml:1: name: 'Crimson Crown Tattoo Atelier' is the demo studio's "
        "name: put the studio's own name here",
        "3 problems found; nothing was published.",
    ]
    # Without the three, the same site is ready to launch.
    clean = write_site(tmp_path / "clean", launch_ready_site())
    passed = run(["check", "--launch", "--content", str(clean)])
    assert passed.exit_code == 0, passed.output
    assert "content OK for launch" in passed.output


def test_a_demo_artists_instagram_handle_is_found_in_any_field_and_any_spelling(
    tmp_path: Path,
) -> None:
    files = launch_ready_site()
    files["site.yaml"] = files["site.yaml"].replace(
        "https://instagram.com/test", "https://www.instagram.com/Marco.Reyes.Ink/"
    )
    files["artists/max-ink.yaml"] = files["artists/max-ink.yaml"].replace('"@max"', "kai.dotwork")
    content = write_site(tmp_path / "content", files)
    result = run(["check", "--launch", "--content", str(content)])
    assert result.exit_code == 1
    stranger = "one of the demo's fictional artists, and could belong to a stranger"
    assert [line for line in result.output.splitlines() if "warning" not in line] == [
        f"{content}/artists/max-ink.yaml:7: instagram: '@kai.dotwork' is the Instagram handle "
        f"of Kai Nakamura, {stranger}: put the artist's own handle here, or leave it empty",
        f"{content}/site.yaml:18: socials.instagram: '@marco.reyes.ink' is the Instagram handle "
        f"of Marco Reyes, {stranger}: put the artist's own handle here, or leave it empty",
        "2 problems found; nothing was published.",
    ]


def test_the_launch_check_hashes_only_files_the_size_of_a_demo_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A studio's gigabyte videos are not read on every check: one stat each."""
    files = launch_ready_site()
    # A photo of a demo photo's size but other bytes: read, and not taken for the demo's.
    same_size = bytearray(files["images/work/koi.jpg"])
    demo_size = (ROOT / "content" / "images" / "work" / "twin-koi.jpg").stat().st_size
    files["images/work/koi.jpg"] = bytes(same_size + b"\0" * (demo_size - len(same_size)))
    content = write_site(tmp_path / "content", files)
    hashed: list[str] = []
    real_digest = demo.file_digest
    monkeypatch.setattr(
        demo, "file_digest", lambda path: hashed.append(path.name) or real_digest(path)
    )
    result = run(["check", "--launch", "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert hashed == ["koi.jpg"]


def test_the_demo_fingerprints_are_up_to_date_with_content(tmp_path: Path) -> None:
    """Regenerated from content/, the fingerprints are the ones shipped (while content/ is
    the demo: a studio's own content must never become the demo's fingerprints)."""
    site = yaml.safe_load((ROOT / "content" / "site.yaml").read_text())
    studio = demo.load_demo().texts.get(demo.text_digest(str(site.get("name"))))
    if studio is None or studio.kind != "studio":
        pytest.skip("content/ is no longer the demo (site.yaml names another studio)")
    out = tmp_path / "fingerprints.json"
    script = ROOT / "scripts" / "make_demo_fingerprints.py"
    subprocess.run([sys.executable, str(script), "--out", str(out)], check=True)
    assert out.read_text() == demo.FINGERPRINTS.read_text(), (
        "content/ (the demo) changed: run `.venv/bin/python scripts/make_demo_fingerprints.py` "
        "and commit generator/content/demo_fingerprints.json with it"
    )


def test_check_launch_passes_a_launch_ready_site(tmp_path: Path) -> None:
    content = write_site(tmp_path / "content", launch_ready_site())
    result = run(["check", "--launch", "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert "content OK for launch: 2 artists, 3 portfolio pieces, 2 aftercare guides" in (
        result.output
    )


def test_a_local_build_does_not_ask_for_the_admins_repository(tmp_path: Path, media_cache: Path):
    args = build_args(tmp_path, launch_ready_site())
    result = run([*args[:-1], str(media_cache)])
    assert result.exit_code == 0, result.output
    assert "GitHub repository" not in result.output

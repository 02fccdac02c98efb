"""Artists published after the function was deployed: the Lambda reads the live site."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import boto3
import pytest
from contact_support import (
    ARTISTS,
    GOOD,
    REGION,
    SENDER,
    RecordingNotifier,
    call,
    local_settings,
    post_event,
    published_site,
    run_as_lambda,
    run_deploy,
)

from functions import deploy
from functions.contact.dal.artists import SiteArtists, fetch_artists
from functions.contact.dal.sitelists import RETRY_S, TTL_S, SiteUnreachable
from functions.contact.handlers.app import build_service

NEW = {"slug": "zoe-quill", "name": "Zoë Quill"}


class FakeSite:
    """What the site answers at /api/artists, and a clock the test moves by hand."""

    def __init__(self, artists: list[dict]) -> None:
        self.artists, self.up, self.now, self.fetches = list(artists), True, 1000.0, 0

    def fetch(self, url: str) -> dict[str, str]:
        assert url == "https://studio.example/api/artists"
        self.fetches += 1
        if not self.up:
            raise SiteUnreachable(f"{url}: timed out")
        return {a["slug"]: a["name"] for a in self.artists}

    def source(self, fallback: dict | None = None) -> SiteArtists:
        return SiteArtists(
            "https://studio.example/",
            fallback=lambda: fallback or {},
            fetch=self.fetch,
            clock=lambda: self.now,
        )


def test_the_list_is_kept_for_a_minute_and_read_again_for_an_unknown_artist() -> None:
    site = FakeSite(ARTISTS)
    artists = site.source()
    assert set(artists()) == {"jane-doe", "max-ink"} and site.fetches == 1
    site.now += TTL_S - 1
    assert set(artists()) == {"jane-doe", "max-ink"} and site.fetches == 1  # cached
    site.artists.append(NEW)  # an editor publishes a new artist
    assert artists.including("zoe-quill")["zoe-quill"] == "Zoë Quill" and site.fetches == 2
    # A flood of made-up names costs the site at most one request every RETRY_S seconds.
    assert "made-up" not in artists.including("made-up") and site.fetches == 2
    site.now += RETRY_S
    assert "made-up" not in artists.including("made-up") and site.fetches == 3


def test_an_unreachable_site_never_costs_a_lead_but_a_malformed_slug_is_still_refused() -> None:
    site = FakeSite(ARTISTS)
    site.up = False
    artists = site.source(fallback={"jane-doe": "Jane Doe"})  # the list baked in at deploy
    assert artists() == {"jane-doe": "Jane Doe"}
    assert artists.including("zoe-quill") == {"jane-doe": "Jane Doe", "zoe-quill": "zoe-quill"}
    assert "Zoe Quill!" not in artists.including("Zoe Quill!")
    assert "x" * 65 not in artists.including("x" * 65)
    site.up, site.now = True, site.now + TTL_S + 1
    assert set(artists()) == {"jane-doe", "max-ink"}  # back: the site's list again
    site.up, site.now = False, site.now + TTL_S + 1
    assert set(artists()) == {"jane-doe", "max-ink"}  # down again: the last list it gave


def test_the_service_accepts_an_artist_published_after_the_deploy(tmp_path: Path) -> None:
    site = FakeSite(ARTISTS)
    notifier = RecordingNotifier()
    service = build_service(local_settings(tmp_path), site.source())
    service.notifier = notifier
    assert call(service, post_event({**GOOD, "artist": "zoe-quill"}))[0] == 400
    site.artists.append(NEW)
    site.now += RETRY_S
    assert call(service, post_event({**GOOD, "artist": "zoe-quill"}))[:2] == (
        200,
        {"success": True, "message": call(service, post_event(GOOD))[1]["message"]},
    )
    assert [(m.artist, name) for m, name in notifier.sent][0] == ("zoe-quill", "Zoë Quill")


def test_fetch_reads_the_sites_json_and_names_what_went_wrong() -> None:
    with published_site({"/api/artists": ARTISTS}) as (url, _):
        assert fetch_artists(f"{url}/api/artists") == {"jane-doe": "Jane Doe", "max-ink": "Max Ink"}
        with pytest.raises(SiteUnreachable, match="not an artist list"):
            fetch_artists(f"{url}/elsewhere")
    with pytest.raises(SiteUnreachable, match="/api/artists"):
        fetch_artists(f"{url}/api/artists", timeout_s=0.5)  # the server is gone


def _run_package(task: Path, variables: dict, moto_url: str, bodies: list[dict]) -> list[dict]:
    """Several posts to the unzipped package's handler, in one process as in one Lambda."""
    (task / "contact_events.py").write_text(
        f"import json\nEVENT = {json.dumps(post_event(GOOD))!r}\n"
        "def post(body):\n"
        "    return {**json.loads(EVENT), 'body': json.dumps(body)}\n",
        "utf-8",
    )
    script = (
        "import json, sys, functions.contact.handlers.handler as h\n"
        "from contact_events import post\n"
        "for body in json.loads(sys.argv[1]):\n"
        "    print(json.dumps(h.handler(post(body), None)))\n"
    )
    lines = run_as_lambda(task, variables, moto_url, script, json.dumps(bodies))
    return [json.loads(line) for line in lines]


def test_the_deployed_function_reads_the_published_sites_artists(
    tmp_path: Path, moto_url: str, aws_env: None
) -> None:
    dist = tmp_path / "dist"
    (dist / "api").mkdir(parents=True)
    (dist / "api" / "artists.json").write_text(json.dumps(ARTISTS), "utf-8")
    with published_site({"/api/artists": ARTISTS}) as (site, handler):
        (dist / "api" / "site.json").write_text(json.dumps({"baseUrl": site + "/"}), "utf-8")
        result = run_deploy(dist, moto_url, "--function-name", "contact-live", "--table", "live")
        assert result.exit_code == 0, result.output
        assert f"artists added later are read from {site}/api/artists" in result.output
        assert "table live: time to live on" in result.output
        lam = boto3.client("lambda", region_name=REGION, endpoint_url=moto_url)
        configuration = lam.get_function_configuration(FunctionName="contact-live")
        variables = configuration["Environment"]["Variables"]
        assert variables["CONTACT_SITE_URL"] == site
        dynamodb = boto3.client("dynamodb", region_name=REGION, endpoint_url=moto_url)
        ttl = dynamodb.describe_time_to_live(TableName="live")["TimeToLiveDescription"]
        assert (ttl["TimeToLiveStatus"], ttl["AttributeName"]) == ("ENABLED", "expires_at")

        task = tmp_path / "task"
        zipfile.ZipFile(io.BytesIO(deploy.package(dist)[0])).extractall(task)
        boto3.client("ses", region_name=REGION, endpoint_url=moto_url).verify_email_identity(
            EmailAddress=SENDER
        )
        handler.files["/api/artists"] = [*ARTISTS, NEW]  # published after the deploy
        answers = _run_package(task, variables, moto_url, [{**GOOD, "artist": "zoe-quill"}])
    assert [a["statusCode"] for a in answers] == [200]
    # The site is gone now: a well-formed new slug is recorded, a malformed one refused.
    answers = _run_package(
        task,
        variables,
        moto_url,
        [{**GOOD, "artist": "new-face"}, {**GOOD, "artist": "Not A Slug"}],
    )
    assert [a["statusCode"] for a in answers] == [200, 400]
    assert "Unknown artist" in json.loads(answers[1]["body"])["error"]
    items = dynamodb.scan(TableName="live")["Items"]
    assert sorted(i["artist"]["S"] for i in items if "artist" in i) == ["new-face", "zoe-quill"]
    # One confirmation to the visitor (both messages are hers, within the hour): its hour,
    # and the hour's count of all confirmations, are the table's other items (confirmation.py).
    others = sorted(i["id"]["S"] for i in items if "artist" not in i)
    assert [o.rsplit("#", 1)[0] for o in others] == ["budget#confirmations", "confirm"]

"""The video stage: web videos, posters and scroll-sequence frames, their cache and errors.

Outputs are probed with imageio-ffmpeg's own reader (independent of generator/ffmpeg.py)
and by reading the MP4 box layout. Fixture clips are tiny so the whole module stays quick.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
import subprocess
from pathlib import Path

import imageio_ffmpeg
import pytest
from click.testing import CliRunner
from PIL import Image, ImageStat

from build import cli
from generator.content.loader import load_content
from generator.content.models import VIDEO_PURPOSES
from generator.errors import ContentError
from generator.output import Output
from generator.pipeline import checked_content
from generator.reporter import BufferReporter
from generator.videos import encode as videoencode
from generator.videos import process as videos
from generator.videos.encode import VideoSettings, fit_within, vertical_crop
from generator.videos.ffmpeg import VideoInfo, count_frames, parse_probe, probe
from generator.videos.process import DEFAULT_SETTINGS
from sitefactory import SITE_YAML, jpeg, minimal_site, tiny_video, without_small_photos, write_site

FFMPEG = imageio_ffmpeg.get_ffmpeg_exe()
FIRST, LAST = 3, 6  # the fixture's scroll-sequence range
GREY_STEP = 20  # frame n (counted from 1) of numbered.mp4 is grey (n - 1) * GREY_STEP

VIDEOS_YAML = f"""\
videos:
  intro: {{source: clip.mp4}}
  hero: {{source: with-audio.mp4, vertical: phone-rotated.mov}}
  studio: {{source: big.mp4}}
  piercing: {{source: clip.mp4}}
  scroll_sequence: {{source: numbered.mp4, start_frame: {FIRST}, end_frame: {LAST}}}
"""


def ffmpeg(*args: str, stdin: bytes | None = None) -> None:
    subprocess.run([FFMPEG, "-v", "error", "-y", *args], input=stdin, check=True)


def lavfi_clip(path: Path, size: str, seconds: int, audio: bool = False) -> bytes:
    extra = ["-f", "lavfi", "-i", f"sine=duration={seconds}", "-c:a", "aac"] if audio else []
    ffmpeg(
        "-f",
        "lavfi",
        "-i",
        f"testsrc=size={size}:rate=10:duration={seconds}",
        *extra,
        "-pix_fmt",
        "yuv420p",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        str(path),
    )
    return path.read_bytes()


def numbered_clip(path: Path, frames: int = 8) -> bytes:
    """Flat grey frames whose level says their number: frame n is (n - 1) * GREY_STEP."""
    raw = b"".join(bytes([i * GREY_STEP]) * (64 * 36 * 3) for i in range(frames))
    ffmpeg(
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgb24",
        "-s",
        "64x36",
        "-r",
        "10",
        "-i",
        "-",
        "-pix_fmt",
        "yuv420p",
        "-c:v",
        "libx264",
        "-crf",
        "10",
        str(path),
        stdin=raw,
    )
    return path.read_bytes()


def rotated_clip(path: Path, work: Path) -> bytes:
    """A 160x90 recording a phone marked as turned a quarter: it shows as 90x160."""
    plain = work / "plain.mp4"
    plain.write_bytes(tiny_video())
    ffmpeg("-display_rotation", "90", "-i", str(plain), "-c", "copy", str(path))
    return path.read_bytes()


def site_files(work: Path) -> dict:
    files = minimal_site()
    files["site.yaml"] = re.sub(r"videos:\n(?:  .*\n)+", VIDEOS_YAML, SITE_YAML)
    work.mkdir(parents=True, exist_ok=True)
    files["videos/with-audio.mp4"] = lavfi_clip(work / "with-audio.mp4", "160x90", 9, audio=True)
    files["videos/phone-rotated.mov"] = rotated_clip(work / "phone-rotated.mov", work)
    files["videos/big.mp4"] = lavfi_clip(work / "big.mp4", "2400x1350", 1)
    files["videos/numbered.mp4"] = numbered_clip(work / "numbered.mp4")
    return files


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """The fixture site's media, made once for the module (fresh cache)."""
    root = tmp_path_factory.mktemp("videos")
    content = load_content(write_site(root / "content", site_files(root / "work")))
    out, cache, reporter = root / "out", root / "cache", BufferReporter()
    out.mkdir()
    media = videos.process_videos(content, Output(out), cache, reporter)
    return {
        "root": root,
        "content": content,
        "out": out,
        "cache": cache,
        "media": media,
        "data": media.to_site_data(),
        "reporter": reporter,
    }


def meta(path: Path) -> dict:
    reader = imageio_ffmpeg.read_frames(str(path))
    try:
        return next(reader)
    finally:
        reader.close()


def top_level_boxes(path: Path) -> list[str]:
    data, boxes, at = path.read_bytes(), [], 0
    while at + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[at : at + 8])
        if size == 1:
            size = struct.unpack(">Q", data[at + 8 : at + 16])[0]
        boxes.append(kind.decode("latin-1"))
        if size < 8:
            break
        at += size
    return boxes


def local(built: dict, url: str) -> Path:
    return built["out"] / url.lstrip("/")


# --- web videos --------------------------------------------------------------------------------

EXPECTED_SIZES = {  # purpose: (horizontal, vertical) as (width, height)
    "intro": ((160, 90), (50, 90)),  # vertical: the centred 9:16 cut of 160x90
    "hero": ((160, 90), (90, 160)),  # vertical given: a phone video with rotation metadata
    "studio": ((1920, 1080), (758, 1350)),  # 2400x1350 capped at 1080p; its 9:16 cut fits
    "piercing": ((160, 90), (50, 90)),
}


@pytest.mark.parametrize("purpose", VIDEO_PURPOSES)
@pytest.mark.parametrize("layout", ["horizontal", "vertical"])
def test_web_video_is_h264_without_audio_at_capped_size(built, purpose, layout):
    info = meta(local(built, built["data"][purpose][layout]))
    assert info["codec"] == "h264"
    assert info["pix_fmt"].startswith("yuv420p")
    assert "audio_codec" not in info  # muted background loops carry no sound track
    assert info["size"] == EXPECTED_SIZES[purpose][layout == "vertical"]
    assert info["rotate"] == 0


@pytest.mark.parametrize(
    "purpose, seconds",
    [
        ("intro", (10, 10)),
        ("hero", (9, 10)),
        ("studio", (1, 1)),
        ("piercing", (10, 10)),
    ],
)
def test_web_video_keeps_the_source_duration(built, purpose, seconds):
    for layout, expected in zip(("horizontal", "vertical"), seconds, strict=True):
        assert meta(local(built, built["data"][purpose][layout]))["duration"] == pytest.approx(
            expected, abs=0.15
        )
    assert built["data"][purpose]["duration"] == pytest.approx(seconds[0], abs=0.15)


def test_every_web_video_starts_with_its_index_for_fast_start(built):
    mp4s = [u for u in built["media"].files if u.endswith(".mp4")]
    assert len(mp4s) == 6  # intro and piercing share clip.mp4, so they share its files
    for url in mp4s:
        boxes = top_level_boxes(local(built, url))
        assert "moov" in boxes and "mdat" in boxes
        assert boxes.index("moov") < boxes.index("mdat"), (url, boxes)


def test_urls_are_under_assets_with_the_content_hash(built):
    for url, size in built["media"].files.items():
        if url.startswith("/images/"):
            continue
        name = re.fullmatch(r"/assets/video/([a-z0-9-]+)\.([0-9a-f]{10})\.(mp4|jpg|webp)", url)
        assert name, url
        data = local(built, url).read_bytes()
        assert hashlib.sha256(data).hexdigest()[:10] == name.group(2)
        assert len(data) == size
    assert built["data"]["intro"]["horizontal"] == built["data"]["piercing"]["horizontal"]
    assert built["data"]["hero"]["vertical"].startswith("/assets/video/phone-rotated-vertical.")


def test_posters_are_jpeg_and_webp_at_the_video_size(built):
    for purpose in VIDEO_PURPOSES:
        for layout in ("horizontal", "vertical"):
            poster = built["data"][purpose]["poster"][layout]
            size = EXPECTED_SIZES[purpose][layout == "vertical"]
            assert (poster["width"], poster["height"]) == size
            with Image.open(local(built, poster["jpeg"])) as img:
                assert (img.format, img.size, img.info.get("progressive")) == ("JPEG", size, 1)
            with Image.open(local(built, poster["webp"])) as img:
                assert (img.format, img.size) == ("WEBP", size)


# --- scroll-sequence frames ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "layout, folder, size",
    [
        ("desktop", "images/scroll-sequence", (64, 36)),
        ("mobile", "images/scroll-sequence-vertical", (20, 36)),  # the 9:16 cut of 64x36
    ],
)
def test_sequence_frames_are_exactly_the_range_with_the_source_numbering(
    built, layout, folder, size
):
    names = sorted(p.name for p in (built["out"] / folder).iterdir())
    assert names == [f"frame_{n:05d}.jpg" for n in range(FIRST, LAST + 1)]
    for n in range(FIRST, LAST + 1):
        with Image.open(built["out"] / folder / f"frame_{n:05d}.jpg") as img:
            assert (img.format, img.size, img.info.get("progressive")) == ("JPEG", size, 1)
            # Frame n of the source (counted from 1) is the file named n.
            assert ImageStat.Stat(img.convert("L")).mean[0] == pytest.approx(
                (n - 1) * GREY_STEP, abs=4
            )
    config = built["data"]["scrollSequence"][layout]
    assert config == {
        "imageFolder": f"/{folder}/",
        "imagePrefix": "frame_",
        "imageSuffix": ".jpg",
        "startFrame": FIRST,
        "endFrame": LAST,
        "frameDigits": 5,
        "width": size[0],
        "height": size[1],
    }


def test_the_demo_source_covers_the_spec_frame_range():
    root = Path(__file__).resolve().parent.parent / "content" / "videos"
    assert count_frames(root / "scroll-sequence.mp4") >= 628
    assert meta(root / "hero.mp4")["duration"] >= 8  # the hero starts playing at 6 s
    assert sum(p.stat().st_size for p in root.glob("*.mp4")) <= 7_000_000
    # The phones' 2x frames (720x1280) need a source that tall: the demo gives a vertical one.
    assert meta(root / "scroll-sequence-vertical.mp4")["size"] == (720, 1280)
    assert count_frames(root / "scroll-sequence-vertical.mp4") >= 628


# --- the phones' denser frames ------------------------------------------------------------------

DENSE_FIRST, DENSE_LAST = 2, 4
# Byte budgets of the demo's frame sets: all 88 frames of each set, as a visitor downloads them
# (docs/videos.md#scroll-sequence-frames). Measured with the default settings: desktop 1280x720
# q70 1.91 MB, phones 1x 404x720 q70 0.94 MB, phones 2x 720x1280 q75 2.21 MB.
FRAME_BUDGETS = {
    "/images/scroll-sequence/": 2_200_000,
    "/images/scroll-sequence-vertical/": 1_100_000,
    "/images/scroll-sequence-vertical/2x/": 2_500_000,
}


@pytest.fixture(scope="module")
def dense(tmp_path_factory) -> dict:
    """A site whose scroll sequence has a 720x1280 vertical source: both phone sets are made."""
    root = tmp_path_factory.mktemp("dense")
    files = minimal_site()
    files["site.yaml"] = re.sub(
        r"  scroll_sequence: .*\n",
        "  scroll_sequence: {source: clip.mp4, vertical: tall.mp4, "
        f"start_frame: {DENSE_FIRST}, end_frame: {DENSE_LAST}}}\n",
        SITE_YAML,
    )
    files["videos/tall.mp4"] = lavfi_clip(root / "tall.mp4", "720x1280", 1)
    content = load_content(write_site(root / "content", files))
    (root / "out").mkdir()
    reporter = BufferReporter()
    media = videos.process_videos(content, Output(root / "out"), root / "cache", reporter)
    return {"out": root / "out", "media": media, "reporter": reporter}


def frame_files(out: Path, folder: str) -> list[Path]:
    return sorted(p for p in (out / folder.strip("/")).iterdir() if p.is_file())


def test_phones_get_a_denser_set_at_720x1280_beside_the_1x_set(dense):
    out, data = dense["out"], dense["media"].to_site_data()["scrollSequence"]
    names = [f"frame_{n:05d}.jpg" for n in range(DENSE_FIRST, DENSE_LAST + 1)]
    for folder, size in (
        ("/images/scroll-sequence-vertical/", (404, 720)),
        ("/images/scroll-sequence-vertical/2x/", (720, 1280)),
    ):
        files = frame_files(out, folder)
        assert [p.name for p in files] == names  # the spec's names, in both sets
        for path in files:
            with Image.open(path) as img:
                assert (img.format, img.size, img.info.get("progressive")) == ("JPEG", size, 1)
    assert (data["mobile"]["width"], data["mobile"]["height"]) == (404, 720)
    assert data["mobile"]["imageFolder"] == "/images/scroll-sequence-vertical/"
    assert data["mobile"]["denser"] == [
        {
            "density": 2,
            "imageFolder": "/images/scroll-sequence-vertical/2x/",
            "width": 720,
            "height": 1280,
        }
    ]
    assert "denser" not in data["desktop"]  # desktop frames: one set, as before
    assert any(
        line.startswith("videos: made 3 mobile 2x frames 720x1280 (")
        for line in dense["reporter"].lines
    )


def test_both_phone_sets_show_the_same_source_frames(dense):
    """Frame n of the 2x set, reduced to 404x720, is frame n of the 1x set, not a neighbour."""
    out = dense["out"]
    one_x = frame_files(out, "/images/scroll-sequence-vertical/")
    two_x = frame_files(out, "/images/scroll-sequence-vertical/2x/")

    def grey(path: Path, size: tuple[int, int] = (404, 720)) -> list[int]:
        with Image.open(path) as img:
            return list(img.convert("L").resize(size, Image.Resampling.BOX).tobytes())

    def distance(a: list[int], b: list[int]) -> float:
        return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)

    for index, path in enumerate(two_x):
        reduced = grey(path)
        same = distance(reduced, grey(one_x[index]))
        others = [distance(reduced, grey(other)) for other in one_x if other != one_x[index]]
        assert same < min(others), (path.name, same, others)


def test_a_720p_landscape_source_gives_no_denser_set(built):
    # 64x36 cut to 9:16 is 20x36 whatever the box: a 2x set would repeat the 1x one.
    assert "denser" not in built["data"]["scrollSequence"]["mobile"]
    assert not (built["out"] / "images/scroll-sequence-vertical/2x").exists()


def test_the_demo_frame_sets_keep_to_their_byte_budgets(tmp_path):
    """The demo's scroll sequence, made with the default settings: each set's total bytes
    (every frame a visitor downloads for that screen) within FRAME_BUDGETS."""
    content = load_content(Path(__file__).resolve().parent.parent / "content")
    stage = videos._VideoStage(
        content, Output(tmp_path), tmp_path / "cache", BufferReporter(), DEFAULT_SETTINGS, None
    )
    config = stage.sequence(content.site.videos.scroll_sequence)
    assert (config["mobile"]["width"], config["mobile"]["height"]) == (404, 720)
    assert [(d["width"], d["height"]) for d in config["mobile"]["denser"]] == [(720, 1280)]
    totals = {folder: 0 for folder in FRAME_BUDGETS}
    for url, size in stage.publish.files.items():
        totals[url.rsplit("/", 1)[0] + "/"] += size
    assert all(size > 0 for size in totals.values()), totals
    for folder, budget in FRAME_BUDGETS.items():
        assert totals[folder] <= budget, (folder, totals[folder], budget)


# --- cache --------------------------------------------------------------------------------------


def test_unchanged_videos_are_never_transcoded_again(built, tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("ffmpeg was asked to make something already in the cache")

    for name in ("transcode", "poster", "frames"):
        monkeypatch.setattr(videoencode, name, refuse)
    reporter = BufferReporter()
    again = videos.process_videos(built["content"], Output(tmp_path), built["cache"], reporter)
    assert again.to_site_data() == built["data"]
    assert again.files == built["media"].files
    for url in again.files:
        assert (tmp_path / url.lstrip("/")).read_bytes() == local(built, url).read_bytes()
    assert reporter.lines[-1].startswith(f"videos: 0 made, 18 reused, {len(again.files)} files")


def test_a_settings_change_remakes_what_it_affects(tmp_path):
    content = load_content(write_site(tmp_path / "content", minimal_site()))
    cache = tmp_path / "cache"
    for crf, made in ((26, None), (26, 0), (30, None)):
        reporter = BufferReporter()
        (tmp_path / f"out{crf}-{made}").mkdir()
        videos.process_videos(
            content, Output(tmp_path / f"out{crf}-{made}"), cache, reporter, VideoSettings(crf=crf)
        )
        counts = re.match(r"videos: (\d+) made, (\d+) reused", reporter.lines[-1])
        assert counts
        if made is not None:
            assert int(counts.group(1)) == made
        else:
            assert int(counts.group(1)) > 0


# --- bad input, through the command line ---------------------------------------------------------


def site_yaml_line(text: str, startswith: str) -> int:
    return next(
        i for i, line in enumerate(text.splitlines(), 1) if line.strip().startswith(startswith)
    )


def run_cli(tmp_path: Path, monkeypatch, args: list[str], changes: dict) -> tuple[int, str]:
    files = {**minimal_site(), **changes}
    write_site(tmp_path / "content", files)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, [*args, "--content", "content"])
    assert "Traceback" not in result.output
    # Only the diagnostics: the problems and the closing count (build also prints stage times).
    lines = [
        line
        for line in result.output.splitlines()
        if line.startswith("content/") or "found;" in line
    ]
    return result.exit_code, "\n".join(lines)


@pytest.mark.parametrize("command", [["check"], ["build", "--out", "dist"]])
def test_an_unreadable_video_is_named(tmp_path, monkeypatch, command):
    code, output = run_cli(tmp_path, monkeypatch, command, {"videos/clip.mp4": b"not a video\n"})
    assert code == 1
    assert output.splitlines() == [
        "content/videos/clip.mp4: not a readable video (ffmpeg: Invalid data found when "
        "processing input); export it again as an MP4 (H.264)",
        "1 problem found; nothing was published.",
    ]
    assert not (tmp_path / "dist").exists()


def test_a_photo_saved_as_a_video_is_named(tmp_path, monkeypatch):
    code, output = run_cli(tmp_path, monkeypatch, ["check"], {"videos/clip.mp4": jpeg()})
    assert code == 1
    assert (
        output.splitlines()[0] == "content/videos/clip.mp4: is a still image (mjpeg), not a video"
    )


def cut(data: bytes, share: float = 0.6) -> bytes:
    """The first part of a file, as an interrupted copy or upload leaves it."""
    return data[: int(len(data) * share)]


def fast_start(work: Path) -> bytes:
    """The fixture clip with its index first, as phones and web exports write it."""
    work.mkdir(parents=True, exist_ok=True)
    (work / "plain.mp4").write_bytes(tiny_video())
    ffmpeg(
        "-i", str(work / "plain.mp4"), "-c", "copy", "-movflags", "+faststart", str(work / "fs.mp4")
    )
    return (work / "fs.mp4").read_bytes()


CUT_SHORT = re.compile(
    r"content/videos/clip\.(mp4|mkv): is cut short: it holds \d\.\d s of the 10\.0 s its header "
    r"announces \(a partial copy or an interrupted upload\); copy or export it again"
)


@pytest.mark.parametrize("command", [["check"], ["build", "--out", "dist"]])
@pytest.mark.parametrize("where", ["index-first", "index-last", "matroska"])
def test_a_truncated_video_is_named_not_published_shorter(tmp_path, monkeypatch, command, where):
    whole = fast_start(tmp_path / "work")
    if where == "index-last":  # the index at the end is cut off: nothing can be read
        changes = {"videos/clip.mp4": cut(tiny_video())}
        expected = (
            "content/videos/clip.mp4: is cut short: its index (the 'moov atom') is missing, as "
            "in a partial copy or an interrupted upload; copy or export it again"
        )
    else:  # the header still announces 10 s; only reading every packet shows the cut
        if where == "matroska":
            ffmpeg("-i", str(tmp_path / "work" / "fs.mp4"), "-c", "copy", str(tmp_path / "c.mkv"))
            whole = (tmp_path / "c.mkv").read_bytes()
        name = "clip.mkv" if where == "matroska" else "clip.mp4"
        changes = {"videos/clip.mp4": None, f"videos/{name}": cut(whole)}
        changes["site.yaml"] = SITE_YAML.replace("clip.mp4", name)
        expected = None
    code, output = run_cli(tmp_path, monkeypatch, command, changes)
    assert code == 1
    first = output.splitlines()[0]
    assert first == expected if expected else CUT_SHORT.fullmatch(first), output
    assert not (tmp_path / "dist").exists()


def test_a_sequence_source_too_short_for_the_frame_range(tmp_path, monkeypatch):
    text = SITE_YAML.replace("start_frame: 2, end_frame: 4", "start_frame: 541, end_frame: 628")
    code, output = run_cli(tmp_path, monkeypatch, ["check"], {"site.yaml": text})
    assert code == 1
    line = site_yaml_line(text, "scroll_sequence:")
    assert output.splitlines()[0] == (
        f"content/site.yaml:{line}: videos.scroll_sequence.end_frame: 'clip.mp4' (source) has only "
        "100 frames (10.0 s at 10 fps), too few for frames 541-628; use a longer video or a lower "
        "end_frame"
    )


def test_a_missing_video_names_the_site_yaml_line(tmp_path, monkeypatch):
    text = SITE_YAML.replace(
        "hero: {source: clip.mp4}", "hero: {source: clip.mp4, vertical: Hero-Tall.mp4}"
    )
    code, output = run_cli(tmp_path, monkeypatch, ["check"], {"site.yaml": text})
    assert code == 1
    assert output.splitlines()[0] == (
        f"content/site.yaml:{site_yaml_line(text, 'hero:')}: videos.hero.vertical: "
        "video 'Hero-Tall.mp4' not found in content/videos/"
    )


def test_every_bad_video_is_reported_at_once(tmp_path, monkeypatch):
    text = SITE_YAML.replace("studio: {source: clip.mp4}", "studio: {source: broken.mov}")
    changes = {"site.yaml": text, "videos/broken.mov": b"\x00" * 64, "videos/clip.mp4": jpeg()}
    code, output = run_cli(tmp_path, monkeypatch, ["check"], changes)
    assert code == 1
    assert output.splitlines()[:3] == [
        "content/videos/broken.mov: not a readable video (ffmpeg: Invalid data found when "
        "processing input); export it again as an MP4 (H.264)",
        "content/videos/clip.mp4: is a still image (mjpeg), not a video",
        "2 problems found; nothing was published.",
    ]


def test_process_videos_raises_a_content_error_not_a_traceback(tmp_path):
    content = load_content(
        write_site(tmp_path / "content", {**minimal_site(), "videos/clip.mp4": b""})
    )
    with pytest.raises(ContentError) as caught:
        videos.process_videos(
            content, Output(tmp_path / "out"), tmp_path / "cache", BufferReporter()
        )
    assert [p.file for p in caught.value.problems] == [
        f"{tmp_path.as_posix()}/content/videos/clip.mp4"
    ]


def _in_english(warnings: list) -> list:
    """The warnings but those about the fixture's missing Spanish (it has none)."""
    return [w for w in warnings if "/es/ pages show the English" not in w.message]


def test_a_short_hero_is_a_warning_before_anything_is_written(built, tmp_path: Path):
    # the fixture hero is 9 s (and the fixture has no Spanish: tests/test_spanish_content.py)
    assert not without_small_photos(_in_english(built["reporter"].warnings))
    root = shutil.copytree(built["content"].root, tmp_path / "content")
    site = root / "site.yaml"
    hero = re.search(r"^  hero: \{source: ([^}]+)\}$", site.read_text(), re.M)
    site.write_text(site.read_text().replace(hero.group(0), "  hero: {source: big.mp4}"))
    content = checked_content(root)  # the content check: nothing built, nothing written
    # (the usual hero, now unused, is a warning of its own.)
    # the fixture photos are small on purpose
    shown = without_small_photos(_in_english(content.warnings))
    assert [str(w) for w in shown if "not used" not in w.message] == [
        f"{root.as_posix()}/videos/big.mp4: is 1.0 s long; "
        "the site starts the hero at 6 s, so give it at least 8 s"
    ]


# --- pure functions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "size, box, expected",
    [
        ((3840, 2160), (1920, 1080), (1920, 1080)),
        ((1280, 720), (1920, 1080), (1280, 720)),  # never upscaled
        ((1080, 1920), (1920, 1080), (606, 1080)),  # portrait into a landscape box
        ((4000, 3000), (1920, 1080), (1440, 1080)),
        ((161, 91), (1920, 1080), (160, 90)),  # H.264 4:2:0 needs even sizes
        ((2160, 3840), (1080, 1920), (1080, 1920)),
    ],
)
def test_fit_within(size, box, expected):
    assert fit_within(*size, box) == expected


@pytest.mark.parametrize(
    "size, expected",
    [
        ((1920, 1080), (606, 1080, 656, 0)),
        ((160, 90), (50, 90, 54, 0)),
        ((1080, 1920), (1080, 1920, 0, 0)),  # already 9:16
        ((720, 1600), (720, 1280, 0, 160)),  # taller than 9:16: keep the width
    ],
)
def test_vertical_crop(size, expected):
    assert vertical_crop(*size) == expected


PROBE_PHONE = (  # what ffmpeg -i says about an iPhone recording held upright
    "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'IMG_0042.MOV':\n"
    "  Duration: 00:00:12.48, start: 0.000000, bitrate: 17153 kb/s\n"
    "  Stream #0:0[0x1](und): Video: hevc (Main 10) (hvc1 / 0x31637668), "
    "yuv420p10le(tv, bt2020nc/bt2020/arib-std-b67), 1920x1080, 16891 kb/s, 29.97 fps, "
    "29.97 tbr, 600 tbn (default)\n"
    "    Side data:\n"
    "      Display Matrix: rotation of -90.00 degrees\n"
    "  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, "
    "253 kb/s (default)\n"
)


def test_probe_reads_a_phone_recording_as_shown():
    assert parse_probe(PROBE_PHONE) == VideoInfo("hevc", 1080, 1920, 12.48, 29.97, True, hdr=True)


def test_site_data_is_json_for_the_app(built):
    data = json.loads(json.dumps(built["data"]))
    assert set(data) == {*VIDEO_PURPOSES, "scrollSequence"}
    for purpose in VIDEO_PURPOSES:
        assert set(data[purpose]) == {"horizontal", "vertical", "poster", "duration"}
        assert set(data[purpose]["poster"]["vertical"]) == {"jpeg", "webp", "width", "height"}


def test_an_hdr_phone_recording_is_tone_mapped_to_sdr(tmp_path):
    hlg = tmp_path / "hlg.mp4"
    ffmpeg(
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=160x90:rate=10:duration=1",
        "-pix_fmt",
        "yuv420p10le",
        "-c:v",
        "libx265",
        "-x265-params",
        "log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc",
        str(hlg),
    )
    info = probe(hlg)
    assert info.hdr
    videoencode.transcode(
        hlg, info, videoencode.Rendition("horizontal", False), VideoSettings(), tmp_path
    )
    made = meta(tmp_path / "video.mp4")
    assert made["codec"] == "h264"
    assert made["pix_fmt"].startswith("yuv420p(tv, bt709")
    assert not probe(tmp_path / "video.mp4").hdr


def test_a_video_no_purpose_uses_is_a_warning(tmp_path):
    files = {**minimal_site(), "videos/old-hero.mov": b"anything"}
    content = checked_content(write_site(tmp_path / "content", files))
    reporter = BufferReporter()
    media = videos.process_videos(content, Output(tmp_path / "out"), tmp_path / "cache", reporter)
    assert [str(w) for w in without_small_photos(_in_english(content.warnings))] == [
        f"{content.root.as_posix()}/videos/old-hero.mov: "
        "not used in site.yaml (videos:); it is not published"
    ]
    assert not [url for url in media.files if "old-hero" in url]

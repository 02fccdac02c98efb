#!/usr/bin/env python3
"""Make the demo source videos in content/videos/ (synthetic, on-theme, deterministic).

    .venv/bin/python scripts/make_demo_videos.py [--out content/videos] [--only hero,studio]

Frames are drawn with Pillow and piped as raw RGB into the ffmpeg binary that the
imageio-ffmpeg wheel ships, so nothing is installed by hand. Each clip is soft, dark and
slow (ink swirls, a needle-light sweep, studio bokeh, a gold hoop with sparkles), which
compresses well: all six files together stay well under 7 MB. Running it again gives the
same pictures (fixed random seeds); the encoded bytes may differ between ffmpeg versions.

The clips are editor *sources*: the build transcodes them (generator/videos.py), so they
are encoded here at a generous quality, not for the web.
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import imageio_ffmpeg
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

ROOT = Path(__file__).resolve().parent.parent
FPS = 30
GOLD = (212, 175, 55)
WARM = (255, 196, 120)

Frame = Image.Image


@dataclass(frozen=True)
class Clip:
    name: str
    size: tuple[int, int]
    frames: int
    draw: Callable[[tuple[int, int], int], Iterator[Frame]]
    crf: int = 24


# --- shared pieces ---------------------------------------------------------------------------


def cloud_texture(size: tuple[int, int], seed: int) -> Image.Image:
    """Soft grey clouds: noise blurred at a few scales and summed (ink in water)."""
    rng = random.Random(seed)
    w, h = size
    total = Image.new("L", size, 0)
    seen = 0.0
    for scale, weight in ((48, 0.55), (20, 0.3), (7, 0.15)):
        small_size = (max(2, w // scale), max(2, h // scale))
        small = Image.frombytes("L", small_size, rng.randbytes(small_size[0] * small_size[1]))
        layer = small.resize(size, Image.Resampling.BICUBIC).filter(
            ImageFilter.GaussianBlur(scale / 2)
        )
        seen += weight
        total = Image.blend(total, layer, weight / seen)  # a running weighted mean
    return ImageOps.autocontrast(total, cutoff=1)


def vignette(size: tuple[int, int], strength: float = 0.85) -> Image.Image:
    """An L mask, bright in the middle and dark at the edges."""
    w, h = size
    small = Image.new("L", (64, 64), 0)
    px = small.load()
    for y in range(64):
        for x in range(64):
            d = math.hypot((x - 31.5) / 32, (y - 31.5) / 32) / math.sqrt(2)
            px[x, y] = int(255 * max(0.0, 1 - strength * d * d * 1.6))
    return small.resize(size, Image.Resampling.BICUBIC)


def ink_frame(
    tex: Image.Image, size: tuple[int, int], t: float, tint: tuple[int, int, int]
) -> Frame:
    """Two cloud layers drifting against each other, multiplied, tinted on black."""
    w, h = size
    tw, th = tex.size
    ax = int((tw - w) * (0.5 + 0.45 * math.sin(t * 0.9)))
    ay = int((th - h) * (0.5 + 0.45 * math.cos(t * 0.7)))
    bx = int((tw - w) * (0.5 + 0.45 * math.sin(-t * 0.6 + 2.0)))
    by = int((th - h) * (0.5 + 0.45 * math.cos(t * 1.1 + 1.0)))
    a = tex.crop((ax, ay, ax + w, ay + h))
    b = tex.transpose(Image.Transpose.ROTATE_180).crop((bx, by, bx + w, by + h))
    swirl = ImageChops.multiply(a, b).point(lambda v: min(255, int(v * 1.6)))
    return ImageOps.colorize(swirl, black=(4, 3, 3), white=tint, mid=tuple(c // 3 for c in tint))


def bokeh_sprite(radius: int, color: tuple[int, int, int], blur: float, alpha: int) -> Image.Image:
    pad = int(blur * 3) + 2
    side = 2 * (radius + pad)
    sprite = Image.new("RGBA", (side, side), (*color, 0))
    mask = Image.new("L", (side, side), 0)
    ImageDraw.Draw(mask).ellipse((pad, pad, side - pad, side - pad), fill=alpha)
    # A brighter rim, as out-of-focus highlights through a real lens have.
    ImageDraw.Draw(mask).ellipse(
        (pad, pad, side - pad, side - pad), outline=min(255, alpha + 60), width=2
    )
    sprite.putalpha(mask.filter(ImageFilter.GaussianBlur(blur)))
    return sprite


def radial_falloff(size: int, power: float = 1.6) -> Image.Image:
    """An L mask: 255 at the centre, falling to exactly 0 at the inscribed circle and beyond."""
    mask = Image.new("L", (size, size), 0)
    px = mask.load()
    c = (size - 1) / 2
    for y in range(size):
        for x in range(size):
            d = math.hypot(x - c, y - c) / (size / 2)
            px[x, y] = int(255 * max(0.0, 1 - d) ** power)
    return mask


def sparkle_sprite(size: int, scale: float = 1.0) -> Image.Image:
    """A four-point star with a soft core, white-gold; scale thickens its strokes.

    The rays and their glow fade to nothing before the tile's edge (a radial falloff on the
    alpha), so no square edge shows around the star, whatever it is drawn over.
    """
    img = Image.new("L", (size, size), 0)
    d = ImageDraw.Draw(img)
    c = size // 2
    ray, diagonal, arm = round(2 * scale), round(scale), size // 5
    d.line((c, 0, c, size), fill=255, width=ray)
    d.line((0, c, size, c), fill=255, width=ray)
    d.line((c - arm, c - arm, c + arm, c + arm), fill=160, width=diagonal)
    d.line((c - arm, c + arm, c + arm, c - arm), fill=160, width=diagonal)
    glow = img.filter(ImageFilter.GaussianBlur(size / 10))
    img = ImageChops.add(img, glow)
    core = Image.new("L", (size, size), 0)
    r = 3 * scale
    ImageDraw.Draw(core).ellipse((c - r, c - r, c + r, c + r), fill=255)
    img = ImageChops.lighter(img, core.filter(ImageFilter.GaussianBlur(2 * scale)))
    # Tapered rays: bright at the centre, gone at the tips; the corners stay fully clear.
    img = ImageChops.multiply(img, radial_falloff(size))
    sprite = Image.new("RGBA", (size, size), (255, 244, 214, 0))
    sprite.putalpha(img)
    return sprite


def paste_scaled(
    base: Image.Image, sprite: Image.Image, center: tuple[float, float], scale: float
) -> None:
    side = max(2, int(sprite.width * scale))
    s = sprite.resize((side, side), Image.Resampling.BILINEAR)
    x, y = int(center[0] - side / 2), int(center[1] - side / 2)
    if x + side <= 0 or y + side <= 0 or x >= base.width or y >= base.height:
        return
    # alpha_composite wants the sprite fully inside; crop it to the frame.
    left, top = max(0, -x), max(0, -y)
    right, bottom = min(side, base.width - x), min(side, base.height - y)
    base.alpha_composite(s.crop((left, top, right, bottom)), (x + left, y + top))


def hoop(size: int, angle: float, shine: float, scale: float = 1.0) -> Image.Image:
    """A gold captive-bead hoop turning about its vertical axis, drawn in a square RGBA tile;
    scale thickens the wire and the glint (a tile drawn bigger than 720p's)."""
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    c = size / 2
    r = size * 0.36
    rx = max(3.0, r * abs(math.cos(angle)))
    # Concentric outlines from dark to light gold give the wire a round, metallic look.
    for i, shade in enumerate((0.45, 0.65, 0.85, 1.0, 0.8)):
        col = tuple(int(v * shade) for v in GOLD) + (255,)
        inset, edge = i * 2.2 * scale, 8 * scale
        d.ellipse(
            (
                c - rx + inset - edge,
                c - r + inset - edge,
                c + rx - inset + edge,
                c + r - inset + edge,
            ),
            outline=col,
            width=round(6 * scale),
        )
    # The bead at the bottom, with a highlight.
    bead = size * 0.06
    d.ellipse(
        (c - bead, c + r - bead, c + bead, c + r + bead),
        fill=tuple(int(v * 0.9) for v in GOLD) + (255,),
    )
    d.ellipse(
        (c - bead * 0.45, c + r - bead * 0.6, c, c + r - bead * 0.1), fill=(255, 240, 200, 255)
    )
    # A specular glint travelling around the ring.
    gx = c + rx * math.cos(shine)
    gy = c + r * math.sin(shine)
    glint = 7 * scale
    d.ellipse((gx - glint, gy - glint, gx + glint, gy + glint), fill=(255, 250, 230, 255))
    glow = tile.filter(ImageFilter.GaussianBlur(size / 40))
    out = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    out.alpha_composite(glow)
    out.alpha_composite(tile.filter(ImageFilter.SMOOTH))
    return out


# --- the clips -------------------------------------------------------------------------------


def intro(size: tuple[int, int], frames: int) -> Iterator[Frame]:
    """Ink swirls brightening out of black, tinted deep gold."""
    w, h = size
    half = (w // 2, h // 2)
    tex = cloud_texture((half[0] * 2, half[1] * 2), seed=1)
    mask = vignette(size)
    black = Image.new("RGB", size, (0, 0, 0))
    for n in range(frames):
        t = n / FPS
        img = ink_frame(tex, half, 1.2 + t * 0.5, (200, 150, 80)).resize(
            size, Image.Resampling.BICUBIC
        )
        fade = min(1.0, n / (FPS * 1.0))
        yield Image.composite(img, black, mask.point(lambda v, f=fade: int(v * f)))


def needle_light(size: tuple[int, int], frames: int) -> Iterator[Frame]:
    """Faint ink behind a thin diagonal streak of light sweeping across, like a needle's glint."""
    w, h = size
    half = (w // 2, h // 2)
    tex = cloud_texture((int(half[0] * 1.8), int(half[1] * 1.8)), seed=2)
    mask = vignette(size, 0.95)
    black = Image.new("RGB", size, (0, 0, 0))
    # The streak is drawn far longer than the frame's diagonal, so wherever its centre is,
    # both of its ends (and the straight edges of its glow's tile) stay outside the frame: a
    # streak as long as the diagonal showed its cut-off end and a dark wedge in a corner.
    diag = int(math.hypot(w, h))
    length = 3 * diag
    streak = Image.new("L", (length, 400), 0)
    sd = ImageDraw.Draw(streak)
    sd.rectangle((0, 196, length, 204), fill=255)
    streak = ImageChops.add(
        streak.filter(ImageFilter.GaussianBlur(3)), streak.filter(ImageFilter.GaussianBlur(40))
    )
    streak = streak.rotate(-28, expand=True, resample=Image.Resampling.BILINEAR)
    # Where the streak's centre line crosses the middle row: it enters at the left, leaves at
    # the right (its glow included), then the next sweep starts.
    reach = (h / 2) / math.tan(math.radians(28)) + 160
    period = FPS * 3.3
    for n in range(frames):
        t = n / FPS
        img = ink_frame(tex, half, t * 0.35, (120, 90, 60)).resize(size, Image.Resampling.BICUBIC)
        img = Image.composite(img, black, mask)
        phase = (n % period) / period
        light = Image.new("L", size, 0)
        cx = -reach + phase * (w + 2 * reach)
        light.paste(streak, (int(cx - streak.width / 2), (h - streak.height) // 2))
        glow = ImageOps.colorize(light, black=(0, 0, 0), white=(255, 236, 200))
        yield ImageChops.add(img, glow)


def studio_bokeh(size: tuple[int, int], frames: int) -> Iterator[Frame]:
    """Warm out-of-focus lights drifting in a dark room."""
    w, h = size
    rng = random.Random(3)
    base = Image.new("RGB", size, (6, 5, 5))
    gradient = Image.linear_gradient("L").resize(size).point(lambda v: int(v * 0.12))
    base = ImageChops.add(base, ImageOps.colorize(gradient, (0, 0, 0), (90, 50, 25)))
    palette = [WARM, (255, 150, 80), (240, 220, 190), (200, 90, 60), GOLD]
    lights = []
    for _ in range(34):
        radius = rng.randint(int(h * 0.03), int(h * 0.11))
        sprite = bokeh_sprite(radius, rng.choice(palette), rng.uniform(2, 9), rng.randint(40, 120))
        lights.append(
            (
                sprite,
                rng.uniform(0, w),
                rng.uniform(0, h),
                rng.uniform(-18, 18),
                rng.uniform(-8, 8),
                rng.uniform(0, 6.28),
                rng.uniform(0.4, 1.2),
            )
        )
    for n in range(frames):
        t = n / FPS
        frame = base.convert("RGBA")
        for sprite, x, y, vx, vy, ph, sp in lights:
            px = (x + vx * t) % (w + 200) - 100
            py = (y + vy * t) % (h + 200) - 100
            pulse = 0.92 + 0.08 * math.sin(ph + t * sp * 2)
            paste_scaled(frame, sprite, (px, py), pulse)
        yield frame.convert("RGB")


def gold_sparkle(
    size: tuple[int, int],
    frames: int,
    turns: float = 0.5,
    push: float = 0.1,
    scale: float = 1.0,
    view: tuple[int, int] | None = None,
) -> Iterator[Frame]:
    """A gold hoop turning slowly on black, with sparkles and faint bokeh behind it.

    The scene is laid out at `size`; `view` (w, h) draws only its centred window, and `scale`
    (size over 720p's) thickens what is drawn in pixels: so the phone's clip is the middle
    9:16 strip of the landscape scene at full resolution, not that strip enlarged.
    """
    w, h = size
    vw, vh = view or size
    ox, oy = (w - vw) // 2, (h - vh) // 2  # the view's corner in the scene
    rng = random.Random(4)
    back = Image.new("RGB", size, (3, 3, 4))
    glow = Image.new("L", (64, 64), 0)
    ImageDraw.Draw(glow).ellipse((8, 8, 56, 56), fill=70)
    glow = glow.filter(ImageFilter.GaussianBlur(12)).resize(size, Image.Resampling.BICUBIC)
    back = ImageChops.add(back, ImageOps.colorize(glow, (0, 0, 0), (70, 45, 20)))
    back = back.crop((ox, oy, ox + vw, oy + vh))
    dust = [
        (
            bokeh_sprite(
                round(rng.randint(6, 22) * scale),
                rng.choice([GOLD, WARM]),
                rng.uniform(3, 6) * scale,
                rng.randint(25, 70),
            ),
            rng.uniform(0, w),
            rng.uniform(0, h),
            rng.uniform(-10, 10) * scale,
        )
        for _ in range(18)
    ]
    star = sparkle_sprite(round(96 * scale), scale)
    sparkles = [
        (rng.uniform(0, 6.28), rng.uniform(0, 6.28), rng.uniform(1.5, 3.5)) for _ in range(7)
    ]
    tile_size = int(min(w, h) * 0.8)
    for n in range(frames):
        t = n / FPS
        progress = n / max(1, frames - 1)
        frame = back.convert("RGBA")
        for sprite, x, y, vy in dust:
            paste_scaled(frame, sprite, (x - ox, (y + vy * t) % h - oy), 1.0)
        angle = 0.35 + progress * turns * 2 * math.pi
        grow = 1.0 + push * progress
        side = int(tile_size * grow)
        ring = hoop(tile_size, angle, shine=t * 1.3, scale=scale).resize(
            (side, side), Image.Resampling.BICUBIC
        )
        frame.alpha_composite(ring, ((w - side) // 2 - ox, (h - side) // 2 - oy))
        r = side * 0.36
        rx = max(3.0, r * abs(math.cos(angle)))
        for where, phase, speed in sparkles:
            twinkle = max(0.0, math.sin(phase + t * speed)) ** 3
            if twinkle > 0.05:
                centre = (w / 2 + rx * math.cos(where) - ox, h / 2 + r * math.sin(where) - oy)
                paste_scaled(frame, star, centre, 0.3 + 0.9 * twinkle)
        yield frame.convert("RGB")


def scroll_sequence(size: tuple[int, int], frames: int) -> Iterator[Frame]:
    """The hoop making one full turn as the camera pushes in: scrubbing shows steady motion."""
    yield from gold_sparkle(size, frames, turns=1.0, push=0.35)


def scroll_sequence_vertical(size: tuple[int, int], frames: int) -> Iterator[Frame]:
    """The same scene's middle 9:16 strip, drawn at the phone's size (a 720p scene enlarged
    to this height would be soft: the phone frames are made up to 720x1280)."""
    w, h = size
    scene = (round(h * 16 / 9), h)  # the landscape scene this strip is the middle of
    yield from gold_sparkle(scene, frames, turns=1.0, push=0.35, scale=h / 720, view=size)


CLIPS = [
    Clip("intro.mp4", (1280, 720), FPS * 4, intro),
    Clip("hero.mp4", (1280, 720), FPS * 10, needle_light),
    Clip("hero-vertical.mp4", (720, 1280), FPS * 10, needle_light),
    Clip("studio.mp4", (1280, 720), FPS * 6, studio_bokeh),
    Clip("piercing.mp4", (1280, 720), FPS * 6, gold_sparkle),
    # 640 frames: the site shows frames 541-628, so the source must reach frame 628.
    Clip("scroll-sequence.mp4", (1280, 720), 640, scroll_sequence, crf=26),
    # The phones' frames (720x1280 on high-density screens) need a source that tall.
    Clip("scroll-sequence-vertical.mp4", (720, 1280), 640, scroll_sequence_vertical, crf=26),
]


def encode(clip: Clip, out_dir: Path) -> Path:
    """Pipe the clip's frames into ffmpeg as raw RGB; H.264, no audio, fast start."""
    target = out_dir / clip.name
    w, h = clip.size
    cmd = [
        imageio_ffmpeg.get_ffmpeg_exe(),
        "-v",
        "error",
        "-y",
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgb24",
        "-s",
        f"{w}x{h}",
        "-r",
        str(FPS),
        "-i",
        "-",
        "-an",
        "-c:v",
        "libx264",
        "-preset",
        "slow",
        "-crf",
        str(clip.crf),
        "-tune",
        "film",
        "-pix_fmt",
        "yuv420p",
        "-g",
        str(FPS * 2),
        "-movflags",
        "+faststart",
        str(target),
    ]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE)
    assert proc.stdin is not None
    try:
        for frame in clip.draw(clip.size, clip.frames):
            proc.stdin.write(frame.tobytes())
    finally:
        proc.stdin.close()
    if proc.wait() != 0:
        raise SystemExit(f"ffmpeg failed on {clip.name}")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "content" / "videos")
    parser.add_argument("--only", default="", help="comma-separated clip names (hero,studio,...)")
    args = parser.parse_args(argv)
    wanted = {name.strip() for name in args.only.split(",") if name.strip()}
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for clip in CLIPS:
        if wanted and clip.name.removesuffix(".mp4") not in wanted:
            continue
        started = time.perf_counter()
        path = encode(clip, args.out)
        size = path.stat().st_size
        total += size
        print(
            f"{clip.name:22} {clip.frames:4d} frames  {size / 1e6:5.2f} MB  "
            f"{time.perf_counter() - started:5.1f}s",
            file=sys.stderr,
        )
    print(f"total {total / 1e6:.2f} MB in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

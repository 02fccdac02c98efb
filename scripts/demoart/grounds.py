"""What the ink goes on: lit skin (close-ups and limbs in a dark studio), flash paper on a
dark table; and the photographic finish (vignette, grain, warm grade)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .draw import Point, blank, fine_grain, polygon_mask, radial, remap, smooth_noise, stroke_outline

SKIN_TONES = {
    "fair": (236, 200, 178),
    "light": (226, 182, 152),
    "olive": (206, 164, 124),
    "tan": (188, 138, 100),
    "brown": (150, 104, 74),
    "deep": (110, 74, 54),
}


def scale_color(color: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(c * k))) for c in color)  # type: ignore[return-value]


def skin(rng: random.Random, size: tuple[int, int], tone: str, light: Point, reach: float,
         ambient: int = 120) -> Image.Image:
    """Full-frame skin with a soft key light, blotchy tone variation and fine pores."""
    base = blank(size, scale_color(SKIN_TONES[tone], 1.08))
    lamp = radial(size, light, reach, 255, ambient)
    img = ImageChops.multiply(base, lamp.convert("RGB"))
    blotch = remap(smooth_noise(rng, size, 9), 222, 255)
    img = ImageChops.multiply(img, blotch.convert("RGB"))
    flush = remap(smooth_noise(rng, size, 6), 0, 70)
    reddish = ImageChops.multiply(img, blank(size, (255, 214, 205)))
    img = Image.composite(reddish, img, flush)
    pores = remap(fine_grain(rng, size, 0.8), 214, 255)
    img = ImageChops.multiply(img, Image.merge("RGB", [pores, pores, pores]))
    return img


def studio_dark(rng: random.Random, size: tuple[int, int], glow: Point, color=(70, 48, 34)) -> Image.Image:
    """A dark studio background with a warm out-of-focus glow and a few bokeh discs."""
    w, h = size
    img = blank(size, (9, 8, 8))
    warm = radial(size, glow, max(w, h) * 0.8, 255, 0)
    img = ImageChops.add(img, ImageChops.multiply(blank(size, color), warm.convert("RGB")))
    bokeh = Image.new("L", size, 0)
    d = ImageDraw.Draw(bokeh)
    for _ in range(14):
        x = glow[0] + rng.uniform(-0.5, 0.5) * w
        y = glow[1] + rng.uniform(-0.4, 0.4) * h
        r = rng.uniform(0.015, 0.05) * max(w, h)
        d.ellipse((x - r, y - r, x + r, y + r), fill=rng.randint(14, 40))
    bokeh = bokeh.filter(ImageFilter.GaussianBlur(max(w, h) * 0.006))
    return ImageChops.add(img, ImageChops.multiply(blank(size, (255, 190, 130)), bokeh.convert("RGB")))


@dataclass
class Limb:
    """An arm or leg crossing the frame: its mask and cylinder shading."""

    mask: Image.Image
    shading: Image.Image
    axis: list[Point]
    widths: list[float]


def limb(size: tuple[int, int], a: Point, b: Point, wa: float, wb: float, bend: float = 0.0,
         light_side: float = 0.35) -> Limb:
    """A slightly curved limb from a to b (pixels, may lie outside the frame)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    ctrl = (mx + nx * bend * length, my + ny * bend * length)
    axis = []
    widths = []
    n = 40
    for i in range(n + 1):
        t = i / n
        x = (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0]
        y = (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]
        axis.append((x, y))
        widths.append(wa + (wb - wa) * t + math.sin(t * math.pi) * 0.04 * (wa + wb))
    soft = max(size) * 0.004
    mask = polygon_mask(size, stroke_outline(axis, widths), blur=soft)
    # cylinder light: nested bands, brighter toward an axis shifted to the lit side
    shading = Image.new("L", size, 0)
    steps = 14
    for k in range(steps):
        f = 1 - k / steps
        light = round(105 + 150 * math.sqrt(max(0.0, 1 - f * f)))
        shift = (1 - f) * light_side
        path = [(x + nx * shift * w / 2, y + ny * shift * w / 2) for (x, y), w in zip(axis, widths)]
        band = polygon_mask(size, stroke_outline(path, [w * f for w in widths]))
        shading.paste(light, (0, 0), band)
    shading = shading.filter(ImageFilter.GaussianBlur(max(size) * 0.02))
    return Limb(mask, shading, axis, widths)


def limb_photo(rng: random.Random, size: tuple[int, int], tone: str, lm: Limb, light: Point) -> Image.Image:
    """Skin on the limb, lit; dark studio around it."""
    w, h = size
    sk = skin(rng, size, tone, light, max(w, h) * 0.9, ambient=150)
    sk = ImageChops.multiply(sk, lm.shading.convert("RGB"))
    bg = studio_dark(rng, size, (w - light[0], h * 0.2))
    return Image.composite(sk, bg, lm.mask)


def sheen(img: Image.Image, lm: Limb, offset: float, strength: int = 46) -> Image.Image:
    """A soft specular stripe along the limb (skin and healed ink both catch it)."""
    size = img.size
    path = []
    for i, ((x, y), wdt) in enumerate(zip(lm.axis, lm.widths)):
        ax, ay = lm.axis[max(0, i - 1)]
        bx, by = lm.axis[min(len(lm.axis) - 1, i + 1)]
        d = math.hypot(bx - ax, by - ay) or 1
        path.append((x - (by - ay) / d * offset * wdt / 2, y + (bx - ax) / d * offset * wdt / 2))
    stripe = polygon_mask(size, stroke_outline(path, [wd * 0.16 for wd in lm.widths]), blur=max(size) * 0.02)
    stripe = ImageChops.multiply(remap(stripe, 0, strength), lm.mask)
    return ImageChops.screen(img, Image.merge("RGB", [stripe] * 3))


@dataclass
class Paper:
    photo: Image.Image
    mask: Image.Image
    center: Point
    width: float
    height: float
    angle: float


def paper_on_table(rng: random.Random, size: tuple[int, int], angle: float, cover: float = 0.86) -> Paper:
    """A sheet of aged flash paper on a dark wooden table, lit from the top left."""
    w, h = size
    # table: dark wood grain from stretched noise
    grain = smooth_noise(rng, (max(8, w // 60), max(8, h // 4)), 40).resize(size, Image.Resampling.BICUBIC)
    table = Image.merge("RGB", [remap(grain, 18, 44), remap(grain, 12, 30), remap(grain, 9, 22)])
    pw, ph = w * cover, h * cover
    cx, cy = w / 2, h / 2
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    corners = [(cx + x * ca - y * sa, cy + x * sa + y * ca)
               for x, y in ((-pw / 2, -ph / 2), (pw / 2, -ph / 2), (pw / 2, ph / 2), (-pw / 2, ph / 2))]
    shadow = polygon_mask(size, [(x + w * 0.012, y + h * 0.016) for x, y in corners], blur=max(w, h) * 0.012)
    table = ImageChops.subtract(table, Image.merge("RGB", [remap(shadow, 0, 30)] * 3))
    paper = blank(size, (238, 226, 200))
    paper = ImageChops.multiply(paper, Image.merge("RGB", [remap(smooth_noise(rng, size, 7), 214, 255)] * 3))
    stains = remap(smooth_noise(rng, size, 14), 0, 255).point(lambda v: max(0, v - 190) * 2)
    paper = Image.composite(ImageChops.multiply(paper, blank(size, (226, 200, 160))), paper, stains)
    fibres = remap(fine_grain(rng, size, 0.9), 226, 255)
    paper = ImageChops.multiply(paper, Image.merge("RGB", [fibres] * 3))
    mask = polygon_mask(size, corners)
    edge = polygon_mask(size, corners, blur=max(w, h) * 0.03)
    paper = ImageChops.multiply(paper, Image.merge("RGB", [remap(edge, 150, 255)] * 3))
    photo = Image.composite(paper, table, mask)
    return Paper(photo, mask, (cx, cy), pw, ph, angle)


def finish(rng: random.Random, img: Image.Image, vignette: float = 0.55, warmth: float = 0.03,
           grain: int = 7) -> Image.Image:
    """Photographic finish: vignette, a touch of warmth, fine luminance grain."""
    w, h = img.size
    vig = radial(img.size, (w / 2, h / 2), math.hypot(w, h) * 0.62, 255, round(255 * (1 - vignette)))
    img = ImageChops.multiply(img, vig.convert("RGB"))
    if warmth:
        r, g, b = img.split()
        r = r.point(lambda v: min(255, round(v * (1 + warmth))))
        b = b.point(lambda v: round(v * (1 - warmth)))
        img = Image.merge("RGB", (r, g, b))
    if grain:
        n = remap(fine_grain(rng, img.size, 0.5), 128 - grain, 128 + grain)
        img = ImageChops.overlay(img, Image.merge("RGB", [n] * 3))
    return img

"""Artist profile photos and the founder's memorial photo: stylised, backlit profile
silhouettes in a dark studio, a pendant lamp glowing, tattooed forearms catching the light."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

from . import motifs as m
from .draw import Artwork, Point, SS, bezier, blank, lay_ink, radial, remap
from .grounds import SKIN_TONES, finish, limb, scale_color, skin, studio_dark


@dataclass(frozen=True)
class Sitter:
    file: str
    size: tuple[int, int]
    tone: str
    hair: str  # "short", "bun", "long", "beanie", "crop", "curls"
    beard: bool
    facing: int  # 1 = looks right, -1 = looks left
    lamp: tuple[int, int, int]  # lamp colour
    style: str  # tattoo style on the arms
    motifs: tuple[str, ...]


def chaikin(pts: list[Point], rounds: int = 3) -> list[Point]:
    """Corner-cutting smoothing of a closed polygon (soft silhouettes from a few points)."""
    for _ in range(rounds):
        out = []
        for i, (x0, y0) in enumerate(pts):
            x1, y1 = pts[(i + 1) % len(pts)]
            out += [(0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1), (0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1)]
        pts = out
    return pts


HEAD = [(-0.46, -0.1), (-0.42, -0.42), (-0.2, -0.62), (0.12, -0.62), (0.34, -0.46), (0.42, -0.2),
        (0.43, -0.1), (0.54, 0.06), (0.44, 0.13), (0.46, 0.19), (0.42, 0.23), (0.45, 0.28), (0.38, 0.34),
        (0.4, 0.44), (0.22, 0.52), (0.16, 0.62), (0.2, 1.0), (-0.24, 1.0), (-0.26, 0.5), (-0.42, 0.22)]
HAIR = {
    "short": [(-0.5, -0.05), (-0.5, -0.45), (-0.25, -0.7), (0.15, -0.72), (0.4, -0.5), (0.38, -0.35), (0.0, -0.45), (-0.3, -0.3), (-0.35, 0.05)],
    "crop": [(-0.48, -0.1), (-0.46, -0.46), (-0.2, -0.66), (0.14, -0.67), (0.36, -0.5), (0.3, -0.45), (-0.2, -0.4), (-0.38, -0.05)],
    "bun": [(-0.5, 0.0), (-0.5, -0.45), (-0.3, -0.66), (-0.55, -0.8), (-0.4, -1.0), (-0.15, -0.92), (-0.15, -0.68), (0.15, -0.7), (0.4, -0.48), (0.36, -0.38), (0.0, -0.5), (-0.35, -0.25), (-0.35, 0.1)],
    "long": [(-0.55, 1.0), (-0.6, 0.1), (-0.52, -0.5), (-0.22, -0.72), (0.18, -0.72), (0.44, -0.48), (0.4, -0.35), (0.05, -0.48), (-0.2, -0.3), (-0.2, 0.5), (-0.1, 1.1)],
    "beanie": [(-0.52, -0.05), (-0.54, -0.5), (-0.3, -0.8), (0.1, -0.84), (0.42, -0.62), (0.46, -0.36), (-0.5, -0.3)],
    "curls": [(-0.6, 0.1), (-0.66, -0.4), (-0.45, -0.75), (-0.1, -0.86), (0.25, -0.8), (0.48, -0.55), (0.44, -0.36), (0.1, -0.46), (-0.3, -0.3), (-0.4, 0.15)],
}
BEARD = [(0.44, 0.13), (0.46, 0.28), (0.4, 0.5), (0.22, 0.62), (0.0, 0.6), (-0.22, 0.3), (0.1, 0.22), (0.3, 0.12)]


def _shape(points: list[Point], cx: float, cy: float, s: float, facing: int, smooth: int = 3) -> list[Point]:
    return [(cx + x * s * facing, cy + y * s) for x, y in chaikin(points, smooth)]


def portrait(sitter: Sitter, seed: int, memorial: bool = False) -> Image.Image:
    rng = random.Random(seed)
    w, h = sitter.size
    f = sitter.facing
    lamp = (w * (0.5 + 0.3 * f), h * 0.12)
    img = studio_dark(rng, (w, h), lamp, scale_color(sitter.lamp, 0.42))
    _wall_flash(img, rng, lamp)
    _pendant_lamp(img, lamp, sitter.lamp)
    # the figure
    cx, cy, s = w * (0.5 - 0.08 * f), h * 0.36, h * 0.3
    fig = Image.new("L", (w * SS, h * SS), 0)
    d = ImageDraw.Draw(fig)
    big = lambda pts: [(x * SS, y * SS) for x, y in pts]  # noqa: E731
    d.polygon(big(_shape(HEAD, cx, cy, s, f)), fill=255)
    d.polygon(big(_shape(HAIR[sitter.hair], cx, cy, s, f)), fill=255)
    if sitter.beard:
        d.polygon(big(_shape(BEARD, cx, cy, s, f)), fill=255)
    shoulders = [(-0.3, 0.85), (0.2, 0.85), (0.7, 1.1), (1.3, 1.45), (1.6, 2.4), (-1.8, 2.4), (-1.5, 1.4), (-0.8, 1.08)]
    d.polygon(big(_shape(shoulders, cx, cy, s, f, 2)), fill=255)
    fig = fig.resize((w, h), Image.Resampling.LANCZOS)
    # face and clothes in deep shadow, lit softly from the lamp side, with a warm rim
    body = blank((w, h), (15, 12, 11))
    fill_light = radial((w, h), lamp, h * 0.75, 60, 0)
    body = ImageChops.add(body, ImageChops.multiply(blank((w, h), scale_color(SKIN_TONES[sitter.tone], 0.9)), fill_light.convert("RGB")))
    dx = round(-f * w * 0.008)
    shifted = ImageChops.offset(fig, dx, round(h * 0.006))
    rim = ImageChops.subtract(fig, shifted).filter(ImageFilter.GaussianBlur(w * 0.003))
    rim = ImageChops.multiply(rim, remap(radial((w, h), lamp, h * 1.1, 255, 40), 0, 255))
    img = Image.composite(body, img, fig)
    img = ImageChops.add(img, ImageChops.multiply(blank((w, h), sitter.lamp), rim.convert("RGB")))
    img = _arms(img, rng, sitter, lamp)
    img = _haze(img, rng, lamp, sitter.lamp)
    if memorial:
        grey = ImageOps.grayscale(img)
        img = ImageOps.colorize(grey, (16, 12, 10), (236, 214, 178), mid=(120, 96, 72))
        return finish(rng, img, vignette=0.6, warmth=0.0, grain=10)
    return finish(rng, img, vignette=0.45, warmth=0.02, grain=6)


def _pendant_lamp(img: Image.Image, at: Point, color: tuple[int, int, int]) -> None:
    w, h = img.size
    x, y = at
    d = ImageDraw.Draw(img)
    d.line([(x, 0), (x, y - h * 0.04)], fill=(24, 22, 20), width=max(2, w // 400))
    shade = [(x - w * 0.02, y - h * 0.045), (x + w * 0.02, y - h * 0.045), (x + w * 0.075, y + h * 0.012), (x - w * 0.075, y + h * 0.012)]
    d.polygon(shade, fill=(20, 18, 17))
    glow = radial(img.size, (x, y + h * 0.02), w * 0.16, 255, 0)
    glow = ImageChops.multiply(glow, glow)
    light = ImageChops.multiply(blank(img.size, color), glow.convert("RGB"))
    img.paste(ImageChops.add(img, light))
    d = ImageDraw.Draw(img)
    d.ellipse((x - w * 0.03, y - h * 0.0, x + w * 0.03, y + h * 0.02), fill=(255, 244, 220))


def _wall_flash(img: Image.Image, rng: random.Random, lamp: Point) -> None:
    """Framed flash sheets on the wall behind, out of focus."""
    w, h = img.size
    layer = Image.new("RGB", (w // 4, h // 4), (0, 0, 0))
    mask = Image.new("L", layer.size, 0)
    d = ImageDraw.Draw(layer)
    md = ImageDraw.Draw(mask)
    for k in range(3):
        fx = layer.width * (0.08 + k * 0.31) + rng.uniform(-10, 10)
        fy = layer.height * rng.uniform(0.22, 0.34)
        fw, fh = layer.width * 0.2, layer.height * 0.19
        d.rectangle((fx, fy, fx + fw, fy + fh), fill=(58, 50, 40))
        d.rectangle((fx + 6, fy + 6, fx + fw - 6, fy + fh - 6), fill=(96, 86, 68))
        for _ in range(4):
            r = fw * rng.uniform(0.07, 0.12)
            px, py = fx + rng.uniform(0.2, 0.8) * fw, fy + rng.uniform(0.2, 0.8) * fh
            d.ellipse((px - r, py - r, px + r, py + r), fill=rng.choice([(120, 30, 30), (30, 50, 90), (40, 40, 40), (150, 120, 40)]))
        md.rectangle((fx, fy, fx + fw, fy + fh), fill=255)
    layer = layer.filter(ImageFilter.GaussianBlur(5)).resize((w, h), Image.Resampling.BICUBIC)
    mask = mask.filter(ImageFilter.GaussianBlur(5)).resize((w, h), Image.Resampling.BICUBIC)
    near = radial((w, h), lamp, w * 0.9, 200, 30)
    mask = ImageChops.multiply(mask, near)
    img.paste(Image.composite(ImageChops.add(img, layer), img, mask))


def _arms(img: Image.Image, rng: random.Random, sitter: Sitter, lamp: Point) -> Image.Image:
    """Two crossed forearms in the foreground, sleeved in the artist's style."""
    w, h = img.size
    for side in (-1, 1):
        a = (w * (0.5 - side * 0.62), h * 1.02)
        b = (w * (0.5 + side * 0.62), h * 0.74)
        lm = limb((w, h), a, b, w * 0.2, w * 0.17, bend=0.03 * side, light_side=0.5 * side)
        sk = skin(rng, (w, h), sitter.tone, lamp, h * 1.1, ambient=70)
        sk = ImageChops.multiply(sk, lm.shading.convert("RGB"))
        palette = {"traditional": m.TRADITIONAL, "black_grey": m.BLACK_GREY, "fine_line": m.FINE_LINE, "blackwork": m.BLACKWORK}[sitter.style]
        art = Artwork((w, h), palette, 0.35 if sitter.style == "fine_line" else 0.9)
        for k, name in enumerate(sitter.motifs):
            t = 0.3 + 0.25 * k
            x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            pen = art.pen(x, y, w * 0.075, rng.uniform(-20, 20))
            _small_motif(pen, rng, name)
        ink = art.ink_image(w * 0.004)
        arm = lay_ink(sk, ink, lm.mask, healed=0.12, spread=0.8)
        shadow = lm.mask.filter(ImageFilter.GaussianBlur(w * 0.02))
        img = ImageChops.subtract(img, Image.merge("RGB", [remap(shadow, 0, 40)] * 3))
        img = Image.composite(arm, img, lm.mask)
    return img


def _small_motif(pen, rng: random.Random, name: str) -> None:
    if name == "rose":
        m.rose(pen, rng)
    elif name == "dagger":
        m.dagger(pen.sub(0, 0, 0.8, 80), blood=False)
    elif name == "swallow":
        m.swallow(pen)
    elif name == "skull":
        m.skull(pen, rng)
    elif name == "koi":
        m.koi(pen.sub(0, 0, 0.9), rng)
    elif name == "blossom":
        m.blossom(pen.sub(0, 0, 0.4))
        m.blossom(pen.sub(0.6, 0.4, 0.3))
    elif name == "mandala":
        m.mandala(pen, rng)
    elif name == "moon":
        m.moon(pen.sub(0, 0, 0.6), rng, 0.3)
    elif name == "sprig":
        m.sprig(pen.sub(0, 0.8, 1.0, 70), rng, 1.6, 6)
    elif name == "daisy":
        m.daisy(pen.sub(0, 0, 0.6))
    elif name == "heart":
        m.heart(pen.sub(0, 0, 0.8))
    elif name == "panther":
        m.panther(pen.sub(0, 0, 0.9))
    elif name == "eye":
        m.eye(pen.sub(0, 0, 0.7))
    elif name == "geometry":
        m.flower_of_life(pen.sub(0, 0, 0.8), rng)
    elif name == "script":
        pen.text(0, 0, "faith", "DejaVuSerif-Italic.ttf", 0.5)


def _haze(img: Image.Image, rng: random.Random, lamp: Point, color: tuple[int, int, int]) -> Image.Image:
    """A little light spill in the air under the lamp."""
    w, h = img.size
    cone = Image.new("L", (w, h), 0)
    x, y = lamp
    ImageDraw.Draw(cone).polygon([(x - w * 0.06, y), (x + w * 0.06, y), (x + w * 0.4, h), (x - w * 0.4, h)], fill=26)
    cone = cone.filter(ImageFilter.GaussianBlur(w * 0.05))
    return ImageChops.add(img, ImageChops.multiply(blank((w, h), color), cone.convert("RGB")))


SITTERS = [
    Sitter("marco-reyes.jpg", (2000, 2500), "olive", "crop", True, -1, (255, 176, 102), "black_grey", ("skull", "rose", "eye")),
    Sitter("lena-vasquez.jpg", (2000, 2500), "fair", "long", False, 1, (255, 196, 140), "fine_line", ("sprig", "daisy", "script")),
    Sitter("dmitri-volkov.jpg", (2000, 2500), "light", "bun", True, 1, (255, 160, 96), "traditional", ("koi", "blossom", "blossom")),
    Sitter("tasha-monroe.jpg", (2000, 2500), "brown", "curls", False, -1, (255, 150, 110), "traditional", ("rose", "swallow", "heart")),
    Sitter("kai-nakamura.jpg", (2000, 2500), "tan", "short", False, 1, (200, 210, 255), "blackwork", ("mandala", "geometry", "moon")),
    Sitter("jade-whitfield.jpg", (2000, 2500), "deep", "beanie", False, -1, (255, 190, 130), "blackwork", ("script", "moon", "sprig")),
]
FOUNDER = Sitter("founder-ray-castillo.jpg", (2200, 2200), "tan", "short", True, 1, (255, 200, 150), "traditional",
                 ("panther", "dagger", "rose"))

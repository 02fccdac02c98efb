"""Drawing kit for the demo photos: a pen with a motif coordinate system, deterministic
noise, and the 'ink in skin' compositing.

Pillow only (no numpy), so everything is expressed as Pillow images and ImageChops.
Pillow's own noise (Image.effect_noise) uses C rand() and cannot be seeded, so noise is
made from random.Random.randbytes instead: the same seed gives the same photos.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

SS = 2  # supersampling factor for line art: draw at 2x, downsample with LANCZOS
WHITE = (255, 255, 255)
Point = tuple[float, float]


# --- deterministic noise -------------------------------------------------------------------


def noise(rng: random.Random, width: int, height: int) -> Image.Image:
    """Uniform grey noise, one random byte per pixel."""
    return Image.frombytes("L", (width, height), rng.randbytes(width * height))


def smooth_noise(rng: random.Random, size: tuple[int, int], cells: int) -> Image.Image:
    """Low-frequency value noise: a few random cells scaled up smoothly (blotches, light)."""
    w, h = size
    cw = max(2, cells)
    ch = max(2, round(cells * h / w))
    small = noise(rng, cw, ch).filter(ImageFilter.GaussianBlur(0.6))
    return small.resize(size, Image.Resampling.BICUBIC)


def fine_grain(rng: random.Random, size: tuple[int, int], blur: float = 0.6) -> Image.Image:
    tile = noise(rng, 512, 512).filter(ImageFilter.GaussianBlur(blur))
    out = Image.new("L", size)
    for x in range(0, size[0], 512):
        for y in range(0, size[1], 512):
            out.paste(tile.transpose(Image.Transpose.ROTATE_90) if (x + y) // 512 % 2 else tile, (x, y))
    return out


def remap(img: Image.Image, lo: float, hi: float) -> Image.Image:
    """Map 0..255 linearly onto lo..hi (an L image used as a multiply mask)."""
    lut = [max(0, min(255, round(lo + v * (hi - lo) / 255))) for v in range(256)]
    return img.point(lut)


def contrast(img: Image.Image, gain: float) -> Image.Image:
    lut = [max(0, min(255, round(128 + (v - 128) * gain))) for v in range(256)]
    return img.point(lut)


def radial(size: tuple[int, int], center: Point, radius: float, inner: int = 255, outer: int = 0) -> Image.Image:
    """A soft round light: `inner` at center fading to `outer` at radius (pixels)."""
    g = Image.radial_gradient("L")  # 256x256, 0 at the centre, 255 at the edge (r=128)
    g = ImageOps.invert(g) if inner > outer else g
    lo, hi = sorted((inner, outer))
    g = remap(g, lo, hi)
    d = max(2, round(radius * 2))
    g = g.resize((d, d), Image.Resampling.BICUBIC)
    out = Image.new("L", size, outer)
    out.paste(g, (round(center[0] - d / 2), round(center[1] - d / 2)))
    return out


def tint(mask: Image.Image, color: tuple[int, int, int]) -> Image.Image:
    """An RGB image that is `color` where mask is 255 and black where it is 0."""
    return Image.merge("RGB", [remap(mask, 0, c) for c in color])


def screen(base: Image.Image, light: Image.Image) -> Image.Image:
    return ImageChops.screen(base, light)


# --- the pen -----------------------------------------------------------------------------


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 24) -> list[Point]:
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        pts.append((
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        ))
    return pts


def ellipse_pts(cx: float, cy: float, rx: float, ry: float, n: int = 72, a0: float = 0, a1: float = 360) -> list[Point]:
    full = abs(a1 - a0) >= 360
    count = n if full else max(2, round(n * abs(a1 - a0) / 360))
    last = count if not full else count - 1
    return [
        (cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / count)),
         cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / count)))
        for i in range(last + 1)
    ]


def stroke_outline(path: Sequence[Point], widths: Sequence[float] | float) -> list[Point]:
    """A closed polygon around a centre line with a width per point (tapering bodies)."""
    n = len(path)
    if isinstance(widths, int | float):
        widths = [widths] * n
    left, right = [], []
    for i, (x, y) in enumerate(path):
        ax, ay = path[max(0, i - 1)]
        bx, by = path[min(n - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        w = widths[i] / 2
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
    return left + right[::-1]


@dataclass
class Pen:
    """Draws in motif units: (0, 0) is the motif centre, 1 unit is `scale` canvas pixels.

    `ink` is hard-edged line art (RGBA, supersampled); `wash` is soft grey shading
    (L, darkness), blurred before it is laid into the skin.
    """

    ink: Image.Image
    wash: Image.Image
    cx: float
    cy: float
    scale: float
    angle: float = 0.0  # degrees, clockwise on screen
    flip: bool = False
    palette: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    line_gain: float = 1.0  # fine-line work draws every outline thinner

    def __post_init__(self) -> None:
        self.d = ImageDraw.Draw(self.ink, "RGBA")
        self.w = ImageDraw.Draw(self.wash)
        self._cos = math.cos(math.radians(self.angle))
        self._sin = math.sin(math.radians(self.angle))

    def sub(self, x: float, y: float, scale: float, angle: float = 0.0, flip: bool = False) -> Pen:
        px, py = self.pt((x, y))
        return Pen(self.ink, self.wash, px, py, self.scale * scale, self.angle + angle,
                   self.flip ^ flip, self.palette, self.line_gain)

    def c(self, color: str | tuple[int, int, int]) -> tuple[int, int, int]:
        return self.palette.get(color, WHITE) if isinstance(color, str) else color

    def pt(self, p: Point) -> Point:
        x, y = p
        if self.flip:
            x = -x
        return (self.cx + (x * self._cos - y * self._sin) * self.scale,
                self.cy + (x * self._sin + y * self._cos) * self.scale)

    def pts(self, points: Iterable[Point]) -> list[Point]:
        return [self.pt(p) for p in points]

    def px(self, units: float) -> int:
        return max(1, round(units * self.scale * self.line_gain))

    def poly(self, points: Sequence[Point], fill: str | tuple | None = None,
             outline: str | tuple | None = "line", width: float = 0.045) -> None:
        pp = self.pts(points)
        if fill is not None:
            self.d.polygon(pp, fill=self.c(fill))
        if outline is not None:
            self.line(list(points) + [points[0]], outline, width)

    def line(self, points: Sequence[Point], color: str | tuple = "line", width: float = 0.045) -> None:
        pp = self.pts(points)
        w = self.px(width)
        col = self.c(color)
        self.d.line(pp, fill=col, width=w, joint="curve")
        r = w / 2
        for x, y in (pp[0], pp[-1]):
            self.d.ellipse((x - r, y - r, x + r, y + r), fill=col)

    def dot(self, x: float, y: float, r: float, color: str | tuple = "line") -> None:
        px, py = self.pt((x, y))
        rr = max(0.8, r * self.scale)
        self.d.ellipse((px - rr, py - rr, px + rr, py + rr), fill=self.c(color))

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill=None, outline="line",
                width: float = 0.045) -> None:
        self.poly(ellipse_pts(cx, cy, rx, ry), fill, outline, width)

    def shade(self, points: Sequence[Point], darkness: int) -> None:
        """Soft grey-wash shading (blurred later); darkness 0..255."""
        self.w.polygon(self.pts(points), fill=darkness)

    def shade_dot(self, x: float, y: float, r: float, darkness: int) -> None:
        px, py = self.pt((x, y))
        rr = r * self.scale
        self.w.ellipse((px - rr, py - rr, px + rr, py + rr), fill=darkness)

    def stipple(self, rng: random.Random, points: Sequence[Point], density, count: int,
                r: float = 0.012, color: str | tuple = "line") -> None:
        """Dotwork: `count` tries inside the bounding box of points, kept with probability
        density(x, y) (0..1) and only inside the polygon."""
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        for _ in range(count):
            x = rng.uniform(x0, x1)
            y = rng.uniform(y0, y1)
            if rng.random() < density(x, y) and inside(points, x, y):
                self.dot(x, y, r * rng.uniform(0.7, 1.2), color)

    def text(self, x: float, y: float, s: str, font_path: str, size: float,
             color: str | tuple = "line", anchor: str = "mm", angle: float = 0.0) -> None:
        from PIL import ImageFont

        font = load_font(font_path, max(8, round(size * self.scale)))
        box = font.getbbox(s, anchor="lt")
        pad = round(size * self.scale * 0.5)
        tw, th = box[2] + pad * 2, box[3] + pad * 2
        mask = Image.new("L", (tw, th), 0)
        ImageDraw.Draw(mask).text((pad, pad), s, font=font, fill=255, anchor="lt")
        mask = mask.rotate(-(self.angle + angle), resample=Image.Resampling.BICUBIC, expand=True)
        px, py = self.pt((x, y))
        layer = Image.new("RGBA", mask.size, self.c(color) + (255,))
        self.ink.paste(layer, (round(px - mask.width / 2), round(py - mask.height / 2)), mask)
        del ImageFont


_FONTS: dict[tuple[str, int], object] = {}
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/truetype/liberation/")


def load_font(name: str, size: int):
    from PIL import ImageFont

    key = (name, size)
    if key not in _FONTS:
        font = None
        for folder in FONT_DIRS:
            try:
                font = ImageFont.truetype(folder + name, size)
                break
            except OSError:
                continue
        _FONTS[key] = font or ImageFont.load_default(size)
    return _FONTS[key]


def inside(poly: Sequence[Point], x: float, y: float) -> bool:
    """Even-odd point-in-polygon test."""
    result = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-9) + xi:
            result = not result
        j = i
    return result


# --- artwork layers and laying ink into a ground --------------------------------------------


class Artwork:
    """A supersampled ink layer and a wash layer the size of the final photo."""

    def __init__(self, size: tuple[int, int], palette: dict, line_gain: float = 1.0):
        self.size = size
        self.palette = palette
        self.line_gain = line_gain
        big = (size[0] * SS, size[1] * SS)
        self.ink = Image.new("RGBA", big, (255, 255, 255, 0))
        self.wash = Image.new("L", big, 0)

    def pen(self, x: float, y: float, scale: float, angle: float = 0.0, flip: bool = False) -> Pen:
        """A pen centred at (x, y) in final-photo pixels, 1 unit = scale final pixels."""
        return Pen(self.ink, self.wash, x * SS, y * SS, scale * SS, angle, flip,
                   self.palette, self.line_gain)

    def ink_image(self, wash_blur: float) -> Image.Image:
        """The artwork as 'what the ink does to white skin' (RGB, multiply-ready)."""
        ink = self.ink.resize(self.size, Image.Resampling.LANCZOS)
        wash = self.wash.resize(self.size, Image.Resampling.BOX)
        if wash_blur:
            wash = wash.filter(ImageFilter.GaussianBlur(wash_blur))
        base = Image.new("RGBA", self.size, WHITE + (255,))
        rgb = Image.alpha_composite(base, ink).convert("RGB")
        tone = ImageOps.invert(wash).convert("RGB")
        return ImageChops.multiply(rgb, tone)


def lay_ink(ground: Image.Image, ink_rgb: Image.Image, mask: Image.Image | None = None,
            healed: float = 0.1, spread: float = 0.7) -> Image.Image:
    """Multiply ink into the ground as healed ink sits in skin: slightly soft, never pure black."""
    ink = ink_rgb.filter(ImageFilter.GaussianBlur(spread)) if spread else ink_rgb
    if healed:
        ink = Image.blend(ink, Image.new("RGB", ink.size, (236, 232, 228)), healed)
    if mask is not None:
        ink = Image.composite(ink, Image.new("RGB", ink.size, WHITE), mask)
    return ImageChops.multiply(ground, ink)


def blank(size: tuple[int, int], color: tuple[int, int, int]) -> Image.Image:
    return Image.new("RGB", size, color)


def polygon_mask(size: tuple[int, int], pts: Sequence[Point], blur: float = 0.0, fill: int = 255) -> Image.Image:
    m = Image.new("L", (size[0] * SS, size[1] * SS), 0)
    ImageDraw.Draw(m).polygon([(x * SS, y * SS) for x, y in pts], fill=fill)
    m = m.resize(size, Image.Resampling.LANCZOS)
    return m.filter(ImageFilter.GaussianBlur(blur)) if blur else m

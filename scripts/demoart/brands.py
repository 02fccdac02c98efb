"""Partner-brand logos: light marks on transparency (they sit on the black site).

The brands are fictional; the marks are simple geometric emblems plus a spaced wordmark.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from .draw import SS, ellipse_pts, load_font

SIZE = (1600, 600)
IVORY = (246, 242, 234, 255)
GOLD = (226, 196, 138, 255)


def _spaced(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font, fill, spacing: float) -> float:
    x, y = xy
    for ch in text:
        draw.text((x, y), ch, font=font, fill=fill, anchor="ls")
        x += font.getlength(ch) + spacing
    return x


def _text_width(text: str, font, spacing: float) -> float:
    return sum(font.getlength(ch) + spacing for ch in text) - spacing


def logo(name: str) -> Image.Image:
    w, h = SIZE[0] * SS, SIZE[1] * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy, r = h * 0.5, h * 0.5, h * 0.34
    lw = round(h * 0.018)
    text_x = h * 1.0
    if name == "lumaris":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=GOLD, width=lw)
        for k in range(16):
            a = math.radians(k * 22.5)
            r0, r1 = r * 0.45, r * (0.86 if k % 2 else 0.7)
            d.line([(cx + r0 * math.cos(a), cy + r0 * math.sin(a)), (cx + r1 * math.cos(a), cy + r1 * math.sin(a))], fill=GOLD, width=lw)
        d.ellipse((cx - r * 0.3, cy - r * 0.3, cx + r * 0.3, cy + r * 0.3), fill=IVORY)
        title, sub = "LUMARIS", "BODY JEWELRY"
        font = "DejaVuSerif.ttf"
    elif name == "northvane":
        pts = [(cx, cy - r * 1.05), (cx + r * 0.28, cy), (cx, cy + r * 1.05), (cx - r * 0.28, cy)]
        d.polygon(pts, outline=IVORY, width=lw)
        d.polygon([(cx, cy - r * 1.05), (cx + r * 0.28, cy), (cx, cy)], fill=IVORY)
        d.polygon([(cx - r * 1.05, cy), (cx, cy - r * 0.22), (cx + r * 1.05, cy), (cx, cy + r * 0.22)], outline=IVORY, width=lw)
        d.polygon([(cx, cy + r * 1.05), (cx - r * 0.28, cy), (cx, cy)], fill=IVORY)
        d.ellipse((cx - r * 0.75, cy - r * 0.75, cx + r * 0.75, cy + r * 0.75), outline=IVORY, width=lw // 2)
        title, sub = "NORTHVANE", "IMPLANT-GRADE TITANIUM"
        font = "DejaVuSans-Bold.ttf"
    elif name == "orrery-gold":
        for k, (rx, ry, rot) in enumerate(((1.0, 0.42, -20), (1.0, 0.42, 40), (1.0, 0.42, 100))):
            pts = ellipse_pts(0, 0, r * rx, r * ry, 120)
            a = math.radians(rot)
            pts = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in pts]
            d.line(pts + [pts[0]], fill=GOLD, width=lw // 2 + 2)
            px, py = pts[(k * 37 + 15) % len(pts)]
            d.ellipse((px - lw * 1.6, py - lw * 1.6, px + lw * 1.6, py + lw * 1.6), fill=IVORY)
        d.ellipse((cx - r * 0.2, cy - r * 0.2, cx + r * 0.2, cy + r * 0.2), fill=GOLD)
        title, sub = "ORRERY", "GOLD CO.  EST. 2009"
        font = "DejaVuSerif.ttf"
    else:  # sable-and-thorn
        stem = [(cx - r * 0.9 + i * r * 1.8 / 40, cy + r * 0.35 * math.sin(i / 40 * math.pi * 1.6)) for i in range(41)]
        d.line(stem, fill=IVORY, width=lw, joint="curve")
        for i in range(4, 40, 7):
            x, y = stem[i]
            s = 1 if (i // 7) % 2 else -1
            d.polygon([(x - lw, y), (x + lw, y), (x + r * 0.08, y + s * r * 0.3)], fill=IVORY)
        fa = load_font("DejaVuSerif-Italic.ttf", round(r * 1.2))
        d.text((cx, cy - r * 0.1), "&", font=fa, fill=GOLD, anchor="mm")
        title, sub = "SABLE & THORN", "FINE BODY ADORNMENT"
        font = "DejaVuSerif.ttf"
    big = load_font(font, round(h * (0.2 if len(title) < 10 else 0.15)))
    small = load_font("DejaVuSans.ttf", round(h * 0.075))
    spacing = h * 0.025
    y = h * 0.56
    _spaced(d, (text_x, y), title, big, IVORY, spacing)
    tw = _text_width(title, big, spacing)
    d.line([(text_x, y + h * 0.06), (text_x + tw, y + h * 0.06)], fill=GOLD, width=max(2, lw // 3))
    _spaced(d, (text_x, y + h * 0.2), sub, small, GOLD, h * 0.02)
    img = img.resize(SIZE, Image.Resampling.LANCZOS)
    return img.crop(img.getbbox() and _padded(img.getbbox(), SIZE, 40))


def _padded(box: tuple[int, int, int, int], size: tuple[int, int], pad: int) -> tuple[int, int, int, int]:
    return (max(0, box[0] - pad), max(0, box[1] - pad), min(size[0], box[2] + pad), min(size[1], box[3] + pad))


BRANDS = {
    "lumaris.png": "lumaris",
    "northvane.png": "northvane",
    "orrery-gold.png": "orrery-gold",
    "sable-and-thorn.png": "sable-and-thorn",
}

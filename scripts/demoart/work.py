"""Portfolio photos: which motif goes on which ground, for every demo portfolio file."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from . import motifs as m
from .draw import Artwork, Pen, bezier, lay_ink
from .grounds import finish, limb, limb_photo, paper_on_table, sheen, skin

Draw = Callable[[Pen, random.Random], None]


@dataclass(frozen=True)
class Piece:
    file: str
    size: tuple[int, int]
    ground: str  # "arm" (limb across a dark studio), "skin" (close-up), "paper" (flash sheet)
    tone: str
    style: str  # "traditional", "black_grey", "fine_line", "blackwork"
    draw: Draw
    motif_scale: float = 1.0
    tilt: float = 0.0


STYLES = {
    "traditional": (m.TRADITIONAL, 1.0, 0.0),  # palette, line gain, wash blur (fraction of size)
    "black_grey": (m.BLACK_GREY, 0.8, 0.012),
    "fine_line": (m.FINE_LINE, 0.3, 0.0),
    "blackwork": (m.BLACKWORK, 0.9, 0.0),
}


def render(piece: Piece, seed: int) -> Image.Image:
    rng = random.Random(seed)
    w, h = piece.size
    palette, gain, wash = STYLES[piece.style]
    art = Artwork(piece.size, palette, gain)
    short = min(w, h)
    light = (w * rng.uniform(0.25, 0.45), h * rng.uniform(0.15, 0.35))
    mask = None
    lm = None
    if piece.ground == "arm":
        if w >= h:
            a, b = (-0.1 * w, h * rng.uniform(0.55, 0.7)), (1.1 * w, h * rng.uniform(0.35, 0.5))
            wa, wb = h * 0.78, h * 0.66
        else:
            a, b = (w * rng.uniform(0.55, 0.62), 1.1 * h), (w * rng.uniform(0.4, 0.48), -0.1 * h)
            wa, wb = w * 0.86, w * 0.74
        lm = limb(piece.size, a, b, wa, wb, bend=rng.uniform(-0.04, 0.04))
        ground = limb_photo(rng, piece.size, piece.tone, lm, light)
        mask = lm.mask
        cx, cy = w / 2, h / 2
        scale = min(wa, wb) * 0.5 * piece.motif_scale
    elif piece.ground == "skin":
        ground = skin(rng, piece.size, piece.tone, light, math.hypot(w, h) * 0.75, ambient=120)
        cx, cy = w / 2, h / 2
        scale = short * 0.36 * piece.motif_scale
    else:
        paper = paper_on_table(rng, piece.size, rng.uniform(-2.5, 2.5))
        ground = paper.photo
        mask = paper.mask
        cx, cy = paper.center
        scale = short * 0.36 * piece.motif_scale
        piece = Piece(piece.file, piece.size, piece.ground, piece.tone, piece.style, piece.draw,
                      piece.motif_scale, piece.tilt + paper.angle)
    pen = art.pen(cx, cy, scale, piece.tilt)
    piece.draw(pen, rng)
    ink = art.ink_image(wash * short)
    if piece.ground == "paper":
        photo = lay_ink(ground, ink, mask, healed=0.04, spread=0.5)
    else:
        photo = lay_ink(ground, ink, mask, healed=0.1, spread=0.9)
    if lm is not None:
        photo = sheen(photo, lm, 0.35)
    return finish(rng, photo, vignette=0.5 if piece.ground != "arm" else 0.35)


# --- compositions ----------------------------------------------------------------------------


def skull_banner(p: Pen, rng: random.Random) -> None:
    m.skull(p.sub(0, -0.25, 0.85), rng)
    m.banner(p.sub(0, 0.78, 0.95), "MEMENTO MORI", "DejaVuSerif-Bold.ttf", "black", "white", 0.12)


def serpent_skull(p: Pen, rng: random.Random) -> None:
    m.skull(p.sub(0, 0.05, 0.8), rng)
    path = bezier((-1.3, 1.0), (-1.6, -0.2), (1.5, 0.9), (0.9, -0.3), 30) + \
        bezier((0.9, -0.3), (0.5, -1.1), (-0.6, -1.2), (-0.4, -0.7), 20)[1:]
    m.snake(p, path, 0.2)


def dagger_rose(p: Pen, rng: random.Random) -> None:
    m.dagger(p.sub(0, -0.1, 0.95))
    m.rose(p.sub(0, 0.05, 0.5), rng)


def watch_rose(p: Pen, rng: random.Random) -> None:
    m.pocket_watch(p.sub(-0.35, 0.05, 0.8))
    m.rose(p.sub(0.75, 0.55, 0.48), rng)


def crowned_skull(p: Pen, rng: random.Random) -> None:
    m.skull(p.sub(0, 0.2, 0.85), rng, cracked=False)
    m.crown(p.sub(0, -0.7, 0.62))


def cobra(p: Pen, rng: random.Random) -> None:
    path = bezier((-1.9, 0.5), (-1.2, -0.6), (-0.4, 0.9), (0.3, 0.1), 30) + \
        bezier((0.3, 0.1), (0.8, -0.5), (1.1, -0.2), (1.5, -0.45), 20)[1:]
    m.snake(p, path, 0.3)


def twin_roses(p: Pen, rng: random.Random) -> None:
    m.rose(p.sub(-0.95, 0.05, 0.72, -8), rng)
    m.rose(p.sub(0.95, 0.05, 0.72, 8), rng)


def skull_dagger(p: Pen, rng: random.Random) -> None:
    m.dagger(p.sub(0.0, 0.0, 1.05, 35))
    m.skull(p.sub(0, 0.0, 0.72), rng)
    p.text(0, 1.5, "study, 2024", "DejaVuSerif-Italic.ttf", 0.1, "grey")


def koi_upstream(p: Pen, rng: random.Random) -> None:
    for k in range(4):
        y = -1.4 + k * 0.8
        m.wind_bar(p, bezier((-1.8, y), (-0.6, y - 0.3), (0.6, y + 0.3), (1.8, y - 0.1), 30), 0.32)
    m.koi(p.sub(0, 0, 1.0, -70), rng)
    seig = p.sub(-1.2, 1.25, 1.0)
    m.seigaiha(seig, 4, 3, 0.3)


def twin_koi(p: Pen, rng: random.Random) -> None:
    m.koi(p.sub(0.05, -0.45, 0.78, 20), rng)
    m.koi(p.sub(-0.05, 0.45, 0.78, 200), rng, body="red")


def great_wave(p: Pen, rng: random.Random) -> None:
    m.seigaiha(p.sub(-1.3, 0.7, 1.0), 5, 4, 0.28)
    m.crest(p.sub(0, -0.1, 1.05), rng)
    for x, y in ((0.9, -0.9), (1.1, -0.55), (0.65, -1.05)):
        m.blossom(p.sub(x, y, 0.12, rng.uniform(0, 72)))


def hebi_sakura(p: Pen, rng: random.Random) -> None:
    m.branch(p, bezier((-1.9, -0.9), (-0.8, -0.6), (0.2, -1.0), (1.6, -0.7), 20), 0.12)
    path = bezier((-1.6, 1.0), (-0.9, -0.4), (0.0, 1.0), (0.7, 0.1), 30) + \
        bezier((0.7, 0.1), (1.0, -0.3), (1.3, 0.2), (1.5, -0.1), 12)[1:]
    m.snake(p, path, 0.26)
    for x, y, s in ((-1.2, -0.85, 0.17), (-0.4, -0.7, 0.2), (0.4, -0.92, 0.16), (1.1, -0.75, 0.18), (0.0, -1.05, 0.12)):
        m.blossom(p.sub(x, y, s, rng.uniform(0, 72)))


def peony_wind(p: Pen, rng: random.Random) -> None:
    for k, y in enumerate((-1.1, 1.15)):
        m.wind_bar(p, bezier((-1.8, y), (-0.6, y + 0.4 * (-1) ** k), (0.6, y - 0.3), (1.8, y), 30), 0.38)
    for a in (150, 20, 250):
        m.leaf(p.sub(0.65 * math.cos(math.radians(a)), 0.65 * math.sin(math.radians(a)), 0.55, a))
    m.peony(p, rng)


def golden_koi(p: Pen, rng: random.Random) -> None:
    m.wind_bar(p, bezier((-1.9, 0.9), (-0.5, 0.4), (0.5, 1.2), (1.9, 0.7), 30), 0.35)
    m.wind_bar(p, bezier((-1.9, -0.9), (-0.5, -1.2), (0.5, -0.5), (1.9, -1.0), 30), 0.3)
    m.koi(p.sub(0.1, 0, 1.0, 8), rng, body="yellow", patch="orange")


def sakura_branch(p: Pen, rng: random.Random) -> None:
    m.branch(p, bezier((-1.2, 1.4), (-0.6, 0.4), (0.3, 0.2), (0.9, -1.3), 24), 0.16)
    m.branch(p, bezier((-0.2, 0.35), (0.3, 0.4), (0.6, 0.6), (1.0, 0.5), 12), 0.07)
    for x, y, s in ((0.9, -1.2, 0.24), (0.55, -0.5, 0.3), (0.0, 0.1, 0.22), (1.0, 0.5, 0.2), (-0.5, 0.6, 0.18), (0.35, -0.95, 0.15), (0.6, 0.1, 0.14)):
        m.blossom(p.sub(x, y, s, rng.uniform(0, 72)))


def koi_study(p: Pen, rng: random.Random) -> None:
    m.seigaiha(p.sub(-1.5, 0.75, 1.0), 6, 3, 0.25)
    m.koi(p.sub(0, -0.2, 0.9, -10), rng)
    p.text(1.1, -1.1, "koi / wave study", "DejaVuSerif-Italic.ttf", 0.1, "grey")


def dragon_pearl(p: Pen, rng: random.Random) -> None:
    m.seigaiha(p.sub(-1.3, 0.6, 1.0), 5, 5, 0.28)
    m.crest(p.sub(-0.3, -0.05, 0.8), rng)
    pearl = p.sub(0.7, -0.75, 0.3)
    for k in range(9):
        a = math.radians(k * 40)
        pearl.poly([(0.8 * math.cos(a - 0.25), 0.8 * math.sin(a - 0.25)), (1.6 * math.cos(a + 0.15), 1.6 * math.sin(a + 0.15)),
                    (0.8 * math.cos(a + 0.3), 0.8 * math.sin(a + 0.3))], "orange", width=0.1)
    pearl.ellipse(0, 0, 0.9, 0.9, "white", width=0.12)
    pearl.line(bezier((-0.4, -0.3), (0.1, -0.6), (0.5, 0.1), (0.0, 0.3)), "teal", 0.1)


def swallows(p: Pen, rng: random.Random) -> None:
    m.swallow(p.sub(-0.95, 0, 0.8, -10, flip=False))
    m.swallow(p.sub(0.95, 0, 0.8, 10, flip=True))


def dagger_heart(p: Pen, rng: random.Random) -> None:
    m.heart(p.sub(0, 0.05, 0.8))
    m.dagger(p.sub(0, 0.0, 0.95, -18))


def snake_dagger(p: Pen, rng: random.Random) -> None:
    m.dagger(p.sub(0, 0.0, 1.0))
    path = [(0.32 * math.sin(t * 1.2) , 1.1 - t * 0.23) for t in [i / 4 for i in range(0, 38)]]
    m.snake(p, path, 0.2)


def mom_swallow(p: Pen, rng: random.Random) -> None:
    m.swallow(p.sub(0, -0.45, 0.85, -8))
    m.banner(p.sub(0, 0.7, 1.1), "Mom")
    m.rose(p.sub(-1.25, 0.65, 0.35), rng, leaves=False)
    m.rose(p.sub(1.25, 0.65, 0.35), rng, leaves=False)


def flash_sheet(p: Pen, rng: random.Random) -> None:
    m.rose(p.sub(-0.8, -0.95, 0.42), rng)
    m.dagger(p.sub(0.05, -0.9, 0.42, 20))
    m.swallow(p.sub(0.9, -0.95, 0.42))
    m.panther(p.sub(-0.85, 0.1, 0.42))
    m.heart(p.sub(0.05, 0.12, 0.38))
    m.skull(p.sub(0.9, 0.1, 0.38), rng)
    m.banner(p.sub(-0.1, 1.05, 0.75), "TRUE LOVE", "DejaVuSerif-Bold.ttf", "black")
    m.crown(p.sub(0.95, 1.05, 0.3))
    p.text(-1.0, 1.45, "No. 7", "DejaVuSerif-BoldItalic.ttf", 0.13, "red")
    p.text(0.95, 1.45, "$ ask", "DejaVuSerif-Italic.ttf", 0.1, "grey")


def elbow_mandala(p: Pen, rng: random.Random) -> None:
    m.mandala(p.sub(0, 0, 1.1), rng, detail=1)


def sacred_geometry(p: Pen, rng: random.Random) -> None:
    m.flower_of_life(p.sub(0, 0, 0.92), rng)


def moon_phases(p: Pen, rng: random.Random) -> None:
    for k, phase in enumerate((0.15, 0.3, 0.5, 0.7, 0.85)):
        x = -1.6 + k * 0.8
        m.moon(p.sub(x, 0.0 + 0.12 * (k - 2) ** 2 / 4, 0.3 if k != 2 else 0.36), rng, phase)
    for _ in range(70):
        x, y = rng.uniform(-2.2, 2.2), rng.uniform(-0.9, 0.9)
        if abs(y) > 0.5:
            p.dot(x, y, rng.uniform(0.006, 0.016))


def armband(p: Pen, rng: random.Random) -> None:
    for x0, x1 in ((-0.95, -0.25), (0.45, 0.75)):
        p.poly([(x0, -2.5), (x1, -2.5), (x1, 2.5), (x0, 2.5)], "black", outline=None)
    for i in range(-9, 10):  # negative-space triangles along the wide band
        y = i * 0.28
        p.poly([(-0.85, y), (-0.35, y + 0.14), (-0.85, y + 0.28)], "white", outline=None)
    for x in (-1.1, -0.1, 0.3, 0.9):
        p.line([(x, -2.5), (x, 2.5)], width=0.02)
    for i in range(-40, 41):
        p.dot(-0.02, i * 0.06, 0.014)
        p.dot(1.05, i * 0.08, 0.02 if i % 2 else 0.01)


def lotus_mandala(p: Pen, rng: random.Random) -> None:
    m.mandala(p.sub(0, -0.35, 0.85), rng)
    lotus = p.sub(0, 0.9, 0.7)
    m.petal_ring(lotus, 9, 0.1, 0.9, 0.28, None, 0.03, 0)
    m.petal_ring(lotus, 9, 0.1, 0.6, 0.18, "black", 0.02, 20)
    for k in range(1, 6):
        p.dot(0, 1.35 + k * 0.12, 0.02 + 0.008 * (6 - k))


def wildflowers(p: Pen, rng: random.Random) -> None:
    m.bluebonnet(p.sub(-0.35, 0.15, 1.05, -6), rng)
    m.bluebonnet(p.sub(0.1, 0.35, 0.8, 8), rng)
    m.sprig(p.sub(0.5, 1.0, 1.0, 14), rng, 1.8, 8)
    d = p.sub(0.55, -0.55, 0.32)
    m.daisy(d)
    p.line(bezier((0.55, -0.25), (0.6, 0.2), (0.45, 0.6), (0.35, 1.05)), width=0.012)
    m.daisy(p.sub(-0.75, -0.2, 0.22, 20), 12)
    p.line(bezier((-0.75, 0.0), (-0.7, 0.4), (-0.55, 0.8), (-0.3, 1.05)), width=0.012)


def fine_peony(p: Pen, rng: random.Random) -> None:
    m.sprig(p.sub(-0.2, 1.55, 1.0, -30), rng, 1.3, 6)
    m.sprig(p.sub(0.3, 1.5, 1.0, 35), rng, 1.1, 5)
    m.peony(p.sub(0, -0.1, 0.95), rng)
    for _ in range(40):
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(1.05, 1.35)
        p.dot(r * math.cos(a), r * math.sin(a) - 0.1, rng.uniform(0.005, 0.01))


def breathe(p: Pen, rng: random.Random) -> None:
    p.text(0, 0, "breathe", "DejaVuSerif-Italic.ttf", 0.55)
    m.sprig(p.sub(1.25, 0.3, 1.0, 70), rng, 0.9, 6)


def still_here(p: Pen, rng: random.Random) -> None:
    p.text(0, -0.2, "Still Here", "LiberationSerif-BoldItalic.ttf", 0.62)
    p.line(bezier((-1.3, 0.35), (-0.5, 0.55), (0.6, 0.15), (1.35, 0.4), 40), width=0.03)
    for x in (-1.45, 1.5):
        p.dot(x, 0.37, 0.035)


PIECES = [
    # Marco Reyes: black and grey
    Piece("memento-mori-skull.jpg", (2400, 3000), "skin", "light", "black_grey", skull_banner),
    Piece("grey-wash-rose.jpg", (3000, 2000), "arm", "olive", "black_grey", lambda p, r: m.rose(p, r), 0.95),
    Piece("serpent-and-skull.jpg", (2400, 2400), "skin", "tan", "black_grey", serpent_skull, 0.9),
    Piece("dagger-through-the-rose.jpg", (2000, 3000), "arm", "fair", "black_grey", dagger_rose, 1.0),
    Piece("pocket-watch-half-sleeve.jpg", (3000, 2250), "arm", "light", "black_grey", watch_rose, 0.95),
    Piece("crowned-skull.jpg", (2400, 2400), "skin", "brown", "black_grey", crowned_skull, 0.95),
    Piece("prowling-panther-black-grey.jpg", (2250, 3000), "arm", "olive", "black_grey", lambda p, r: m.panther(p), 1.1),
    Piece("coiled-cobra.jpg", (3000, 2000), "arm", "fair", "black_grey", cobra, 0.85),
    Piece("the-watcher.jpg", (2600, 2000), "skin", "tan", "black_grey", lambda p, r: m.eye(p), 0.95),
    Piece("twin-roses-chest-piece.jpg", (3000, 2000), "skin", "light", "black_grey", twin_roses),
    Piece("skull-and-dagger-study.jpg", (2400, 3000), "paper", "light", "black_grey", skull_dagger),
    # Dmitri Volkov: Japanese
    Piece("koi-swimming-upstream.jpg", (2000, 3000), "arm", "light", "traditional", koi_upstream, 0.95),
    Piece("twin-koi.jpg", (2400, 2400), "skin", "fair", "traditional", twin_koi),
    Piece("great-wave-backpiece.jpg", (2250, 3000), "skin", "olive", "traditional", great_wave),
    Piece("hebi-and-sakura.jpg", (3000, 2000), "arm", "light", "traditional", hebi_sakura, 0.85),
    Piece("peony-and-wind-bars.jpg", (2400, 2400), "skin", "tan", "traditional", peony_wind),
    Piece("golden-koi-forearm.jpg", (3000, 2000), "arm", "brown", "traditional", golden_koi, 0.9),
    Piece("sakura-branch.jpg", (2000, 2600), "skin", "fair", "traditional", sakura_branch),
    Piece("koi-sleeve-study.jpg", (3000, 2250), "paper", "light", "traditional", koi_study),
    Piece("dragon-pearl-waves.jpg", (2400, 2400), "skin", "light", "traditional", dragon_pearl),
    # Tasha Monroe: American traditional
    Piece("homeward-swallows.jpg", (3000, 2000), "skin", "light", "traditional", swallows),
    Piece("traditional-panther-head.jpg", (2000, 2600), "arm", "olive", "traditional", lambda p, r: m.panther(p), 1.1),
    Piece("dagger-and-heart.jpg", (2000, 3000), "arm", "fair", "traditional", dagger_heart),
    Piece("classic-red-rose.jpg", (2400, 2400), "skin", "tan", "traditional", lambda p, r: m.rose(p, r), 1.1),
    Piece("snake-and-dagger.jpg", (2000, 3000), "arm", "light", "traditional", snake_dagger),
    Piece("mom-banner-swallow.jpg", (2600, 2000), "skin", "fair", "traditional", mom_swallow),
    Piece("flash-sheet-no-7.jpg", (2400, 3000), "paper", "light", "traditional", flash_sheet),
    # Kai Nakamura: geometric blackwork
    Piece("elbow-mandala.jpg", (2400, 2400), "arm", "olive", "blackwork", elbow_mandala),
    Piece("sacred-geometry-forearm.jpg", (2000, 3000), "arm", "light", "blackwork", sacred_geometry),
    Piece("dotwork-moon-phases.jpg", (3000, 1800), "skin", "fair", "blackwork", moon_phases, 0.9),
    Piece("blackwork-armband.jpg", (3000, 2000), "arm", "tan", "blackwork", armband),
    Piece("lotus-mandala-back.jpg", (2400, 3000), "skin", "deep", "blackwork", lotus_mandala),
    # Lena Vasquez: fine line
    Piece("texas-wildflowers.jpg", (2000, 2600), "arm", "fair", "fine_line", wildflowers),
    Piece("fine-line-peony.jpg", (2400, 2400), "skin", "light", "fine_line", fine_peony, 0.85),
    Piece("breathe-micro-script.jpg", (3000, 2000), "skin", "olive", "fine_line", breathe, 0.8),
    # Jade Whitfield: lettering
    Piece("still-here-lettering.jpg", (3000, 2000), "skin", "brown", "blackwork", still_here, 0.85),
]

"""Flash designs: single motifs drawn on a sheet of flash paper, one photo per design
(content/images/flash/, named in content/flash/<artist>.yaml; docs/flash.md).

Each is a photo of the drawing on the studio's table, as an artist would put up a sheet:
the `paper` ground of work.py, with a pencilled number and size in a corner. Modest in
pixels (1600x2000): every photo costs seconds of AVIF encoding in each test run's demo build.
"""

from __future__ import annotations

import math
import random

from . import motifs as m
from .draw import Pen, bezier
from .work import Draw, Piece

SIZE = (1600, 2000)
NOTE_FONT = "DejaVuSerif-Italic.ttf"


def _noted(draw: Draw, number: int, inches: str) -> Draw:
    """The design with the artist's pencil note under it: "No. 3 - 3 in"."""

    def drawn(p: Pen, rng: random.Random) -> None:
        draw(p, rng)
        p.text(-1.05, 1.85, f"No. {number}", NOTE_FONT, 0.11, "grey")
        p.text(1.05, 1.85, inches, NOTE_FONT, 0.11, "grey")

    return drawn


def swallow_banner(p: Pen, rng: random.Random) -> None:
    m.swallow(p.sub(0, -0.35, 1.0, -8))
    m.banner(p.sub(0, 0.95, 1.0), "TRUE", "DejaVuSerif-Bold.ttf", "red")


def sacred_heart(p: Pen, rng: random.Random) -> None:
    m.heart(p.sub(0, 0.2, 1.05))


def red_rose(p: Pen, rng: random.Random) -> None:
    m.rose(p.sub(0, 0, 1.05), rng)


def panther(p: Pen, rng: random.Random) -> None:
    m.panther(p.sub(0, 0, 1.1))


def skull_banner(p: Pen, rng: random.Random) -> None:
    m.skull(p.sub(0, -0.3, 0.95), rng)
    ribbon = p.sub(0, 0.95, 1.3)
    m.banner(ribbon, " ", "DejaVuSerif-Bold.ttf", "black", "white", 0.12)
    ribbon.text(0, 0.14 - 0.12 * 0.95, "MEMENTO MORI", "DejaVuSerif-Bold.ttf", 0.15, "black")


def pocket_watch(p: Pen, rng: random.Random) -> None:
    m.pocket_watch(p.sub(-0.15, 0.15, 0.95))


def dagger(p: Pen, rng: random.Random) -> None:
    m.dagger(p.sub(0, -0.15, 1.15, 12))


def crescent_moon(p: Pen, rng: random.Random) -> None:
    m.moon(p.sub(0, 0, 0.95), rng, 0.2)
    for _ in range(40):
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(1.15, 1.55)
        p.dot(r * math.cos(a), r * math.sin(a), rng.uniform(0.008, 0.02))


def mandala(p: Pen, rng: random.Random) -> None:
    m.mandala(p.sub(0, 0, 1.05), rng)


def flower_of_life(p: Pen, rng: random.Random) -> None:
    m.flower_of_life(p.sub(0, 0, 0.95), rng)
    p.line(bezier((-1.3, 1.35), (-0.4, 1.2), (0.4, 1.5), (1.3, 1.35)), width=0.02)


def _design(file: str, style: str, draw: Draw, number: int, inches: str) -> Piece:
    return Piece(file, SIZE, "paper", "light", style, _noted(draw, number, inches), 0.7)


# In content/flash/<artist>.yaml order; each number is the design's place on the artist's sheet.
DESIGNS = [
    # Tasha Monroe: American traditional
    _design("swallow-and-banner.jpg", "traditional", swallow_banner, 1, "3 in"),
    _design("flaming-sacred-heart.jpg", "traditional", sacred_heart, 2, "4 in"),
    _design("little-red-rose.jpg", "traditional", red_rose, 3, "2 in"),
    _design("crawling-panther.jpg", "traditional", panther, 4, "5 in"),
    # Marco Reyes: black and grey
    _design("memento-mori-flash.jpg", "black_grey", skull_banner, 1, "4 in"),
    _design("pocket-watch-flash.jpg", "black_grey", pocket_watch, 2, "5 in"),
    _design("grey-dagger.jpg", "black_grey", dagger, 3, "6 in"),
    # Kai Nakamura: geometric blackwork
    _design("dotwork-crescent.jpg", "blackwork", crescent_moon, 1, "2 in"),
    _design("small-mandala.jpg", "blackwork", mandala, 2, "4 in"),
    _design("flower-of-life-flash.jpg", "blackwork", flower_of_life, 3, "3 in"),
]

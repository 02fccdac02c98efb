"""Tattoo flash motifs drawn with a Pen in motif units (about -1..1, y down).

Colour names ('red', 'steel', ...) go through the pen's palette, so the same rose is a
bright traditional rose, a black-and-grey rose or a fine-line outline depending on style.
"""

from __future__ import annotations

import math
import random

from .draw import Pen, Point, bezier, ellipse_pts, stroke_outline

TRADITIONAL = {
    "line": (16, 16, 18), "red": (200, 26, 34), "dark_red": (120, 12, 22), "green": (36, 124, 60),
    "dark_green": (18, 72, 38), "yellow": (244, 188, 36), "orange": (236, 110, 24),
    "blue": (36, 84, 166), "navy": (20, 36, 92), "steel": (204, 210, 222), "steel_dark": (116, 124, 142),
    "bone": (246, 236, 210), "brown": (112, 60, 28), "pink": (236, 124, 146), "dark_pink": (176, 60, 90),
    "white": (255, 255, 255), "black": (22, 22, 24), "grey": (140, 140, 146), "teal": (28, 130, 130),
}
BLACK_GREY = {k: (v, v, v) for k, v in {
    "line": 18, "red": 118, "dark_red": 64, "green": 150, "dark_green": 92, "yellow": 214, "orange": 150,
    "blue": 104, "navy": 60, "steel": 228, "steel_dark": 132, "bone": 255, "brown": 84, "pink": 176,
    "dark_pink": 110, "white": 255, "black": 22, "grey": 150, "teal": 120,
}.items()}
FINE_LINE = {k: (255, 255, 255) for k in TRADITIONAL} | {"line": (26, 26, 30), "black": (26, 26, 30)}
BLACKWORK = {k: (255, 255, 255) for k in TRADITIONAL} | {
    "line": (14, 14, 16), "black": (14, 14, 16), "grey": (120, 120, 124), "red": (14, 14, 16)}


def mirror(points: list[Point]) -> list[Point]:
    return [(-x, y) for x, y in points]


def leaf(p: Pen, fill: str = "green", dark: str = "dark_green", veins: int = 3) -> None:
    """A pointed leaf from (0, 0) to (1.4, 0)."""
    top = bezier((0, 0), (0.4, -0.5), (1.0, -0.42), (1.4, 0))
    bottom = bezier((1.4, 0), (1.0, 0.36), (0.4, 0.46), (0, 0))
    p.poly(top + bottom[1:], fill)
    p.poly([(0, 0), (1.4, 0)] + bottom[1:], dark, outline=None)
    p.poly(top + bottom[1:], None)
    p.line([(0.05, 0), (1.25, 0)], width=0.03)
    for i in range(veins):
        t = 0.3 + i * 0.28
        p.line([(t, 0), (t + 0.2, -0.2 + 0.03 * i)], width=0.022)


def rose(p: Pen, rng: random.Random, leaves: bool = True) -> None:
    if leaves:
        for a in (200, 335, 60):
            r = math.radians(a)
            leaf(p.sub(0.78 * math.cos(r), 0.72 * math.sin(r), 0.6, a + rng.uniform(-10, 10)))
    head = [(0.95 * (1 + 0.05 * math.cos(5 * t)) * math.cos(t), 0.86 * (1 + 0.05 * math.cos(5 * t)) * math.sin(t))
            for t in (i * 2 * math.pi / 90 for i in range(90))]
    p.poly(head, "red")
    low = ellipse_pts(0, 0.05, 0.9, 0.78, 60, 20, 160) + ellipse_pts(0, 0.35, 0.75, 0.45, 60, 160, 20)
    p.poly(low, "dark_red", outline=None)
    p.shade(low, 110)
    p.poly(head, None)
    # the cup and its opening
    cup = ellipse_pts(0, -0.12, 0.58, 0.4)
    p.poly(cup, "red")
    p.poly(ellipse_pts(0, -0.24, 0.36, 0.17), "dark_red")
    spiral = [(0.04 + 0.05 * t * math.cos(t * 2.2), -0.24 + 0.03 * t * math.sin(t * 2.2)) for t in [i / 10 for i in range(0, 52)]]
    p.line(spiral, width=0.035)
    for k, (ry, span) in enumerate(((0.5, (18, 162)), (0.42, (28, 152)), (0.3, (40, 140)))):
        arc = ellipse_pts(0, 0.0 + 0.16 * k, 0.8 - 0.14 * k, ry, 40, *span)
        p.line(arc, width=0.04)
    for a0, a1 in ((200, 240), (300, 340)):
        p.line(ellipse_pts(0, -0.14, 0.46, 0.3, 20, a0, a1), "white", 0.05)
    p.line(ellipse_pts(0, 0.3, 0.62, 0.3, 20, 200, 235), "white", 0.04)
    p.shade(ellipse_pts(0, -0.22, 0.4, 0.22), 150)


def dagger(p: Pen, blood: bool = True) -> None:
    blade = [(-0.13, -0.3), (0.13, -0.3), (0.1, 0.5), (0, 1.25), (-0.1, 0.5)]
    p.poly(blade, "steel")
    half = [(0, -0.3), (0.13, -0.3), (0.1, 0.5), (0, 1.25)]
    p.poly(half, "steel_dark", outline=None)
    p.shade(half, 70)
    p.poly(blade, None)
    p.line([(0, -0.3), (0, 1.15)], width=0.022)
    p.line([(-0.07, -0.2), (-0.055, 0.55)], "white", 0.03)
    grip = [(-0.075, -0.4), (0.075, -0.4), (0.085, -0.86), (-0.085, -0.86)]
    p.poly(grip, "brown")
    for i in range(5):
        y = -0.46 - i * 0.085
        p.line([(-0.075, y), (0.075, y - 0.05)], width=0.025)
    guard = [(-0.44, -0.42), (0.44, -0.42), (0.4, -0.3), (-0.4, -0.3)]
    p.poly(guard, "yellow")
    for s in (-1, 1):
        p.ellipse(s * 0.48, -0.36, 0.075, 0.075, "yellow")
    p.ellipse(0, -0.93, 0.1, 0.1, "yellow")
    p.line(ellipse_pts(0, -0.93, 0.05, 0.05, 12, 200, 280), "white", 0.025)
    if blood:
        for x, y, s in ((0.02, 1.42, 0.09), (-0.05, 1.62, 0.06)):
            drop = bezier((x, y - s * 1.6), (x + s, y - s * 0.2), (x + s, y + s), (x, y + s)) + \
                bezier((x, y + s), (x - s, y + s), (x - s, y - s * 0.2), (x, y - s * 1.6))[1:]
            p.poly(drop, "red", width=0.03)


def heart(p: Pen, flames: bool = True) -> None:
    pts = []
    for i in range(80):
        t = i * 2 * math.pi / 80
        pts.append((0.058 * 16 * math.sin(t) ** 3,
                    -0.058 * (13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)) + 0.05))
    if flames:
        for dx, h, s in ((-0.2, 0.55, 0.16), (0.2, 0.5, 0.15), (0, 0.75, 0.2)):
            f = bezier((dx - s, -0.58), (dx - s * 1.6, -0.58 - h * 0.6), (dx + s * 0.4, -0.58 - h * 0.6), (dx + s * 0.3, -0.6 - h)) + \
                bezier((dx + s * 0.3, -0.6 - h), (dx + s * 1.4, -0.58 - h * 0.4), (dx + s * 1.2, -0.6), (dx + s, -0.58))[1:]
            p.poly(f, "yellow")
            inner = [(x * 0.55 + dx * 0.45, y * 0.7 - 0.58 * 0.3) for x, y in f]
            p.poly(inner, "orange", outline=None)
    p.poly(pts, "red")
    lower = [(x, y) for x, y in pts if x > -0.1 and y > -0.1] + [(0.1, 0.2)]
    if len(lower) > 3:
        p.poly(lower, "dark_red", outline=None)
        p.shade(lower, 90)
    p.poly(pts, None)
    p.line(ellipse_pts(-0.4, -0.3, 0.22, 0.18, 20, 190, 260), "white", 0.05)
    # crown of thorns
    band = [(x, -0.12 + 0.06 * math.sin(x * 9)) for x in [i / 20 - 0.98 for i in range(0, 40)]]
    p.line(band, "dark_green", 0.09)
    p.line(band, width=0.03)
    for i in range(0, 40, 5):
        x, y = band[i]
        p.line([(x, y), (x + 0.05, y - 0.1)], width=0.025)


def swallow(p: Pen) -> None:
    lower_wing = [(0.25, 0.12), (0.05, 0.6), (-0.3, 0.9), (-0.55, 0.98), (-0.3, 0.7), (-0.35, 0.55), (-0.15, 0.42), (-0.12, 0.2)]
    p.poly(lower_wing, "navy")
    for t in (0.3, 0.5):
        p.line([(0.05 - t * 0.3, 0.25), (-0.35 - t * 0.2, 0.6 + t * 0.2)], "blue", 0.04)
    tail = [(-0.38, 0.04), (-1.15, -0.2), (-0.95, 0.05), (-1.2, 0.42), (-0.4, 0.22)]
    p.poly(tail, "navy")
    body_top = bezier((0.92, -0.1), (0.72, -0.36), (0.1, -0.36), (-0.42, 0.04))
    body_bot = bezier((-0.42, 0.2), (0.0, 0.36), (0.55, 0.26), (0.92, -0.1))
    body = body_top + body_bot
    p.poly(body, "white")
    back = body_top + [(-0.42, 0.1), (0.0, 0.05), (0.5, -0.04)]
    p.poly(back, "blue", outline=None)
    p.shade(back, 40)
    throat = [(0.55, -0.02), (0.82, -0.02), (0.74, 0.12), (0.6, 0.18), (0.5, 0.12)]
    p.poly(throat, "red", outline=None)
    p.poly(body, None)
    p.line([(0.72, -0.02), (0.6, 0.15)], width=0.025)
    wing = [(0.35, -0.28), (0.2, -0.75), (-0.2, -1.05), (-0.62, -1.2), (-0.38, -0.85), (-0.42, -0.62), (-0.2, -0.48), (-0.1, -0.24)]
    p.poly(wing, "blue")
    lead = [(0.35, -0.28), (0.2, -0.75), (-0.2, -1.05), (-0.62, -1.2), (-0.1, -0.82), (0.12, -0.5)]
    p.poly(lead, "navy", outline=None)
    p.poly(wing, None)
    for k in range(3):
        t = 0.3 + k * 0.22
        p.line([(0.2 - t * 0.4, -0.3 - t * 0.1), (-0.1 - t * 0.5, -0.65 - t * 0.35)], width=0.028)
    p.ellipse(0.68, -0.16, 0.05, 0.05, "black", None)
    p.dot(0.69, -0.175, 0.015, "white")
    p.poly([(0.86, -0.18), (1.02, -0.1), (0.86, -0.04)], "black", width=0.02)


def skull(p: Pen, rng: random.Random, cracked: bool = True) -> None:
    top = ellipse_pts(0, -0.25, 0.8, 0.74, 60, 160, 380)
    jaw = [(0.7, 0.15), (0.55, 0.42), (0.44, 0.76), (0.0, 0.84), (-0.44, 0.76), (-0.55, 0.42), (-0.7, 0.15)]
    outline = top + jaw
    p.poly(outline, "bone")
    for s in (-1, 1):  # temples and cheek hollows
        p.shade([(s * 0.78, -0.3), (s * 0.55, -0.1), (s * 0.6, 0.3), (s * 0.72, 0.15)], 160)
        p.shade(ellipse_pts(s * 0.32, 0.02, 0.3, 0.28), 150)
        p.shade([(s * 0.5, 0.3), (s * 0.25, 0.42), (s * 0.42, 0.72), (s * 0.55, 0.45)], 120)
    p.shade(ellipse_pts(0, -0.55, 0.5, 0.2), 40)
    p.poly(outline, None, width=0.05)
    for s in (-1, 1):
        sock = [(s * 0.32 + 0.22 * math.cos(t) * (1 + 0.12 * math.sin(3 * t)), 0.0 + 0.19 * math.sin(t))
                for t in (i * 2 * math.pi / 40 for i in range(40))]
        p.poly(sock, "black")
        p.line([(s * 0.68, 0.12), (s * 0.5, 0.3), (s * 0.22, 0.3)], width=0.03)
    p.poly([(0, 0.17), (-0.11, 0.38), (0, 0.33), (0.11, 0.38)], "black")
    p.poly([(-0.34, 0.5), (0.34, 0.5), (0.3, 0.72), (-0.3, 0.72)], "bone")
    p.line([(-0.34, 0.61), (0.34, 0.61)], width=0.03)
    for i in range(9):
        x = -0.3 + i * 0.075
        p.line([(x, 0.5), (x + 0.005, 0.72)], width=0.022)
    if cracked:
        x, y = 0.2, -0.95
        pts = [(x, y)]
        for _ in range(5):
            x += rng.uniform(-0.08, 0.06)
            y += rng.uniform(0.07, 0.11)
            pts.append((x, y))
        p.line(pts, width=0.025)


def crown(p: Pen) -> None:
    pts = [(-0.7, 0.3), (-0.8, -0.35), (-0.45, 0.0), (-0.25, -0.55), (0, -0.1), (0.25, -0.55), (0.45, 0.0), (0.8, -0.35), (0.7, 0.3)]
    p.poly(pts, "yellow")
    p.poly([(-0.72, 0.12), (0.72, 0.12), (0.7, 0.3), (-0.7, 0.3)], "orange")
    for x, y in ((-0.8, -0.35), (-0.25, -0.55), (0.25, -0.55), (0.8, -0.35)):
        p.ellipse(x, y - 0.06, 0.06, 0.06, "white")
    for x in (-0.4, 0, 0.4):
        p.ellipse(x, 0.21, 0.06, 0.05, "red")


def snake(p: Pen, path: list[Point], width: float = 0.22) -> None:
    n = len(path)
    widths = [width * (0.12 + 0.88 * math.sin(min(1.0, (i / (n - 1)) * 1.2) * math.pi / 2)) for i in range(n)]
    widths[-1] = widths[-2] * 0.9
    body = stroke_outline(path, widths)
    p.poly(body, "green")
    shifted = []
    for i, (x, y) in enumerate(path):
        ax, ay = path[max(0, i - 1)]
        bx, by = path[min(n - 1, i + 1)]
        d = math.hypot(bx - ax, by - ay) or 1
        shifted.append((x - (by - ay) / d * widths[i] * 0.28, y + (bx - ax) / d * widths[i] * 0.28))
    p.poly(stroke_outline(shifted, [w * 0.4 for w in widths]), "yellow", outline=None)
    for i in range(3, n - 2, 3):
        x, y = path[i]
        ax, ay = path[i - 1]
        d = math.hypot(x - ax, y - ay) or 1
        tx, ty = (x - ax) / d, (y - ay) / d
        w = widths[i] * 0.3
        p.poly([(x + tx * w, y + ty * w), (x - ty * w, y + tx * w), (x - tx * w, y - ty * w), (x + ty * w, y - tx * w)],
               "dark_green", width=0.015)
    p.poly(body, None)
    hx, hy = path[-1]
    ax, ay = path[-3]
    ang = math.degrees(math.atan2(hy - ay, hx - ax))
    h = p.sub(hx, hy, widths[-1] * 2.4, ang)
    head = [(-0.1, -0.16), (0.25, -0.2), (0.42, -0.1), (0.48, 0), (0.42, 0.1), (0.25, 0.2), (-0.1, 0.16)]
    h.poly(head, "green", width=0.045 / (widths[-1] * 2.4))
    h.ellipse(0.26, -0.08, 0.06, 0.045, "yellow", width=0.02 / (widths[-1] * 2.4))
    h.line([(0.26, -0.115), (0.26, -0.045)], width=0.015 / (widths[-1] * 2.4))
    h.line([(0.48, 0), (0.7, 0.0), (0.8, -0.07)], "red", 0.03 / (widths[-1] * 2.4))
    h.line([(0.7, 0.0), (0.8, 0.07)], "red", 0.03 / (widths[-1] * 2.4))


def panther(p: Pen) -> None:
    for s in (-1, 1):
        p.poly([(s * 0.62, -0.5), (s * 0.5, -0.98), (s * 0.18, -0.66)], "black")
        p.poly([(s * 0.52, -0.56), (s * 0.47, -0.84), (s * 0.28, -0.64)], "dark_pink", outline=None)
    head = [(-0.2, -0.68), (0.2, -0.68), (0.56, -0.56), (0.74, -0.25), (0.8, 0.1), (0.66, 0.36), (0.46, 0.5),
            (0.32, 0.82), (0, 0.92), (-0.32, 0.82), (-0.46, 0.5), (-0.66, 0.36), (-0.8, 0.1), (-0.74, -0.25), (-0.56, -0.56)]
    p.poly(head, "black")
    for s in (-1, 1):  # blue highlights carved out of the black
        p.line(bezier((s * 0.08, -0.6), (s * 0.3, -0.55), (s * 0.5, -0.45), (s * 0.62, -0.28)), "blue", 0.035)
        p.line(bezier((s * 0.12, -0.42), (s * 0.25, -0.38), (s * 0.4, -0.36), (s * 0.5, -0.3)), "blue", 0.03)
        p.line(bezier((s * 0.62, -0.05), (s * 0.7, 0.1), (s * 0.62, 0.25), (s * 0.5, 0.32)), "blue", 0.035)
        p.line(bezier((s * 0.1, -0.05), (s * 0.12, 0.05), (s * 0.14, 0.1), (s * 0.2, 0.15)), "blue", 0.03)
        eye = [(s * 0.3 + 0.17 * math.cos(t), -0.18 + 0.08 * math.sin(t) - s * 0.05 * math.cos(t)) for t in
               (i * 2 * math.pi / 30 for i in range(30))]
        p.poly(eye, "yellow", width=0.035)
        p.ellipse(s * 0.3, -0.18, 0.03, 0.075, "black", None)
        p.dot(s * 0.32, -0.21, 0.012, "white")
    p.poly([(-0.13, 0.12), (0.13, 0.12), (0.0, 0.26)], "dark_pink", width=0.03)
    mouth = [(-0.36, 0.38), (0, 0.33), (0.36, 0.38), (0.26, 0.72), (0, 0.8), (-0.26, 0.72)]
    p.poly(mouth, "red")
    p.poly([(-0.2, 0.6), (0.2, 0.6), (0.14, 0.74), (0, 0.78), (-0.14, 0.74)], "dark_red", outline=None)
    for s in (-1, 1):
        p.poly([(s * 0.24, 0.38), (s * 0.13, 0.37), (s * 0.19, 0.62)], "white", width=0.025)
        p.poly([(s * 0.2, 0.73), (s * 0.1, 0.76), (s * 0.14, 0.56)], "white", width=0.025)
        for k in range(3):
            p.dot(s * (0.2 + k * 0.07), 0.28 + k * 0.02, 0.015, "blue")
    p.poly(mouth, None, width=0.035)


def koi(p: Pen, rng: random.Random, body: str = "orange", patch: str = "white") -> None:
    spine = bezier((1.0, 0.0), (0.4, -0.34), (-0.3, 0.3), (-0.9, 0.05), 40)
    n = len(spine)
    widths = [0.62 * math.sin(math.pi * (0.12 + 0.82 * (i / (n - 1)))) ** 0.8 + 0.05 for i in range(n)]
    # tail fin
    tx, ty = spine[-1]
    tail = bezier((tx + 0.1, ty - 0.04), (tx - 0.3, ty - 0.4), (tx - 0.6, ty - 0.55), (tx - 0.78, ty - 0.42)) + \
        bezier((tx - 0.78, ty - 0.42), (tx - 0.55, ty - 0.15), (tx - 0.55, ty + 0.1), (tx - 0.8, ty + 0.42))[1:] + \
        bezier((tx - 0.8, ty + 0.42), (tx - 0.6, ty + 0.5), (tx - 0.3, ty + 0.35), (tx + 0.1, ty + 0.06))[1:]
    p.poly(tail, body)
    for k in range(6):
        a = -0.38 + k * 0.16
        p.line(bezier((tx, ty), (tx - 0.25, ty + a * 0.5), (tx - 0.45, ty + a), (tx - 0.62, ty + a * 1.05), 10), width=0.018)
    # fins
    for fx, fy, ang in ((0.55, 0.2, 120), (0.0, 0.18, 110)):
        f = p.sub(fx, fy, 1.0, ang)
        f.poly([(0, 0)] + [(x + 0.05, y) for x, y in ellipse_pts(0.2, 0, 0.22, 0.14, 20, -80, 80)], body, width=0.035)
        for k in range(4):
            f.line([(0.02, 0), (0.36, -0.1 + k * 0.07)], width=0.015)
    dorsal = bezier((0.45, -0.2), (0.2, -0.55), (-0.2, -0.35), (-0.45, -0.02))
    p.poly(dorsal + [(-0.2, -0.05), (0.3, -0.16)], body, width=0.035)
    outline = stroke_outline(spine, widths)
    p.poly(outline, body)
    # kohaku patches of white
    for _ in range(3):
        i = rng.randint(6, n - 10)
        x, y = spine[i]
        w = widths[i]
        blob = [(x + w * 0.55 * math.cos(t) * rng.uniform(0.8, 1.2), y + w * 0.35 * math.sin(t) * rng.uniform(0.8, 1.2))
                for t in (j * 2 * math.pi / 16 for j in range(16))]
        p.poly(blob, patch, outline=None)
    # scales: rows of small arcs facing the head
    for i in range(8, n - 4, 2):
        x, y = spine[i]
        ax, ay = spine[i - 1]
        d = math.hypot(x - ax, y - ay) or 1
        nx, ny = -(y - ay) / d, (x - ax) / d
        ang = math.degrees(math.atan2(y - ay, x - ax))
        rows = 3
        for r in range(-rows, rows + 1):
            off = r / (rows + 0.5) * widths[i] * 0.42
            sx, sy = x + nx * off, y + ny * off
            s = p.sub(sx, sy, widths[i] * 0.16, ang + 180)
            s.line(ellipse_pts(0, 0, 0.5, 0.6, 10, -80, 80), width=0.022 / (widths[i] * 0.16))
    p.shade(stroke_outline(spine[5:], [w * 0.3 for w in widths[5:]]), 50)
    p.poly(outline, None, width=0.045)
    hx, hy = spine[0]
    p.ellipse(hx - 0.14, hy - 0.08, 0.05, 0.045, "black", width=0.02)
    p.dot(hx - 0.13, hy - 0.095, 0.012, "white")
    p.line(bezier((hx - 0.02, hy + 0.05), (hx + 0.1, hy + 0.12), (hx + 0.1, hy + 0.25), (hx + 0.02, hy + 0.32)), width=0.02)
    p.line([(hx - 0.1, hy + 0.0), (hx - 0.1, hy + 0.15)], width=0.025)


def wind_bar(p: Pen, path: list[Point], width: float, color: str = "black") -> None:
    n = len(path)
    widths = [width * math.sin(math.pi * i / (n - 1)) ** 0.6 for i in range(n)]
    p.poly(stroke_outline(path, widths), color, outline=None)


def seigaiha(p: Pen, cols: int, rows: int, r: float, fill: str = "blue") -> None:
    """Rows of overlapping concentric half-circles (the classic wave pattern)."""
    for row in range(rows):
        y = row * r * 0.5
        offset = (row % 2) * r
        for col in range(-1, cols + 1):
            x = col * r * 2 + offset
            for k, f in enumerate((1.0, 0.72, 0.44)):
                arc = ellipse_pts(x, y, r * f, r * f, 24, 180, 360)
                p.poly(arc + [(x + r * f, y + r * 0.02)], fill if k % 2 == 0 else "white", width=0.02)


def crest(p: Pen, rng: random.Random) -> None:
    """A breaking wave: a curling body with claw-like foam fingers."""
    body = bezier((-1.2, 0.6), (-1.0, -0.3), (-0.2, -0.9), (0.5, -0.7)) + \
        bezier((0.5, -0.7), (0.9, -0.6), (0.95, -0.2), (0.6, -0.2))[1:] + \
        bezier((0.6, -0.2), (0.3, -0.2), (0.2, 0.2), (0.5, 0.6))[1:]
    p.poly(body, "blue")
    p.shade(body[: len(body) // 2], 60)
    for t in range(9):
        u = t / 9
        x, y = bezier((-1.0, 0.0), (-0.7, -0.55), (0.0, -0.95), (0.75, -0.6), 9)[t]
        claw = p.sub(x, y, 0.09 + 0.03 * rng.random(), -60 + u * 140)
        claw.poly([(0, 0), (0.6, -0.9), (0.9, -0.5), (1.2, -1.1), (1.1, 0.0), (0.0, 0.4)], "white", width=0.3)
    for k in range(4):
        p.line(bezier((-1.0 + k * 0.25, 0.6), (-0.8 + k * 0.25, -0.1), (-0.3 + k * 0.2, -0.5), (0.2 + k * 0.1, -0.55), 20), "white", 0.025)


def blossom(p: Pen, fill: str = "pink") -> None:
    for k in range(5):
        q = p.sub(0, 0, 1.0, k * 72)
        petal = bezier((0, 0), (-0.55, -0.3), (-0.6, -0.85), (-0.2, -1.0)) + [(0, -0.86)] + \
            bezier((0.2, -1.0), (0.6, -0.85), (0.55, -0.3), (0, 0))
        q.poly(petal, fill, width=0.07)
        q.line([(0, -0.12), (0, -0.5)], "dark_pink", 0.04)
    p.ellipse(0, 0, 0.16, 0.16, "yellow", width=0.06)


def peony(p: Pen, rng: random.Random) -> None:
    for ring, (count, r0, r1, wid) in enumerate(((7, 0.35, 1.0, 0.55), (6, 0.2, 0.72, 0.48), (5, 0.05, 0.45, 0.36))):
        for k in range(count):
            a = k * 360 / count + ring * 20 + rng.uniform(-6, 6)
            q = p.sub(0, 0, 1.0, a)
            edge = [(wid * 0.5 * math.cos(t) + wid * 0.08 * math.cos(5 * t), -r1 + 0.12 - 0.1 * math.sin(t))
                    for t in [math.pi * i / 12 for i in range(13)]]
            petal = [(-wid * 0.25, -r0)] + edge[::-1] + [(wid * 0.25, -r0)]
            q.poly(petal, "pink", width=0.04)
            q.poly([(-wid * 0.18, -r0), (0, -r0 - (r1 - r0) * 0.55), (wid * 0.18, -r0)], "dark_pink", outline=None)
            q.shade([(-wid * 0.22, -r0), (0, -r0 - (r1 - r0) * 0.6), (wid * 0.22, -r0)], 80)
    p.ellipse(0, 0, 0.12, 0.12, "yellow", width=0.04)


def branch(p: Pen, path: list[Point], width: float, color: str = "brown") -> None:
    n = len(path)
    p.poly(stroke_outline(path, [width * (1 - 0.7 * i / (n - 1)) for i in range(n)]), color, width=0.03)


def petal_ring(p: Pen, count: int, r0: float, r1: float, wid: float, fill: str | None,
               width: float = 0.02, offset: float = 0) -> None:
    for k in range(count):
        q = p.sub(0, 0, 1.0, k * 360 / count + offset)
        shape = bezier((0, -r0), (-wid, -r0 - (r1 - r0) * 0.3), (-wid * 0.6, -r1 + (r1 - r0) * 0.15), (0, -r1), 12) + \
            bezier((0, -r1), (wid * 0.6, -r1 + (r1 - r0) * 0.15), (wid, -r0 - (r1 - r0) * 0.3), (0, -r0), 12)[1:]
        q.poly(shape, fill, width=width)


def mandala(p: Pen, rng: random.Random, detail: int = 0) -> None:
    ring = lambda r, w=0.02: p.line(ellipse_pts(0, 0, r, r, 120) + [ellipse_pts(0, 0, r, r, 120)[0]], width=w)  # noqa: E731
    petal_ring(p, 32, 0.78, 1.0, 0.05, "black", 0.012)
    petal_ring(p, 16, 0.6, 0.92, 0.12, None, 0.018, 11.25)
    petal_ring(p, 16, 0.66, 0.84, 0.05, "black", 0.01, 11.25)
    ring(0.6, 0.025)
    for k in range(48):
        a = math.radians(k * 7.5)
        p.dot(0.555 * math.cos(a), 0.555 * math.sin(a), 0.014)
    ring(0.51, 0.02)
    petal_ring(p, 12, 0.26, 0.5, 0.14, "black", 0.015)
    petal_ring(p, 12, 0.3, 0.44, 0.05, "white", 0.01)
    petal_ring(p, 12, 0.28, 0.47, 0.09, None, 0.012, 15)
    ring(0.26, 0.02)
    shell = ellipse_pts(0, 0, 0.24, 0.24, 60)
    p.stipple(rng, shell, lambda x, y: 0.15 + 0.8 * (math.hypot(x, y) / 0.24) ** 2, 2600 + detail * 400, 0.008)
    petal_ring(p, 8, 0.02, 0.18, 0.07, "white", 0.014)
    p.ellipse(0, 0, 0.045, 0.045, "black", None)


def flower_of_life(p: Pen, rng: random.Random) -> None:
    r = 0.3
    centers = [(0.0, 0.0)] + [(r * math.cos(math.radians(a)), r * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    centers += [(2 * r * math.cos(math.radians(a)), 2 * r * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    centers += [(math.sqrt(3) * r * math.cos(math.radians(a)), math.sqrt(3) * r * math.sin(math.radians(a))) for a in range(30, 390, 60)]
    tri_up = [(0, -1.05), (0.91, 0.525), (-0.91, 0.525)]
    tri_dn = [(0, 1.05), (0.91, -0.525), (-0.91, -0.525)]
    for tri in (tri_up, tri_dn):
        p.stipple(rng, tri, lambda x, y: 0.05 + 0.55 * max(0.0, (math.hypot(x, y) - 0.55) / 0.5), 5000, 0.008)
    for cx, cy in centers:
        p.line(ellipse_pts(cx, cy, r, r, 72) + [ellipse_pts(cx, cy, r, r, 72)[0]], width=0.014)
    p.poly(tri_up, None, width=0.022)
    p.poly(tri_dn, None, width=0.022)
    for i in range(6):
        for j in range(i + 1, 6):
            a, b = centers[7 + i], centers[7 + j]
            p.line([a, b], width=0.008)
    for rr, w in ((1.08, 0.03), (1.16, 0.012)):
        p.line(ellipse_pts(0, 0, rr, rr, 120) + [ellipse_pts(0, 0, rr, rr, 120)[0]], width=w)
    for k in range(72):
        a = math.radians(k * 5)
        p.dot(1.22 * math.cos(a), 1.22 * math.sin(a), 0.011)


def moon(p: Pen, rng: random.Random, phase: float) -> None:
    """A dotwork moon; phase 0 = new, 0.5 = full, 1 = new again."""
    p.line(ellipse_pts(0, 0, 1, 1, 72) + [(1, 0)], width=0.04)
    lit = math.cos(phase * 2 * math.pi)  # 1 new .. -1 full

    def density(x: float, y: float) -> float:
        if abs(y) >= 1:
            return 0.0
        edge = lit * math.sqrt(1 - y * y)
        shadow = x < edge if phase < 0.5 else x > -edge
        base = 0.72 if shadow else 0.05
        return base + 0.2 * (x * x + y * y)

    p.stipple(rng, ellipse_pts(0, 0, 0.98, 0.98, 60), density, 2600, 0.02)


def eye(p: Pen) -> None:
    upper = bezier((-1, 0), (-0.5, -0.62), (0.5, -0.62), (1, 0))
    lower = bezier((1, 0), (0.5, 0.5), (-0.5, 0.5), (-1, 0))
    p.poly(upper + lower[1:], "white", width=0.05)
    p.shade(upper + [(0.7, -0.1), (-0.7, -0.1)], 120)
    p.ellipse(0, -0.02, 0.34, 0.34, "grey", width=0.03)
    for k in range(36):
        a = math.radians(k * 10)
        p.line([(0.14 * math.cos(a), -0.02 + 0.14 * math.sin(a)), (0.32 * math.cos(a), -0.02 + 0.32 * math.sin(a))], "black", 0.012)
    p.shade(ellipse_pts(0, -0.12, 0.34, 0.2), 90)
    p.ellipse(0, -0.02, 0.14, 0.14, "black", None)
    p.ellipse(0.09, -0.12, 0.05, 0.05, "white", None)
    for k in range(9):
        t = 0.1 + k * 0.1
        x, y = bezier((-1, 0), (-0.5, -0.62), (0.5, -0.62), (1, 0), 10)[round(t * 10)]
        p.line([(x, y), (x * 1.1 + 0.02, y - 0.2 - 0.05 * math.sin(t * math.pi))], width=0.02)
    p.line(bezier((-0.95, -0.25), (-0.4, -0.9), (0.4, -0.9), (0.95, -0.25)), width=0.03)
    for k in range(24):
        a = math.radians(200 + k * 140 / 23)
        p.line([(1.25 * math.cos(a), 1.0 * math.sin(a) - 0.05), (1.6 * math.cos(a), 1.3 * math.sin(a) - 0.05)], width=0.015)


def pocket_watch(p: Pen) -> None:
    p.line(bezier((0, -1.1), (0.6, -1.6), (1.4, -1.2), (1.7, -0.4), 40), "steel_dark", 0.05)
    for k, (x, y) in enumerate(bezier((0, -1.1), (0.6, -1.6), (1.4, -1.2), (1.7, -0.4), 16)):
        p.ellipse(x, y, 0.05, 0.035, "steel", width=0.02)
    p.ellipse(0, -1.02, 0.12, 0.08, "steel", width=0.03)
    p.ellipse(0, 0, 1.0, 1.0, "steel_dark")
    p.shade(ellipse_pts(0.15, 0.15, 0.9, 0.9), 70)
    p.ellipse(0, 0, 0.86, 0.86, "white", width=0.03)
    for k, numeral in enumerate(("XII", "III", "VI", "IX")):
        a = math.radians(-90 + k * 90)
        p.text(0.66 * math.cos(a), 0.66 * math.sin(a), numeral, "DejaVuSerif-Bold.ttf", 0.14)
    for k in range(60):
        a = math.radians(k * 6)
        r0 = 0.78 if k % 5 else 0.74
        p.line([(r0 * math.cos(a), r0 * math.sin(a)), (0.84 * math.cos(a), 0.84 * math.sin(a))], width=0.012)
    p.line([(0, 0), (0.28, -0.4)], width=0.05)
    p.line([(0, 0), (-0.52, 0.18)], width=0.035)
    p.ellipse(0, 0, 0.05, 0.05, "black", None)
    p.shade(ellipse_pts(-0.3, -0.35, 0.35, 0.25), 25)


def banner(p: Pen, word: str, font: str = "DejaVuSerif-BoldItalic.ttf", text_color: str = "red",
           fill: str = "white", arch: float = 0.18) -> None:
    for s in (-1, 1):
        tail = [(s * 0.82, -arch * 0.2 + 0.08), (s * 1.22, 0.02), (s * 1.08, 0.2), (s * 1.24, 0.38), (s * 0.84, 0.32)]
        p.poly(tail, "dark_red" if fill != "white" else "grey")
        p.poly([(s * 0.82, 0.05), (s * 0.95, 0.32), (s * 0.84, 0.32)], "black")
    top = bezier((-0.95, 0.0), (-0.4, -arch * 1.8), (0.4, -arch * 1.8), (0.95, 0.0))
    bottom = bezier((0.95, 0.3), (0.4, 0.3 - arch * 1.8), (-0.4, 0.3 - arch * 1.8), (-0.95, 0.3))
    p.poly(top + bottom, fill)
    p.shade(bottom + [(0.95, 0.22), (-0.95, 0.22)], 50)
    p.text(0, 0.14 - arch * 0.95, word, font, 0.26, text_color)


def sprig(p: Pen, rng: random.Random, length: float = 1.0, leaves: int = 7) -> None:
    """A fine-line stem with paired leaves."""
    stem = bezier((0, 0), (0.1 * length, -0.35 * length), (-0.05 * length, -0.7 * length), (0.08 * length, -length))
    p.line(stem, width=0.012)
    for i in range(1, leaves + 1):
        t = i / (leaves + 1)
        x, y = stem[round(t * (len(stem) - 1))]
        side = 1 if i % 2 else -1
        size = 0.16 * (1.1 - t * 0.5) * length
        q = p.sub(x, y, size, -90 + side * (55 + rng.uniform(-8, 8)))
        top = bezier((0, 0), (0.4, -0.45), (1.0, -0.35), (1.4, 0), 12)
        bot = bezier((1.4, 0), (1.0, 0.3), (0.4, 0.4), (0, 0), 12)
        q.poly(top + bot[1:], None, width=0.012 / size)
        q.line([(0.05, 0), (1.0, 0)], width=0.008 / size)


def daisy(p: Pen, petals: int = 14) -> None:
    for k in range(petals):
        q = p.sub(0, 0, 1.0, k * 360 / petals)
        shape = bezier((0, -0.2), (-0.18, -0.45), (-0.12, -0.95), (0, -1.0), 12) + \
            bezier((0, -1.0), (0.12, -0.95), (0.18, -0.45), (0, -0.2), 12)[1:]
        q.poly(shape, None, width=0.03)
    p.ellipse(0, 0, 0.2, 0.2, None, width=0.03)
    for k in range(10):
        a = math.radians(k * 36)
        p.dot(0.1 * math.cos(a), 0.1 * math.sin(a), 0.025)


def bluebonnet(p: Pen, rng: random.Random) -> None:
    stem = bezier((0, 0.6), (0.05, 0.2), (-0.04, -0.3), (0.02, -0.9))
    p.line(stem, width=0.012)
    for i in range(14):
        t = 0.25 + i * 0.05
        x, y = stem[round(t * (len(stem) - 1))]
        size = 0.13 * (1.2 - t)
        side = 1 if i % 2 else -1
        q = p.sub(x + side * size * 0.6, y, size, side * 20)
        q.poly(ellipse_pts(0, 0, 0.8, 0.55, 24), None, width=0.012 / size)
        q.line(ellipse_pts(0, -0.1, 0.45, 0.3, 12, 200, 340), width=0.01 / size)
    for k in range(4):
        leafp = p.sub(0.0, 0.5 - k * 0.05, 0.2, 180 + 40 * k - 60)
        leafp.poly(bezier((0, 0), (0.4, -0.3), (1.0, -0.2), (1.4, 0), 10) + bezier((1.4, 0), (1.0, 0.2), (0.4, 0.3), (0, 0), 10)[1:],
                   None, width=0.012 / 0.2)

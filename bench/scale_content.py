"""The seeded content folders of bench/scale.py: the demo content/ as is, and the demo plus
extra artists and N phone-like portfolio photos.

    make_content_set(folder, count=2000, seed=1)

A content set lives in `folder/content/`. Making it again is cheap and puts it back exactly
as made (what bench/scale.py does after changing a photo or a YAML file): demo files whose
size or modification time differ are copied again, the generated YAML files rewritten when
their text differs, a generated photo made again when its size or time differs from when it
was made (kept in `folder/photos.json`), and every other file removed. So only the first
run pays for the photos (about 0.3 s each per core at 2400x1800).
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import yaml
from images import add_noise, grey_noise  # bench/images.py: the same photo-like grain
from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "content"
# Bump when the generator below changes: the photos are then made again.
VERSION = 1
PHOTO_SIZE = (2400, 1800)  # a phone photo, downscaled a little: about 1 MB at quality 90
PROFILE_SIZE = (1600, 2000)

FIRST = (
    "Ava Bram Cleo Dario Elin Felix Greta Hugo Iris Jonah Kira Luca Mina Nico Odette Pavel "
    "Quinn Rosa Silas Tove Umar Vera Wren Yusuf Zora Anouk Bastian Carmen Dev Esme"
).split()
LAST = (
    "Aldana Brennan Castell Dorsey Ekwueme Falk Galloway Hartmann Ibsen Jovanovic Kessler "
    "Lindqvist Moreau Novak Okafor Petrov Quintero Rasmussen Sato Thorne Ulrich Varga "
    "Whitlock Yilmaz Zeller"
).split()
STYLES = (
    "Fine Line,Botanical,Japanese,Irezumi,Blackwork,Dotwork,Neo-Traditional,American "
    "Traditional,Realism,Black and Grey,Lettering,Geometric,Watercolor,Ornamental,Micro Realism"
).split(",")
SUBJECTS = (
    "Rose,Peony,Koi,Dragon,Swallow,Panther,Skull,Dagger,Moth,Serpent,Lotus,Wave,Crane,Tiger,"
    "Mandala,Moon,Fern,Compass,Owl,Wolf,Hand,Eye,Heart,Lantern,Orchid,Raven,Stag,Sun,Ship"
).split(",")
PLACES = (
    "Forearm,Sleeve,Half Sleeve,Backpiece,Shoulder,Calf,Thigh,Chest Piece,Ribs,Ankle,Wrist,"
    "Hand,Collarbone,Neck,Sternum,Knee"
).split(",")


@dataclass(frozen=True)
class ContentSet:
    content: Path
    artists: list[str]  # every artist slug, demo ones first
    generated_artists: list[str]
    photos: int  # portfolio photos of the generated artists


# ---------------------------------------------------------------- photos


def scene(key: str, size: tuple[int, int]) -> Image.Image:
    """A photo-like picture (as bench/images.py makes them): smooth light per channel,
    soft translucent shapes, texture at several scales, sensor grain and dark line work,
    never flat colour, which would compress to nothing and flatter every encoder."""
    rng = random.Random(key)
    width, height = size
    small = (width // 4, height // 4)
    bands = []
    for _ in range(3):
        ramp = Image.linear_gradient("L").transpose(rng.choice(list(Image.Transpose)))
        low, high = rng.randint(0, 110), rng.randint(140, 255)
        ramp = ramp.resize(small, Image.Resampling.BICUBIC)
        bands.append(ramp.point(lambda v, lo=low, hi=high: lo + (hi - lo) * v // 255))
    img = Image.merge("RGB", bands).convert("RGBA")
    shapes = Image.new("RGBA", small, (0, 0, 0, 0))
    draw = ImageDraw.Draw(shapes)
    for _ in range(rng.randint(25, 45)):
        fill = tuple(rng.randrange(256) for _ in range(3)) + (rng.randint(90, 255),)
        x, y = rng.uniform(-0.1, 1.0) * small[0], rng.uniform(-0.1, 1.0) * small[1]
        side = rng.uniform(0.03, 0.4) * small[0]
        if rng.random() < 0.5:
            draw.ellipse((x, y, x + side, y + side * rng.uniform(0.4, 1.6)), fill=fill)
        else:
            corners = [(x + rng.uniform(0, side), y + rng.uniform(0, side)) for _ in range(5)]
            draw.polygon(corners, fill=fill)
    img = Image.alpha_composite(img, shapes).convert("RGB").filter(ImageFilter.GaussianBlur(1.2))
    img = img.resize(size, Image.Resampling.BICUBIC)
    img = add_noise(img, grey_noise(rng, (width // 32, height // 32), 24))  # uneven light
    img = add_noise(img, grey_noise(rng, (width // 6, height // 6), 12))  # skin, fabric
    img = add_noise(img, grey_noise(rng, size, 6))  # grain after the phone's denoising
    draw = ImageDraw.Draw(img)
    for _ in range(rng.randint(30, 60)):  # line work: the sharp edges a tattoo photo has
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        points = [(x, y)]
        for _ in range(rng.randint(2, 8)):
            x, y = x + rng.uniform(-250, 250), y + rng.uniform(-250, 250)
            points.append((x, y))
        ink = tuple(rng.randrange(80) for _ in range(3))
        draw.line(points, fill=ink, width=rng.randint(3, 10), joint="curve")
    return img


def photo_bytes(key: str, size: tuple[int, int] = PHOTO_SIZE, quality: int = 90) -> bytes:
    """A JPEG as a phone saves it (quality 90, 4:2:0, a little EXIF); distinct per key."""
    exif = Image.Exif()
    exif.update({0x010F: "BenchPhone", 0x0110: "Scale 1", 0x010E: key})
    buffer = io.BytesIO()
    scene(key, size).save(buffer, "JPEG", quality=quality, subsampling="4:2:0", exif=exif.tobytes())
    return buffer.getvalue()


def write_atomically(path: Path, data: bytes) -> None:
    """A write cut short never leaves half a file (the next run would take it as made)."""
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_bytes(data)
    temp.replace(path)


def _make_photo(path: str, key: str, size: tuple[int, int], quality: int) -> tuple[str, int, int]:
    write_atomically(Path(path), photo_bytes(key, size, quality))
    stat = os.stat(path)
    return path, stat.st_size, stat.st_mtime_ns


# ---------------------------------------------------------------- YAML


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def generated_files(count: int, seed: int, artists: int, first_order: int) -> dict[str, object]:
    """Relative path -> YAML data (a dict or list) or a photo spec ("photo", key, size, q)."""
    rng = random.Random(f"scale-content-{seed}")
    names: list[str] = []
    while len(names) < artists:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in names:
            names.append(name)
    files: dict[str, object] = {}
    pieces: dict[str, list[dict[str, str]]] = {_slug(name): [] for name in names}
    for number, name in enumerate(names):
        slug = _slug(name)
        styles = rng.sample(STYLES, rng.randint(2, 3))
        years = rng.randint(3, 25)
        files[f"artists/{slug}.yaml"] = {
            "name": name,
            "photo": f"{slug}.jpg",
            "years_experience": years,
            "specialties": styles,
            "instagram": f"@{slug.replace('-', '.')}.ink",
            "bio": (
                f"{name.split()[0]} has tattooed for {years} years, mostly "
                f"{styles[0].lower()} and {styles[1].lower()} work. Every piece starts as a "
                f"drawing made for the client's body, refined over a consultation or two "
                f"and finished in as few sessions as the skin allows."
            ),
            "order": first_order + number,
        }
        files[f"images/artists/{slug}.jpg"] = ("photo", f"{seed}-profile-{slug}", PROFILE_SIZE, 85)
    slugs = list(pieces)
    for index in range(count):
        slug = slugs[index % len(slugs)] if slugs else None
        if slug is None:
            raise SystemExit("photos need at least one generated artist")
        file = f"scale-{index + 1:05d}.jpg"
        size = PHOTO_SIZE if index % 3 else PHOTO_SIZE[::-1]  # every third one upright
        title = f"{rng.choice(SUBJECTS)} {rng.choice(PLACES)} No. {index + 1}"
        pieces[slug].append({"file": file, "title": title})
        files[f"images/work/{file}"] = ("photo", f"{seed}-work-{index}", size, 90)
    for slug, listed in pieces.items():
        files[f"portfolio/{slug}.yaml"] = listed
    return files


def yaml_text(data: object) -> str:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88)
    return f"# made by bench/scale_content.py: edits are undone on its next run\n{text}"


# ---------------------------------------------------------------- the folder


def _demo_files() -> dict[str, Path]:
    return {
        p.relative_to(DEMO).as_posix(): p
        for p in sorted(DEMO.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def _same_stat(a: Path, b: Path) -> bool:
    try:
        sa, sb = a.stat(), b.stat()
    except FileNotFoundError:
        return False
    return sa.st_size == sb.st_size and sa.st_mtime_ns == sb.st_mtime_ns


def make_content_set(
    folder: Path, count: int = 0, seed: int = 1, artists: int = 0, workers: int = 2
) -> ContentSet:
    """Make (or put back) folder/content: the demo plus `artists` artists with `count`
    portfolio photos spread over them."""
    content = folder / "content"
    content.mkdir(parents=True, exist_ok=True)
    demo = _demo_files()
    demo_artists = sorted(Path(rel).stem for rel in demo if rel.startswith("artists/"))
    orders = []
    for slug in demo_artists:
        data = yaml.safe_load((DEMO / "artists" / f"{slug}.yaml").read_text("utf-8")) or {}
        orders.append(int(data.get("order", 0)))
    generated = generated_files(count, seed, artists, max(orders, default=0) + 1)
    if set(generated) & set(demo):
        raise SystemExit(f"generated names clash with content/: {set(generated) & set(demo)}")

    for rel, source in demo.items():
        target = content / rel
        if not _same_stat(source, target):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)

    record_path = folder / "photos.json"
    try:
        record = json.loads(record_path.read_text())
    except (OSError, ValueError):
        record = {}
    if record.get("version") != VERSION or record.get("seed") != seed:
        record = {"version": VERSION, "seed": seed, "photos": {}}
    made: dict[str, list[int]] = record["photos"]
    todo = []
    for rel, spec in generated.items():
        target = content / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(spec, tuple):
            _, key, size, quality = spec
            try:
                stat = target.stat()
                same = made.get(rel) == [stat.st_size, stat.st_mtime_ns]
            except FileNotFoundError:
                same = False
            if not same:
                todo.append((str(target), key, size, quality))
        else:
            text = yaml_text(spec)
            if not target.is_file() or target.read_text("utf-8") != text:
                target.write_text(text, "utf-8")
    if todo:
        print(f"making {len(todo)} photos in {content} (once) ...", flush=True)
        with ProcessPoolExecutor(workers) as pool:
            for done, (path, size, mtime) in enumerate(
                pool.map(_make_photo, *zip(*todo, strict=True)), 1
            ):
                made[Path(path).relative_to(content).as_posix()] = [size, mtime]
                if done % 200 == 0:
                    print(f"  {done}/{len(todo)}", flush=True)
                    record_path.write_text(json.dumps(record))
        record_path.write_text(json.dumps(record))

    expected = set(demo) | set(generated)
    for path in sorted(content.rglob("*"), reverse=True):
        rel = path.relative_to(content).as_posix()
        if path.is_dir() and not path.is_symlink():
            if not any(path.iterdir()):
                path.rmdir()
        elif rel not in expected:
            path.unlink()
    generated_artists = [Path(r).stem for r in generated if r.startswith("artists/")]
    return ContentSet(content, demo_artists + generated_artists, generated_artists, count)

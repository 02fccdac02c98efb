"""Re-save safety: the demo content, saved back by the admin unchanged, builds the same site.

The admin (Decap CMS) rewrites a whole file on every save with its own YAML writer: comments
go, keys take the order of the admin's fields, quoting changes and long text is folded. The
files are re-saved with Decap's own writer (cms/resave.mjs runs Decap's YAML format and the
admin's formats in node), then built, and every file of the static API must be identical.

The translated files (an artist, a portfolio, a flash sheet, site.yaml) go through the admin's
Spanish formats (cms/src/formats.ts) as Decap's i18n runs them: read into the two panes,
written from both. A file without Spanish comes out as Decap's plain YAML writer writes it; a
file with Spanish keeps each X_es right after its X, at any depth; what an editor types in
the Spanish pane lands beside its English, and an empty Spanish field is not written.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from generator import pipeline
from generator.content import models
from generator.pipeline import checked_content
from generator.site import cms
from generator.site.admin import AdminSettings
from sitefactory import minimal_site, write_site

ROOT = pipeline.PROJECT_ROOT


def resave(repo: Path, config: Path, reverse: bool = False, edits: dict | None = None) -> list[str]:
    """Every file the admin edits saved back as the admin saves it (unchanged, or with edits:
    {file: [{"set": "es.bio", "to": "..."}, ...]}, src/resave.ts)."""
    node = shutil.which("node")
    assert node, "node is needed to re-save as the admin does"
    args = [node, "resave.mjs", str(config), str(repo)] + (["--reverse"] if reverse else [])
    if edits:
        (repo / "edits.json").write_text(json.dumps(edits))
        args += ["--edits", str(repo / "edits.json")]
    proc = subprocess.run(args, cwd=ROOT / "cms", capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def admin_config(folder: Path) -> Path:
    """The admin's configuration, as the build writes it, in folder."""
    config = folder / "config.json"
    config.write_text(json.dumps(cms.admin_config("content", AdminSettings().backend())))
    return config


def untranslated_config(folder: Path) -> Path:
    """The same without Spanish: Decap's plain `yaml` and the bare-list format, no i18n (the
    admin as it was before it edited Spanish)."""
    config = cms.admin_config("content", AdminSettings().backend())
    plain_formats = {spanish: plain for plain, spanish in cms.SPANISH_FORMATS.items()}
    config.pop("i18n")
    text = json.dumps(config)
    text = re.sub(r', "i18n": (true|"duplicate")', "", text)
    plain = json.loads(text)
    for collection in plain["collections"]:
        collection["format"] = plain_formats.get(collection["format"], collection["format"])
    assert "i18n" not in json.dumps(plain)
    path = folder / "plain-config.json"
    path.write_text(json.dumps(plain))
    return path


def texts(content: Path) -> dict[str, str]:
    return {
        p.relative_to(content).as_posix(): p.read_text("utf-8")
        for p in sorted(content.rglob("*"))
        if p.suffix in (".yaml", ".md")
    }


def spanish_out_of_place(node: object, where: str = "") -> list[str]:
    """Every X_es not right after its X in a mapping (at any depth)."""
    wrong = []
    if isinstance(node, dict):
        keys = list(node)
        for i, key in enumerate(keys):
            if key.endswith("_es") and key[:-3] in node and keys[i - 1] != key[:-3]:
                wrong.append(f"{where}{key}")
        for key, value in node.items():
            wrong += spanish_out_of_place(value, f"{where}{key}.")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            wrong += spanish_out_of_place(item, f"{where}{i}.")
    return wrong


def api_files(dist: Path) -> dict[str, str]:
    return {
        p.relative_to(dist).as_posix(): p.read_text("utf-8")
        for p in sorted((dist / "api").rglob("*.json"))
    }


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The demo content three times: as committed, re-saved, re-saved with keys reversed."""
    root = tmp_path_factory.mktemp("resave")
    config = admin_config(root)
    repos = {}
    for name in ("original", "resaved", "reversed"):
        repos[name] = root / name
        shutil.copytree(ROOT / "content", repos[name] / "content")
    saved = resave(repos["resaved"], config)
    resave(repos["reversed"], config, reverse=True)
    # artists, portfolios, flash, guides and their Spanish, policies and theirs, site.yaml:
    # every file there is
    there = [
        path.relative_to(root / "original").as_posix()
        for folder in ("artists", "portfolio", "flash")
        for path in (root / "original" / "content" / folder).glob("*.yaml")
    ]
    there += [
        f"content/{name}"
        for name in (
            "aftercare/tattoo.md",
            "aftercare/tattoo.es.md",
            "aftercare/piercing.md",
            "aftercare/piercing.es.md",
            "policies.md",
            "policies.es.md",
            "site.yaml",
        )
        if (root / "original" / "content" / name).is_file()
    ]
    assert sorted(saved) == sorted(there)
    assert "content/policies.md" in saved
    return repos


def test_the_admin_writer_really_rewrites_the_files(copies: dict[str, Path]):
    before = (copies["original"] / "content" / "site.yaml").read_text("utf-8")
    after = (copies["resaved"] / "content" / "site.yaml").read_text("utf-8")
    assert before.startswith("# Studio facts") and "#" not in after.split("\n", 1)[0]
    bio = (copies["resaved"] / "content" / "artists" / "dmitri-volkov.yaml").read_text("utf-8")
    assert "bio: >-" not in bio  # the folded block became a quoted, re-wrapped string
    reversed_site = (copies["reversed"] / "content" / "site.yaml").read_text("utf-8")
    last_key = list(yaml.safe_load(before))[-1]  # the keys in reverse: the last one first
    assert reversed_site.startswith(f"{last_key}:")


def test_resaved_content_builds_the_same_static_api(copies: dict[str, Path], demo_dist: Path):
    # The content as committed is the run's demo build (demo_dist); the re-saved copy reuses
    # its photos and videos, encoded once per machine in the repository's .cache/build.
    resaved_dist = copies["resaved"] / "dist"
    paths = pipeline.Paths.make(
        copies["resaved"] / "content", resaved_dist, ROOT / ".cache" / "build"
    )
    pipeline.build(paths)
    original, resaved = api_files(demo_dist), api_files(resaved_dist)
    assert len(original) > 5
    assert resaved == original


def test_key_order_does_not_matter_to_the_build(copies: dict[str, Path]):
    original = checked_content(copies["original"] / "content")
    reordered = checked_content(copies["reversed"] / "content")
    assert reordered.site == original.site
    assert reordered.artists == original.artists
    assert reordered.work == original.work
    assert reordered.flash == original.flash
    assert reordered.aftercare == original.aftercare
    assert reordered.policies == original.policies


def test_text_that_yaml_1_1_would_misread_survives_the_admin_writer(tmp_path: Path):
    # Decap writes YAML 1.2: "No", "On", "10:30" and "2022-01-01" come out unquoted. The loader
    # reads them as YAML 1.2 does, as the text the editor typed (generator/content/yamlfile.py).
    tricky = {"No": "On", "10:30": "2022-01-01", "Off": "1_000"}
    files = minimal_site()
    # (free text: the timeline; opening hours must read as days and times, content/hours.py)
    entries = "".join(
        f'  - period: "{period}"\n    title: "{title}"\n    text: Founded.\n'
        for period, title in tricky.items()
    )
    files["site.yaml"] = re.sub(
        r"timeline:\n(?:  .*\n)+", "timeline:\n" + entries, files["site.yaml"]
    )
    # (resave.mjs reads every file the admin names; the minimal site has no policies.md)
    files["policies.md"] = "## Deposits\n\n- Non-refundable.\n"
    content = write_site(tmp_path / "content", files)
    config = tmp_path / "config.json"
    config.write_text(json.dumps(cms.admin_config("content", AdminSettings().backend())))
    resave(tmp_path, config)
    written = (content / "site.yaml").read_text("utf-8")
    assert "  - period: No\n    title: On\n" in written  # as Decap writes them: plain
    assert "title: 2022-01-01\n" in written and "period: 10:30\n" in written
    site = checked_content(content).site
    assert [(t.period, t.title) for t in site.timeline] == list(tricky.items())


# --- Spanish ---------------------------------------------------------------------------------


def test_a_file_without_spanish_is_written_as_decaps_own_yaml_writer_writes_it(tmp_path: Path):
    """Files without any X_es (the minimal site) saved through the Spanish formats are byte for
    byte what the admin wrote before it edited Spanish; opened and saved again, they do not
    change (an open and a save is no change)."""
    content = write_site(tmp_path / "i18n" / "content", minimal_site())
    shutil.copytree(content, tmp_path / "plain" / "content")
    assert not any("_es:" in text for text in texts(content).values())
    resave(tmp_path / "i18n", admin_config(tmp_path))
    resave(tmp_path / "plain", untranslated_config(tmp_path))
    written = texts(content)
    assert written == texts(tmp_path / "plain" / "content")
    assert written["portfolio/jane-doe.yaml"] == (
        "- file: rose.jpg\n  title: Rose\n- file: koi.jpg\n  title: Koi\n"
    )
    resave(tmp_path / "i18n", admin_config(tmp_path))
    assert texts(content) == written


def test_a_file_with_spanish_comes_back_byte_for_byte(copies: dict[str, Path], tmp_path: Path):
    """The demo's Spanish (an artist's bio_es, a piece's title_es, site.yaml's labels, timeline
    and memorial): saved once by the admin, each X_es right after its X at every depth; opened
    and saved again, not a byte changes; the data is the file's as it was."""
    resaved = copies["resaved"] / "content"
    again = tmp_path / "again"
    shutil.copytree(resaved, again / "content")
    resave(again, admin_config(tmp_path))
    assert texts(again / "content") == texts(resaved)
    spanish = 0
    for name, text in texts(resaved).items():
        if not name.endswith(".yaml"):
            continue
        data = yaml.safe_load(text)
        original = yaml.safe_load((copies["original"] / "content" / name).read_text("utf-8"))
        assert data == original, name
        assert spanish_out_of_place(data) == [], name
        spanish += text.count("_es:")
    assert spanish > 50  # the demo is translated: this is a file with Spanish, at every depth
    site = (resaved / "site.yaml").read_text("utf-8")
    assert "      label: Pieces\n      label_es: Piezas\n" in site
    assert re.search(r"\n  text: .*\n(?:    .*\n)*  text_es: ", site)  # the memorial's


def test_spanish_typed_in_the_admin_is_written_beside_its_english(tmp_path: Path):
    """What an editor does in the two panes, saved: a Spanish bio; a Spanish field left empty
    (not written); the Spanish of a piece, the English pieces then reordered (the translation
    stays with its piece); a figure's label, a timeline title and the memorial's text in
    Spanish. The build reads every Spanish text where the editor typed it."""
    content = write_site(tmp_path / "content", minimal_site())
    resave(
        tmp_path,
        admin_config(tmp_path),
        edits={
            "content/artists/jane-doe.yaml": [
                {"set": "es.bio", "to": "Una biografía corta."},
                {"set": "es.alt", "to": ""},
                {"set": "es.books_note", "to": "   "},
                {"set": "es.specialties", "to": ["Trazo fino", "", "Blackwork"]},
            ],
            "content/portfolio/jane-doe.yaml": [
                {"set": "es.pieces.0.title", "to": "Rosa"},
                {"set": "es.pieces.1.alt", "to": ""},
                {"reverse": "en.pieces"},
            ],
            "content/portfolio/max-ink.yaml": [{"set": "es.pieces.0.title", "to": ""}],
            "content/site.yaml": [
                {"set": "es.stats.work.0.label", "to": "Piezas"},
                {"set": "es.timeline.0.title", "to": "El comienzo"},
                {"set": "es.memorial", "to": {"text": "Recordado."}},
                {"set": "es.in_memory", "to": "En memoria del fundador."},
            ],
        },
    )
    artist = (content / "artists" / "jane-doe.yaml").read_text("utf-8")
    assert artist == (
        "name: Jane Doe\nphoto: jane.jpg\nyears_experience: 7\nspecialties:\n  - Fine Line\n"
        "  - Blackwork\nspecialties_es:\n  - Trazo fino\n  - Blackwork\n"
        'instagram: "@jane"\nbio: A short bio.\nbio_es: Una biografía corta.\norder: 2\n'
    )
    assert (content / "portfolio" / "jane-doe.yaml").read_text("utf-8") == (
        "- file: koi.jpg\n  title: Koi\n- file: rose.jpg\n  title: Rose\n  title_es: Rosa\n"
    )
    assert (content / "portfolio" / "max-ink.yaml").read_text("utf-8") == (
        "- file: skull.jpg\n  title: Skull\n"
    )
    site_text = (content / "site.yaml").read_text("utf-8")
    assert spanish_out_of_place(yaml.safe_load(site_text)) == []
    assert site_text.count("_es:") == 4

    loaded = checked_content(content)
    assert loaded.site.stats.work[0].label_es == "Piezas"
    assert loaded.site.timeline[0].title_es == "El comienzo"
    assert loaded.site.memorial.text_es == "Recordado."
    assert loaded.site.in_memory_es == "En memoria del fundador."
    jane = next(a for a in loaded.artists if a.slug == "jane-doe")
    assert (jane.bio_es, list(jane.specialties_es), jane.alt_es) == (
        "Una biografía corta.",
        ["Trazo fino", "Blackwork"],
        None,
    )


def test_the_admins_formats_know_every_translated_field_of_the_models(tmp_path: Path):
    """A file with every Spanish field the models have (at its place), saved by the admin with
    its Spanish pane untouched: every X_es is kept, none moves. A Spanish key the models do
    not have is kept as it is too (the admin shows it nowhere)."""
    content = write_site(tmp_path / "content", minimal_site())
    site = yaml.safe_load((content / "site.yaml").read_text("utf-8"))
    spanish = copy.deepcopy(site)

    def translate(node: dict, names: tuple[str, ...]) -> dict:
        translated = {}
        for key, value in node.items():
            translated[key] = value
            if key in names:
                translated[key + "_es"] = (
                    [f"{v} (es)" for v in value] if isinstance(value, list) else f"{value} (es)"
                )
        return translated

    spanish = translate(spanish, models.translated_fields(models.SiteFile))
    for key, model in (
        ("timeline", models.TimelineEntry),
        ("values", models.ValueCard),
        ("brands", models.Brand),
    ):
        spanish[key] = [translate(item, models.translated_fields(model)) for item in spanish[key]]
    spanish["brands"][0]["alt"] = "Brand One's logo"
    spanish["brands"][0] = translate(spanish["brands"][0], ("alt",))
    for part in ("work", "legacy"):
        spanish["stats"][part] = [
            translate(item, models.translated_fields(models.Stat))
            for item in spanish["stats"][part]
        ]
    # (and name_es, which the models do not have)
    memorial = (*models.translated_fields(models.Memorial), "name")
    spanish["memorial"] = translate(spanish["memorial"], memorial)
    spanish["minors_rule"] = "No one under 18."
    spanish = translate(spanish, ("minors_rule",))
    (content / "site.yaml").write_text(yaml.safe_dump(spanish, sort_keys=False, allow_unicode=True))
    resave(tmp_path, admin_config(tmp_path))
    saved = yaml.safe_load((content / "site.yaml").read_text("utf-8"))
    assert saved == spanish
    assert spanish_out_of_place(saved) == []

"""Spanish content (issue #26): the X_es fields and the .es.md files, read, checked and warned
about like the English ones (generator/content/translations.py, README "Content format")."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from build import cli
from generator import pipeline
from generator.content import demo, hours, models
from generator.content.loader import load_content
from generator.content.sizes import spanish_size
from generator.errors import ContentError
from generator.pipeline import checked_content
from sitefactory import jpeg, launch_ready_site, minimal_site, write_site

ROOT = pipeline.PROJECT_ROOT
NO_SPANISH = "no Spanish text; /es/ pages show the English one"
NETLIFY = ("CONTEXT", "CONTACT_FUNCTION_URL", "CONTACT_UPLOADS_URL", "URL")

FLASH = """\
- file: swallow.jpg
  title: Swallow
  title_es: Golondrina
  size: 3 in
  price: 150
  alt: A swallow in flight
  alt_es: Una golondrina en pleno vuelo
"""


def translated(files: dict) -> dict:
    """The minimal site (or a variant of it) with every text also in Spanish."""
    files = dict(files)
    site = files["site.yaml"]
    for old, new in (
        (
            "  - Walk-ins welcome, appointments preferred.\n",
            "  - Walk-ins welcome, appointments preferred.\n"
            "hours_notes_es:\n  - Te atendemos sin cita, pero es mejor agendar.\n",
        ),
        ("{value: 500+, label: Pieces}", "{value: 500+, label: Pieces, label_es: Piezas}"),
        ("{value: 30+, label: Years}", "{value: 30+, label: Years, label_es: Años}"),
        (
            "  - period: 1996\n    title: The Beginning\n    text: Founded.\n",
            "  - period: 1996\n    period_es: 1996\n    title: The Beginning\n"
            "    title_es: El comienzo\n    text: Founded.\n    text_es: Fundado.\n",
        ),
        (
            "  - title: Safety First\n    text: Always.\n",
            "  - title: Safety First\n    title_es: La seguridad primero\n    text: Always.\n"
            "    text_es: Siempre.\n",
        ),
        (
            "  text: Remembered.\n",
            "  text: Remembered.\n  text_es: Lo recordamos.\n  alt: The founder, smiling\n"
            "  alt_es: El fundador, sonriendo\n",
        ),
        (
            "    logo: brand-one.png\n",
            "    logo: brand-one.png\n    alt: The Brand One logo\n"
            "    alt_es: El logo de Brand One\n",
        ),
        (
            "in_memory: In loving memory of the founder.\n",
            "in_memory: In loving memory of the founder.\n"
            "in_memory_es: Con cariño, en memoria del fundador.\n"
            "minors_rule: Nobody under 18.\nminors_rule_es: Nadie menor de 18.\n",
        ),
    ):
        assert old in site, old
        site = site.replace(old, new)
    files["site.yaml"] = site
    for slug in ("jane-doe", "max-ink"):
        artist = files[f"artists/{slug}.yaml"]
        files[f"artists/{slug}.yaml"] = (
            artist.replace(
                "  - Blackwork\n", "  - Blackwork\nspecialties_es:\n  - Línea fina\n"
            ).replace("bio: A short bio.\n", "bio: A short bio.\nbio_es: Una bio corta.\n")
            + "alt: At the station\nalt_es: En su estación\n"
            + "books_note: Books open in March\nbooks_note_es: La agenda abre en marzo\n"
        )
    files["portfolio/jane-doe.yaml"] = (
        "- file: rose.jpg\n  title: Rose\n  title_es: Rosa\n  alt: A red rose\n"
        "  alt_es: Una rosa roja\n- file: koi.jpg\n  title: Koi\n  title_es: Carpa koi\n"
    )
    files["portfolio/max-ink.yaml"] = "- file: skull.jpg\n  title: Skull\n  title_es: Calavera\n"
    files["flash/jane-doe.yaml"] = FLASH
    files["images/flash/swallow.jpg"] = jpeg(40, 40)
    files["aftercare/tattoo.es.md"] = "# Tatuaje\n\n- Lávalo **con cuidado**\n"
    files["aftercare/piercing.es.md"] = "# Piercing\n\n| Día | Qué |\n|---|---|\n| 1 | Enjuaga |\n"
    files["policies.md"] = "# Policies\n\nDeposits are non-refundable.\n"
    files["policies.es.md"] = "# Políticas\n\nLos depósitos no son reembolsables.\n"
    return files


def spanish_site() -> dict:
    return translated(minimal_site())


def untranslated_warnings(content) -> list[str]:
    return [str(w) for w in content.warnings if "/es/ pages show the English" in w.message]


def problems_of(root: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        checked_content(root, "content")
    return [str(p) for p in caught.value.problems]


def run(args: list[str], **env: str):
    return CliRunner().invoke(cli, args, env={name: env.get(name) for name in NETLIFY})


# --- read into the records ----------------------------------------------------------------------


def test_the_spanish_fields_are_read_into_the_records(tmp_path: Path) -> None:
    content = checked_content(write_site(tmp_path / "content", spanish_site()), "content")
    jane = next(a for a in content.artists if a.slug == "jane-doe")
    assert (jane.bio, jane.bio_es) == ("A short bio.", "Una bio corta.")
    assert (jane.specialties, jane.specialties_es) == (("Fine Line", "Blackwork"), ("Línea fina",))
    assert (jane.alt_es, jane.books_note_es) == ("En su estación", "La agenda abre en marzo")
    rose = next(w for w in content.work if w.file == "rose.jpg")
    assert (rose.title_es, rose.alt_es) == ("Rosa", "Una rosa roja")
    (design,) = content.flash
    assert (design.title_es, design.alt_es) == ("Golondrina", "Una golondrina en pleno vuelo")
    site = content.site
    assert site.hours_notes_es == ["Te atendemos sin cita, pero es mejor agendar."]
    assert site.stats.work[0].label_es == "Piezas"
    entry = site.timeline[0]
    assert (entry.period_es, entry.title_es, entry.text_es) == ("1996", "El comienzo", "Fundado.")
    assert (site.values[0].title_es, site.values[0].text_es) == ("La seguridad primero", "Siempre.")
    assert (site.memorial.text_es, site.memorial.alt_es) == (
        "Lo recordamos.",
        "El fundador, sonriendo",
    )
    assert site.brands[0].alt_es == "El logo de Brand One"
    assert (site.in_memory_es, site.minors_rule_es) == (
        "Con cariño, en memoria del fundador.",
        "Nadie menor de 18.",
    )
    assert content.aftercare_es == {
        "tattoo": "# Tatuaje\n\n- Lávalo **con cuidado**\n",
        "piercing": "# Piercing\n\n| Día | Qué |\n|---|---|\n| 1 | Enjuaga |\n",
    }
    assert content.policies_es == "# Políticas\n\nLos depósitos no son reembolsables.\n"
    # Everything is translated: not one warning about it, and no other new warning.
    assert untranslated_warnings(content) == []


def test_the_models_name_their_spanish_fields() -> None:
    assert models.translated_fields(models.ArtistFile) == (
        "alt",
        "specialties",
        "bio",
        "books_note",
    )
    assert models.translated_fields(models.PortfolioEntry) == ("title", "alt")
    assert models.translated_fields(models.FlashDesign) == ("title", "alt")
    assert models.translated_fields(models.SiteFile) == ("hours_notes", "minors_rule", "in_memory")
    assert models.translated_fields(models.TimelineEntry) == ("period", "title", "text")
    assert models.translated_fields(models.Memorial) == ("text", "alt")
    assert models.translated_fields(models.Brand) == ("alt",)
    assert models.translated_fields(models.Stat) == ("label",)
    assert models.translated_fields(models.ValueCard) == ("title", "text")
    # figures and names have no Spanish
    for model in (models.OpeningHours, models.Address, models.Credit):
        assert models.translated_fields(model) == ()


# --- validation: as the English fields ----------------------------------------------------------


def test_a_misspelt_spanish_field_gets_did_you_mean(tmp_path: Path) -> None:
    files = minimal_site()
    files["artists/jane-doe.yaml"] += "bio_sp: Hola.\n"
    files["portfolio/jane-doe.yaml"] += "  titel_es: Carpa koi\n"
    files["site.yaml"] = files["site.yaml"].replace(
        "    title: The Beginning\n", "    title: The Beginning\n    title_sp: El comienzo\n"
    )
    problems = problems_of(write_site(tmp_path / "content", files))
    assert problems == [
        "content/artists/jane-doe.yaml:10: bio_sp: unknown key: did you mean bio_es? (allowed "
        "keys: name, photo, alt, years_experience, specialties, instagram, bio, order, "
        "previous_slugs, draft, publish_at, books, books_note, email, deposit; in Spanish: alt_es, "
        "specialties_es, bio_es, books_note_es)",
        "content/portfolio/jane-doe.yaml:5: piece 2, titel_es: unknown key: did you mean "
        "title_es? (allowed keys: file, title, alt, draft, publish_at; in Spanish: title_es, "
        "alt_es)",
        "content/site.yaml:29: timeline, item 1, title_sp: unknown key: did you mean title_es? "
        "(allowed keys: period, title, text; in Spanish: period_es, title_es, text_es)",
    ]


def test_a_spanish_field_of_the_wrong_type_is_named_by_file_line_and_field(
    tmp_path: Path,
) -> None:
    files = minimal_site()
    files["artists/jane-doe.yaml"] += "specialties_es: Línea fina\nbio_es:\n  - Una bio\n"
    files["artists/max-ink.yaml"] += "specialties_es:\n  - Línea fina\n  - ''\n"
    files["portfolio/max-ink.yaml"] += "  title_es: {es: Calavera}\n"
    files["site.yaml"] = files["site.yaml"].replace(
        "    text: Founded.\n", "    text: Founded.\n    text_es:\n      - Fundado\n"
    ) + ("hours_notes_es: Sin cita\n")
    files["flash/jane-doe.yaml"] = FLASH.replace("title_es: Golondrina", "title_es: true")
    files["images/flash/swallow.jpg"] = jpeg(40, 40)
    problems = problems_of(write_site(tmp_path / "content", files))
    assert problems == [
        "content/artists/jane-doe.yaml:10: specialties_es: must be a list, got 'Línea fina'",
        "content/artists/jane-doe.yaml:11: bio_es: must be text, got a list",
        "content/artists/max-ink.yaml:12: specialties_es, line 2: must not be empty",
        "content/flash/jane-doe.yaml:3: design 1, title_es: must be text, got 'true' (yes/no)",
        # (the advice YAML gives for the English fields too)
        "content/portfolio/max-ink.yaml:3: piece 1, title_es: a value that starts with { is "
        'read as a group of keys; for text, put it in quotes: write title_es: "{es: Calavera}"',
        "content/site.yaml:30: timeline, item 1, text_es: must be text, got a list",
        "content/site.yaml:55: hours_notes_es: must be a list, got 'Sin cita'",
    ]


def test_spanish_without_its_english_is_a_problem(tmp_path: Path) -> None:
    files = minimal_site()
    files["artists/jane-doe.yaml"] += "alt_es: En su estación\nbooks_note_es: Abrimos en marzo\n"
    files["portfolio/max-ink.yaml"] += "  alt_es: Una calavera\n"
    files["site.yaml"] = (
        files["site.yaml"]
        .replace("  text: Remembered.\n", "  text: Remembered.\n  alt_es: El fundador\n")
        .replace("hours_notes:\n  - Walk-ins welcome, appointments preferred.\n", "")
        + "hours_notes_es:\n  - Sin cita\nminors_rule_es: Nadie menor de 18.\n"
    )
    files["policies.es.md"] = "# Políticas\n"
    problems = problems_of(write_site(tmp_path / "content", files))
    why = "(the English pages show it)"
    assert problems == [
        f"content/artists/jane-doe.yaml:10: alt_es: is the Spanish of alt, which is not given: "
        f"write alt too {why}, or remove alt_es",
        f"content/artists/jane-doe.yaml:11: books_note_es: is the Spanish of books_note, which is "
        f"not given: write books_note too {why}, or remove books_note_es",
        "content/policies.es.md: is the Spanish of policies.md, which is missing or empty: "
        f"write policies.md too {why}, or remove this file",
        f"content/portfolio/max-ink.yaml:3: piece 1, alt_es: is the Spanish of alt, which is not "
        f"given: write alt too {why}, or remove alt_es",
        f"content/site.yaml:36: memorial.alt_es: is the Spanish of alt, which is not given: "
        f"write alt too {why}, or remove alt_es",
        f"content/site.yaml:52: hours_notes_es: is the Spanish of hours_notes, which is not "
        f"given: write hours_notes too {why}, or remove hours_notes_es",
        f"content/site.yaml:54: minors_rule_es: is the Spanish of minors_rule, which is not "
        f"given: write minors_rule too {why}, or remove minors_rule_es",
    ]


def test_an_empty_spanish_field_counts_as_not_given(tmp_path: Path) -> None:
    """As the admin saves an emptied field: the English shows, with its warning."""
    files = spanish_site()
    files["artists/jane-doe.yaml"] = (
        files["artists/jane-doe.yaml"]
        .replace("bio_es: Una bio corta.", "bio_es: ''")
        .replace("specialties_es:\n  - Línea fina\n", "specialties_es: []\n")
    )
    content = checked_content(write_site(tmp_path / "content", files), "content")
    jane = next(a for a in content.artists if a.slug == "jane-doe")
    assert (jane.bio_es, jane.specialties_es) == (None, ())
    assert untranslated_warnings(content) == [
        f"content/artists/jane-doe.yaml:4: specialties_es: {NO_SPANISH}",
        f"content/artists/jane-doe.yaml:9: bio_es: {NO_SPANISH}",
    ]


def test_the_spanish_markdown_follows_the_rules_of_its_english_file(tmp_path: Path) -> None:
    files = spanish_site()
    files["aftercare/piercing.es.md"] = "# Piercing\n\n| Día | Qué |\n| 1 | Enjuaga |\n"
    content = checked_content(write_site(tmp_path / "content", files), "content")
    assert [str(w) for w in content.warnings if w.file.endswith(".es.md")] == [
        "content/aftercare/piercing.es.md:3: this table has no line of dashes under its first "
        "row, so the page shows it as plain text: add the line |---|---| below this one"
    ]
    files["aftercare/tattoo.es.md"] = "Lávalo".encode("latin-1")
    problems = problems_of(write_site(tmp_path / "bad", files))
    assert problems == ["content/aftercare/tattoo.es.md:1: is not UTF-8 text; save it as UTF-8"]


# --- the warnings -------------------------------------------------------------------------------


def test_one_warning_per_text_without_its_spanish(tmp_path: Path) -> None:
    """The fixture site has no Spanish at all: each text it shows says so, where its English
    is, named by the Spanish field to add; each guide names its missing file."""
    files = {**minimal_site(), "policies.md": "# Policies\n"}
    files["artists/jane-doe.yaml"] += "alt: At the station\n"
    content = checked_content(write_site(tmp_path / "content", files), "content")
    english = "/es/ pages show the English one"
    assert untranslated_warnings(content) == [
        f"content/aftercare/piercing.es.md: is missing, so {english} (piercing.md): write its "
        "Spanish in this file",
        f"content/aftercare/tattoo.es.md: is missing, so {english} (tattoo.md): write its "
        "Spanish in this file",
        f"content/artists/jane-doe.yaml:4: specialties_es: {NO_SPANISH}",
        f"content/artists/jane-doe.yaml:8: bio_es: {NO_SPANISH}",
        f"content/artists/jane-doe.yaml:10: alt_es: {NO_SPANISH}",
        f"content/artists/max-ink.yaml:4: specialties_es: {NO_SPANISH}",
        f"content/artists/max-ink.yaml:8: bio_es: {NO_SPANISH}",
        f"content/policies.es.md: is missing, so {english} (policies.md): write its Spanish in "
        "this file",
        f"content/portfolio/jane-doe.yaml:2: piece 1, title_es: {NO_SPANISH}",
        f"content/portfolio/jane-doe.yaml:4: piece 2, title_es: {NO_SPANISH}",
        f"content/portfolio/max-ink.yaml:2: piece 1, title_es: {NO_SPANISH}",
        f"content/site.yaml:15: hours_notes_es: {NO_SPANISH}",
        f"content/site.yaml:23: stats.work, item 1, label_es: {NO_SPANISH}",
        f"content/site.yaml:25: stats.legacy, item 1, label_es: {NO_SPANISH}",
        f"content/site.yaml:27: timeline, item 1, period_es: {NO_SPANISH}",
        f"content/site.yaml:28: timeline, item 1, title_es: {NO_SPANISH}",
        f"content/site.yaml:29: timeline, item 1, text_es: {NO_SPANISH}",
        f"content/site.yaml:31: values, item 1, title_es: {NO_SPANISH}",
        f"content/site.yaml:32: values, item 1, text_es: {NO_SPANISH}",
        f"content/site.yaml:37: memorial.text_es: {NO_SPANISH}",
        f"content/site.yaml:51: in_memory_es: {NO_SPANISH}",
    ]
    # An English text that is not given (the brand's alt, minors_rule) misses no Spanish.
    assert not [w for w in untranslated_warnings(content) if "alt_es" in w and "site" in w]


def test_an_empty_spanish_guide_is_warned_like_a_missing_one(tmp_path: Path) -> None:
    files = {**spanish_site(), "aftercare/tattoo.es.md": "\n"}
    content = checked_content(write_site(tmp_path / "content", files), "content")
    assert content.aftercare_es.keys() == {"piercing"}
    assert untranslated_warnings(content) == [
        "content/aftercare/tattoo.es.md: is empty, so /es/ pages show the English one "
        "(tattoo.md): write its Spanish in this file"
    ]


def test_what_is_not_published_misses_no_spanish(tmp_path: Path) -> None:
    """A draft artist (and so their pieces), a scheduled piece and a draft flash design: no
    warning about their Spanish; what is published still warns."""
    files = spanish_site()
    files["artists/max-ink.yaml"] = (
        files["artists/max-ink.yaml"].replace("bio_es: Una bio corta.\n", "") + "draft: true\n"
    )
    files["portfolio/max-ink.yaml"] = "- file: skull.jpg\n  title: Skull\n"
    files["portfolio/jane-doe.yaml"] = (
        "- file: rose.jpg\n  title: Rose\n  publish_at: 2099-01-01\n- file: koi.jpg\n  title: Koi\n"
    )
    files["flash/jane-doe.yaml"] = FLASH.replace("  title_es: Golondrina\n", "") + "  draft: true\n"
    content = checked_content(write_site(tmp_path / "content", files), "content")
    assert untranslated_warnings(content) == [
        f"content/portfolio/jane-doe.yaml:5: piece 2, title_es: {NO_SPANISH}"
    ]
    # published, the same texts warn
    files["artists/max-ink.yaml"] = files["artists/max-ink.yaml"].replace("draft: true\n", "")
    files["flash/jane-doe.yaml"] = files["flash/jane-doe.yaml"].replace("  draft: true\n", "")
    files["portfolio/jane-doe.yaml"] = files["portfolio/jane-doe.yaml"].replace(
        "  publish_at: 2099-01-01\n", ""
    )
    content = checked_content(write_site(tmp_path / "published", files), "content")
    assert untranslated_warnings(content) == [
        f"content/artists/max-ink.yaml:10: bio_es: {NO_SPANISH}",
        f"content/flash/jane-doe.yaml:2: design 1, title_es: {NO_SPANISH}",
        f"content/portfolio/jane-doe.yaml:2: piece 1, title_es: {NO_SPANISH}",
        f"content/portfolio/jane-doe.yaml:4: piece 2, title_es: {NO_SPANISH}",
        f"content/portfolio/max-ink.yaml:2: piece 1, title_es: {NO_SPANISH}",
    ]


def test_check_prints_the_warnings_and_passes(tmp_path: Path) -> None:
    files = spanish_site()
    files["artists/jane-doe.yaml"] = files["artists/jane-doe.yaml"].replace(
        "bio_es: Una bio corta.\n", ""
    )
    content = write_site(tmp_path / "content", files)
    result = run(["check", "--content", str(content)])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if "/es/ pages" in line]
    assert warnings == [f"warning: {content}/artists/jane-doe.yaml:10: bio_es: {NO_SPANISH}"]


def test_check_launch_lists_them_as_warnings_a_site_may_launch_half_translated(
    tmp_path: Path,
) -> None:
    content = write_site(tmp_path / "content", launch_ready_site())
    result = run(["check", "--launch", "--content", str(content)])
    assert result.exit_code == 0, result.output
    assert "content OK for launch" in result.output
    lines = result.output.splitlines()
    untranslated = [line for line in lines if "/es/ pages show the English" in line]
    # those of test_one_warning_per_text_without_its_spanish, but policies.md and alt
    assert len(untranslated) == 19
    assert all(line.startswith("warning: ") for line in untranslated)
    assert f"warning: {content}/artists/jane-doe.yaml:8: bio_es: {NO_SPANISH}" in lines
    assert (
        f"warning: {content}/aftercare/tattoo.es.md: is missing, so /es/ pages show the English "
        "one (tattoo.md): write its Spanish in this file"
    ) in lines


def test_check_launch_lists_them_too_when_it_finds_problems(tmp_path: Path) -> None:
    files = launch_ready_site()
    files["site.yaml"] = files["site.yaml"].replace("(214) 869-4410", "(214) 555-0100")
    content = write_site(tmp_path / "content", files)
    result = run(["check", "--launch", "--content", str(content)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"warning: {content}/artists/max-ink.yaml:8: bio_es: {NO_SPANISH}" in lines
    assert lines[-1] == "1 problem found; nothing was published."


def test_the_launch_rules_read_the_spanish_too(tmp_path: Path) -> None:
    files = translated(launch_ready_site())
    files["aftercare/tattoo.es.md"] += "\nLlámanos al (214) 555-0142.\n"
    files["artists/jane-doe.yaml"] = files["artists/jane-doe.yaml"].replace(
        "bio_es: Una bio corta.", "bio_es: Texto de placeholder."
    )
    content = write_site(tmp_path / "content", files)
    result = run(["check", "--launch", "--content", str(content)])
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if not line.startswith("warning")]
    assert problems == [
        f"{content}/aftercare/tattoo.es.md:5: '(214) 555-0142' is a 555 number, the kind films "
        "and examples use: put the studio's real phone number here",
        f"{content}/artists/jane-doe.yaml:11: bio_es: says 'placeholder': replace it with the "
        "real text",
        "2 problems found; nothing was published.",
    ]


# --- the demo -----------------------------------------------------------------------------------


def test_the_demo_is_translated_whole() -> None:
    content = checked_content(ROOT / "content", "content")
    assert untranslated_warnings(content) == []
    assert content.aftercare_es.keys() == {"tattoo", "piercing"}
    assert content.policies_es is not None


def test_a_spanish_demo_bio_is_the_demo_for_the_launch_check(tmp_path: Path) -> None:
    """The Spanish demo texts are fingerprinted like the English ones (demo.py)."""
    marco = yaml.safe_load((ROOT / "content" / "artists" / "marco-reyes.yaml").read_text())
    text = demo.text_matches(demo.load_demo(), marco["bio_es"])
    assert [(m.kind, m.about) for _, m in text.values()] == [("bio", "Marco Reyes")]
    files = translated(launch_ready_site())
    files["artists/jane-doe.yaml"] = files["artists/jane-doe.yaml"].replace(
        "bio_es: Una bio corta.", f"bio_es: {marco['bio_es']!r}"
    )
    content = write_site(tmp_path / "content", files)
    result = run(["check", "--launch", "--content", str(content)])
    assert result.exit_code == 1
    assert [line for line in result.output.splitlines() if not line.startswith("warning")] == [
        f"{content}/artists/jane-doe.yaml:11: bio_es: 'Marco se sentó en la silla de Ray como "
        "cliente...' is the bio of Marco Reyes, one of the demo's fictional artists: write the "
        "artist's own",
        "1 problem found; nothing was published.",
    ]


def test_loading_the_demo_reads_its_spanish_as_written() -> None:
    content = load_content(ROOT / "content", "content")
    marco = next(a for a in content.artists if a.slug == "marco-reyes")
    assert marco.specialties_es == ("Realismo en negro y gris", "Retratos", "Calaveras")
    assert all(item.title_es for item in content.work)
    assert all(item.title_es and item.alt_es for item in content.flash)


# --- the opening hours in Spanish (hours.py) ---------------------------------------------------


@pytest.mark.parametrize(
    "days, spanish",
    [
        ("Monday - Thursday", "Lunes a jueves"),
        ("Friday - Saturday", "Viernes y sábado"),
        ("Sunday", "Domingo"),
        ("Monday, Wednesday & Friday", "Lunes, miércoles y viernes"),
        ("Mon, Tue & Fri", "Lunes, martes y viernes"),
        ("Mon - Thu, Sat", "Lunes a jueves y sábado"),
        ("Weekdays", "Lunes a viernes"),
        ("Weekends", "Sábado y domingo"),
        ("Daily", "Todos los días"),
        ("Monday - Sunday", "Todos los días"),
        ("Friday - Monday", "Viernes a lunes"),
        ("Tues thru Thurs", "Martes a jueves"),
        ("wed", "Miércoles"),
    ],
)
def test_the_days_in_spanish(days: str, spanish: str) -> None:
    assert hours.spanish_days(days) == spanish


@pytest.mark.parametrize(
    "time, spanish",
    [
        ("12pm - 10pm", "12\u00a0p.\u00a0m. – 10\u00a0p.\u00a0m."),
        ("12pm - 8pm", "12\u00a0p.\u00a0m. – 8\u00a0p.\u00a0m."),
        ("10:30 am – 7 pm", "10:30\u00a0a.\u00a0m. – 7\u00a0p.\u00a0m."),
        ("noon - midnight", "12\u00a0p.\u00a0m. – 12\u00a0a.\u00a0m."),
        ("09:00 - 17:30", "9\u00a0a.\u00a0m. – 5:30\u00a0p.\u00a0m."),
        ("9am to 5pm", "9\u00a0a.\u00a0m. – 5\u00a0p.\u00a0m."),
        ("Closed", "Cerrado"),
        ("Closed (private bookings only: call ahead)", "Cerrado"),
    ],
)
def test_the_time_in_spanish(time: str, spanish: str) -> None:
    assert hours.spanish_time(time) == spanish


def test_hours_not_understood_have_no_spanish() -> None:
    with pytest.raises(ValueError):
        hours.spanish_days("Someday")
    with pytest.raises(ValueError):
        hours.spanish_time("late")


# --- a flash design's size in Spanish (sizes.py) -----------------------------------------------


@pytest.mark.parametrize(
    "size, spanish",
    [
        ("3 in", "3\u00a0pulg."),
        ("4 x 6 in", "4 x 6\u00a0pulg."),
        ("3in", "3\u00a0pulg."),
        ("2 in.", "2\u00a0pulg."),
        ("5 inches", "5\u00a0pulg."),
        ('3"', "3\u00a0pulg."),
        ("10 cm", "10 cm"),
        ("Palm-sized", "Palm-sized"),
    ],
)
def test_the_size_in_spanish(size: str, spanish: str) -> None:
    assert spanish_size(size) == spanish

"""The Spanish static API (issue #26): /api/es/... beside every English answer, the same shapes
with the Spanish texts, the English ones where there is no Spanish (marked "untranslated"), the
site data in both languages, and the rules that route /api/es/ (site/endpoints.py,
site/redirects.py, netlify.toml)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_spanish_content import FLASH, spanish_site

from generator import pipeline
from generator.content.loader import load_content
from generator.content.records import policies_version
from generator.images.process import ImageMeta
from generator.output import Output
from generator.reporter import BufferReporter
from generator.site import endpoints, netlify_rules, redirects
from serverthread import running_server
from sitefactory import minimal_site, write_site

ROOT = pipeline.PROJECT_ROOT


class _Images(dict):
    """Any photo's metadata (the endpoints only copy it)."""

    def __missing__(self, key: tuple[str, str]) -> ImageMeta:
        return ImageMeta(f"/images/{key[0]}/{key[1]}", 10, 10)


def loaded(tmp_path: Path, files: dict, name: str = "content"):
    content = load_content(write_site(tmp_path / name, files), "content")
    assert content.problems == [], content.problems
    return content


def english_only(files: dict) -> dict:
    """files without a word of Spanish: every X_es key (with what it holds) and .es.md file."""
    plain = {}
    for path, data in files.items():
        if path.endswith(".es.md"):
            continue
        if isinstance(data, str) and path.endswith(".yaml"):
            data = re.sub(r", \w+_es: [^,}]*", "", data)  # {value: 1, label: x, label_es: y}
            kept, inside = [], None  # inside: the indent of an X_es: whose items follow
            for line in data.splitlines(keepends=True):
                indent = len(line) - len(line.lstrip(" "))
                if inside is not None and indent > inside:
                    continue
                inside = None
                key = re.match(r"\s*\w+_es:(.*)$", line)
                if key:
                    inside = indent if not key.group(1).strip() else None
                    continue
                kept.append(line)
            data = "".join(kept)
        plain[path] = data
    return plain


def english_answers(files: dict) -> dict[str, tuple[str, Any]]:
    return {url: answer for url, answer in files.items() if not url.startswith("/api/es/")}


def spanish_answers(files: dict) -> dict[str, tuple[str, Any]]:
    return {url: answer for url, answer in files.items() if url.startswith("/api/es/")}


def keys_anywhere(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_anywhere(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_anywhere(v)}
    return set()


def test_the_fixture_without_its_spanish_is_the_plain_fixture() -> None:
    """(english_only, used below, takes out exactly the Spanish)"""
    site = english_only(spanish_site())
    assert site["site.yaml"].count("_es") == 0 and "artists/jane-doe.yaml" in site
    assert (
        english_only(spanish_site())["portfolio/max-ink.yaml"]
        == (minimal_site()["portfolio/max-ink.yaml"])
    )
    assert not [path for path in site if path.endswith(".es.md")]


# --- the answers --------------------------------------------------------------------------------


def test_every_english_answer_has_its_spanish_twin_under_api_es(tmp_path: Path) -> None:
    files = endpoints.api_files(loaded(tmp_path, spanish_site()), _Images())
    english, spanish = english_answers(files), spanish_answers(files)
    assert english and len(english) + len(spanish) == len(files)
    twins = {url.replace("/api/", "/api/es/", 1): file for url, (file, _) in english.items()}
    assert {url: file for url, (file, _) in spanish.items()} == {
        url: file.replace("api/", "api/es/", 1) for url, file in twins.items()
    }
    for url in (
        "/api/es/artists",
        "/api/es/aftercare",
        "/api/es/policies",
        "/api/es/portfolio?artist=all",
        "/api/es/portfolio?artist=jane-doe",
        "/api/es/portfolio/pages/all/1.json",
        "/api/es/portfolio/pages/max-ink/1.json",
        "/api/es/flash?artist=all",
        "/api/es/flash?artist=max-ink",
    ):
        assert url in spanish, url
    assert spanish["/api/es/artists"][0] == "api/es/artists.json"
    assert spanish["/api/es/policies"][0] == "api/es/policies.json"
    assert spanish["/api/es/portfolio?artist=all"][0] == "api/es/portfolio/all.json"
    assert spanish["/api/es/flash?artist=jane-doe"][0] == "api/es/flash/jane-doe.json"
    # the same shapes: each Spanish answer has the keys of its English one (and the mark)
    for url, (_, value) in english.items():
        twin = spanish[url.replace("/api/", "/api/es/", 1)][1]
        assert keys_anywhere(twin) - {"untranslated"} == keys_anywhere(value), url


def test_the_english_answers_are_the_same_with_or_without_spanish(tmp_path: Path) -> None:
    """Adding Spanish to a site changes none of its English answers, byte for byte."""
    with_spanish = endpoints.api_files(loaded(tmp_path, spanish_site(), "a"), _Images())
    without = endpoints.api_files(loaded(tmp_path, english_only(spanish_site()), "b"), _Images())
    assert english_answers(with_spanish).keys() == english_answers(without).keys()
    for url, (file, value) in english_answers(without).items():
        assert with_spanish[url][0] == file
        assert json.dumps(with_spanish[url][1], ensure_ascii=False) == json.dumps(
            value, ensure_ascii=False
        ), url
    # and never a mark of the Spanish
    for _, value in english_answers(with_spanish).values():
        assert "untranslated" not in keys_anywhere(value)


def test_the_spanish_answers_hold_the_spanish(tmp_path: Path) -> None:
    content = loaded(tmp_path, spanish_site())
    files = endpoints.api_files(content, _Images())
    artists = files["/api/es/artists"][1]
    jane = next(a for a in artists if a["slug"] == "jane-doe")
    assert (jane["bio"], jane["specialties"], jane["books_note"], jane["alt"]) == (
        "Una bio corta.",
        ["Línea fina"],
        "La agenda abre en marzo",
        "En su estación",
    )
    assert (jane["name"], jane["instagram"], jane["books"]) == ("Jane Doe", "@jane", "open")
    assert "untranslated" not in jane
    pieces = files["/api/es/portfolio?artist=jane-doe"][1]
    assert [(p["title"], p.get("alt"), p["artist"]) for p in pieces] == [
        ("Rosa", "Una rosa roja", "Jane Doe"),
        ("Carpa koi", None, "Jane Doe"),  # no alt in English: none in Spanish (the app's own)
    ]
    page = files["/api/es/portfolio/pages/jane-doe/1.json"]
    assert page[0] == "api/es/portfolio/pages/jane-doe/1.json"
    assert page[1]["items"] == pieces and page[1]["total"] == 2
    (design,) = files["/api/es/flash?artist=jane-doe"][1]
    assert (design["title"], design["alt"], design["size"], design["price"]) == (
        "Golondrina",
        "Una golondrina en pleno vuelo",
        "3\u00a0pulg.",  # the English "3 in" in Spanish (content/sizes.py)
        150,
    )
    assert design["id"] == files["/api/flash?artist=jane-doe"][1][0]["id"] == "jane-doe/swallow"
    assert files["/api/es/aftercare"][1] == [
        {"section_type": "tattoo", "content": "# Tatuaje\n\n- Lávalo **con cuidado**\n"},
        {
            "section_type": "piercing",
            "content": "# Piercing\n\n| Día | Qué |\n|---|---|\n| 1 | Enjuaga |\n",
        },
    ]
    # The policies: the Spanish text, with the English text's version (one version for the
    # studio, which the contact form sends whatever the language).
    english, spanish = files["/api/policies"][1], files["/api/es/policies"][1]
    assert spanish == {
        "markdown": "# Políticas\n\nLos depósitos no son reembolsables.\n",
        "version": english["version"],
    }
    assert english["version"] == policies_version(content.policies)


def test_what_has_no_spanish_shows_the_english_and_says_so(tmp_path: Path) -> None:
    files = spanish_site()
    files["artists/jane-doe.yaml"] = (
        files["artists/jane-doe.yaml"]
        .replace("bio_es: Una bio corta.\n", "")
        .replace("alt_es: En su estación\n", "")
    )
    files["portfolio/max-ink.yaml"] = "- file: skull.jpg\n  title: Skull\n"
    files["flash/jane-doe.yaml"] = FLASH.replace("  alt_es: Una golondrina en pleno vuelo\n", "")
    del files["aftercare/piercing.es.md"], files["policies.es.md"]
    answers = endpoints.api_files(loaded(tmp_path, files), _Images())
    jane = next(a for a in answers["/api/es/artists"][1] if a["slug"] == "jane-doe")
    assert (jane["bio"], jane["alt"], jane["specialties"]) == (
        "A short bio.",
        "At the station",
        ["Línea fina"],
    )
    assert jane["untranslated"] == ["bio", "alt"]
    max_ink = next(a for a in answers["/api/es/artists"][1] if a["slug"] == "max-ink")
    assert "untranslated" not in max_ink
    (skull,) = answers["/api/es/portfolio?artist=max-ink"][1]
    assert (skull["title"], skull["untranslated"]) == ("Skull", ["title"])
    assert answers["/api/es/portfolio/pages/all/1.json"][1]["items"][0] == skull  # max-ink first
    (design,) = answers["/api/es/flash?artist=all"][1]
    assert (design["title"], design["alt"], design["untranslated"]) == (
        "Golondrina",
        "A swallow in flight",
        ["alt"],
    )
    assert [section.get("untranslated") for section in answers["/api/es/aftercare"][1]] == [
        None,
        ["content"],
    ]
    policies = answers["/api/es/policies"][1]
    assert policies == {
        "markdown": "# Policies\n\nDeposits are non-refundable.\n",
        "version": answers["/api/policies"][1]["version"],
        "untranslated": ["markdown"],
    }


def test_a_site_without_spanish_marks_every_text(tmp_path: Path) -> None:
    files = endpoints.api_files(loaded(tmp_path, minimal_site()), _Images())
    artist = files["/api/es/artists"][1][0]
    assert artist["untranslated"] == ["bio", "specialties"]
    assert artist["bio"] == files["/api/artists"][1][0]["bio"]
    assert {tuple(p["untranslated"]) for p in files["/api/es/portfolio?artist=all"][1]} == {
        ("title",)
    }
    assert "/api/es/policies" not in files  # no policies.md: neither language has them


# --- the site data ------------------------------------------------------------------------------


def test_the_site_data_in_both_languages(tmp_path: Path) -> None:
    content = loaded(tmp_path, spanish_site())
    english = endpoints.site_data(content, _Images(), {"hero": "x"})
    assert endpoints.site_data(content, _Images(), {"hero": "x"}, lang="en") == english
    spanish = endpoints.site_data(content, _Images(), {"hero": "x"}, "es")
    assert (english["lang"], spanish["lang"]) == ("en", "es")
    assert list(spanish) == list(english)  # the same keys in the same order (nothing untranslated)
    assert english["hours"] == [
        {"days": "Monday - Thursday", "time": "12pm - 10pm"},
        {"days": "Sunday", "time": "12pm - 8pm"},
    ]
    assert spanish["hours"] == [
        {"days": "Lunes a jueves", "time": "12\u00a0p.\u00a0m. – 10\u00a0p.\u00a0m."},
        {"days": "Domingo", "time": "12\u00a0p.\u00a0m. – 8\u00a0p.\u00a0m."},
    ]
    assert spanish["hoursNotes"] == ["Te atendemos sin cita, pero es mejor agendar."]
    assert spanish["stats"] == {
        "work": [{"value": "500+", "label": "Piezas"}],
        "legacy": [{"value": "30+", "label": "Años"}],
    }
    assert spanish["timeline"] == [{"period": "1996", "title": "El comienzo", "text": "Fundado."}]
    assert spanish["values"] == [{"title": "La seguridad primero", "text": "Siempre."}]
    memorial = spanish["memorial"]
    assert (memorial["name"], memorial["text"], memorial["alt"]) == (
        "The Founder",
        "Lo recordamos.",
        "El fundador, sonriendo",
    )
    assert list(memorial) == list(english["memorial"])
    (brand,) = spanish["brands"]
    assert (brand["name"], brand["alt"]) == ("Brand One", "El logo de Brand One")
    assert spanish["inMemory"] == "Con cariño, en memoria del fundador."
    assert spanish["minorsRule"] == "Nadie menor de 18."
    # one policies version, the English text's, whatever the language
    assert (
        spanish["policiesVersion"]
        == english["policiesVersion"]
        == policies_version(content.policies)
    )
    # what is no text stays as it is
    for key in ("name", "phone", "email", "address", "socials", "credit", "artistSlugs", "media"):
        assert spanish[key] == english[key], key
    assert "untranslated" not in keys_anywhere(english)
    assert "untranslated" not in keys_anywhere(spanish)


def test_the_spanish_site_data_marks_what_falls_back(tmp_path: Path) -> None:
    files = {**minimal_site()}
    files["site.yaml"] += "minors_rule: Nobody under 18.\n"
    content = loaded(tmp_path, files)
    english = endpoints.site_data(content, _Images(), {})
    spanish = endpoints.site_data(content, _Images(), {}, "es")
    assert spanish["untranslated"] == ["hoursNotes", "inMemory", "minorsRule"]
    assert (spanish["hoursNotes"], spanish["inMemory"], spanish["minorsRule"]) == (
        english["hoursNotes"],
        english["inMemory"],
        "Nobody under 18.",
    )
    assert spanish["stats"]["work"] == [
        {"value": "500+", "label": "Pieces", "untranslated": ["label"]}
    ]
    assert spanish["timeline"][0]["untranslated"] == ["period", "title", "text"]
    assert spanish["values"][0]["untranslated"] == ["title", "text"]
    assert spanish["memorial"]["untranslated"] == ["text"]
    assert "untranslated" not in spanish["brands"][0]  # no alt in English: nothing to miss
    assert "untranslated" not in keys_anywhere(english)
    # partly translated: only what is missing is marked
    files["site.yaml"] += "in_memory_es: En memoria del fundador.\n"
    spanish = endpoints.site_data(loaded(tmp_path, files, "b"), _Images(), {}, "es")
    assert spanish["untranslated"] == ["hoursNotes", "minorsRule"]


def test_a_language_the_site_does_not_have_is_refused(tmp_path: Path) -> None:
    content = loaded(tmp_path, minimal_site())
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        endpoints.site_data(content, _Images(), {}, "fr")
    with pytest.raises(ValueError):
        endpoints.api_prefix("de")
    assert (endpoints.api_prefix(), endpoints.api_prefix("es")) == ("/api", "/api/es")


# --- the rules ----------------------------------------------------------------------------------


def written_rules(tmp_path: Path, **options: Any) -> list[str]:
    (tmp_path / "out").mkdir()
    out = Output(tmp_path / "out")
    redirects.write_redirects_file(out, ["max-ink", "jane-doe"], **options)
    return (tmp_path / "out" / "_redirects").read_text("utf-8").splitlines()


def test_redirects_route_the_spanish_artist_lists_as_the_english(tmp_path: Path) -> None:
    rules = written_rules(tmp_path, renamed={"max": "max-ink"})
    for api in ("/api/es/portfolio", "/api/es/flash"):
        mine = [rule for rule in rules if rule.startswith(api + " ")]
        assert mine == [
            f"{api}  artist=all  {api}/all.json  200",
            f"{api}  artist=max-ink  {api}/max-ink.json  200",
            f"{api}  artist=jane-doe  {api}/jane-doe.json  200",
            f"{api}  artist=max  {api}/max-ink.json  200",
            f"{api}  artist=:artist  /api/404.json  404",
        ]
    english = [r for r in rules if r.startswith(("/api/portfolio ", "/api/flash "))]
    as_spanish = [r.replace("/api/", "/api/es/").replace("/es/404", "/404") for r in english]
    assert as_spanish == [
        r for r in rules if r.startswith(("/api/es/portfolio ", "/api/es/flash "))
    ]
    assert not [rule for rule in rules if "policies" in rule]


def test_without_policies_both_languages_answer_the_json_404(tmp_path: Path) -> None:
    rules = written_rules(tmp_path, policies=False)
    assert [rule for rule in rules if "policies" in rule] == [
        "/api/policies  /api/404.json  404",
        "/api/es/policies  /api/404.json  404",
    ]


def test_netlify_toml_routes_the_spanish_api_before_its_catch_all() -> None:
    config = netlify_rules.load_config(ROOT / "netlify.toml")
    sources = [rule.source for rule in config.rules]
    expected = {
        "/api/es/artists": "/api/es/artists.json",
        "/api/es/aftercare": "/api/es/aftercare.json",
        "/api/es/policies": "/api/es/policies.json",
        "/api/es/portfolio": "/api/es/portfolio/all.json",
        "/api/es/flash": "/api/es/flash/all.json",
    }
    for source, target in expected.items():
        (rule,) = [rule for rule in config.rules if rule.source == source]
        assert (rule.to, rule.status, rule.query) == (target, 200, {}), source
        assert sources.index(source) < sources.index("/api/*"), source


# --- built and served ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spanish_dist(tmp_path_factory: pytest.TempPathFactory, media_cache: Path) -> dict:
    root = tmp_path_factory.mktemp("spanish-site")
    content = write_site(root / "content", spanish_site())
    reporter = BufferReporter()
    pipeline.build(pipeline.Paths.make(content, root / "dist", cache=media_cache), reporter)
    return {"dist": root / "dist", "reporter": reporter}


def test_the_build_writes_the_spanish_api_and_netlify_toml_fits_it(spanish_dist: dict) -> None:
    dist = spanish_dist["dist"]  # the build checked netlify.toml against it (redirects.py)
    for file in (
        "artists.json",
        "aftercare.json",
        "policies.json",
        "portfolio/all.json",
        "portfolio/jane-doe.json",
        "portfolio/pages/all/1.json",
        "flash/all.json",
        "flash/max-ink.json",
    ):
        assert (dist / "api" / "es" / file).is_file(), file
    warned = [w for w in spanish_dist["reporter"].warnings if "/es/ pages" in w.message]
    assert warned == []  # all of it is translated


def test_the_spanish_api_is_served_by_its_rules(spanish_dist: dict) -> None:
    with running_server(spanish_dist["dist"]) as url, httpx.Client(base_url=url) as http:
        artists = http.get("/api/es/artists")
        assert artists.status_code == 200
        assert {a["bio"] for a in artists.json()} == {"Una bio corta."}
        pieces = http.get("/api/es/portfolio", params={"artist": "jane-doe"})
        assert [p["title"] for p in pieces.json()] == ["Rosa", "Carpa koi"]
        assert len(http.get("/api/es/portfolio").json()) == 3
        flash = http.get("/api/es/flash", params={"artist": "all"}).json()
        assert [d["title"] for d in flash] == ["Golondrina"]
        assert http.get("/api/es/flash", params={"artist": "max-ink"}).json() == []
        assert http.get("/api/es/aftercare").json()[0]["content"].startswith("# Tatuaje")
        assert http.get("/api/es/policies").json()["markdown"].startswith("# Políticas")
        for path, params in (
            ("/api/es/portfolio", {"artist": "nobody"}),
            ("/api/es/flash", {"artist": "nobody"}),
            ("/api/es/nothing", {}),
        ):
            missing = http.get(path, params=params)
            assert (missing.status_code, missing.json()) == (404, {"error": "Not found"}), path

"""The Spanish site in Chromium: every route under /es/ at 390x844 and 1366x900 (screenshots of
/es/ kept in docs/images/spanish/), no text of the English catalog on a Spanish page nor of the
Spanish one on an English page, the language switch and the remembered choice, and a Spanish
form the contact function refuses showing its reason in Spanish."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from page_errors import open_page
from playwright.sync_api import Page, expect

from functions.contact.words import messages_es
from generator.pipeline import PROJECT_ROOT

pytestmark = pytest.mark.browser

SHOTS = PROJECT_ROOT / "docs" / "images" / "spanish"
SIZES = {"390": (390, 844), "1366": (1366, 900)}

# Every text of both languages' interface catalogs, from the catalogs themselves
# (site-src/src/i18n/catalog-check.ts: catalogTexts), bundled for node as the build does.
CATALOG_TEXTS_SCRIPT = """
import * as esbuild from "esbuild";
const result = await esbuild.build({
  stdin: {
    contents: 'import { catalogTexts } from "./src/i18n/catalog-check"; console.log(JSON.stringify(catalogTexts()));',
    resolveDir: ".", loader: "ts",
  },
  bundle: true, write: false, format: "esm", platform: "node", jsx: "automatic",
  define: { __LANG__: '"all"' }, logLevel: "error",
});
await import("data:text/javascript;base64," + Buffer.from(result.outputFiles[0].text).toString("base64"));
"""


@pytest.fixture(scope="module")
def catalog_texts() -> dict[str, set[str]]:
    printed = subprocess.run(
        ["node", "--input-type=module", "-e", CATALOG_TEXTS_SCRIPT],
        cwd=PROJECT_ROOT / "site-src",
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    texts = json.loads(printed)
    # As pages show them: emphasis asterisks drawn as <em>, no surrounding space.
    return {lang: {t.replace("*", "").strip() for t in found} for lang, found in texts.items()}


def spanish_paths(demo_dist: Path) -> list[str]:
    artists = json.loads((demo_dist / "api" / "es" / "artists.json").read_text("utf-8"))
    with_flash = [a["slug"] for a in artists if a.get("flash")]
    return [
        "/es/",
        "/es/portfolio",
        f"/es/portfolio/{artists[0]['slug']}",
        "/es/flash",
        f"/es/flash/{with_flash[0]}",
        "/es/piercings",
        "/es/aftercare",
        "/es/policies",
        "/es/test",
        "/es/no-such-page",
    ]


# What a visitor reads: text nodes and the attributes read aloud or shown, outside elements
# marked as another language (an untranslated text; the switch to the other language).
VISIBLE_TEXTS = """(pageLang) => {
  const found = [];
  const other = (el) => { const l = el.closest('[lang]'); return l && l.getAttribute('lang') !== pageLang; };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || other(el) || el.closest('script, style, noscript')) continue;
    const text = node.textContent.trim();
    if (text) found.push(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
    if (other(el)) continue;
    for (const name of ['aria-label', 'alt', 'placeholder', 'title']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) found.push(value.trim());
    }
  }
  found.push(document.title);
  return found;
}"""


def choice_values() -> set[str]:
    """The contact function's own option values (choices.json): English pages show them as they
    are, and Spanish names one the same ("Piercing"): words of the data, not of a catalog."""
    choices = json.loads((PROJECT_ROOT / "functions" / "contact" / "choices.json").read_text())
    values = set(choices["services"])
    for options in choices["request"].values():
        values.update(options)
    return values


def other_language_texts(page: Page, lang: str, catalog_texts: dict[str, set[str]]) -> list[str]:
    other = "en" if lang == "es" else "es"
    only_other = {
        t
        for t in catalog_texts[other] - catalog_texts[lang] - choice_values()
        if len(t) >= 4 and any(c.isalpha() for c in t)
    }
    shown = page.evaluate(VISIBLE_TEXTS, lang)
    return sorted({text for text in shown if text in only_other})


@pytest.mark.parametrize("size", SIZES)
def test_every_spanish_route_at_both_sizes(
    browser, base_url: str, demo_dist: Path, size: str, catalog_texts
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=base_url)
    try:
        page = context.new_page()
        for path in spanish_paths(demo_dist):
            errors = open_page(page, path)
            assert page.evaluate("document.documentElement.lang") == "es", path
            assert [e for e in errors if "404" not in e or path != "/es/no-such-page"] == [], (
                path,
                errors,
            )
            assert other_language_texts(page, "es", catalog_texts) == [], path
            # The app runs: the switch names the English page, where the hydrated router sends it.
            switch = page.get_by_role("link", name="View in English")
            english = "/" if path == "/es/" else path.removeprefix("/es")
            assert switch.get_attribute("href") == english, path
            if path == "/es/":
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.evaluate("window.scrollTo(0, 0)")
                page.wait_for_timeout(1500)
                page.screenshot(path=str(SHOTS / f"home-{size}.png"))
        expect(page.locator("h1.not-found__title")).to_be_visible()  # the last: the Spanish 404
    finally:
        context.close()


def test_english_pages_show_no_spanish_catalog_text(
    page: Page, demo_dist: Path, catalog_texts
) -> None:
    for path in [p.removeprefix("/es") or "/" for p in spanish_paths(demo_dist)]:
        open_page(page, path)
        assert page.evaluate("document.documentElement.lang") == "en"
        assert other_language_texts(page, "en", catalog_texts) == [], path


def test_the_switch_goes_to_the_same_page_and_the_choice_is_kept(page: Page) -> None:
    open_page(page, "/portfolio")
    page.get_by_role("link", name="Ver en español").click()
    page.wait_for_url("**/es/portfolio")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", level=1)).to_have_text("Portafolio")
    assert page.evaluate("localStorage.getItem('lang')") == "es"
    # Coming back to the English front door from elsewhere (no referrer of this site): Spanish.
    page.goto("/", referer="https://www.google.com/")
    page.wait_for_url("**/es/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    # Any other English page is taken as it is.
    page.goto("/aftercare")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # Choosing English is kept too.
    open_page(page, "/es/aftercare")
    page.get_by_role("link", name="View in English").click()
    page.wait_for_url("**/aftercare")
    page.goto("/es/", referer="https://www.google.com/")
    page.wait_for_url(lambda url: url.endswith("/") and not url.endswith("/es/"))


def test_a_spanish_form_refused_by_the_function_says_why_in_spanish(phone_page: Page) -> None:
    page = phone_page
    page.clock.install()  # to step past the minimum fill time without waiting
    open_page(page, "/es/")
    form = page.locator("#contact form")
    form.scroll_into_view_if_needed()
    form.get_by_label("Nombre").fill("Ana Prueba")
    form.get_by_label("Correo electrónico").fill("ana@localhost")
    form.get_by_label("Cuéntanos tu idea").fill("Una rosa pequeña en el antebrazo.")
    page.clock.fast_forward(12_000)
    with page.expect_request("**/api/contact") as sent, page.expect_response("**/api/contact"):
        form.get_by_role("button", name="Enviar mensaje").click()
    assert json.loads(sent.value.post_data or "{}")["lang"] == "es"
    alert = form.get_by_role("alert")
    expect(alert).to_contain_text(messages_es.INVALID_EMAIL.split(",")[0])


# What the app logs to the console in every language (docs/product.md#errors: "kept and logged"),
# the same words the English page shows: lib/artists-store.tsx ARTISTS_LOAD_ERROR.
LOGGED = {"Failed to load artists"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_page_downloads_no_words_of_the_other_language(
    browser, base_url: str, demo_dist: Path, lang: str, catalog_texts
) -> None:
    """Every script a page fetches, the lazily loaded screens' too, holds none of the other
    language's catalog texts (one browser build per language, site-src/build.mjs)."""
    other = "en" if lang == "es" else "es"
    # Long enough to be a sentence of one language, and written in ASCII as the minified code
    # writes it (esbuild escapes other characters).
    theirs = {
        t
        for t in catalog_texts[other] - catalog_texts[lang] - LOGGED
        if len(t) >= 12 and t.isascii()
    }
    assert len(theirs) > 20, "too few texts to look for: the scan would prove nothing"
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base_url)
    responses = []
    try:
        page = context.new_page()
        page.on("response", lambda response: responses.append(response))
        for path in spanish_paths(demo_dist)[:-1]:
            open_page(page, path if lang == "es" else (path.removeprefix("/es") or "/"))
            if path == "/es/":  # bring the contact form's chunk in too
                page.locator("#contact").scroll_into_view_if_needed()
            page.wait_for_load_state("networkidle")
        # The files served are the build's: read each script the page fetched from dist/.
        urls = {r.url for r in responses if r.url.endswith(".js") and r.ok}
        bodies = {url: (demo_dist / url.split("/", 3)[3]).read_text("utf-8") for url in urls}
    finally:
        context.close()
    assert len(bodies) > 10, sorted(bodies)
    found = sorted(
        {(url.rsplit("/", 1)[1], t) for url, code in bodies.items() for t in theirs if t in code}
    )
    assert found == []


def test_the_hours_and_sizes_as_dallas_reads_them(phone_page: Page) -> None:
    """The hours in the 12-hour form, each time on one line at 390 px, and inches as "pulg."
    (docs/product.md, "Languages"), from the demo's English rows (content/site.yaml, flash/)."""
    open_page(phone_page, "/es/")
    rows = phone_page.locator(".site-footer__hours > div")
    expect(rows.locator("dt")).to_have_text(["Lunes a jueves", "Viernes y sábado", "Domingo"])
    times = ["12\u00a0p.\u00a0m. – 10\u00a0p.\u00a0m."] * 2 + [
        "12\u00a0p.\u00a0m. – 8\u00a0p.\u00a0m."
    ]
    assert rows.locator("dd").all_text_contents() == times
    rows.last.scroll_into_view_if_needed()
    lines = rows.locator("dd").evaluate_all(
        "dds => dds.map(dd => dd.getBoundingClientRect().height / parseFloat(getComputedStyle(dd).lineHeight))"
    )
    assert all(count < 1.5 for count in lines), lines  # "p." and "m." never split
    open_page(phone_page, "/es/flash")
    sizes = phone_page.locator(".flash-grid span").all_text_contents()
    assert "3\u00a0pulg." in sizes and not [s for s in sizes if s.endswith(" in")], sizes

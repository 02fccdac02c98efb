// Stylesheets the page links disabled, with media="print" (the web fonts, font-display: swap),
// and applies once it has painted: the first paint is not held up by the fonts, which swap in
// as they arrive (generator/site/templates/page.html.j2, docs/architecture.md#first-paint-before-the-app).

/** Applies every stylesheet the page linked for after its first paint. */
export function applyAfterPaintStyles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>("link[data-after-paint]")) {
    link.media = "all";
  }
}

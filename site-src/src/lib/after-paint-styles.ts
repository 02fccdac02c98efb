// Stylesheets the page links disabled, with media="print" (the web fonts, font-display: swap),
// and applies once it has painted: the first paint is not held up by the fonts
// (generator/site/templates/page.html.j2, docs/architecture.md#first-paint-before-the-app).
//
// The font files a stylesheet names (its data-fonts) are fetched first and the stylesheet
// applied once they are in: the text then changes font in one layout, straight to the web
// fonts, instead of once when the @font-face rules appear and again as each file arrives.

/** How long a slow font may hold the others back; after that they swap in as they arrive. */
export const FONT_WAIT_MS = 3000;

/** Applies every stylesheet the page linked for after its first paint, once its fonts are in. */
export function applyAfterPaintStyles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>("link[data-after-paint]")) {
    const fonts = (link.dataset.fonts ?? "").split(/\s+/).filter(Boolean);
    const wait = new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS));
    void Promise.race([Promise.all(fonts.map(preloadFont)), wait]).then(() => {
      link.media = "all";
    });
  }
}

/** Fetches a font file into the page's cache, where the stylesheet's @font-face finds it; settles either way. */
function preloadFont(href: string): Promise<void> {
  return new Promise((settle) => {
    const preload = document.createElement("link");
    preload.rel = "preload";
    preload.as = "font";
    preload.crossOrigin = "anonymous"; // fonts are fetched in CORS mode; the preload must match
    preload.href = href;
    preload.addEventListener("load", () => settle(), { once: true });
    preload.addEventListener("error", () => settle(), { once: true });
    document.head.append(preload);
  });
}

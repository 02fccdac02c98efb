// When the app's code cannot be loaded (a connection that drops, a blocker), the visitor must
// not be left behind the preloader: the prerendered page is complete, so show it as visitors
// without JavaScript see it.

/**
 * Applies the stylesheet pages link inside <noscript> (no preloader, nothing waiting to fade
 * in). A browser that runs scripts keeps <noscript> content as text, so the link is read there.
 */
export function showPageWithoutApp(): void {
  const parser = new DOMParser();
  // The portfolio's far tiles hold their pictures there too (components/gallery/gallery.tsx).
  for (const noscript of document.querySelectorAll("[data-deferred-image] > noscript")) {
    const picture = parser.parseFromString(noscript.textContent ?? "", "text/html").body.firstElementChild;
    if (picture) noscript.replaceWith(document.adoptNode(picture));
  }
  for (const noscript of document.querySelectorAll("noscript")) {
    const markup = parser.parseFromString(noscript.textContent ?? "", "text/html");
    const href = markup.querySelector('link[rel="stylesheet"]')?.getAttribute("href");
    if (!href || document.head.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
}

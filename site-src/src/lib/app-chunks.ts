// The chunks a page starts its app with (start.tsx, what it imports, the screen the page shows),
// as the build lists them in <script id="app-chunks" type="application/json">["/assets/…"]
// (generator/site/templates/page.html.j2). main.tsx preloads them all when the app starts.

import { inTurns } from "./after-first-paint";

/** The URLs the page lists (none when it lists none: component tests, the dev bundle). */
export function appChunks(): string[] {
  const text = document.getElementById("app-chunks")?.textContent;
  if (!text) return [];
  const urls: unknown = JSON.parse(text);
  return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === "string") : [];
}

/**
 * Adds a <link rel="modulepreload"> for each listed chunk, in order: fetched in parallel, run when
 * imported. In turns (`inTurns`): a page lists about twenty chunks, and all their links in one
 * task were the long task after the first paint that Lighthouse counted as blocking time
 * (docs/portfolio.md#a-big-studio). Settles once every link is in.
 */
export function preloadAppChunks(): Promise<void> {
  return inTurns(appChunks(), (href) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  });
}

// The chunks a page starts its app with (start.tsx, what it imports, the screen the page shows),
// as the build lists them in <script id="app-chunks" type="application/json">["/assets/…"]
// (generator/site/templates/page.html.j2). main.tsx preloads them all when the app starts.

/** The URLs the page lists (none when it lists none: component tests, the dev bundle). */
export function appChunks(): string[] {
  const text = document.getElementById("app-chunks")?.textContent;
  if (!text) return [];
  const urls: unknown = JSON.parse(text);
  return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === "string") : [];
}

/** Adds a <link rel="modulepreload"> for each listed chunk: fetched in parallel, run when imported. */
export function preloadAppChunks(): void {
  for (const href of appChunks()) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

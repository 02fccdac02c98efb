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

/**
 * How long one turn of preloading may hold the main thread before it hands it back. Chromium
 * starts each modulepreload's request as the link goes in, at up to 5 ms a link on a phone-speed
 * CPU; a page lists about twenty chunks, so one turn for all of them was the long task after the
 * first paint that Lighthouse counted as blocking time (docs/portfolio.md#a-big-studio).
 */
export const PRELOAD_TURN_MS = 4;

/**
 * Adds a <link rel="modulepreload"> for each listed chunk, in order: fetched in parallel, run when
 * imported. A few links a turn, each turn a task of its own once PRELOAD_TURN_MS have gone by;
 * settles once every link is in.
 */
export function preloadAppChunks(now: () => number = () => performance.now()): Promise<void> {
  const hrefs = appChunks();
  let next = 0;
  return new Promise((done) => {
    const turn = () => {
      const started = now();
      while (next < hrefs.length) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = hrefs[next++];
        document.head.append(link);
        if (now() - started >= PRELOAD_TURN_MS) break;
      }
      if (next < hrefs.length) window.setTimeout(turn, 0);
      else done();
    };
    turn();
  });
}

// When to start the app (main.tsx): once the browser has put the prerendered page on screen.

/** Longest the app waits for a paint: a tab opened in the background paints only when shown. */
export const FIRST_PAINT_WAIT_MS = 2000;

/**
 * Calls `start` once, after the page's first contentful paint (Paint Timing, where the browser
 * reports it), else after the next frame; in any case after at most FIRST_PAINT_WAIT_MS.
 */
export function afterFirstPaint(start: () => void, maxWaitMs = FIRST_PAINT_WAIT_MS): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  // A task of its own: the paint's frame is finished before the app's work begins.
  const go = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    window.clearTimeout(cap);
    window.setTimeout(start, 0);
  };
  const cap = window.setTimeout(go, maxWaitMs);
  if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) go();
    });
    observer.observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(go);
  }
}

/**
 * How long one turn of `inTurns` may hold the main thread before it hands it back: well under
 * the 50 ms a task may take before it counts as blocking, at a phone's 4x slower CPU too.
 */
export const TURN_MS = 4;

/**
 * Calls `each` on every item in order, a few a turn: once TURN_MS have gone by, the rest wait for
 * a task of their own. For the app's start (main.tsx) and its links: Chromium starts a request as
 * its link goes in, 0.4 ms a link here at full speed and up to 5 ms while Lighthouse traces, so
 * twenty in one task were a long one. Settles once every item has had its call.
 */
export function inTurns<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  let next = 0;
  return new Promise((done) => {
    const turn = () => {
      const started = performance.now();
      while (next < items.length) {
        each(items[next++]);
        if (performance.now() - started >= TURN_MS) break;
      }
      if (next < items.length) window.setTimeout(turn, 0);
      else done();
    };
    turn();
  });
}

// The intro video the preloader waits for (docs/product.md#preloader), and the progress it shows.
//
// The video is fetched as soon as the prerendered page has painted (main.tsx), alongside the
// app's code rather than after it: on a slow connection the app takes seconds to arrive, and the
// preloader's number moves the whole time, byte by byte as the video comes in (its share of the
// Content-Length). Until the app runs, this module writes that number into the prerendered
// preloader itself (never 100: only the app can take the preloader away); once the app's
// <Preloader> has taken over, React shows it.
//
// A fetch, not a hidden <video preload="auto">: a media element's request has low priority, and
// a browser holds it back until the page's other requests are done (Chromium, on a connection
// without HTTP/2 priorities), so the number sat at 000 and then jumped; and its buffered time
// ranges only move in steps, while the bytes of a fetch can be counted as they arrive. The
// video lands in the browser's cache all the same.
//
//   startPageIntroVideo()   main.tsx: the video the prerendered preloader names
//   startIntroVideo(urls)   once, idempotent: the request and the 4000 ms
//   introProgress()         0-100; 100 once it is all in (or was cached), failed or timed out
//   subscribeIntro(fn)      called on every change (useSyncExternalStore)
//   takeOverPreloader()     the app's preloader shows the progress from now on
//   stopIntroVideo()        the preloader has gone (or the app never came): stop the request

/** How long the preloader waits for the video before it proceeds anyway (docs/product.md#constants). */
export const INTRO_TIMEOUT_MS = 4000;

export type IntroUrls = { horizontal: string; vertical: string };

/**
 * hooks/use-media-query.ts's DESKTOP_QUERY (lib/ imports nothing above it; a module of its own
 * that main.tsx and the app shared would cost the page one more request). A test holds them equal.
 */
export const INTRO_DESKTOP_QUERY = "(min-width: 768px)";

/** Percent of the video received, 0-99 (100 only once it is all in); 0 while its size is unknown. */
export function receivedPercent(received: number, total: number): number {
  if (!total || !Number.isFinite(total) || total <= 0) return 0;
  return Math.max(0, Math.min(99, Math.floor((received / total) * 100)));
}

/** The preloader's number as it reads: three digits, 000 to 100. */
export const formatPercent = (percent: number) => String(percent).padStart(3, "0");

let started = false;
let request: AbortController | null = null;
let percent = 0;
let timer: number | undefined;
let appShowsIt = false;
const listeners = new Set<() => void>();

/** The intro video for this viewport: horizontal from 768 px up, vertical below. */
export function introSrc(urls: IntroUrls): string {
  return window.matchMedia?.(INTRO_DESKTOP_QUERY).matches ? urls.horizontal : urls.vertical;
}

/** The prerendered preloader's number and bar, until the app takes them over. */
function paintPrerendered(): void {
  if (appShowsIt) return;
  const shown = Math.min(percent, 99);
  const number = document.querySelector(".preloader__percent");
  if (number) number.textContent = formatPercent(shown);
  document.querySelector(".preloader__track")?.setAttribute("aria-valuenow", String(shown));
  const bar = document.querySelector<HTMLElement>(".preloader__bar");
  if (bar) bar.style.transform = `scaleX(${shown / 100})`;
}

function set(next: number): void {
  if (next <= percent) return; // never backwards
  percent = next;
  if (percent >= 100) window.clearTimeout(timer);
  paintPrerendered();
  for (const listener of listeners) listener();
}

async function receive(src: string, signal: AbortSignal): Promise<void> {
  const response = await fetch(src, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const total = Number(response.headers.get("Content-Length"));
  const reader = response.body?.getReader();
  if (reader) {
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      set(receivedPercent(received, total));
    }
  } else {
    await response.arrayBuffer();
  }
}

/** Starts fetching the intro video (once; later calls do nothing). */
export function startIntroVideo(urls: IntroUrls): void {
  if (started || typeof window === "undefined") return;
  started = true;
  const src = introSrc(urls);
  const controller = new AbortController();
  request = controller;
  timer = window.setTimeout(() => {
    if (percent >= 100) return;
    console.warn(`Intro video not loaded after ${INTRO_TIMEOUT_MS} ms; showing the page anyway`);
    set(100);
  }, INTRO_TIMEOUT_MS);
  receive(src, controller.signal).then(
    () => set(100),
    (error: unknown) => {
      if (controller.signal.aborted) return; // stopped on purpose
      console.error(`Intro video failed to load: ${src}`, error);
      set(100);
    },
  );
}

/** Starts the video the prerendered preloader names (its data-intro-* attributes), if there is one. */
export function startPageIntroVideo(): void {
  const preloader = document.querySelector<HTMLElement>(".preloader[data-intro-horizontal][data-intro-vertical]");
  const { introHorizontal, introVertical } = preloader?.dataset ?? {};
  if (introHorizontal && introVertical) startIntroVideo({ horizontal: introHorizontal, vertical: introVertical });
}

export function introProgress(): number {
  return percent;
}

export function subscribeIntro(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** From now on the app's preloader shows the progress; this module stops writing into the page. */
export function takeOverPreloader(): void {
  appShowsIt = true;
}

/** The preloader has gone, or the app could not be loaded: let go of what is still on its way. */
export function stopIntroVideo(): void {
  window.clearTimeout(timer);
  request?.abort();
  request = null;
}

/** Back to before the page started (tests). */
export function resetIntroVideo(): void {
  stopIntroVideo();
  started = false;
  percent = 0;
  appShowsIt = false;
  listeners.clear();
}

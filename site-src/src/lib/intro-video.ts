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
//   startIntroVideo(urls)   once, idempotent: the request and the 4000 ms (from the navigation)
//   introProgress()         0-100; 100 once it can play through (or was cached), failed or timed out
//   subscribeIntro(fn)      called on every change (useSyncExternalStore)
//   takeOverPreloader()     the app's preloader shows the progress from now on
//   stopIntroVideo()        the preloader has gone (or the app never came): stop the request

/** How long the preloader waits for the video before it proceeds anyway (docs/product.md#constants),
 * counted from the start of the navigation: the visitor's wait began when they asked for the page,
 * not when this script ran (seconds later on a slow phone). */
export const INTRO_TIMEOUT_MS = 4000;
/** The preloader hides this long after its progress reached 100 (docs/product.md#constants). */
export const PRELOADER_HIDE_DELAY_MS = 500;
/** The least of the video that must be in before its rate says it can play through. */
const PLAY_THROUGH_MIN_S = 1;

/** The intro video's two files, and its length in seconds where the build knows it. */
export type IntroUrls = { horizontal: string; vertical: string; duration?: number };

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

/**
 * Whether the video can play to its end without stalling from here, as a browser's media element
 * judges `canplaythrough`: at the rate it has arrived so far, the rest arrives before playback
 * reaches it. Needs the size, the length and at least a second of video in.
 */
export function canPlayThrough(received: number, total: number, elapsedMs: number, durationS: number | undefined): boolean {
  if (!total || !Number.isFinite(total) || total <= 0 || !durationS || durationS <= 0) return false;
  if (received >= total) return true;
  if (elapsedMs <= 0 || received < (total / durationS) * PLAY_THROUGH_MIN_S) return false;
  const bytesPerMs = received / elapsedMs;
  const downloadRestMs = (total - received) / bytesPerMs;
  const playRestMs = durationS * 1000 * (1 - received / total);
  return downloadRestMs <= playRestMs;
}

let started = false;
let request: AbortController | null = null;
let percent = 0;
let timer: number | undefined;
let appShowsIt = false;
let hideTimer: number | undefined;
let hiddenBeforeApp = false;
const listeners = new Set<() => void>();

/** The intro video for this viewport: horizontal from 768 px up, vertical below. */
export function introSrc(urls: IntroUrls): string {
  return window.matchMedia?.(INTRO_DESKTOP_QUERY).matches ? urls.horizontal : urls.vertical;
}

/** The prerendered preloader's number and bar, until the app takes them over. */
function paintPrerendered(): void {
  if (appShowsIt) return;
  const shown = percent;
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
  if (percent >= 100) hidePrerendered();
  for (const listener of listeners) listener();
}

/**
 * The app is not there yet at 100 (a slow phone): the page's own preloader fades and lets the
 * page scroll as the app's would, 500 ms later, so the visitor never waits on the app's code
 * (preloader.css: the lock is a rule on the preloader while it is not `is-gone`).
 */
function hidePrerendered(): void {
  if (appShowsIt || hideTimer !== undefined) return;
  const preloader = document.querySelector<HTMLElement>(".preloader");
  if (!preloader) return;
  preloader.classList.add("is-complete");
  hideTimer = window.setTimeout(() => {
    if (appShowsIt) return;
    preloader.classList.add("is-gone");
    hiddenBeforeApp = true;
  }, PRELOADER_HIDE_DELAY_MS);
}

async function receive(src: string, duration: number | undefined, signal: AbortSignal): Promise<void> {
  const startedAt = performance.now();
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
      // The rest is fetched all the same (into the browser's cache, for the hero that plays it).
      set(canPlayThrough(received, total, performance.now() - startedAt, duration) ? 100 : receivedPercent(received, total));
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
  const sinceNavigationMs = performance.now(); // 0 is when the visitor asked for the page
  timer = window.setTimeout(
    () => {
      if (percent >= 100) return;
      console.warn(`Intro video not loaded after ${INTRO_TIMEOUT_MS} ms; showing the page anyway`);
      set(100);
    },
    Math.max(0, INTRO_TIMEOUT_MS - sinceNavigationMs),
  );
  receive(src, urls.duration, controller.signal).then(
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
  const { introHorizontal, introVertical, introDuration } = preloader?.dataset ?? {};
  const duration = Number(introDuration) || undefined;
  if (introHorizontal && introVertical) startIntroVideo({ horizontal: introHorizontal, vertical: introVertical, duration });
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
  window.clearTimeout(hideTimer);
}

/** Whether the page's own preloader had gone before the app ran (the app then shows none). */
export function preloaderHiddenBeforeApp(): boolean {
  return hiddenBeforeApp;
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
  window.clearTimeout(hideTimer);
  hideTimer = undefined;
  hiddenBeforeApp = false;
  listeners.clear();
}

// Progressive preloading of the scroll-sequence frames (docs/product.md#scroll-animation-test):
// 10 frames per idle callback, or one frame per 5 ms staggered timer where requestIdleCallback
// is missing (Safari). A frame that fails is logged and counted as loaded, so the bar always
// completes.

import { FALLBACK_STAGGER_MS, FRAMES_PER_IDLE_CALLBACK, preloadBatches } from "./sequence-math";

export type FrameStatus = "pending" | "ready" | "failed";

export type FrameLoaderEvents = {
  /** A frame settled (ready or failed); `settled` counts both. */
  onSettle?: (index: number, status: FrameStatus, settled: number, total: number) => void;
  /** Every frame has settled. */
  onComplete?: () => void;
};

export type FrameLoader = {
  images: HTMLImageElement[];
  status: FrameStatus[];
  /** Stop scheduling, detach handlers: nothing fires after this. */
  cancel: () => void;
};

/** What a loader needs from the browser; tests pass their own. */
export type Scheduler = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
  createImage: () => HTMLImageElement;
};

// Idle callbacks may starve while the page is busy (video, scrolling); this bounds the wait.
const IDLE_TIMEOUT_MS = 200;

export function browserScheduler(): Scheduler {
  const hasIdle = typeof window.requestIdleCallback === "function";
  return {
    requestIdleCallback: hasIdle ? (cb, options) => window.requestIdleCallback(cb, options) : undefined,
    cancelIdleCallback: hasIdle ? (handle) => window.cancelIdleCallback(handle) : undefined,
    setTimeout: (cb, ms) => window.setTimeout(cb, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
    createImage: () => new Image(),
  };
}

/** Start loading every URL; returns at once. */
export function loadFrames(urls: string[], events: FrameLoaderEvents = {}, scheduler: Scheduler = browserScheduler()): FrameLoader {
  const total = urls.length;
  const images: HTMLImageElement[] = new Array(total);
  const status: FrameStatus[] = new Array(total).fill("pending");
  let settled = 0;
  let cancelled = false;
  const idleHandles: number[] = [];
  const timerHandles: number[] = [];

  const settle = (index: number, result: FrameStatus) => {
    if (cancelled || status[index] !== "pending") return;
    status[index] = result;
    settled += 1;
    events.onSettle?.(index, result, settled, total);
    if (settled === total) events.onComplete?.();
  };

  const start = (index: number) => {
    if (cancelled) return;
    const image = scheduler.createImage();
    image.decoding = "async";
    image.onload = () => settle(index, "ready");
    image.onerror = () => {
      console.error(`Scroll sequence: failed to load frame ${urls[index]}`);
      settle(index, "failed");
    };
    images[index] = image;
    image.src = urls[index];
  };

  if (total === 0) {
    events.onComplete?.();
  } else if (scheduler.requestIdleCallback) {
    const batches = preloadBatches(total, FRAMES_PER_IDLE_CALLBACK);
    const next = (batch: number) => {
      idleHandles.push(
        scheduler.requestIdleCallback!(
          () => {
            if (cancelled) return;
            batches[batch].forEach(start);
            if (batch + 1 < batches.length) next(batch + 1);
          },
          { timeout: IDLE_TIMEOUT_MS },
        ),
      );
    };
    next(0);
  } else {
    for (let index = 0; index < total; index++) {
      timerHandles.push(scheduler.setTimeout(() => start(index), index * FALLBACK_STAGGER_MS));
    }
  }

  return {
    images,
    status,
    cancel: () => {
      cancelled = true;
      idleHandles.forEach((handle) => scheduler.cancelIdleCallback?.(handle));
      timerHandles.forEach((handle) => scheduler.clearTimeout(handle));
      for (const image of images) {
        if (!image) continue;
        image.onload = null;
        image.onerror = null;
      }
    },
  };
}

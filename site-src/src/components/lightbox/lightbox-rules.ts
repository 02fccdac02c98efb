// The lightbox's behaviour (docs/product.md#portfolio) as pure functions, so every rule and
// constant is unit-tested without a browser; lightbox.tsx and its hooks only wire events to them.
//
// Why not GLightbox (named on the design card): it is not installed, and it does not meet the
// spec's rules: it has no rotation at all, its zoom is a single toggle to the natural size
// (no 0.12 steps, no 3x-natural ceiling or 0.1 floor, no throttled wheel zoom), it does not
// swap the arrow keys for right-to-left pages, and it neither filters invalid entries nor
// shows an error state when none is valid. The rules are small; writing them here is cheaper
// and more exact than bending a library around them.

/** Added to / taken from the scale by one zoom step (a wheel notch, a key press). */
export const ZOOM_STEP = 0.12;
/** The largest scale is this many times the image's natural (one image pixel per CSS pixel) scale. */
export const MAX_ZOOM_TIMES_NATURAL = 3;
/** The smallest scale. */
export const MIN_ZOOM = 0.1;
/** A horizontal drag shorter than this (in CSS pixels) is not a swipe. */
export const SWIPE_TOLERANCE_PX = 50;
/** Wheel events closer together than this only zoom once (a trackpad fires dozens a second). */
export const WHEEL_THROTTLE_MS = 80;
/** Rotation moves in quarter turns. */
export const ROTATION_STEP_DEG = 90;

/** One image in the lightbox (docs/product.md#data: src, optional title, optional alt) plus optional extras. */
export type LightboxImage = {
  src: string;
  title?: string;
  alt?: string;
  /**
   * A place held for an image whose details are still on their way ("loading": the viewer
   * shows its loading state there) or could not be fetched ("failed": the broken-image
   * display). The page fills it in with the image itself once it has it.
   */
  pending?: "loading" | "failed";
  [extra: string]: unknown;
};

/** The status shown for `image`: its own while it is there, the placeholder's while it is pending. */
export function shownStatus(image: LightboxImage | undefined, status: ImageStatus): ImageStatus {
  if (image?.pending === "failed") return "error";
  if (image?.pending === "loading") return "loading";
  return status;
}

/** Keep only entries that are strings or objects with a string `src` (docs/product.md#validation). */
export function validImages<T extends LightboxImage = LightboxImage>(entries: readonly unknown[]): T[] {
  const kept: T[] = [];
  for (const entry of entries) {
    if (typeof entry === "string") kept.push({ src: entry } as T);
    else if (entry !== null && typeof entry === "object" && typeof (entry as { src?: unknown }).src === "string") {
      kept.push(entry as T);
    }
  }
  return kept;
}

/** The start index clamped into 0..count-1 (0 when there is nothing to show). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}

/** The index one step (delta = -1 or +1) away; wraps around when looping, else stops at the ends. */
export function stepIndex(index: number, delta: number, count: number, loop: boolean): number {
  if (count <= 0) return 0;
  const next = index + delta;
  if (loop) return ((next % count) + count) % count;
  return clampIndex(next, count);
}

export type Direction = "prev" | "next";

/** What an arrow key does: ArrowRight is "next" on left-to-right pages and "prev" on right-to-left ones. */
export function arrowKeyDirection(key: string, rtl: boolean): Direction | null {
  if (key === "ArrowRight") return rtl ? "prev" : "next";
  if (key === "ArrowLeft") return rtl ? "next" : "prev";
  return null;
}

/**
 * What a drag from start to end means: a mostly horizontal move longer than the tolerance
 * is a swipe; dragging the image leftwards brings the next one (as on every phone gallery).
 */
export function swipeDirection(dx: number, dy: number, tolerance = SWIPE_TOLERANCE_PX): Direction | null {
  if (Math.abs(dx) <= Math.abs(dy)) return null;
  if (dx < -tolerance) return "next";
  if (dx > tolerance) return "prev";
  return null;
}

/** The scale at which one image pixel is one CSS pixel, given how wide the image is drawn at scale 1. */
export function naturalScale(naturalWidth: number, fittedWidth: number): number {
  if (!(naturalWidth > 0) || !(fittedWidth > 0)) return 1;
  return naturalWidth / fittedWidth;
}

/** Largest allowed scale for an image whose natural scale is `natural`. */
export function maxZoom(natural: number): number {
  return MAX_ZOOM_TIMES_NATURAL * (natural > 0 ? natural : 1);
}

// Repeated additions of 0.12 drift (0.1 + 0.12 * 3 = 0.45999999999999996); rounding keeps
// the numbers people and tests see exact.
const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/** One step in, never above 3x the natural scale. */
export function zoomIn(scale: number, natural: number): number {
  return round(Math.min(scale + ZOOM_STEP, maxZoom(natural)));
}

/** One step out, never below the minimum. */
export function zoomOut(scale: number): number {
  return round(Math.max(scale - ZOOM_STEP, MIN_ZOOM));
}

/** A pinch: the scale at its start times how much the fingers spread, within the limits. */
export function pinchZoom(startScale: number, startDistance: number, distance: number, natural: number): number {
  if (!(startDistance > 0)) return startScale;
  const scale = startScale * (distance / startDistance);
  return round(Math.min(Math.max(scale, MIN_ZOOM), maxZoom(natural)));
}

/** Whether a wheel event at `now` may zoom, the last accepted one having been at `lastAccepted`. */
export function wheelAccepted(lastAccepted: number | null, now: number): boolean {
  return lastAccepted === null || now - lastAccepted >= WHEEL_THROTTLE_MS;
}

/**
 * Turn by one quarter. The stored angle keeps growing (-90, -180, ...) so the CSS transition
 * always turns the short way; `reportedRotation` gives the angle people are told.
 */
export function rotate(degrees: number, direction: "left" | "right"): number {
  return degrees + (direction === "right" ? ROTATION_STEP_DEG : -ROTATION_STEP_DEG);
}

/** The angle reported to listeners: modulo 360, in 0..359. */
export function reportedRotation(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

// --- the viewer's state ------------------------------------------------------------------

export type ImageStatus = "loading" | "error" | "loaded";

export type ViewerState = {
  index: number;
  count: number;
  loop: boolean;
  scale: number;
  rotation: number;
  /** Natural scale of the image on show (see naturalScale); 1 until it has loaded. */
  natural: number;
  status: ImageStatus;
};

export type ViewerAction =
  | { type: "open"; index: number; count: number; loop: boolean }
  | { type: "step"; direction: Direction }
  | { type: "loaded"; natural: number }
  | { type: "failed" }
  | { type: "zoom-in" }
  | { type: "zoom-out" }
  | { type: "pinch"; startScale: number; startDistance: number; distance: number }
  | { type: "rotate"; direction: "left" | "right" };

/** A fresh image: unzoomed, unrotated, loading (or the error state when there is none). */
function showImage(state: ViewerState, index: number): ViewerState {
  return {
    ...state,
    index,
    scale: 1,
    rotation: 0,
    natural: 1,
    status: state.count > 0 ? "loading" : "error",
  };
}

export function initialViewerState(index: number, count: number, loop: boolean): ViewerState {
  const blank: ViewerState = { index: 0, count, loop, scale: 1, rotation: 0, natural: 1, status: "loading" };
  return showImage(blank, clampIndex(index, count));
}

/** Every change of the viewer, as a reducer; moving to another image resets zoom and rotation. */
export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case "open":
      return initialViewerState(action.index, action.count, action.loop);
    case "step": {
      const index = stepIndex(state.index, action.direction === "next" ? 1 : -1, state.count, state.loop);
      return index === state.index ? state : showImage(state, index);
    }
    case "loaded":
      return state.status === "loading" ? { ...state, status: "loaded", natural: action.natural } : state;
    case "failed":
      return { ...state, status: "error" };
    case "zoom-in":
      return state.status === "loaded" ? { ...state, scale: zoomIn(state.scale, state.natural) } : state;
    case "zoom-out":
      return state.status === "loaded" ? { ...state, scale: zoomOut(state.scale) } : state;
    case "pinch":
      return state.status === "loaded"
        ? { ...state, scale: pinchZoom(action.startScale, action.startDistance, action.distance, state.natural) }
        : state;
    case "rotate":
      return state.status === "loaded" ? { ...state, rotation: rotate(state.rotation, action.direction) } : state;
  }
}

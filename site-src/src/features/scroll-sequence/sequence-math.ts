// Pure maths of the /test scroll sequence (docs/product.md#scroll-animation-test): which frame
// to draw for a scroll position, how the drawn frame catches up with it, and how visible each
// overlay is.
// No DOM here, so every rule is a table-tested function (sequence-math.test.ts).

import type { ScrollSequenceConfig } from "../../lib/site-data";

/** Scrub smoothing 0.5: the drawn frame takes about half a second to catch up (docs/product.md#constants). */
export const SCRUB_SECONDS = 0.5;

/** Frames are preloaded 10 per idle callback, or one per 5 ms timer without one (docs/product.md#constants). */
export const FRAMES_PER_IDLE_CALLBACK = 10;
export const FALLBACK_STAGGER_MS = 5;

/** Where the canvas starts fading out, near the end of the scroll (docs/product.md#states). */
export const CANVAS_FADE_START = 0.92;

/** The opening 'SCROLL DOWN' text is gone by this fraction. */
export const INTRO_FADE_END = 0.1;

/** How long, as a scroll fraction, an overlay takes to fade in or out at its edges. */
export const OVERLAY_FADE = 0.025;

/** `id` names its text in the catalog (i18n/en/scroll-sequence.ts `overlays`). */
export type OverlayWindow = { id: "ear" | "facial" | "body" | "jewelry"; start: number; end: number };

/** The four text overlays and the scroll fractions at which they show (docs/product.md#constants). */
export const OVERLAY_WINDOWS: readonly OverlayWindow[] = [
  { id: "ear", start: 0.2, end: 0.31 },
  { id: "facial", start: 0.42, end: 0.53 },
  { id: "body", start: 0.63, end: 0.74 },
  { id: "jewelry", start: 0.83, end: 0.93 },
];

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** How many frames a config names (startFrame..endFrame inclusive); 0 when the range is empty. */
export function frameCount(config: ScrollSequenceConfig): number {
  return Math.max(0, Math.floor(config.endFrame) - Math.floor(config.startFrame) + 1);
}

/** URL of the frame at `index` (0-based) of the sequence: folder + prefix + padded number + suffix. */
export function frameUrl(config: ScrollSequenceConfig, index: number): string {
  const folder = config.imageFolder.endsWith("/") ? config.imageFolder : `${config.imageFolder}/`;
  const number = String(config.startFrame + index).padStart(config.frameDigits, "0");
  return `${folder}${config.imagePrefix}${number}${config.imageSuffix}`;
}

export function frameUrls(config: ScrollSequenceConfig): string[] {
  return Array.from({ length: frameCount(config) }, (_, index) => frameUrl(config, index));
}

/**
 * The set of frames for a screen of `dpr` device pixels per CSS pixel: the config itself (its
 * frames are the 1x set) or one of its `denser` sets, with that set's folder and size. As a
 * browser picks from an image's srcset, a set of density d serves every screen denser than
 * the geometric mean of d and the next lower density: the phones' 2x set (720x1280) from
 * 1.5 dppx (sqrt(1 * 2) ≈ 1.41) up, 3x phones included; the 1x set (404x720) below.
 */
export function framesForDensity(config: ScrollSequenceConfig, dpr: number): ScrollSequenceConfig {
  const ratio = Number.isFinite(dpr) && dpr > 0 ? dpr : 1;
  const { denser, ...base } = config;
  let chosen: ScrollSequenceConfig = base;
  let density = 1;
  for (const set of [...(denser ?? [])].sort((a, b) => a.density - b.density)) {
    if (set.density <= density || ratio <= Math.sqrt(density * set.density)) break;
    chosen = { ...base, imageFolder: set.imageFolder, width: set.width, height: set.height };
    density = set.density;
  }
  return chosen;
}

/**
 * How far through the sequence the visitor has scrolled, 0 to 1: 0 when the track's top
 * reaches the top of the viewport, 1 when its bottom reaches the bottom of the viewport.
 * `trackTop` is the track's top relative to the viewport (getBoundingClientRect().top).
 */
export function scrollProgress(trackTop: number, trackHeight: number, viewportHeight: number): number {
  const scrollable = trackHeight - viewportHeight;
  if (scrollable <= 0) return trackTop < 0 ? 1 : 0;
  return clamp(-trackTop / scrollable, 0, 1);
}

/** The (fractional) frame position for a progress: 0 at the start, count - 1 at the end. */
export function framePosition(progress: number, count: number): number {
  if (count <= 0) return 0;
  return clamp(progress, 0, 1) * (count - 1);
}

/** The frame to draw for a (possibly fractional) position: the nearest whole frame in range. */
export function frameIndex(position: number, count: number): number {
  if (count <= 0) return 0;
  return clamp(Math.round(position), 0, count - 1);
}

/**
 * One step of the scrub smoothing: move `current` towards `target` as a critically damped
 * follower that has covered 95 % of the gap after `scrubSeconds` (e^-3 ≈ 0.05), whatever the
 * frame rate. Within `snap` of the target it lands exactly, so the animation loop can stop.
 */
export function smoothTowards(
  current: number,
  target: number,
  elapsedMs: number,
  scrubSeconds: number = SCRUB_SECONDS,
  snap = 0.01,
): number {
  if (scrubSeconds <= 0 || elapsedMs <= 0) return elapsedMs <= 0 ? current : target;
  const timeConstantMs = (scrubSeconds * 1000) / 3;
  const next = target + (current - target) * Math.exp(-elapsedMs / timeConstantMs);
  return Math.abs(next - target) < snap ? target : next;
}

/**
 * Opacity of an overlay shown between `start` and `end`: it fades in over `fade` before
 * `start` reaches full at `start`, holds, and fades out over `fade` after `end`.
 */
export function overlayOpacity(progress: number, start: number, end: number, fade: number = OVERLAY_FADE): number {
  if (progress < start - fade || progress > end + fade) return 0;
  if (progress < start) return fade > 0 ? (progress - (start - fade)) / fade : 1;
  if (progress > end) return fade > 0 ? (end + fade - progress) / fade : 1;
  return 1;
}

/** Opacity of the canvas: full until CANVAS_FADE_START, then linearly to 0 at the end. */
export function canvasOpacity(progress: number, fadeStart: number = CANVAS_FADE_START): number {
  if (progress <= fadeStart) return 1;
  if (fadeStart >= 1) return 1;
  return clamp((1 - progress) / (1 - fadeStart), 0, 1);
}

/** Opacity of the opening 'SCROLL DOWN' text: full at the top, gone by INTRO_FADE_END. */
export function introOpacity(progress: number, fadeEnd: number = INTRO_FADE_END): number {
  return clamp(1 - progress / fadeEnd, 0, 1);
}

export type Rect = { x: number; y: number; width: number; height: number };

/** Where to draw an image so it covers the canvas (like object-fit: cover), centred. */
export function coverRect(imageWidth: number, imageHeight: number, canvasWidth: number, canvasHeight: number): Rect {
  if (imageWidth <= 0 || imageHeight <= 0) return { x: 0, y: 0, width: canvasWidth, height: canvasHeight };
  const scale = Math.max(canvasWidth / imageWidth, canvasHeight / imageHeight);
  const width = imageWidth * scale;
  const height = imageHeight * scale;
  return { x: (canvasWidth - width) / 2, y: (canvasHeight - height) / 2, width, height };
}

/**
 * The loaded frame closest to `index` (preferring the earlier one on a tie), or -1 when none
 * is ready yet: while frames stream in, or when one failed, the nearest neighbour is drawn.
 */
export function nearestReady(index: number, ready: readonly boolean[]): number {
  if (ready[index]) return index;
  for (let distance = 1; distance < ready.length; distance++) {
    if (ready[index - distance]) return index - distance;
    if (ready[index + distance]) return index + distance;
  }
  return -1;
}

/** Split `count` frame indices into preload batches of `size`, in order. */
export function preloadBatches(count: number, size: number = FRAMES_PER_IDLE_CALLBACK): number[][] {
  const batches: number[][] = [];
  for (let first = 0; first < count; first += size) {
    batches.push(Array.from({ length: Math.min(size, count - first) }, (_, i) => first + i));
  }
  return batches;
}

/** Backing-store size of a canvas drawn at `cssWidth` x `cssHeight` on a `dpr` screen. */
export function canvasPixels(cssWidth: number, cssHeight: number, dpr: number, maxDpr = 3): { width: number; height: number } {
  const ratio = clamp(Number.isFinite(dpr) && dpr > 0 ? dpr : 1, 1, maxDpr);
  return { width: Math.max(1, Math.round(cssWidth * ratio)), height: Math.max(1, Math.round(cssHeight * ratio)) };
}

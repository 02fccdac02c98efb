// Scrolling to a section of the page, for every way in: a hash, the dots, an artist's contact
// button. Sections off screen hold an estimated height until they come near
// (docs/architecture.md#only-what-is-on-screen) and content still arrives (the artists), so
// the page above a target may change height while the glide runs: it follows the target.

import { prefersReducedMotion } from "./reduced-motion";

const FOLLOW_TARGET_MS = 3000; // how long the page above a target may still grow

/**
 * Keep `element` at the top while the page above it is still settling (the artists arrive,
 * a section grows): a smooth scroll aims at where the target was when it started, so without
 * this the visitor lands short. Stops once the visitor scrolls themselves or after a while.
 */
function followTarget(element: HTMLElement, behavior: ScrollBehavior): () => void {
  if (typeof ResizeObserver === "undefined") return () => {};
  let first = true; // an observer reports once at the start: nothing has moved yet
  const observer = new ResizeObserver(() => {
    if (first) first = false;
    else element.scrollIntoView({ behavior, block: "start" });
  });
  const takeOver = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of takeOver) window.removeEventListener(type, stop);
  };
  const timer = window.setTimeout(stop, FOLLOW_TARGET_MS);
  for (const type of takeOver) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}

/**
 * Scroll `element` to the top of the window (smoothly unless asked not to or the visitor
 * prefers reduced motion) and keep it there while the page settles.
 */
export function glideTo(element: HTMLElement, { smooth = true } = {}): () => void {
  const behavior: ScrollBehavior = smooth && !prefersReducedMotion() ? "smooth" : "auto";
  element.scrollIntoView({ behavior, block: "start" });
  return followTarget(element, behavior);
}

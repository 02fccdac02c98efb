import type Aos from "aos";
import "aos/dist/aos.css";
import { prefersReducedMotion } from "../hooks/use-media-query";

// One AOS for the whole app (docs/product.md#constants); features only put data-aos attributes on elements.
// Its code loads when the page is ready (it animates nothing before), outside the first load.
export const AOS_SETTINGS = { duration: 1000, once: true, offset: 100, delay: 100 } as const;

let started = false;
let aos: typeof Aos | null = null;
let frame = 0;

/** Start AOS once (no-op afterwards and under prefers-reduced-motion, where CSS shows all). */
export function startAnimateOnScroll(): void {
  if (started) return;
  started = true;
  if (prefersReducedMotion()) {
    document.documentElement.classList.add("aos-disabled");
    return;
  }
  void import("aos").then(({ default: loaded }) => {
    aos = loaded;
    aos.init({ ...AOS_SETTINGS, disable: false });
    // AOS measures where each element is once, but the page keeps changing height after that:
    // a home section off screen holds an estimated height until it comes near
    // (docs/architecture.md#only-what-is-on-screen), artists and images arrive. Measured
    // again whenever it does, an element never waits in view for a position it has left;
    // from the visitor's first scroll on, as nothing moves into view before.
    const watchHeight = () => new ResizeObserver(refreshAnimateOnScroll).observe(document.body);
    if (typeof ResizeObserver !== "undefined") window.addEventListener("scroll", watchHeight, { once: true, passive: true });
  });
}

/** Re-measure positions, once per frame, after content changed height (a section, a lazy screen). */
export function refreshAnimateOnScroll(): void {
  if (!started || prefersReducedMotion() || frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    aos?.refresh();
  });
}

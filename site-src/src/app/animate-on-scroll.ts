import "aos/dist/aos.css";
import { prefersReducedMotion } from "../hooks/use-media-query";

// Scroll-in animations (docs/product.md#constants): features put AOS's data-aos attributes on
// elements and AOS's stylesheet gives the look; scroll-in-watcher.ts says when each one comes
// into view. Its code loads when the page is ready (nothing fades in before), outside the
// first load.
export const AOS_SETTINGS = { duration: 1000, once: true, offset: 100, delay: 100, easing: "ease" } as const;

let started = false;

/** Start the scroll-in animations once (no-op afterwards); under prefers-reduced-motion, CSS shows all. */
export function startAnimateOnScroll(): void {
  if (started) return;
  started = true;
  const showAll = () => document.documentElement.classList.add("aos-disabled");
  if (prefersReducedMotion() || typeof IntersectionObserver === "undefined" || typeof MutationObserver === "undefined") {
    showAll();
    return;
  }
  // A watcher that cannot load must not leave what waits for it hidden.
  import("./scroll-in-watcher").then(({ watchScrollIns }) => watchScrollIns(AOS_SETTINGS), showAll);
}

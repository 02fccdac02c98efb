import type Aos from "aos";
import "aos/dist/aos.css";
import { prefersReducedMotion } from "../hooks/use-media-query";

// One AOS for the whole app (docs/product.md#constants); features only put data-aos attributes on elements.
// Its code loads when the page is ready (it animates nothing before), outside the first load.
export const AOS_SETTINGS = { duration: 1000, once: true, offset: 100, delay: 100 } as const;

let started = false;
let aos: typeof Aos | null = null;

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
  });
}

/** Re-measure positions after content changed height (a lazy screen arrived). */
export function refreshAnimateOnScroll(): void {
  if (started && !prefersReducedMotion()) aos?.refresh();
}

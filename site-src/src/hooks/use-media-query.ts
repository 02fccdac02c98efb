import { useSyncExternalStore } from "react";
import { REDUCED_MOTION_QUERY } from "../lib/reduced-motion";

// Above lib/ the app takes prefersReducedMotion from here, beside the hook; lib/ has it for
// glide-to.ts. Imported from lib/ by the lazy contact form too, it would leave this chunk for
// one of its own on the home page's first load (+0.2 KiB gzip).
export { prefersReducedMotion } from "../lib/reduced-motion";

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string, { defaultValue = false }: { defaultValue?: boolean } = {}): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === "undefined" || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query).matches : defaultValue),
    () => defaultValue,
  );
}

/** The one mobile/desktop switch, 768 px (docs/product.md#constants). */
export const DESKTOP_QUERY = "(min-width: 768px)";

export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}

/** True when the visitor asked the system for less motion (lib/reduced-motion.ts outside React). */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

// Whether the visitor asked the system for less motion. It lives in lib/ (not beside
// useReducedMotion in hooks/) because lib/glide-to.ts needs it, and lib/ imports nothing above it.

export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/** The answer now, outside React (event handlers, one-off scrolls); hooks/ has the hook. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && !!window.matchMedia?.(REDUCED_MOTION_QUERY).matches;
}

import { useSyncExternalStore } from "react";

// Local until the shell's src/hooks/use-media-query.ts lands on main (features may not
// import each other, and this one must work on its own).
/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string, defaultValue: boolean): boolean {
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

import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("scroll", onChange, { passive: true });
  window.addEventListener("resize", onChange, { passive: true });
  return () => {
    window.removeEventListener("scroll", onChange);
    window.removeEventListener("resize", onChange);
  };
}

/** The page's vertical scroll offset in px, re-rendering on scroll. */
export function useScrollY(): number {
  return useSyncExternalStore(
    subscribe,
    () => Math.max(0, window.scrollY),
    () => 0,
  );
}

import { useEffect, useState, type RefObject } from "react";

/**
 * True once `ref` comes within a screen's height of the viewport, and from then on (at once
 * where that cannot be told, and while not `enabled`). For what only matters near the
 * visitor: a background video's file, the carousel's code.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, { enabled = true } = {}): boolean {
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
    // After every render until near: the element may only appear later (artists still loading).
  });
  return near;
}

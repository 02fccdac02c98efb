import { useSyncExternalStore } from "react";

// Where the page is, as the last scroll or resize (or the first subscriber) found it. Reading
// window.scrollY makes the browser bring style and layout up to date first; React asks for the
// snapshot again when it commits, and during hydration that read would fall in hydration's own
// long task. Events and subscribing read it once each instead.
let scrollY = 0;

function subscribe(onChange: () => void): () => void {
  const update = () => {
    scrollY = Math.max(0, window.scrollY);
    onChange();
  };
  // A reload or a link into the page may start below the top.
  update();
  window.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update, { passive: true });
  return () => {
    window.removeEventListener("scroll", update);
    window.removeEventListener("resize", update);
  };
}

/** The page's vertical scroll offset in px, re-rendering on scroll. */
export function useScrollY(): number {
  return useSyncExternalStore(
    subscribe,
    () => scrollY,
    () => 0,
  );
}

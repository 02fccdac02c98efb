import { useEffect } from "react";

// Several things lock the page at once (preloader, menu, a video modal); the page scrolls again
// only when the last of them lets go, so the locks are counted.
let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

export function lockScroll(): () => void {
  const root = document.documentElement;
  if (locks === 0) {
    saved = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
    // Keep the layout from jumping when the scroll bar disappears (desktop browsers); a page a
    // stylesheet already locks (the prerendered preloader's) keeps the bar's room itself.
    const scrollbar = window.innerWidth - root.clientWidth;
    const lockedByCss = getComputedStyle(root).overflowY === "hidden";
    if (scrollbar > 0 && !lockedByCss) root.style.paddingRight = `${scrollbar}px`;
    root.style.overflow = "hidden";
    document.body.dataset.scrollLocked = "true";
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0 && saved) {
      root.style.overflow = saved.overflow;
      root.style.paddingRight = saved.paddingRight;
      delete document.body.dataset.scrollLocked;
      saved = null;
    }
  };
}

/** Lock page scrolling while `active` is true. */
export function useScrollLock(active: boolean): void {
  useEffect(() => (active ? lockScroll() : undefined), [active]);
}

import { useEffect, type RefObject } from "react";

/**
 * Keeps the field the browser refuses on Send clear of the fixed header (WCAG 2.4.11).
 *
 * The browser scrolls the first invalid field just into view, to the screen's top edge when it
 * is above, and the header, which comes back as the page scrolls up, then covers the field and
 * the bubble points at the logo. Each field's `invalid` event comes before that scroll: the first
 * one of a Send brings its field to the middle of the screen, and the browser, finding it in
 * view, focuses it there. (scroll-margin is not used by that scroll in Chromium.)
 */
export function useInvalidFieldsInView(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    // The form or what holds it: `invalid` does not bubble, but a listener that captures sees it.
    const form = ref.current;
    if (!form) return;
    let first = true;
    const onInvalid = (event: Event) => {
      if (!first || !(event.target instanceof HTMLElement)) return;
      first = false;
      window.setTimeout(() => (first = true), 0); // the next Send is a new round
      const field = event.target;
      const header = document.querySelector<HTMLElement>(".site-header")?.offsetHeight ?? 0;
      const box = field.getBoundingClientRect();
      if (box.top >= header && box.bottom <= window.innerHeight) return;
      field.scrollIntoView({ block: "center", behavior: "instant" });
    };
    form.addEventListener("invalid", onInvalid, true);
    return () => form.removeEventListener("invalid", onInvalid, true);
  }, [ref]);
}

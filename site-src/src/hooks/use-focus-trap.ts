import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute("inert") && el.getAttribute("aria-hidden") !== "true",
  );
}

type Options = {
  active: boolean;
  onEscape?: () => void;
  /** Element to focus first; defaults to the first focusable one inside. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Give focus back to what had it before (the button that opened the overlay). */
  restoreFocus?: boolean;
  /**
   * Where focus goes back to when this closes, when the opener is known: more reliable than
   * "what had focus before", since Safari does not focus a button that is clicked.
   */
  returnFocus?: RefObject<HTMLElement | null>;
};

/** Keep Tab and Shift+Tab inside `ref` while active; Escape calls onEscape. */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  { active, onEscape, initialFocus, restoreFocus = true, returnFocus }: Options,
): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const previous = document.activeElement as HTMLElement | null;
    (initialFocus?.current ?? focusables(container)[0] ?? container).focus({ preventScroll: true });

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && escape.current) {
        event.preventDefault();
        escape.current();
        return;
      }
      if (event.key !== "Tab" || !container) return;
      const items = focusables(container);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      const back = returnFocus?.current ?? previous;
      if (restoreFocus && back && document.contains(back)) back.focus({ preventScroll: true });
    };
  }, [active, ref, initialFocus, restoreFocus, returnFocus]);
}

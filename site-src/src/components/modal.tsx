import { useRef, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "../hooks/use-focus-trap";
import { useHydrated } from "../hooks/use-hydrated";
import { useScrollLock } from "../hooks/use-scroll-lock";
import { useStrings } from "../i18n/catalog";
import "./modal.css";

type Props = {
  open: boolean;
  onClose: () => void;
  /** Names the dialog for screen readers. */
  label: string;
  children: ReactNode;
  className?: string;
  /** The button that opened it: focus goes back there on closing. */
  returnFocus?: RefObject<HTMLElement | null>;
};

/**
 * A dialog over the page: focus stays inside, Escape, the close button or a click on the
 * backdrop close it, a click inside the content does not. It stays mounted while closed so
 * what it holds (a video's position) is kept or reset by its owner, not lost.
 */
export function Modal({ open, onClose, label, children, className = "", returnFocus }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const t = useStrings().video;
  useScrollLock(open);
  useFocusTrap(ref, { active: open, onEscape: onClose, initialFocus: closeRef, returnFocus });

  // A portal needs <body>: the prerendered page has the (closed) dialog only once hydrated.
  if (!hydrated) return null;
  return createPortal(
    <div
      ref={ref}
      className={`modal${open ? " is-open" : ""} ${className}`}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      aria-hidden={!open}
      inert={!open}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <button ref={closeRef} type="button" className="modal__close" onClick={onClose} aria-label={t.close}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </button>
      <div className="modal__content">{children}</div>
    </div>,
    document.body,
  );
}

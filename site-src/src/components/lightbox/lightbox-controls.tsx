import type { Ref } from "react";
import type { GalleryStrings } from "../../i18n/parts/gallery";
import type { Direction } from "./lightbox-rules";

type Texts = GalleryStrings["lightbox"];

/** Previous and next, at the sides (only when there is more than one image). */
export function LightboxNav({ onStep, t }: { onStep: (direction: Direction) => void; t: Texts }) {
  return (
    <>
      <button
        type="button"
        className="lightbox__nav lightbox__nav--prev"
        aria-label={t.previous}
        onClick={() => onStep("prev")}
      >
        <Chevron direction="left" />
      </button>
      <button
        type="button"
        className="lightbox__nav lightbox__nav--next"
        aria-label={t.next}
        onClick={() => onStep("next")}
      >
        <Chevron direction="right" />
      </button>
    </>
  );
}

/** Close, where focus goes on opening (as in every dialog of the site). */
export function LightboxClose({ ref, onClose, t }: { ref: Ref<HTMLButtonElement>; onClose: () => void; t: Texts }) {
  return (
    <button ref={ref} type="button" className="lightbox__close" aria-label={t.close} onClick={onClose}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </button>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

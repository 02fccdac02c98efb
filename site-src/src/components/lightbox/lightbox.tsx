// A full-screen image viewer: previous/next by buttons, arrow keys, swipe and wrap-around;
// Escape or a backdrop click closes it; wheel and pinch zoom, quarter-turn rotation (keys
// + - and r / R, there is no toolbar); loading, error and loaded states. Every rule lives in
// lightbox-rules.ts (that file says why this is not GLightbox); this file is the dialog and
// wires its parts: the state (use-lightbox-state.ts), the keys (use-lightbox-keys.ts), the
// stage's gestures (use-lightbox-gestures.ts), the stage, the controls and the pictures.
import { useRef, type MouseEvent, type ReactNode, type RefObject, type SyntheticEvent } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "../../hooks/use-focus-trap";
import { useScrollLock } from "../../hooks/use-scroll-lock";
import { useStrings } from "../../i18n/catalog";
import { galleryStrings } from "../../i18n/parts/gallery";
import { LightboxClose, LightboxNav } from "./lightbox-controls";
import { LightboxPreload } from "./lightbox-picture";
import { naturalScale, shownStatus, type LightboxImage } from "./lightbox-rules";
import { LightboxStage } from "./lightbox-stage";
import { useLightboxGestures } from "./use-lightbox-gestures";
import { useLightboxKeys } from "./use-lightbox-keys";
import { useLightboxState } from "./use-lightbox-state";
import "./lightbox.css";

export type { LightboxImage } from "./lightbox-rules";

type Props<T extends LightboxImage> = {
  /** Entries as given; only strings and objects with a string `src` are shown. */
  images: readonly unknown[];
  open: boolean;
  /** Where to start (clamped into range). */
  index: number;
  /**
   * The viewer opens afresh at `index` when this changes; by default whenever `images` does.
   * Give one to fill in pending entries (LightboxImage.pending) while it stays open.
   */
  resetKey?: unknown;
  loop?: boolean;
  /** Swap the arrow keys; defaults to the page's direction. */
  rtl?: boolean;
  onClose: () => void;
  onIndexChange?: (index: number) => void;
  /** An image failed to load (the viewer shows the broken-image display). */
  onError?: (event: SyntheticEvent<HTMLImageElement>, image: T) => void;
  /** The rotation in degrees, modulo 360. */
  onRotate?: (degrees: number) => void;
  onZoom?: (scale: number) => void;
  /** The caption under the image; by default its title. */
  caption?: (image: T, index: number) => ReactNode;
  /** Something to do with the image shown (the Flash screen's "Claim this design"), beside its caption. */
  action?: (image: T, index: number) => ReactNode;
  /** Accessible name of the dialog ("Image viewer" when none). */
  label?: string;
  /** The element that opened it: focus goes back there on closing. */
  returnFocus?: RefObject<HTMLElement | null>;
};

/** The viewer; renders nothing while closed. */
export function Lightbox<T extends LightboxImage>(props: Props<T>) {
  if (!props.open) return null;
  return createPortal(<Viewer {...props} />, document.body);
}

function Viewer<T extends LightboxImage>({
  images: entries,
  index: startIndex,
  resetKey,
  loop = false,
  rtl,
  onClose,
  onIndexChange,
  onError,
  onRotate,
  onZoom,
  caption,
  action,
  label,
  returnFocus,
}: Props<T>) {
  const t = useStrings(galleryStrings).lightbox;
  const { images, current, state, dispatch, step } = useLightboxState<T>({
    entries, startIndex, loop, resetKey, onIndexChange, onRotate, onZoom,
  });
  // A pending entry shows the loading or broken-image state in its place, and has no caption.
  const status = shownStatus(current, state.status);
  const shown = current?.pending ? undefined : current;
  const dialogRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const isRtl = rtl ?? (typeof document !== "undefined" && document.documentElement.dir === "rtl");

  // The page behind does not scroll; focus moves in (to Close, as in every dialog of the
  // site), Tab stays inside, Escape closes, and focus returns to the opener afterwards.
  const closeRef = useRef<HTMLButtonElement>(null);
  useScrollLock(true);
  useFocusTrap(dialogRef, { active: true, onEscape: onClose, initialFocus: closeRef, returnFocus });
  useLightboxKeys(isRtl, step, dispatch);
  const gestures = useLightboxGestures(stageRef, state.scale, step, dispatch);

  // A click on the backdrop (anywhere but the image, the buttons and the caption) closes;
  // the click that ends a swipe or a drag does not.
  const onBackdropClick = (event: MouseEvent) => {
    if (gestures.clickEndsGesture()) return;
    const target = event.target as HTMLElement;
    if (target === event.currentTarget || target === stageRef.current) onClose();
  };

  const onImageLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    // clientWidth is the fitted width: CSS transforms (the zoom) do not change it.
    const img = event.currentTarget;
    dispatch({ type: "loaded", natural: naturalScale(img.naturalWidth, img.clientWidth) });
  };
  const onImageError = (event: SyntheticEvent<HTMLImageElement>) => {
    dispatch({ type: "failed" });
    if (current) onError?.(event, current);
  };

  const count = images.length;
  return (
    <div
      ref={dialogRef}
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={label ?? t.label}
      tabIndex={-1}
      onClick={onBackdropClick}
    >
      <LightboxStage
        ref={stageRef}
        state={status === state.status ? state : { ...state, status }}
        image={shown}
        handlers={gestures.handlers}
        onLoad={onImageLoad}
        onError={onImageError}
        t={t}
      />
      {count > 1 && <LightboxNav onStep={step} t={t} />}
      <LightboxClose ref={closeRef} onClose={onClose} t={t} />
      {current && (
        <div className="lightbox__caption">
          {shown && <p className="lightbox__title">{caption ? caption(shown, state.index) : shown.title}</p>}
          {shown && action?.(shown, state.index)}
          {count > 1 && (
            <p className="lightbox__counter" aria-label={t.counter(state.index + 1, count)}>
              {state.index + 1} / {count}
            </p>
          )}
        </div>
      )}
      <LightboxPreload images={images} index={state.index} loaded={status === "loaded"} loop={loop} />
    </div>
  );
}

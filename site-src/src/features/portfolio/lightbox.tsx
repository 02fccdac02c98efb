// A full-screen image viewer: previous/next by buttons, arrow keys, swipe and wrap-around;
// Escape or a backdrop click closes it; wheel and pinch zoom, quarter-turn rotation (keys
// + - and r / R, there is no toolbar); loading, error and loaded states. Every rule lives in
// lightbox-rules.ts (that file says why this is not GLightbox); this file wires events to it.
import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "../../hooks/use-focus-trap";
import { useScrollLock } from "../../hooks/use-scroll-lock";
import {
  arrowKeyDirection,
  initialViewerState,
  naturalScale,
  reportedRotation,
  swipeDirection,
  validImages,
  viewerReducer,
  wheelAccepted,
  type Direction,
  type LightboxImage,
} from "./lightbox-rules";
import "./lightbox.css";

export type { LightboxImage } from "./lightbox-rules";

type Props<T extends LightboxImage> = {
  /** Entries as given; only strings and objects with a string `src` are shown. */
  images: readonly unknown[];
  open: boolean;
  /** Where to start (clamped into range). */
  index: number;
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
  /** Accessible name of the dialog. */
  label?: string;
  /** The element that opened it: focus goes back there on closing. */
  returnFocus?: RefObject<HTMLElement | null>;
};

/** The viewer; renders nothing while closed. */
export function Lightbox<T extends LightboxImage>(props: Props<T>) {
  if (!props.open) return null;
  return createPortal(<Viewer {...props} />, document.body);
}

// The responsive attributes an entry may carry (the portfolio passes the pipeline's).
type Responsive = { srcset?: unknown; sources?: unknown };

function Picture({ image, onLoad, onError, className, style }: {
  image: LightboxImage & Responsive;
  onLoad?: (event: SyntheticEvent<HTMLImageElement>) => void;
  onError?: (event: SyntheticEvent<HTMLImageElement>) => void;
  className?: string;
  style?: React.CSSProperties;
}) {
  const srcset = typeof image.srcset === "string" && image.srcset ? image.srcset : undefined;
  const sources = Array.isArray(image.sources)
    ? (image.sources as { type?: unknown; srcset?: unknown }[]).filter(
        (s): s is { type: string; srcset: string } => typeof s?.type === "string" && typeof s?.srcset === "string",
      )
    : [];
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes="100vw" />
      ))}
      <img
        className={className}
        style={style}
        src={image.src}
        srcSet={srcset}
        sizes={srcset ? "100vw" : undefined}
        alt={image.alt ?? image.title ?? ""}
        draggable={false}
        onLoad={onLoad}
        onError={onError}
      />
    </picture>
  );
}

// A pointer that moved less than this between down and up still clicks.
const CLICK_SLOP_PX = 10;

function Viewer<T extends LightboxImage>({
  images: entries,
  index: startIndex,
  loop = false,
  rtl,
  onClose,
  onIndexChange,
  onError,
  onRotate,
  onZoom,
  caption,
  label = "Image viewer",
  returnFocus,
}: Props<T>) {
  const images = useMemo(() => validImages<T>(entries), [entries]);
  const [state, dispatch] = useReducer(viewerReducer, null, () =>
    initialViewerState(startIndex, images.length, loop),
  );
  const dialogRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const current: T | undefined = images[state.index];

  // A new list (or a new start) opens the viewer afresh.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    dispatch({ type: "open", index: startIndex, count: images.length, loop });
  }, [images, startIndex, loop]);

  // Report changes to whoever listens (after the first render: opening is not a change).
  const reported = useRef({ index: state.index, rotation: 0, scale: 1 });
  useEffect(() => {
    const last = reported.current;
    if (state.index !== last.index) onIndexChange?.(state.index);
    const degrees = reportedRotation(state.rotation);
    if (degrees !== last.rotation) onRotate?.(degrees);
    if (state.scale !== last.scale) onZoom?.(state.scale);
    reported.current = { index: state.index, rotation: degrees, scale: state.scale };
  }, [state.index, state.rotation, state.scale, onIndexChange, onRotate, onZoom]);

  const step = useCallback((direction: Direction) => dispatch({ type: "step", direction }), []);
  const isRtl = rtl ?? (typeof document !== "undefined" && document.documentElement.dir === "rtl");

  // The page behind does not scroll; focus moves in (to Close, as in every dialog of the
  // site), Tab stays inside, Escape closes, and focus returns to the opener afterwards.
  const closeRef = useRef<HTMLButtonElement>(null);
  useScrollLock(true);
  useFocusTrap(dialogRef, { active: true, onEscape: onClose, initialFocus: closeRef, returnFocus });

  // Keyboard: arrows step, + / - zoom, r / R rotate.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const direction = arrowKeyDirection(event.key, isRtl);
      if (direction) step(direction);
      else if (event.key === "+" || event.key === "=") dispatch({ type: "zoom-in" });
      else if (event.key === "-" || event.key === "_") dispatch({ type: "zoom-out" });
      else if (event.key === "r") dispatch({ type: "rotate", direction: "right" });
      else if (event.key === "R") dispatch({ type: "rotate", direction: "left" });
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isRtl, step]);

  // Wheel zoom, throttled. A native listener: React's onWheel is passive and cannot stop the page scrolling.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    let lastAccepted: number | null = null;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.deltaY === 0 || !wheelAccepted(lastAccepted, event.timeStamp)) return;
      lastAccepted = event.timeStamp;
      dispatch({ type: event.deltaY < 0 ? "zoom-in" : "zoom-out" });
    };
    stage.addEventListener("wheel", onWheel, { passive: false });
    return () => stage.removeEventListener("wheel", onWheel);
  }, []);

  // Pointers: one pointer dragging is a swipe (the image itself never moves: no dragging);
  // two touching pointers pinch-zoom.
  const pointers = useRef(new Map<number, { x: number; y: number; startX: number; startY: number }>());
  const pinch = useRef<{ startScale: number; startDistance: number } | null>(null);
  // Set when the pointer moved enough to be a gesture: the click that follows is not a click.
  const gestured = useRef(false);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.current.set(event.pointerId, {
      x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY,
    });
    gestured.current = false;
    if (pointers.current.size === 2) pinch.current = { startScale: state.scale, startDistance: distance() };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const pointer = pointers.current.get(event.pointerId);
    if (!pointer) return;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (Math.hypot(pointer.x - pointer.startX, pointer.y - pointer.startY) > CLICK_SLOP_PX) gestured.current = true;
    if (pinch.current && pointers.current.size === 2) {
      dispatch({ type: "pinch", ...pinch.current, distance: distance() });
    }
  };
  const onPointerEnd = (event: ReactPointerEvent) => {
    const pointer = pointers.current.get(event.pointerId);
    if (!pointer) return;
    pointers.current.delete(event.pointerId);
    if (pinch.current) {
      // The pinch ends when the last finger lifts; it never counts as a swipe.
      if (pointers.current.size === 0) pinch.current = null;
      gestured.current = true;
      return;
    }
    if (event.type === "pointercancel") return;
    const direction = swipeDirection(event.clientX - pointer.startX, event.clientY - pointer.startY);
    if (direction) {
      gestured.current = true;
      step(direction);
    }
  };

  // A click on the backdrop (anywhere but the image, the buttons and the caption) closes;
  // the click that ends a swipe or a drag does not.
  const onBackdropClick = (event: React.MouseEvent) => {
    if (gestured.current) {
      gestured.current = false;
      return;
    }
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
  const neighbours =
    state.status === "loaded" && count > 1
      ? [...new Set([state.index + 1, state.index - 1].map((i) => (i + count) % count))].filter(
          (i) => i !== state.index && (loop || (i > 0 && i < count)),
        )
      : [];

  return (
    <div
      ref={dialogRef}
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      tabIndex={-1}
      onClick={onBackdropClick}
    >
      <div
        ref={stageRef}
        className="lightbox__stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-status={state.status}
      >
        {state.status === "loading" && (
          <div className="lightbox__spinner" role="status" aria-label="Loading image" />
        )}
        {state.status === "error" && (
          <div className="lightbox__broken" role="img" aria-label="This image could not be loaded">
            <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
              <path
                d="M8 10h32v20l-7-7-7 7-6-6-12 12V10zM8 38v-2l12-12 6 6 7-7 7 7v8H8z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
              <path d="M6 6l36 36" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </div>
        )}
        {current && state.status !== "error" && (
          <Picture
            // A new element per image: the old one's load event must never count for the new one.
            key={`${state.index}:${current.src}`}
            image={current}
            className={`lightbox__image lightbox__image--${state.status}`}
            style={{ transform: `scale(${state.scale}) rotate(${state.rotation}deg)` }}
            onLoad={onImageLoad}
            onError={onImageError}
          />
        )}
      </div>

      {count > 1 && (
        <>
          <button
            type="button"
            className="lightbox__nav lightbox__nav--prev"
            aria-label="Previous image"
            onClick={() => step("prev")}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="lightbox__nav lightbox__nav--next"
            aria-label="Next image"
            onClick={() => step("next")}
          >
            <Chevron direction="right" />
          </button>
        </>
      )}
      <button ref={closeRef} type="button" className="lightbox__close" aria-label="Close" onClick={onClose}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>

      {current && (
        <div className="lightbox__caption">
          <p className="lightbox__title">{caption ? caption(current, state.index) : current.title}</p>
          {count > 1 && (
            <p className="lightbox__counter" aria-label={`Image ${state.index + 1} of ${count}`}>
              {state.index + 1} / {count}
            </p>
          )}
        </div>
      )}

      {/* The neighbours load in the background, with the same markup so the same file is picked. */}
      <div className="lightbox__preload" aria-hidden="true">
        {neighbours.map((i) => (
          <Picture key={`${i}:${images[i].src}`} image={{ ...images[i], alt: "" }} />
        ))}
      </div>
    </div>
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

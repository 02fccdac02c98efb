import type { PointerEventHandler, Ref, SyntheticEvent } from "react";
import type { GalleryStrings } from "../../i18n/parts/gallery";
import { LightboxPicture } from "./lightbox-picture";
import type { LightboxImage, ViewerState } from "./lightbox-rules";

type Props = {
  ref: Ref<HTMLDivElement>;
  state: ViewerState;
  /** The image at state.index (none when the list is empty). */
  image: LightboxImage | undefined;
  /** The swipe and pinch handlers (use-lightbox-gestures.ts). */
  handlers: Record<"onPointerDown" | "onPointerMove" | "onPointerUp" | "onPointerCancel", PointerEventHandler>;
  onLoad: (event: SyntheticEvent<HTMLImageElement>) => void;
  onError: (event: SyntheticEvent<HTMLImageElement>) => void;
  t: GalleryStrings["lightbox"];
};

/** Where the image is shown, zoomed and turned: a spinner while it loads, a broken image if it fails. */
export function LightboxStage({ ref, state, image, handlers, onLoad, onError, t }: Props) {
  return (
    <div ref={ref} className="lightbox__stage" {...handlers} data-status={state.status}>
      {state.status === "loading" && <div className="lightbox__spinner" role="status" aria-label={t.loading} />}
      {state.status === "error" && (
        <div className="lightbox__broken" role="img" aria-label={t.broken}>
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
      {image && state.status !== "error" && (
        <LightboxPicture
          // A new element per image: the old one's load event must never count for the new one.
          key={`${state.index}:${image.src}`}
          image={image}
          className={`lightbox__image lightbox__image--${state.status}`}
          style={{ transform: `scale(${state.scale}) rotate(${state.rotation}deg)` }}
          onLoad={onLoad}
          onError={onError}
        />
      )}
    </div>
  );
}

import { useEffect, useRef, type RefObject } from "react";
import { Modal } from "./modal";

/** The modal video starts from 0 this long after opening (docs/product.md#constants). */
export const MODAL_PLAY_DELAY_MS = 100;

type Props = {
  open: boolean;
  onClose: () => void;
  src: string;
  /** What the video shows, for screen readers ("Studio film", …). */
  title: string;
  poster?: string;
  /** The button that opened it: focus goes back there on closing. */
  returnFocus?: RefObject<HTMLElement | null>;
};

/**
 * A video with controls in a modal. Opening restarts it from 0 after 100 ms; closing (button,
 * backdrop, Escape) pauses it and rewinds it to the start.
 */
export function VideoModal({ open, onClose, src, title, poster, returnFocus }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!open) {
      video.pause();
      video.currentTime = 0;
      return;
    }
    const timer = window.setTimeout(() => {
      video.currentTime = 0;
      video.play().catch((error: unknown) => console.warn("Video did not start:", error));
    }, MODAL_PLAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  return (
    <Modal open={open} onClose={onClose} label={title} className="video-modal" returnFocus={returnFocus}>
      <video
        ref={videoRef}
        className="video-modal__video"
        src={src}
        poster={poster}
        controls
        playsInline
        preload="none"
        aria-label={title}
      />
    </Modal>
  );
}

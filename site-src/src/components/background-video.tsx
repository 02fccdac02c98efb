import { useEffect, useRef, useState } from "react";
import { useIsDesktop, useReducedMotion } from "../hooks/use-media-query";
import type { VideoUrls } from "../lib/site-data";
import "./background-video.css";

/**
 * The poster the media stage made for a video, if any: generator/videos/process.py gives
 * `poster: {horizontal: {jpeg, webp}, vertical: {…}}`; WebP is preferred (every browser the
 * site supports reads it). Other shapes (one URL, one per format) are accepted too, and an
 * unknown one just means no poster.
 */
export function posterFor(video: VideoUrls, layout: "horizontal" | "vertical"): string | undefined {
  const pick = (value: unknown): string | undefined => {
    if (typeof value === "string") return value;
    if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      return pick(record[layout]) ?? pick(record.webp) ?? pick(record.jpeg) ?? pick(record.jpg) ?? pick(record.src);
    }
    return undefined;
  };
  return pick(video.poster) ?? pick((video as Record<string, unknown>)[`${layout}Poster`]);
}

type Props = {
  video: VideoUrls;
  className?: string;
  /** Seconds to jump to once the metadata is known (the hero starts at 6 s). */
  startAt?: number;
  /** Called once the first frame at the start position is showing. */
  onShown?: () => void;
};

/**
 * A muted, looping, decorative background video: the horizontal file from 768 px up, the
 * vertical one below. It fades in once it has a frame to show; with reduced motion it shows
 * that frame and does not play.
 */
export function BackgroundVideo({ video, className = "", startAt = 0, onShown }: Props) {
  const desktop = useIsDesktop();
  const reducedMotion = useReducedMotion();
  const layout = desktop ? "horizontal" : "vertical";
  const src = video[layout];
  const ref = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState(false);
  const shownRef = useRef(onShown);
  shownRef.current = onShown;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setShown(false);
    const reveal = () => {
      setShown(true);
      shownRef.current?.();
    };
    const onMetadata = () => {
      if (startAt > 0 && element.duration > startAt) {
        element.currentTime = startAt;
        element.addEventListener("seeked", reveal, { once: true });
      } else {
        element.addEventListener("loadeddata", reveal, { once: true });
        if (element.readyState >= 2) reveal();
      }
    };
    element.addEventListener("loadedmetadata", onMetadata, { once: true });
    if (element.readyState >= 1) onMetadata();
    return () => {
      element.removeEventListener("loadedmetadata", onMetadata);
      element.removeEventListener("seeked", reveal);
      element.removeEventListener("loadeddata", reveal);
    };
  }, [src, startAt]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (reducedMotion) element.pause();
    else element.play().catch(() => undefined); // autoplay refused: the poster stays
  }, [reducedMotion, src]);

  return (
    <video
      ref={ref}
      key={src}
      className={`background-video${shown ? " is-shown" : ""} ${className}`}
      src={src}
      poster={posterFor(video, layout)}
      autoPlay={!reducedMotion}
      muted
      loop
      playsInline
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
      disablePictureInPicture
    />
  );
}

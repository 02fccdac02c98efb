import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../hooks/use-hydrated";
import { useNearViewport } from "../hooks/use-near-viewport";
import { DESKTOP_QUERY, useIsDesktop, useReducedMotion } from "../hooks/use-media-query";
import { useStrings } from "../i18n/catalog";
import type { VideoPoster, VideoUrls } from "../lib/site-data";
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

/** The media stage's still of one layout, when the site data has it in that shape. */
function stillOf(video: VideoUrls, layout: "horizontal" | "vertical"): VideoPoster | undefined {
  const still = (video.poster as Record<string, Partial<VideoPoster>> | undefined)?.[layout];
  return still && typeof still.jpeg === "string" && typeof still.webp === "string" ? (still as VideoPoster) : undefined;
}

/**
 * The video's poster as a picture of its own: the browser picks the layout's still from the
 * HTML alone, so the prerendered page (and a visitor without JavaScript) shows it at once, and
 * the video fades in over it once it has a frame.
 */
function Poster({ video, priority }: { video: VideoUrls; priority: boolean }) {
  const wide = stillOf(video, "horizontal");
  const tall = stillOf(video, "vertical") ?? wide;
  if (!tall) return null;
  return (
    <picture>
      {wide && <source media={DESKTOP_QUERY} type="image/webp" srcSet={wide.webp} />}
      {wide && <source media={DESKTOP_QUERY} srcSet={wide.jpeg} />}
      <source type="image/webp" srcSet={tall.webp} />
      <img
        className="background-video__poster"
        src={tall.jpeg}
        width={tall.width}
        height={tall.height}
        alt=""
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}

/** WCAG 2.2.2: moving content that plays for more than 5 s needs a way to pause it. */
const UNCONTROLLED_MAX_S = 5;

export type Playback = { playing: boolean; toggle: () => void; pausable: boolean };

/**
 * Whether a background video plays: it does unless the visitor asked for less motion, and the
 * visitor's own choice (the pause button) wins over both.
 */
export function usePlayback(video: VideoUrls): Playback {
  const reducedMotion = useReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const duration = typeof video.duration === "number" ? video.duration : Infinity;
  return { playing, toggle: () => setChoice(!playing), pausable: duration > UNCONTROLLED_MAX_S };
}

/** The pause / play button of a background video (only with JavaScript: without it nothing plays). */
export function PlaybackToggle({ playback, className = "" }: { playback: Playback; className?: string }) {
  const hydrated = useHydrated();
  const t = useStrings().video;
  if (!hydrated || !playback.pausable) return null;
  const { playing, toggle } = playback;
  return (
    <button
      type="button"
      className={`playback-toggle ${className}`}
      onClick={toggle}
      aria-label={playing ? t.pause : t.play}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        {playing ? (
          <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
        ) : (
          <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
        )}
      </svg>
    </button>
  );
}

type Props = {
  video: VideoUrls;
  /** Whether it plays (usePlayback). */
  playback: Playback;
  className?: string;
  /** Seconds to jump to once the metadata is known (the hero starts at 6 s). */
  startAt?: number;
  /** Called once the first frame at the start position is showing. */
  onShown?: () => void;
  /** Above the fold: poster fetched first, video at once. Otherwise both wait until near. */
  priority?: boolean;
};

/**
 * A muted, looping, decorative background video: the horizontal file from 768 px up, the
 * vertical one below. Its poster shows first; the video fades in once it has a frame to show.
 * It plays unless `playback` says otherwise (reduced motion: it shows that frame and waits).
 * The file is chosen in the browser (the prerendered page cannot know the viewport), and
 * below the fold only once the section comes near, so a phone downloads what it shows.
 */
export function BackgroundVideo({ video, playback, className = "", startAt = 0, onShown, priority = false }: Props) {
  const hydrated = useHydrated();
  const desktop = useIsDesktop();
  const layout = desktop ? "horizontal" : "vertical";
  const ref = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(ref, { enabled: !priority });
  const src = hydrated && near ? video[layout] || video.horizontal : undefined;
  const [shown, setShown] = useState(false);
  const shownRef = useRef(onShown);
  shownRef.current = onShown;
  const { playing } = playback;

  useEffect(() => {
    const element = ref.current;
    if (!element || !src) return;
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
    if (!element || !src) return;
    // React sets `muted` as a property only; browsers decide autoplay on the muted state.
    element.muted = true;
    // A backdrop, not a film to pop out: no picture-in-picture where browsers offer it.
    // Set as the property, not written in the markup: `disablepictureinpicture` is the
    // Picture-in-Picture spec's, not HTML's, and the checker rejects it there
    // (docs/architecture.md#valid-html). Without a source (the prerendered page) there is
    // nothing to pop out.
    element.disablePictureInPicture = true;
    if (!playing) element.pause();
    else element.play()?.catch(() => undefined); // autoplay refused: the poster stays
  }, [playing, src]);

  return (
    <>
      <Poster video={video} priority={priority} />
      <video
        ref={ref}
        key={src ?? "none"}
        className={`background-video${shown ? " is-shown" : ""} ${className}`}
        src={src}
        autoPlay={playing}
        muted
        loop
        playsInline
        preload={src ? "auto" : "none"}
        aria-hidden="true"
        tabIndex={-1}
      />
    </>
  );
}

import { useEffect, useRef, useState } from "react";
import { useScrollLock } from "../hooks/use-scroll-lock";
import "./preloader.css";

// docs/product.md#preloader: LOADING spelled letter by letter (0.1 s apart), a bar that follows
// how much of the intro video has buffered, 100 at once when the video is cached, can play
// through or fails, 100 anyway after 4000 ms, and gone 500 ms after 100. The page cannot scroll
// meanwhile.
export const PRELOADER = { letterDelayS: 0.1, timeoutMs: 4000, hideDelayMs: 500 } as const;
const WORD = "LOADING";
const HAVE_ENOUGH_DATA = 4;

/** Percent of the video buffered from the start, 0-100 (100 only once it can play through). */
export function bufferedPercent(video: Pick<HTMLVideoElement, "buffered" | "duration">): number {
  const { duration, buffered } = video;
  if (!duration || !Number.isFinite(duration) || buffered.length === 0) return 0;
  const end = buffered.end(buffered.length - 1);
  return Math.max(0, Math.min(99, Math.floor((end / duration) * 100)));
}

type Props = {
  /**
   * The intro video to buffer (horizontal or vertical, chosen by the caller once in the browser;
   * the prerendered preloader has none yet, and its 4000 ms only start with the video).
   */
  src: string | undefined;
  /** Called when the preloader has gone and the page is revealed. */
  onDone: () => void;
};

export function Preloader({ src, onDone }: Props) {
  const [progress, setProgress] = useState(0);
  const [gone, setGone] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useScrollLock(!gone);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    let finished = false;
    const finish = () => {
      finished = true;
      setProgress(100);
    };
    const update = () => {
      if (finished) return;
      if (video.readyState >= HAVE_ENOUGH_DATA) finish();
      else setProgress((p) => Math.max(p, bufferedPercent(video)));
    };
    const onError = () => {
      console.error(`Intro video failed to load: ${src}`);
      finish();
    };
    video.addEventListener("progress", update);
    video.addEventListener("loadedmetadata", update);
    video.addEventListener("canplay", update);
    video.addEventListener("canplaythrough", finish);
    video.addEventListener("error", onError);
    // Already in the browser's cache (or already failed) before we started listening.
    if (video.error) onError();
    else update();
    const timer = window.setTimeout(() => {
      if (finished) return;
      console.warn(`Intro video not loaded after ${PRELOADER.timeoutMs} ms; showing the page anyway`);
      finish();
    }, PRELOADER.timeoutMs);
    return () => {
      window.clearTimeout(timer);
      video.removeEventListener("progress", update);
      video.removeEventListener("loadedmetadata", update);
      video.removeEventListener("canplay", update);
      video.removeEventListener("canplaythrough", finish);
      video.removeEventListener("error", onError);
    };
  }, [src]);

  useEffect(() => {
    if (progress < 100) return;
    const timer = window.setTimeout(() => {
      setGone(true);
      done.current();
    }, PRELOADER.hideDelayMs);
    return () => window.clearTimeout(timer);
  }, [progress]);

  if (gone) return null;
  return (
    <div className={`preloader${progress >= 100 ? " is-complete" : ""}`} data-testid="preloader">
      <div className="preloader__inner">
        <p className="preloader__word" aria-hidden="true">
          {WORD.split("").map((letter, i) => (
            <span key={i} className="preloader__letter" style={{ animationDelay: `${Math.round(i * PRELOADER.letterDelayS * 1000)}ms` }}>
              {letter}
            </span>
          ))}
        </p>
        <div
          className="preloader__track"
          role="progressbar"
          aria-label="Loading"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="preloader__bar" style={{ transform: `scaleX(${progress / 100})` }} />
        </div>
        <p className="preloader__percent" aria-hidden="true">
          {String(progress).padStart(3, "0")}
        </p>
      </div>
      {/* Only buffered, never shown: the hero uses the browser's cached copy afterwards. */}
      <video ref={videoRef} className="preloader__video" src={src} muted playsInline preload="auto" aria-hidden="true" tabIndex={-1} />
    </div>
  );
}

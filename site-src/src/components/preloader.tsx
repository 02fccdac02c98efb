import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useScrollLock } from "../hooks/use-scroll-lock";
import {
  formatPercent,
  INTRO_TIMEOUT_MS,
  introProgress,
  PRELOADER_HIDE_DELAY_MS,
  preloaderHiddenBeforeApp,
  startIntroVideo,
  stopIntroVideo,
  subscribeIntro,
  takeOverPreloader,
} from "../lib/intro-video";
import { useStrings } from "../i18n/catalog";
import { useSiteData } from "../lib/use-site-data";
import "./preloader.css";

// docs/product.md#preloader: LOADING spelled letter by letter (0.1 s apart), a bar that follows
// how much of the intro video has buffered, 100 at once when the video is cached, can play
// through or fails, 100 anyway after 4000 ms, and gone 500 ms after 100. The page cannot scroll
// meanwhile. The video and its progress live in lib/intro-video.ts: main.tsx starts it as soon
// as the page has painted, so the number moves while the app is still on its way.
export const PRELOADER = { letterDelayS: 0.1, timeoutMs: INTRO_TIMEOUT_MS, hideDelayMs: PRELOADER_HIDE_DELAY_MS } as const;

type Props = {
  /** Called when the preloader has gone and the page is revealed. */
  onDone: () => void;
};

/** Before the app ran, lib/intro-video.ts wrote the number into the prerendered page. */
const prerenderedProgress = () => 0;

export function Preloader({ onDone }: Props) {
  const progress = useSyncExternalStore(subscribeIntro, introProgress, prerenderedProgress);
  const [gone, setGone] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  // The page hid its own preloader while the app was on its way (lib/intro-video.ts): the visitor
  // may be scrolling already, so no lock, and it goes at once.
  const hiddenBeforeApp = preloaderHiddenBeforeApp();
  useScrollLock(!gone && !hiddenBeforeApp);

  const { intro } = useSiteData().media;
  const t = useStrings().preloader;

  useEffect(() => {
    startIntroVideo(intro); // main.tsx has started it already, but for a page the app renders afresh
    takeOverPreloader();
  }, [intro]);

  useEffect(() => {
    if (progress < 100) return;
    const timer = window.setTimeout(() => {
      setGone(true);
      stopIntroVideo();
      done.current();
    }, hiddenBeforeApp ? 0 : PRELOADER.hideDelayMs);
    return () => window.clearTimeout(timer);
  }, [progress, hiddenBeforeApp]);

  if (gone) return null;
  // The number, the bar and aria-valuenow may have moved in the page before the app hydrated it
  // (lib/intro-video.ts): React hydrates them as they are, then shows the progress it reads.
  return (
    <div
      className={`preloader${progress >= 100 ? " is-complete" : ""}${hiddenBeforeApp ? " is-gone" : ""}`}
      data-testid="preloader"
      data-intro-horizontal={intro.horizontal}
      data-intro-vertical={intro.vertical}
      data-intro-duration={intro.duration || undefined}
      // The page may have marked it complete (or gone) before the app hydrated, which reads the
      // prerendered progress first (lib/intro-video.ts); the next render sets the class it shows.
      suppressHydrationWarning
    >
      <div className="preloader__inner">
        <p className="preloader__word" aria-hidden="true">
          {t.word.split("").map((letter, i) => (
            <span key={i} className="preloader__letter" style={{ animationDelay: `${Math.round(i * PRELOADER.letterDelayS * 1000)}ms` }}>
              {letter}
            </span>
          ))}
        </p>
        <div
          className="preloader__track"
          role="progressbar"
          aria-label={t.label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          suppressHydrationWarning
        >
          <div className="preloader__bar" style={{ transform: `scaleX(${progress / 100})` }} suppressHydrationWarning />
        </div>
        <p className="preloader__percent" aria-hidden="true" suppressHydrationWarning>
          {formatPercent(progress)}
        </p>
      </div>
    </div>
  );
}

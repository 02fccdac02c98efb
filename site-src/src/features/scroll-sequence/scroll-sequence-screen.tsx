import { useEffect, useRef, useState } from "react";
import { useStrings } from "../../i18n/catalog";
import { scrollSequenceStrings } from "../../i18n/parts/scroll-sequence";
import { useSiteData } from "../../lib/use-site-data";
import { useIsDesktop, useReducedMotion } from "../../hooks/use-media-query";
import { loadFrames } from "./frame-loader";
import { createSequencePlayer, type SequencePlayer } from "./sequence-player";
import { framesForDensity, frameUrls, OVERLAY_WINDOWS, SCRUB_SECONDS } from "./sequence-math";
import "./scroll-sequence.css";

// /test (docs/product.md#scroll-animation-test): a full-screen canvas scrubbed through frames
// 541-628 by scrolling. The
// frame folder follows the layout (desktop at 768 px and wider, vertical frames below);
// crossing that width resets, reloads and returns to the top. Phones of 1.5 device pixels per
// CSS pixel and more load the layout's denser set (/images/scroll-sequence-vertical/2x/),
// chosen when the frames (re)load (framesForDensity).

export default function ScrollSequenceScreen() {
  const sequences = useSiteData().media.scrollSequence;
  const t = useStrings(scrollSequenceStrings);
  const isDesktop = useIsDesktop();
  const reducedMotion = useReducedMotion();
  const layout = isDesktop ? "desktop" : "mobile";
  const config = sequences[layout];
  const total = frameUrls(config).length;

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const trackRef = useRef<HTMLElement>(null);
  const introRef = useRef<HTMLDivElement>(null);
  const overlaysRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<SequencePlayer | null>(null);
  const previousLayout = useRef(layout);
  const [loaded, setLoaded] = useState(0);
  const [complete, setComplete] = useState(false);

  // The player lives as long as the screen.
  useEffect(() => {
    const overlays = Array.from(overlaysRef.current?.querySelectorAll<HTMLElement>("[data-start]") ?? []);
    const player = createSequencePlayer({
      canvas: canvasRef.current!,
      track: trackRef.current!,
      intro: introRef.current,
      overlays,
    });
    playerRef.current = player;
    return () => {
      player.destroy();
      playerRef.current = null;
    };
  }, []);

  useEffect(() => {
    playerRef.current?.setSmoothing(reducedMotion ? 0 : SCRUB_SECONDS);
  }, [reducedMotion]);

  // (Re)load the frames of the current layout.
  useEffect(() => {
    if (previousLayout.current !== layout) {
      previousLayout.current = layout;
      window.scrollTo({ top: 0, behavior: "auto" });
    }
    setLoaded(0);
    setComplete(false);
    const loader = loadFrames(frameUrls(framesForDensity(config, window.devicePixelRatio)), {
      onSettle: (index, _status, settled) => {
        setLoaded(settled);
        playerRef.current?.frameSettled(index);
      },
      onComplete: () => setComplete(true),
    });
    playerRef.current?.setFrames(loader.images, loader.status);
    return loader.cancel;
  }, [config, layout]);

  return (
    <main className="sequence" data-layout={layout}>
      {/* The page's one h1 (every page has one): the frames are its picture, so the name is
          for screen readers and outlines only, and the track is the region it names. */}
      <h1 id="sequence-title" className="visually-hidden">
        {t.label}
      </h1>
      <section ref={trackRef} className="sequence__track" aria-labelledby="sequence-title">
        <div className="sequence__stage">
          <canvas ref={canvasRef} className="sequence__canvas" aria-hidden="true" data-layout={layout} />
          <div className="sequence__shade" aria-hidden="true" />

          <div ref={introRef} className="sequence__intro">
            <p className="sequence__intro-title">{t.introTitle}</p>
            <p className="sequence__intro-text">{t.introText}</p>
            <span className="sequence__intro-cue" aria-hidden="true" />
          </div>

          <div ref={overlaysRef} className="sequence__overlays">
            {OVERLAY_WINDOWS.map((window, index) => (
              <div
                key={window.id}
                className={`sequence__overlay sequence__overlay--${index % 2 ? "right" : "left"}`}
                data-overlay={window.id}
                data-start={window.start}
                data-end={window.end}
                style={{ opacity: 0, visibility: "hidden" }}
              >
                <span className="sequence__overlay-index">0{index + 1}</span>
                <h2 className="sequence__overlay-title">{t.overlays[window.id].title}</h2>
                <p className="sequence__overlay-text">{t.overlays[window.id].text}</p>
              </div>
            ))}
          </div>

          <div
            className={`sequence__loading${complete ? " is-complete" : ""}`}
            role="progressbar"
            aria-label={t.loadingLabel}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={loaded}
            aria-hidden={complete || undefined}
          >
            <p className="sequence__loading-text">{t.loading(loaded, total)}</p>
            <div className="sequence__loading-bar">
              <div
                className="sequence__loading-fill"
                style={{ transform: `scaleX(${total ? loaded / total : 1})` }}
              />
            </div>
          </div>
        </div>
      </section>

      <section className="sequence__after">
        <div className="sequence__after-inner" data-aos="fade-up">
          <p className="sequence__eyebrow">{t.eyebrow}</p>
          <h2 className="sequence__after-title">{t.title}</h2>
          <p>{t.text[0]}</p>
          <p>{t.text[1]}</p>
        </div>
      </section>
    </main>
  );
}

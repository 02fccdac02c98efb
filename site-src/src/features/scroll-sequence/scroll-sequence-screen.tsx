import { useEffect, useRef, useState } from "react";
import { getSiteData } from "../../lib/site-data";
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

const OVERLAY_TEXT: Record<string, { title: string; text: string }> = {
  ear: { title: "Ear Piercings", text: "Lobe, helix, tragus, conch, daith: placed to suit your anatomy." },
  facial: { title: "Facial Piercings", text: "Nostril, septum, eyebrow and lip, with a steady, sterile hand." },
  body: { title: "Body Piercings", text: "Navel, nipple, surface work and dermal anchors." },
  jewelry: { title: "Premium Jewelry", text: "Implant-grade titanium and solid gold from the finest makers." },
};

export default function ScrollSequenceScreen() {
  const sequences = getSiteData().media.scrollSequence;
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
      <section ref={trackRef} className="sequence__track" aria-label="Scroll animation">
        <div className="sequence__stage">
          <canvas ref={canvasRef} className="sequence__canvas" aria-hidden="true" data-layout={layout} />
          <div className="sequence__shade" aria-hidden="true" />

          <div ref={introRef} className="sequence__intro">
            <p className="sequence__intro-title">SCROLL DOWN</p>
            <p className="sequence__intro-text">Experience the animation</p>
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
                <h2 className="sequence__overlay-title">{OVERLAY_TEXT[window.id].title}</h2>
                <p className="sequence__overlay-text">{OVERLAY_TEXT[window.id].text}</p>
              </div>
            ))}
          </div>

          <div
            className={`sequence__loading${complete ? " is-complete" : ""}`}
            role="progressbar"
            aria-label="Loading animation frames"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={loaded}
            aria-hidden={complete || undefined}
          >
            <p className="sequence__loading-text">
              Loading {loaded} / {total}
            </p>
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
          <p className="sequence__eyebrow">Frame by frame</p>
          <h2 className="sequence__after-title">Precision You Can See</h2>
          <p>
            Every piercing starts long before the needle: a conversation about your anatomy, your style and
            the jewelry that will suit you for years. Our piercers work in a fully sterile setting, with
            single-use needles and implant-grade metals only.
          </p>
          <p>
            Scroll back up to watch the sequence again, or keep exploring the studio: our artists, their
            portfolios and the aftercare guide are a tap away in the menu.
          </p>
        </div>
      </section>
    </main>
  );
}

import { useEffect, useRef } from "react";
import type { VideoUrls } from "../../lib/site-data";
import { useIsDesktop, useReducedMotion } from "../../hooks/use-media-query";

/** The poster the video pipeline made for this layout, whatever shape it is given in. */
function posterFor(video: VideoUrls, layout: "horizontal" | "vertical"): string | undefined {
  const poster = video.poster;
  if (typeof poster === "string") return poster;
  if (poster && typeof poster === "object") {
    const forLayout = (poster as Record<string, unknown>)[layout];
    if (typeof forLayout === "string") return forLayout;
    if (forLayout && typeof forLayout === "object") {
      const jpeg = (forLayout as Record<string, unknown>).jpeg ?? (forLayout as Record<string, unknown>).src;
      if (typeof jpeg === "string") return jpeg;
    }
  }
  return undefined;
}

/** Looping muted background video: horizontal file at 768 px and wider, vertical below. */
export function PiercingHero({ video }: { video: VideoUrls }) {
  const isDesktop = useIsDesktop();
  const reducedMotion = useReducedMotion();
  const layout = isDesktop ? "horizontal" : "vertical";
  const src = video[layout] || video.horizontal;
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // React sets `muted` as a property only; browsers decide autoplay on the muted state,
    // so set it explicitly before asking to play.
    element.muted = true;
    element.defaultMuted = true;
    if (reducedMotion) {
      element.pause();
      return;
    }
    element.play()?.catch(() => {
      // Autoplay refused (data saver, low-power mode): the poster stays, nothing to report.
    });
  }, [src, reducedMotion]);

  return (
    <header className="piercing-hero">
      <video
        key={src}
        ref={ref}
        className="piercing-hero__video"
        src={src}
        poster={posterFor(video, layout)}
        autoPlay={!reducedMotion}
        muted
        loop
        playsInline
        preload="auto"
        aria-hidden="true"
        tabIndex={-1}
        data-testid="piercing-hero-video"
      />
      <div className="piercing-hero__shade" aria-hidden="true" />
      <div className="piercing-hero__content">
        <p className="piercing-eyebrow" data-aos="fade-up">
          Piercing Studio
        </p>
        <h1 className="piercing-hero__title" data-aos="fade-up" data-aos-delay="150">
          Professional Piercing
        </h1>
        <p className="piercing-hero__subtitle" data-aos="fade-up" data-aos-delay="300">
          Precise placement and premium, implant-grade jewelry, in a sterile studio that puts your comfort first.
        </p>
      </div>
    </header>
  );
}

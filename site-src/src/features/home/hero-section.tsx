import { useEffect, useState } from "react";
import { BackgroundVideo, PlaybackToggle, usePlayback } from "../../components/background-video";
import { FilmModal } from "../../components/film-modal";
import { useHydrated } from "../../hooks/use-hydrated";
import { usePageReady } from "../../hooks/use-page-ready";
import { useStrings } from "../../i18n/catalog";
import { useSiteData } from "../../lib/use-site-data";
import "./hero-section.css";

/** The hero video starts 6 seconds in (docs/product.md#constants). */
export const HERO_START_S = 6;
/** If the video never shows a frame (failed, blocked), the heading appears anyway. */
const HEADING_FALLBACK_MS = 2500;

export function HeroSection() {
  const { media } = useSiteData();
  const ready = usePageReady();
  const [videoShown, setVideoShown] = useState(false);
  const [fallback, setFallback] = useState(false);
  const playback = usePlayback(media.hero);
  const t = useStrings().home.hero;

  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => setFallback(true), HEADING_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);

  // The prerendered page paints the heading beneath the preloader (it is the page's largest
  // text: docs/architecture.md#performance-budget); once the app runs it hides at once and
  // appears, as ever, when the page is ready and the video shows.
  const hydrated = useHydrated();
  const headingShown = !hydrated || (ready && (videoShown || fallback));

  return (
    <section id="home" className="hero" aria-labelledby="hero-heading">
      <div className="hero__media">
        <BackgroundVideo
          video={media.hero}
          playback={playback}
          startAt={HERO_START_S}
          onShown={() => setVideoShown(true)}
          priority
        />
        <div className="hero__veil" aria-hidden="true" />
      </div>
      <div className={`hero__content container${headingShown ? " is-shown" : ""}`}>
        <h1 id="hero-heading" className="hero__title">
          <span className="hero__line">{t.title[0]}</span>
          <span className="hero__line hero__line--accent">{t.title[1]}</span>
          <span className="hero__line hero__line--since">{t.title[2]}</span>
        </h1>
        <div className="hero__actions">
          <FilmModal video={media.hero} describes={t.film} title={t.filmTitle} />
        </div>
      </div>
      <PlaybackToggle playback={playback} />
      <a className="hero__cue" href="#brand" aria-label={t.cue}>
        <span aria-hidden="true">{t.cueText}</span>
      </a>
    </section>
  );
}

import { useEffect, useRef, useState } from "react";
import { useNearViewport } from "../../hooks/use-near-viewport";
import type { Carousel } from "./carousel";
import "swiper/css";
import "swiper/css/a11y";
import "swiper/css/pagination";
import { useStrings } from "../../i18n/catalog";
import { useArtists } from "../../lib/artists-store";
import { ArtistCard } from "./artist-card";
import { ChevronIcon } from "./icons";
import "./artists-section.css";

// The cards fade in as the carousel's row comes into view: a card beyond the carousel's edge is
// out of sight sideways until swiped to.
const CAROUSEL_ID = "artists-carousel";

/** Slides per view by minimum viewport width, transition and swipe threshold (docs/product.md#constants). */
export const CAROUSEL = {
  slidesPerView: 1.2,
  breakpoints: {
    640: { slidesPerView: 1.5, spaceBetween: 20 },
    768: { slidesPerView: 2.5, spaceBetween: 24 },
    1024: { slidesPerView: 3, spaceBetween: 24 },
    1280: { slidesPerView: 4, spaceBetween: 28 },
  },
  spaceBetween: 16,
  speed: 300,
  threshold: 5,
} as const;

/**
 * Slide widths and gaps as Swiper sets them (width = (container - (n - 1) * gap) / n, a gap's
 * margin after each slide), as CSS for each breakpoint: the carousel is laid out exactly so
 * before Swiper has loaded (and without JavaScript), and nothing moves when it takes over.
 */
export function carouselLayoutCss(scope: string): string {
  const rule = ({ slidesPerView: n, spaceBetween: gap }: { slidesPerView: number; spaceBetween: number }) =>
    `${scope} .swiper-slide{width:calc((100% - ${Math.round((n - 1) * gap * 1000) / 1000}px) / ${n});margin-right:${gap}px}`;
  const steps = Object.entries(CAROUSEL.breakpoints).map(
    ([width, step]) => `@media (min-width:${width}px){${rule(step)}}`,
  );
  return [rule(CAROUSEL), ...steps].join("");
}

const LAYOUT_CSS = carouselLayoutCss(".artists__carousel:not(.swiper-initialized)");

type Edges = { beginning: boolean; end: boolean; locked: boolean };

/** Start Swiper once the carousel is within a screen of the viewport (or a button is used). */
function useCarousel(count: number, bulletMessage: string, onChange: (carousel: Carousel) => void) {
  const container = useRef<HTMLDivElement>(null);
  const pagination = useRef<HTMLDivElement>(null);
  const [carousel, setCarousel] = useState<Carousel | null>(null);
  const [asked, setAsked] = useState(false);
  const wanted = useNearViewport(container) || asked;
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!wanted || count === 0) return;
    let started: Carousel | null = null;
    let cancelled = false;
    void import("./carousel").then(({ startCarousel }) => {
      if (cancelled || !container.current || !pagination.current) return;
      started = startCarousel(container.current, pagination.current, CAROUSEL, bulletMessage, (s) => changed.current(s));
      setCarousel(started);
    });
    return () => {
      cancelled = true;
      started?.destroy(true, true);
      setCarousel(null);
    };
  }, [wanted, count, bulletMessage]);

  return { container, pagination, carousel, want: () => setAsked(true) };
}

export function ArtistsSection() {
  const { data: artists = [], error, isLoading } = useArtists();
  const t = useStrings().artists;
  const [edges, setEdges] = useState<Edges>({ beginning: true, end: false, locked: false });
  // Swiper knows where it is; mirror that so the buttons disable at the ends and hide when
  // every card fits (our own <button>s: real buttons, placed in the header, not over photos).
  const sync = (s: Carousel) => setEdges({ beginning: s.isBeginning, end: s.isEnd, locked: s.isLocked });
  const { container, pagination, carousel, want } = useCarousel(artists.length, t.goToSlide, sync);

  return (
    <section id="artists" className="artists" aria-labelledby="artists-heading">
      <div className="artists__inner">
        <header className="artists__header">
          <div>
            <p className="artists__kicker" data-aos="fade-up">
              {t.kicker}
            </p>
            <h2 id="artists-heading" className="artists__title" data-aos="fade-up">
              {t.title}
            </h2>
          </div>
          {artists.length > 0 && !edges.locked && (
            <div className="artists__nav">
              <button
                type="button"
                className="artists-button"
                aria-label={t.previous}
                disabled={edges.beginning}
                onClick={() => (carousel ? carousel.slidePrev() : want())}
              >
                <ChevronIcon direction="left" />
              </button>
              <button
                type="button"
                className="artists-button"
                aria-label={t.next}
                disabled={edges.end}
                onClick={() => (carousel ? carousel.slideNext() : want())}
              >
                <ChevronIcon direction="right" />
              </button>
            </div>
          )}
        </header>

        {isLoading && (
          <div className="artists__status artists__status--loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {t.loading}
          </div>
        )}
        {/* The error's own message is the log's (lib/artists-store.ts); the visitor reads the catalog's. */}
        {error && (
          <p className="artists__status artists__status--error" role="alert">
            {t.failed}
          </p>
        )}
        {artists.length > 0 && (
          <div ref={container} id={CAROUSEL_ID} className="swiper artists__carousel">
            <style>{LAYOUT_CSS}</style>
            <div className="swiper-wrapper">
              {artists.map((artist, index) => (
                <div key={artist.slug} className="swiper-slide">
                  <ArtistCard artist={artist} index={index} fadeInWith={`#${CAROUSEL_ID}`} />
                </div>
              ))}
            </div>
            <div ref={pagination} className="swiper-pagination" />
          </div>
        )}
      </div>
    </section>
  );
}

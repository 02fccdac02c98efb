import { useState } from "react";
import { A11y, Keyboard, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { Swiper as SwiperInstance } from "swiper/types";
import "swiper/css";
import "swiper/css/a11y";
import "swiper/css/pagination";
import { useArtists } from "../../lib/artists-store";
import { ArtistCard } from "./artist-card";
import { ChevronIcon } from "./icons";
import "./artists-section.css";

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

type Edges = { beginning: boolean; end: boolean; locked: boolean };

export function ArtistsSection() {
  const { data: artists = [], error, isLoading } = useArtists();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [edges, setEdges] = useState<Edges>({ beginning: true, end: false, locked: false });
  // Swiper knows where it is; mirror that so the buttons disable at the ends and hide when
  // every card fits (our own <button>s: real buttons, placed in the header, not over photos).
  const sync = (s: SwiperInstance) => setEdges({ beginning: s.isBeginning, end: s.isEnd, locked: s.isLocked });

  return (
    <section id="artists" className="artists" aria-labelledby="artists-heading">
      <div className="artists__inner">
        <header className="artists__header">
          <div>
            <p className="artists__kicker" data-aos="fade-up">
              The Team
            </p>
            <h2 id="artists-heading" className="artists__title" data-aos="fade-up">
              Our Artists
            </h2>
          </div>
          {artists.length > 0 && !edges.locked && (
            <div className="artists__nav">
              <button
                type="button"
                className="artists-button"
                aria-label="Previous artists"
                disabled={edges.beginning}
                onClick={() => swiper?.slidePrev()}
              >
                <ChevronIcon direction="left" />
              </button>
              <button
                type="button"
                className="artists-button"
                aria-label="Next artists"
                disabled={edges.end}
                onClick={() => swiper?.slideNext()}
              >
                <ChevronIcon direction="right" />
              </button>
            </div>
          )}
        </header>

        {isLoading && (
          <div className="artists__status artists__status--loading" role="status">
            <span className="spinner" aria-hidden="true" />
            Loading artists...
          </div>
        )}
        {error && (
          <p className="artists__status artists__status--error" role="alert">
            {error.message}
          </p>
        )}
        {artists.length > 0 && (
          <Swiper
            className="artists__carousel"
            modules={[Pagination, A11y, Keyboard]}
            {...CAROUSEL}
            pagination={{ clickable: true }}
            keyboard={{ enabled: true, onlyInViewport: true }}
            a11y={{ paginationBulletMessage: "Go to slide {{index}}" }}
            onSwiper={(s) => {
              setSwiper(s);
              sync(s);
            }}
            onSlideChange={sync}
            onProgress={sync}
            onLock={sync}
            onUnlock={sync}
            onBreakpoint={sync}
          >
            {artists.map((artist, index) => (
              <SwiperSlide key={artist.slug}>
                <ArtistCard artist={artist} index={index} />
              </SwiperSlide>
            ))}
          </Swiper>
        )}
      </div>
    </section>
  );
}

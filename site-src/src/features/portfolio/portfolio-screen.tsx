// /portfolio and /portfolio/:artistSlug (docs/product.md#portfolio).
// The route is the selection: the dropdown navigates, so deep links, reloads and the back
// button all land on the artist the address names.
import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { useParams } from "react-router";
import { ALL_ARTISTS as ALL, ArtistFilter } from "../../components/artist-filter";
import { GalleryCaption, GalleryHero, GalleryWork, useGalleryViewer } from "../../components/gallery/gallery";
import { useStrings } from "../../i18n/catalog";
import { portfolioStrings } from "../../i18n/parts/portfolio";
import { useArtists } from "../../lib/artists-store";
import type { PortfolioItem } from "../../lib/api-types";
import { usePortfolioPages } from "./api/use-portfolio-pages";
import { ArtistProfile } from "./artist-profile";
import { Lightbox, type LightboxImage } from "../../components/lightbox/lightbox";
import { NEAR_TILES, NEAR_TILES_UNDER_PROFILE, PortfolioGrid } from "./portfolio-grid";
import { PortfolioMore } from "./portfolio-more";
import "./portfolio.css";
import { AppLink } from "../../components/app-link";

type PieceImage = LightboxImage & { artist: string; artistSlug: string };

// The viewer's place for a piece whose page is not in yet, or could not be fetched.
const PIECE_LOADING: PieceImage = { src: "", pending: "loading", artist: "", artistSlug: "" };
const PIECE_FAILED: PieceImage = { src: "", pending: "failed", artist: "", artistSlug: "" };

function toLightboxImage(item: PortfolioItem, alt: (piece: string, artist: string) => string): PieceImage {
  return {
    src: item.src,
    srcset: item.srcset,
    sources: item.sources,
    title: item.title,
    alt: item.alt ?? alt(item.title, item.artist),
    artist: item.artist,
    artistSlug: item.artist_id,
  };
}

export default function PortfolioScreen() {
  const { artistSlug } = useParams();
  const selected = artistSlug ?? ALL;
  const t = useStrings(portfolioStrings);
  const { data: artists = [] } = useArtists();
  // The grid holds the pages loaded so far (page 1 is in the prerendered HTML); the viewer
  // moves through the whole selection, fetching the page under it when it gets there.
  const portfolio = usePortfolioPages(selected);
  const { shown: items, isLoading, total, byIndex, failedAt, loadAt, loadMore } = portfolio;
  const viewer = useGalleryViewer(selected, isLoading);

  const artist = selected === ALL ? undefined : artists.find((a) => a.slug === selected);
  // The Flash screen, when any artist has flash: this artist's, if they have some.
  const flashLink = artist?.flash ? `/flash/${artist.slug}` : artists.some((a) => a.flash) ? "/flash" : null;
  // Before /api/artists answers (or for a slug it does not list) the dropdown still shows
  // the selection, named from the pieces when they are in.
  const fallbackName = artist ? null : selected === ALL ? null : (items[0]?.artist ?? selected);

  const images = useMemo(
    () => byIndex.map((item, i) => (item ? toLightboxImage(item, t.alt) : failedAt(i) ? PIECE_FAILED : PIECE_LOADING)),
    [byIndex, failedAt, t],
  );
  // The piece on show and its neighbours (wrapping around) have their pages fetched.
  const around = useCallback(
    (index: number) => loadAt(index, (index + 1) % total, (index - 1 + total) % total),
    [loadAt, total],
  );
  const { open: show, close } = viewer;
  const open = useCallback(
    (index: number, from?: HTMLElement) => {
      show(index, from);
      around(index);
    },
    [show, around],
  );

  // Show more from the keyboard (or a page brought in while the button has the focus): focus moves
  // to the first new piece once its page is in. A layout effect, so in the same commit: the last
  // page takes the button away, and a passive effect would leave the focus on <body> meanwhile.
  const work = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  const more = useCallback(
    (fromButton: boolean) => {
      if (fromButton) focusFrom.current = items.length;
      loadMore();
    },
    [items.length, loadMore],
  );
  useLayoutEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    work.current?.querySelectorAll<HTMLElement>(".gallery-tile__open")[from]?.focus();
  }, [items.length]);
  const caption = useCallback(
    (image: PieceImage) => (
      <GalleryCaption
        title={image.title ?? ""}
        by={t.captionBy}
        artist={image.artist}
        to={`/portfolio/${image.artistSlug}`}
        onNavigate={close}
      />
    ),
    [close, t],
  );

  return (
    <main id="main" className="gallery-screen">
      <GalleryHero eyebrow={t.eyebrow} title={t.title} intro={t.intro}>
        <ArtistFilter
          id="portfolio-artist"
          base="/portfolio"
          artists={artists}
          selected={selected}
          fallbackName={fallbackName}
        >
          {flashLink && (
            <AppLink className="portfolio-flash-link" to={flashLink}>
              {t.flash}
            </AppLink>
          )}
        </ArtistFilter>
      </GalleryHero>

      {artist && <ArtistProfile artist={artist} />}

      <GalleryWork ref={work} loading={isLoading} loadingText={t.loading} isEmpty={items.length === 0} empty={t.empty}>
        <PortfolioGrid items={items} onOpen={open} nearTiles={artist ? NEAR_TILES_UNDER_PROFILE : NEAR_TILES} />
        {portfolio.pages > 1 && (
          <PortfolioMore
            shown={items.length}
            total={total}
            loading={portfolio.loadingMore}
            failed={portfolio.moreFailed}
            onMore={more}
          />
        )}
      </GalleryWork>

      <Lightbox
        images={images}
        {...viewer.lightbox}
        onIndexChange={around}
        caption={caption}
        label={t.viewer}
      />
    </main>
  );
}

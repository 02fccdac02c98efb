// /portfolio and /portfolio/:artistSlug (docs/product.md#portfolio).
// The route is the selection: the dropdown navigates, so deep links, reloads and the back
// button all land on the artist the address names.
import { useCallback, useMemo, useRef, useState, type ChangeEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useArtists } from "../../lib/artists-store";
import type { PortfolioItem } from "../../lib/api-types";
import { usePortfolio } from "./api/get-portfolio";
import { ArtistProfile } from "./artist-profile";
import { Lightbox, type LightboxImage } from "./lightbox";
import { PortfolioGrid } from "./portfolio-grid";
import "./portfolio.css";

const ALL = "all";
const NO_PIECES: PortfolioItem[] = []; // one empty list, so the viewer's images keep their identity

type PieceImage = LightboxImage & { artist: string; artistSlug: string };

function toLightboxImage(item: PortfolioItem): PieceImage {
  return {
    src: item.src,
    srcset: item.srcset,
    sources: item.sources,
    title: item.title,
    alt: `${item.title} by ${item.artist}`,
    artist: item.artist,
    artistSlug: item.artist_id,
  };
}

export default function PortfolioScreen() {
  const { artistSlug } = useParams();
  const navigate = useNavigate();
  const selected = artistSlug ?? ALL;
  const { data: artists = [] } = useArtists();
  const { data: items = NO_PIECES, isLoading } = usePortfolio(selected);
  // The viewer belongs to the list it was opened on: another selection (the dropdown, the
  // back button, a caption link) closes it.
  const [opened, setOpened] = useState<{ slug: string; index: number } | null>(null);
  const openAt = opened && opened.slug === selected && !isLoading ? opened.index : null;

  const artist = selected === ALL ? undefined : artists.find((a) => a.slug === selected);
  // Before /api/artists answers (or for a slug it does not list) the dropdown still shows
  // the selection, named from the pieces when they are in.
  const fallbackName = artist ? null : selected === ALL ? null : (items[0]?.artist ?? selected);

  const onSelect = (event: ChangeEvent<HTMLSelectElement>) => {
    const slug = event.target.value;
    navigate(slug === ALL ? "/portfolio" : `/portfolio/${slug}`);
  };

  const images = useMemo(() => items.map(toLightboxImage), [items]);
  const opener = useRef<HTMLElement | null>(null); // focus goes back to it on closing
  const close = useCallback(() => setOpened(null), []);
  const open = useCallback(
    (index: number, from?: HTMLElement) => {
      opener.current = from ?? null;
      setOpened({ slug: selected, index });
    },
    [selected],
  );
  const caption = useCallback(
    (image: PieceImage) => (
      <>
        <strong>{image.title}</strong> by{" "}
        <Link to={`/portfolio/${image.artistSlug}`} onClick={close}>
          {image.artist}
        </Link>
      </>
    ),
    [close],
  );

  return (
    <main id="main" className="portfolio-screen">
      <header className="portfolio-hero">
        <p className="portfolio-hero__eyebrow">Custom work since 1996</p>
        <h1 className="portfolio-hero__title">Portfolio</h1>
        <p className="portfolio-hero__intro">
          Every piece here was drawn for one client and one story. Browse the studio's work, or choose an
          artist to see theirs.
        </p>
        <div className="portfolio-filter">
          <label className="portfolio-filter__label" htmlFor="portfolio-artist">
            Artist
          </label>
          <div className="portfolio-filter__control">
            <select id="portfolio-artist" value={selected} onChange={onSelect}>
              <option value={ALL}>All Artists</option>
              {artists.map((a) => (
                <option key={a.slug} value={a.slug}>
                  {a.name}
                </option>
              ))}
              {fallbackName && <option value={selected}>{fallbackName}</option>}
            </select>
          </div>
        </div>
      </header>

      {artist && <ArtistProfile artist={artist} />}

      <section className="portfolio-work" aria-busy={isLoading}>
        {isLoading ? (
          <p className="portfolio-status" role="status">
            <span className="portfolio-status__spinner" aria-hidden="true" />
            Loading portfolio...
          </p>
        ) : items.length === 0 ? (
          <p className="portfolio-status portfolio-status--empty">No portfolio items found for the selected artist.</p>
        ) : (
          <PortfolioGrid items={items} onOpen={open} />
        )}
      </section>

      <Lightbox
        images={images}
        open={openAt !== null}
        index={openAt ?? 0}
        loop
        onClose={close}
        caption={caption}
        label="Portfolio image viewer"
        returnFocus={opener}
      />
    </main>
  );
}

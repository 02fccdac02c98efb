import { GalleryGrid, GalleryTile } from "../../components/gallery/gallery";
import { useStrings } from "../../i18n/catalog";
import { portfolioStrings } from "../../i18n/parts/portfolio";
import type { PortfolioItem } from "../../lib/api-types";
import { langOf } from "../../lib/language";
import { AppLink } from "../../components/app-link";

// How wide a tile is drawn: 3 columns on phones, 2 from 768 px, 3 from 1024 px inside the
// 1200 px content column (the browser picks the srcset candidate from this).
export const TILE_SIZES = "(min-width: 1200px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 33vw";

// The first row is in view on every layout: those load at once, the rest as they near the viewport.
const EAGER_TILES = 3;

/**
 * Tiles whose pictures are in the page's HTML, so the browser fetches them as it reads it: the
 * first screen on every layout (four rows on a phone under the heading of all the pieces; an
 * artist's profile card pushes the grid below a phone's first screen). The others are deferred
 * until they come near the window (docs/portfolio.md#a-big-studio).
 */
export const NEAR_TILES = 12;
export const NEAR_TILES_UNDER_PROFILE = 6;

type Props = {
  items: PortfolioItem[];
  onOpen: (index: number, opener: HTMLButtonElement) => void;
  /** How many tiles from the top have their pictures in the HTML (NEAR_TILES by default). */
  nearTiles?: number;
};

/** Square tiles; on desktop a caption overlay with the title and 'By: {artist}'. */
export function PortfolioGrid({ items, onOpen, nearTiles = NEAR_TILES }: Props) {
  const t = useStrings(portfolioStrings);
  return (
    <GalleryGrid className="portfolio-grid" label={t.grid}>
      {items.map((item, index) => (
        <GalleryTile
          key={item.id}
          image={item}
          alt={item.alt ?? t.alt(item.title, item.artist)}
          sizes={TILE_SIZES}
          eager={index < EAGER_TILES}
          deferred={index >= nearTiles}
          label={t.view(item.title, item.artist)}
          onOpen={(opener) => onOpen(index, opener)}
          held={item.status}
        >
          <div className="portfolio-tile__caption">
            <p className="portfolio-tile__title" lang={langOf(item, "title")}>
              {item.title}
            </p>
            <AppLink className="portfolio-tile__artist" to={`/portfolio/${item.artist_id /* the slug */}`}>
              {t.by(item.artist)}
            </AppLink>
          </div>
        </GalleryTile>
      ))}
    </GalleryGrid>
  );
}

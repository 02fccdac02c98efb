import { ResponsiveImage } from "../../components/responsive-image";
import { UnpublishedMark } from "../../components/unpublished-mark";
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

type Props = { items: PortfolioItem[]; onOpen: (index: number, opener: HTMLButtonElement) => void };

/** Square tiles; on desktop a caption overlay with the title and 'By: {artist}'. */
export function PortfolioGrid({ items, onOpen }: Props) {
  const t = useStrings(portfolioStrings);
  return (
    <ul className="portfolio-grid" aria-label={t.grid}>
      {items.map((item, index) => (
        <li key={item.id} className="portfolio-tile">
          <button
            type="button"
            className="portfolio-tile__open"
            onClick={(event) => onOpen(index, event.currentTarget)}
            aria-label={t.view(item.title, item.artist)}
          >
            <ResponsiveImage
              image={item}
              alt={item.alt ?? t.alt(item.title, item.artist)}
              sizes={TILE_SIZES}
              className="portfolio-tile__image"
              eager={index < EAGER_TILES}
            />
          </button>
          {item.status && <UnpublishedMark status={item.status} className="portfolio-tile__mark" />}
          <div className="portfolio-tile__caption">
            <p className="portfolio-tile__title" lang={langOf(item, "title")}>
              {item.title}
            </p>
            <AppLink className="portfolio-tile__artist" to={`/portfolio/${item.artist_id /* the slug */}`}>
              {t.by(item.artist)}
            </AppLink>
          </div>
        </li>
      ))}
    </ul>
  );
}

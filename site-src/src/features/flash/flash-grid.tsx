import { GalleryGrid, GalleryTile } from "../../components/gallery/gallery";
import { useStrings } from "../../i18n/catalog";
import { flashStrings } from "../../i18n/parts/flash";
import type { Books, FlashDesign } from "../../lib/api-types";
import { langOf } from "../../lib/language";
import { AppLink } from "../../components/app-link";

// How wide a tile is drawn: 2 columns on phones, 3 from 768 px, 4 from 1024 px inside the
// 1200 px content column.
export const FLASH_TILE_SIZES = "(min-width: 1200px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

// The first row is in view on every layout: those load at once, the rest as they near the viewport.
const EAGER_TILES = 4;

/** What the works say without a design: "none yet, ask us" with the link to the form. */
export function FlashEmpty() {
  const t = useStrings(flashStrings);
  return (
    <span>
      {t.empty[0]}
      <AppLink to="/#contact">{t.empty[1]}</AppLink>
      {t.empty[2]}
    </span>
  );
}

/** Taken: shown greyed, and not offered. A repeatable design is never taken. */
export const isClaimed = (design: FlashDesign) => design.status === "claimed" && !design.repeatable;

/** An artist's books when they are not simply open, as the artist cards say them. */
export type FlashBooks = { state: Books; label: string; note?: string };

type Props = {
  designs: FlashDesign[];
  /** Name each design's artist (the whole studio's flash). */
  showArtist: boolean;
  /** The id of the design this tab has claimed, if any (lib/flash-claim.ts). */
  picked?: string;
  /** The books of a design's artist, when they are not open (shown on the all-artists page). */
  books?: (artistSlug: string) => FlashBooks | null;
  onOpen: (design: FlashDesign, opener: HTMLButtonElement) => void;
};

/** Square tiles with the title, size and price under each; a claimed one is only a picture. */
export function FlashGrid({ designs, showArtist, picked, books, onOpen }: Props) {
  const t = useStrings(flashStrings);
  return (
    <GalleryGrid className="flash-grid" label={t.grid}>
      {designs.map((design, index) => {
        const claimed = isClaimed(design);
        const price = t.price(design.price);
        const artistBooks = showArtist && !claimed ? books?.(design.artist_id) : null;
        return (
          <li key={design.id} className={`flash-tile${claimed ? " flash-tile--claimed" : ""}`}>
            <GalleryTile
              as="div"
              className="flash-tile__frame"
              image={design}
              alt={design.alt ?? t.alt(design.title, design.artist)}
              sizes={FLASH_TILE_SIZES}
              eager={index < EAGER_TILES}
              label={t.view(design.title, design.size, price)}
              // Taken: only a picture, nothing to open.
              onOpen={claimed ? undefined : (opener) => onOpen(design, opener)}
              held={design.held}
            >
              {claimed ? (
                <span className="flash-tile__label">{t.claimed}</span>
              ) : design.id === picked ? (
                <span className="flash-tile__label flash-tile__label--picked">{t.picked}</span>
              ) : (
                design.repeatable && <span className="flash-tile__label flash-tile__label--repeatable">{t.repeatable}</span>
              )}
            </GalleryTile>
            <div className="flash-tile__text">
              <p className="flash-tile__title" lang={langOf(design, "title")}>
                {design.title}
              </p>
              <p className="flash-tile__meta">
                <span>{design.size}</span>
                <span className="flash-tile__price">{price}</span>
              </p>
              {showArtist && (
                <AppLink className="flash-tile__artist" to={`/flash/${design.artist_id}`}>
                  {design.artist}
                </AppLink>
              )}
              {artistBooks && (
                <p className="flash-tile__books" data-books={artistBooks.state} title={artistBooks.note}>
                  {artistBooks.label}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </GalleryGrid>
  );
}

// The artist dropdown of the portfolio and flash screens. The route is the selection: choosing
// navigates to `base` or `base/<slug>`, so deep links, reloads and the back button all land on
// the artist the address names. Styled by the gallery's .gallery-filter rules (gallery/gallery.css).
import type { ChangeEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { useStrings } from "../i18n/catalog";
import { galleryStrings } from "../i18n/parts/gallery";

export const ALL_ARTISTS = "all";

type Props = {
  /** The select's id (its label points at it). */
  id: string;
  /** The screen's path without an artist: "/portfolio", "/flash". */
  base: string;
  artists: readonly { slug: string; name: string }[];
  /** ALL_ARTISTS or an artist's slug. */
  selected: string;
  /** The selection's name when `artists` does not list it (not loaded yet, or unknown). */
  fallbackName: string | null;
  /** Shown after the dropdown (the portfolio's Flash link). */
  children?: ReactNode;
};

export function ArtistFilter({ id, base, artists, selected, fallbackName, children }: Props) {
  const navigate = useNavigate();
  const t = useStrings(galleryStrings).artistFilter;
  const onSelect = (event: ChangeEvent<HTMLSelectElement>) => {
    const slug = event.target.value;
    navigate(slug === ALL_ARTISTS ? base : `${base}/${slug}`);
  };
  return (
    <div className="gallery-filter">
      <label className="gallery-filter__label" htmlFor={id}>
        {t.label}
      </label>
      <div className="gallery-filter__control">
        <select id={id} value={selected} onChange={onSelect}>
          <option value={ALL_ARTISTS}>{t.all}</option>
          {artists.map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.name}
            </option>
          ))}
          {fallbackName && <option value={selected}>{fallbackName}</option>}
        </select>
      </div>
      {children}
    </div>
  );
}

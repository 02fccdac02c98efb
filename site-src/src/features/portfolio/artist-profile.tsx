import { ResponsiveImage } from "../../components/responsive-image";
import { UnpublishedMark } from "../../components/unpublished-mark";
import { useStrings } from "../../i18n/catalog";
import { portfolioStrings } from "../../i18n/parts/portfolio";
import type { Artist } from "../../lib/api-types";
import { booksLabel } from "../../lib/books";
import { langOf } from "../../lib/language";
import { AppLink } from "../../components/app-link";

/** The handle without its leading @ (editors write it either way). */
function instagramHandle(instagram: string | null): string | null {
  const handle = instagram?.trim().replace(/^@+/, "");
  return handle ? handle : null;
}

/** The selected artist: photo, name, years of experience, books (when not open), bio, specialties, Instagram. */
export function ArtistProfile({ artist }: { artist: Artist }) {
  const handle = instagramHandle(artist.instagram);
  const years = artist.yearsExperience;
  const strings = useStrings();
  const t = useStrings(portfolioStrings).profile;
  const books = booksLabel(artist, strings.books);
  return (
    <section className="artist-profile" aria-labelledby="artist-profile-name">
      <div className="artist-profile__photo">
        <ResponsiveImage
          image={artist.image}
          alt={artist.alt ?? artist.name}
          sizes="(min-width: 768px) 240px, 128px"
          className="artist-profile__image"
          eager
        />
      </div>
      <div className="artist-profile__body">
        {artist.status && <UnpublishedMark status={artist.status} className="artist-profile__mark" />}
        <h2 id="artist-profile-name" className="artist-profile__name">
          {artist.name}
        </h2>
        <p className="artist-profile__years">{t.experience(years)}</p>
        {books && (
          <p className="artist-profile__books" data-books={artist.books}>
            <span className="artist-profile__books-label">{books}</span>
            {artist.books_note && <> <span className="artist-profile__books-note" lang={langOf(artist, "books_note")}>
                  {artist.books_note}
                </span></>}
          </p>
        )}
        <p className="artist-profile__bio" lang={langOf(artist, "bio")}>
          {artist.bio}
        </p>
        {artist.specialties.length > 0 && (
          <ul
            className="artist-profile__specialties"
            aria-label={strings.artists.specialties}
            lang={langOf(artist, "specialties")}
          >
            {artist.specialties.map((specialty) => (
              <li key={specialty}>{specialty}</li>
            ))}
          </ul>
        )}
        {handle && (
          <a
            className="artist-profile__instagram"
            href={`https://instagram.com/${encodeURIComponent(handle)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="12" cy="12" r="4.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="17.4" cy="6.6" r="1.1" fill="currentColor" />
            </svg>
            <span>@{handle}</span>
            {/* The name starts with what is written on it (WCAG 2.5.3), then says where it leads. */}
            <span className="visually-hidden">{t.instagram(artist.name)}</span>
          </a>
        )}
        {artist.flash ? (
          <AppLink className="artist-profile__flash" to={`/flash/${artist.slug}`}>
            {t.flash(artist.name)}
          </AppLink>
        ) : null}
      </div>
    </section>
  );
}

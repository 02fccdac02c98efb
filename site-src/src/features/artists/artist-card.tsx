import { useId, useState, type MouseEvent } from "react";
import { AppLink } from "../../components/app-link";
import { ResponsiveImage } from "../../components/responsive-image";
import { UnpublishedMark } from "../../components/unpublished-mark";
import { useStrings } from "../../i18n/catalog";
import type { Artist } from "../../lib/api-types";
import { useSelectedArtist } from "../../lib/artists-store";
import { glideTo } from "../../lib/glide-to";
import { GalleryIcon, InstagramIcon, MessageIcon } from "./icons";
import { langOf } from "../../lib/language";

/** Bios over this many characters get the Read More / Read Less toggle (docs/product.md#constants). */
export const BIO_TOGGLE_LENGTH = 150;
/** A card's animation delay is 300 ms plus 100 ms per card (docs/product.md#constants). */
export const cardAnimationDelay = (index: number) => 300 + 100 * index;

// How wide the photo is drawn at each carousel breakpoint (slides per view 1.2 ... 4 over the
// content width), so the browser picks the smallest variant that stays sharp.
const PHOTO_SIZES =
  "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 768px) 40vw, (min-width: 640px) 64vw, 82vw";

/** The Instagram profile of a handle typed with or without its leading @. */
export function instagramUrl(handle: string): string {
  return `https://www.instagram.com/${encodeURIComponent(handle.trim().replace(/^@+/, ""))}/`;
}

/** An artist's card; it fades in when it comes into view, or when the element `fadeInWith` names does. */
export function ArtistCard({ artist, index, fadeInWith }: { artist: Artist; index: number; fadeInWith?: string }) {
  const [, setSelected] = useSelectedArtist();
  const { artists: t, books: booksLabels } = useStrings();
  const [expanded, setExpanded] = useState(false);
  const bioId = useId();
  const portfolio = `/portfolio/${artist.slug}`;
  const long = artist.bio.length > BIO_TOGGLE_LENGTH;
  const handle = artist.instagram?.trim().replace(/^@+/, "");
  // Written out here rather than imported from lib/books.ts: a module the home page shares with
  // a lazily loaded chunk becomes a chunk (a request) of its own (docs/architecture.md#performance-budget).
  const books = artist.books === "closed" ? booksLabels.closed : artist.books === "waitlist" ? booksLabels.waitlist : null;

  // The contact section is another feature: reach it through the document, as the #contact
  // link would, then preselect this artist in the shared store the form reads.
  function contact(event: MouseEvent<HTMLAnchorElement>) {
    setSelected(artist.slug);
    const target = document.getElementById("contact");
    if (!target) return; // no form on this page: let the link do what links do
    event.preventDefault();
    glideTo(target);
    target.focus({ preventScroll: true });
  }

  return (
    <article
      className="artist-card"
      aria-labelledby={`${bioId}-name`}
      data-aos="fade-up"
      data-aos-delay={cardAnimationDelay(index)}
      data-aos-anchor={fadeInWith}
    >
      {/* The photo repeats the portfolio button for pointers; kept out of the tab order, and
          out of what screen readers read unless the editor described the photo. */}
      <AppLink
        to={portfolio}
        className="artist-card__photo"
        tabIndex={-1}
        aria-hidden={artist.alt ? undefined : "true"}
      >
        <ResponsiveImage image={artist.image} alt={artist.alt ?? ""} sizes={PHOTO_SIZES} />
      </AppLink>
      {artist.status && <UnpublishedMark status={artist.status} className="artist-card__mark" />}
      <div className="artist-card__body">
        <h3 id={`${bioId}-name`} className="artist-card__name">
          {artist.name}
        </h3>
        {/* Books closed or a waitlist: a label, not a button (the card keeps its three). */}
        {books && (
          <p className="artist-card__books" data-books={artist.books} title={artist.books_note}>
            {books}
            {artist.books_note && (
              <span className="visually-hidden" lang={langOf(artist, "books_note")}>
                : {artist.books_note}
              </span>
            )}
          </p>
        )}
        <p id={bioId} className={`artist-card__bio${long && !expanded ? " is-clamped" : ""}`} lang={langOf(artist, "bio")}>
          {artist.bio}
        </p>
        {long && (
          <button
            type="button"
            className="artist-card__more"
            aria-expanded={expanded}
            aria-controls={bioId}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? t.readLess : t.readMore}
          </button>
        )}
        {artist.specialties.length > 0 && (
          <ul className="artist-card__tags" aria-label={t.specialties} lang={langOf(artist, "specialties")}>
            {artist.specialties.map((specialty) => (
              <li key={specialty}>{specialty}</li>
            ))}
          </ul>
        )}
        <div className="artist-card__actions">
          <AppLink to={portfolio} className="artists-button" aria-label={t.portfolio(artist.name)} title={t.portfolioTitle}>
            <GalleryIcon />
          </AppLink>
          {handle && (
            <a
              href={instagramUrl(handle)}
              className="artists-button"
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.instagram(artist.name, handle)}
              title={`@${handle}`}
            >
              <InstagramIcon />
            </a>
          )}
          <a href="#contact" className="artists-button" onClick={contact} aria-label={t.contact(artist.name)} title={t.contactTitle}>
            <MessageIcon />
          </a>
        </div>
      </div>
    </article>
  );
}

// /flash and /flash/:artistSlug (docs/flash.md): designs drawn in advance, at a set size and
// price. As on the portfolio, the route is the selection: the dropdown navigates. An available
// design opens in the portfolio's viewer, with "Claim this design": the claim goes to the contact
// form (lib/flash-claim.ts) with the artist and the consultation service picked. An artist's books
// are shown as the artist cards and the profile show them (lib/books.ts); while they are closed the
// viewer says so instead of offering the claim (the form would refuse it only once filled in). A
// design held by a visitor's claim (GET /api/flash/holds, read after the first paint) is shown
// claimed, as one marked claimed in content.
//
// It is drawn as the portfolio is, as a gallery (components/gallery/): flash.css adds only what
// flash has of its own (its columns, the facts under each design, the books, the claim).
import { useCallback, useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { ALL_ARTISTS as ALL, ArtistFilter } from "../../components/artist-filter";
import { GalleryCaption, GalleryHero, GalleryWork, useGalleryViewer } from "../../components/gallery/gallery";
import { useHydrated } from "../../hooks/use-hydrated";
import { useStrings } from "../../i18n/catalog";
import { flashStrings } from "../../i18n/parts/flash";
import { useArtists, useSelectedArtist } from "../../lib/artists-store";
import type { Artist, FlashDesign } from "../../lib/api-types";
import { booksLabel } from "../../lib/books";
import { Lightbox, type LightboxImage } from "../../components/lightbox/lightbox";
import { useFlash } from "./api/get-flash";
import { useHolds, withHolds } from "./api/get-holds";
import { readClaim, saveClaim } from "../../lib/flash-claim";
import { FlashEmpty, FlashGrid, isClaimed, type FlashBooks } from "./flash-grid";
import "./flash.css";

type DesignImage = LightboxImage & { design: FlashDesign };

const toLightboxImage = (design: FlashDesign, alt: (design: string, artist: string) => string): DesignImage => ({
  src: design.src,
  srcset: design.srcset,
  sources: design.sources,
  title: design.title,
  alt: design.alt ?? alt(design.title, design.artist),
  design,
});

export default function FlashScreen() {
  const { artistSlug } = useParams();
  const navigate = useNavigate();
  const selected = artistSlug ?? ALL;
  const t = useStrings(flashStrings);
  const booksLabels = useStrings().books;
  const { data: artists = [] } = useArtists();
  const [, selectArtist] = useSelectedArtist();
  const { data: listed = [], isLoading } = useFlash(selected);
  // The one-off designs a visitor's claim holds now are shown claimed once read, after the first
  // paint (api/get-holds.ts): the prerendered page is the content's.
  const held = useHolds();
  const designs = useMemo(() => withHolds(listed, held), [listed, held]);
  // The design this tab has claimed already (back from the form): only the browser knows it, so
  // it is marked once hydrated, and the first render matches the prerendered page.
  const picked = useHydrated() ? readClaim()?.id : undefined;

  // Only artists with flash to show are offered; one the address names stays in the list.
  const withFlash = artists.filter((a) => (a.flash ?? 0) > 0);
  const fallbackName =
    selected === ALL || withFlash.some((a) => a.slug === selected)
      ? null
      : (artists.find((a) => a.slug === selected)?.name ?? designs[0]?.artist ?? selected);

  // An artist's books when they are not simply open (unknown until the artists have loaded).
  const booksOf = useCallback(
    (slug: string): FlashBooks | null => {
      const artist: Artist | undefined = artists.find((a) => a.slug === slug);
      const label = artist && booksLabel(artist, booksLabels);
      return artist && label ? { state: artist.books, label, note: artist.books_note } : null;
    },
    [artists, booksLabels],
  );
  const selectedBooks = selected === ALL ? null : booksOf(selected);

  // The viewer moves through the designs on offer only; it belongs to the selection it was opened on.
  // Its list is the content's: holds read while it is open never shift the design shown, they only
  // take the claim away (`action`); the grid no longer opens a held design.
  const offered = useMemo(() => listed.filter((d) => !isClaimed(d)), [listed]);
  const images = useMemo(() => offered.map((design) => toLightboxImage(design, t.alt)), [offered, t]);
  const viewer = useGalleryViewer(selected, isLoading);
  const close = viewer.close;
  const open = (design: FlashDesign, from: HTMLElement) => viewer.open(offered.indexOf(design), from);

  const claim = useCallback(
    (design: FlashDesign) => {
      saveClaim(design);
      selectArtist(design.artist_id);
      close();
      navigate("/#contact");
    },
    [close, navigate, selectArtist],
  );

  const caption = useCallback(
    ({ design }: DesignImage) => (
      <GalleryCaption
        title={design.title}
        facts={<span className="flash-caption__facts">{design.size} · {t.price(design.price)}</span>}
        by={t.captionBy}
        artist={design.artist}
        to={`/flash/${design.artist_id}`}
        onNavigate={close}
      />
    ),
    [close, t],
  );
  const action = useCallback(
    ({ design }: DesignImage) => {
      if (held.has(design.id) && !design.repeatable) {
        return (
          <p className="flash-books flash-books--viewer" data-held="">
            {t.held}
          </p>
        );
      }
      const books = booksOf(design.artist_id);
      if (books?.state === "closed") {
        return (
          <p className="flash-books flash-books--viewer" data-books="closed">
            {t.closed(design.artist)}
            {books.note && ` ${books.note.replace(/[.!]?$/, ".")}`}
          </p>
        );
      }
      return (
        <>
          {books && (
            <span className="flash-books__label" data-books={books.state}>
              {books.label}
            </span>
          )}
          <button type="button" className="btn flash-claim-button" onClick={() => claim(design)}>
            {t.claim}
          </button>
        </>
      );
    },
    [booksOf, claim, held, t],
  );

  return (
    <main id="main" className="gallery-screen flash-screen">
      <GalleryHero eyebrow={t.eyebrow} title={t.title} intro={t.intro}>
        <ArtistFilter
          id="flash-artist"
          base="/flash"
          artists={withFlash}
          selected={selected}
          fallbackName={fallbackName}
        />
        {selectedBooks && (
          <p className="flash-books" data-books={selectedBooks.state}>
            <span className="flash-books__label">{selectedBooks.label}</span>
            {selectedBooks.note && <> <span>{selectedBooks.note}</span></>}
          </p>
        )}
      </GalleryHero>

      <GalleryWork
        loading={isLoading}
        loadingText={t.loading}
        isEmpty={designs.length === 0}
        empty={<FlashEmpty />}
      >
        <FlashGrid designs={designs} showArtist={selected === ALL} picked={picked} books={booksOf} onOpen={open} />
      </GalleryWork>

      <Lightbox
        images={images}
        {...viewer.lightbox}
        caption={caption}
        action={action}
        label={t.viewer}
      />
    </main>
  );
}

import { MemoryRouter } from "react-router";
import { DocumentCard } from "../components/document-card";
import { DocumentHero } from "../components/document-hero";
import { GalleryHero, GalleryWork } from "../components/gallery/gallery";
import { AftercareCard, type AftercareGuide } from "../features/aftercare/aftercare-card";
import { ArtistCard } from "../features/artists/artist-card";
import { FlashEmpty, FlashGrid } from "../features/flash/flash-grid";
import { LegacySection } from "../features/home/legacy-section";
import { OurWorkSection } from "../features/home/our-work-section";
import { SiteFooter } from "../features/home/site-footer";
import { PiercingPartners } from "../features/piercings/piercing-partners";
import { PortfolioGrid } from "../features/portfolio/portfolio-grid";
import { useStrings } from "../i18n/catalog";
import { flashStrings } from "../i18n/parts/flash";
import { policiesStrings } from "../i18n/parts/policies";
import { portfolioStrings } from "../i18n/parts/portfolio";
import type { Artist, Books, FlashDesign, PortfolioItem, Unpublished } from "../lib/api-types";
import { ArtistsProvider } from "../lib/artists-store";
import { isScheduled } from "../lib/publish-at";
import { booksStatus, STUDIO_TIME_ZONE, telHref } from "../lib/rules";
import { getSiteData, type ImageMeta, type SiteData, type Stat } from "../lib/site-data";
import { SiteDataProvider } from "../lib/use-site-data";

// The editors' admin (/admin/, cms/src/admin.tsx) previews every file an editor edits with the
// site's own components and stylesheet, fed what the editor is typing, so they see what
// visitors will (docs/editing.md): an artist's card, a portfolio's grid, a flash sheet's grid,
// an aftercare guide, the studio's policies, and the studio facts where the home page and the
// footer show them. Here, at the app level, because it composes several features; the admin
// hands in the entry's data as Decap holds it (plain values, shaped like the YAML file) and
// knows nothing of the components. What is here is the glue from that entry to the shapes the
// site's components take: props, and for the sections that read the studio facts (useSiteData),
// a SiteDataProvider holding the entry's (lib/use-site-data.ts). No section's markup is copied.
//
// An entry is often half filled (a new one is all empty fields), so everything here reads
// its input as unknown and falls back to empty text and empty lists: a preview never throws.
//
// What visitors read comes from the site's catalog (i18n/catalog.ts: English, outside the app's
// root); the labels that only editors see (which page a section is on) are written here.

// --- reading half-filled entries ---------------------------------------------------------------

type Fields = Record<string, unknown>;

const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
const trimmed = (value: unknown): string => text(value).trim();
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const fieldsOf = (value: unknown): Fields =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {};

/** A URL for a file name the editor picked (the admin resolves it in the field's media folder). */
export type AssetUrl = (file: string) => string;

/** What stands in for a photo not picked yet: a plain dark ground, as the card's shape. */
export const NO_PICTURE =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 5"><rect width="4" height="5" fill="#161616"/></svg>');

/**
 * An image the build has not made yet: the file the editor picked, at a nominal size (the
 * site's CSS crops cards and tiles to their shape; the build makes the real sizes on saving).
 */
export function previewImage(src: string, width = 1200, height = 1200): ImageMeta {
  return { src: src || NO_PICTURE, width, height, srcset: "", sources: [], placeholder: "" };
}

function photo(file: unknown, url: AssetUrl): string {
  const name = trimmed(file);
  if (!name) return "";
  try {
    return url(name);
  } catch {
    return ""; // a name the admin cannot resolve (yet): no picture rather than no preview
  }
}

// --- draft and publish_at ----------------------------------------------------------------------

export { STUDIO_TIME_ZONE };

/** When the preview is looked at, and the studio's time zone publish_at is written in. */
export type Clock = { now: Date; timeZone: string };

export const clockNow = (timeZone: string = STUDIO_TIME_ZONE): Clock => ({ now: new Date(), timeZone });

/** Whether publish_at is still to come: as the build decides it (lib/publish-at.ts, the shared table). */
const isFuture = (publishAt: unknown, { now, timeZone }: Clock): boolean => isScheduled(publishAt, now, timeZone);

/**
 * The mark `build.py serve` would give an entry: "draft" when draft is on, "scheduled" while
 * publish_at is still to come; none when it is live (or publish_at is half typed).
 */
export function previewStatus(draft: unknown, publishAt: unknown, clock: Clock): Unpublished | undefined {
  if (draft === true) return "draft";
  return isFuture(publishAt, clock) ? "scheduled" : undefined;
}

// --- the artist card ---------------------------------------------------------------------------

/** An artist as the editor has filled the form so far; the photo is a URL the admin made. */
export type ArtistDraft = {
  slug: string;
  name: string;
  photoUrl: string;
  yearsExperience: number;
  specialties: string[];
  instagram: string | null;
  bio: string;
  /** The photo's alt text; empty when not given. */
  alt: string;
  status?: Unpublished;
  books: Books;
  /** Empty when not given. */
  booksNote: string;
};


/** An artist entry's data (artists/<slug>.yaml as Decap holds it) as the card's preview reads it. */
export function artistDraftFrom(slug: string, data: unknown, photoUrl: AssetUrl, clock: Clock): ArtistDraft {
  const entry = fieldsOf(data);
  const years = Number(entry.years_experience);
  return {
    slug,
    name: text(entry.name),
    photoUrl: photo(entry.photo, photoUrl),
    yearsExperience: Number.isFinite(years) ? years : 0,
    specialties: listOf(entry.specialties).map(trimmed).filter(Boolean),
    instagram: trimmed(entry.instagram) || null,
    bio: text(entry.bio),
    alt: trimmed(entry.alt),
    status: previewStatus(entry.draft, entry.publish_at, clock),
    books: booksStatus(entry.books),
    booksNote: trimmed(entry.books_note),
  };
}

// The preview has no scroll animation and shows one card, not a carousel or a two-card grid.
// A portfolio's tiles keep their captions shown, as the site does on touch screens, so every
// title can be read without a pointer; the site facts, several pages' worth of sections, get
// less room around them than on the site.
export const PREVIEW_CSS = `
[data-aos] { opacity: 1 !important; transform: none !important; }
.admin-preview { min-height: 100vh; padding: 2rem 1.25rem; }
.admin-preview__card { max-width: 22rem; margin: 0 auto; position: relative; }
.admin-preview .aftercare__cards { grid-template-columns: 1fr; max-width: 46rem; }
.admin-preview.gallery-screen { padding-top: 2.5rem; }
.admin-preview .gallery-hero__title { font-size: clamp(2.5rem, 8vw, 4rem); }
.admin-preview .portfolio-tile__caption {
  position: absolute; inset: auto 0 0 0; display: grid; gap: 0.15rem; padding: 2.5rem 0.75rem 0.7rem;
  background: linear-gradient(to top, rgba(0, 0, 0, 0.86), rgba(0, 0, 0, 0.55) 45%, transparent);
  opacity: 1; transform: none; pointer-events: none;
}
.admin-preview .portfolio-tile__title {
  margin: 0; font-family: var(--font-display); font-size: 1.1rem; line-height: 1.15; color: var(--color-text, #fff);
}
.admin-preview .portfolio-tile__artist {
  justify-self: start; font-size: 0.75rem; letter-spacing: 0.04em; color: var(--color-accent, #c9a46a); text-decoration: none;
}
.admin-preview--site { padding: 0; background: var(--color-bg, #000); }
.admin-preview--site .section { padding-block: clamp(3rem, 8vw, 4.5rem); }
.admin-preview--site .piercing-partners { padding-block: clamp(3rem, 8vw, 4.5rem); }
.admin-preview__where { display: flex; margin: 0 auto; padding-top: 2.5rem; }
`;

export function ArtistCardPreview({ artist }: { artist: ArtistDraft }) {
  const card: Artist = {
    id: 0,
    slug: artist.slug,
    name: artist.name,
    profilePic: artist.photoUrl,
    yearsExperience: artist.yearsExperience,
    bio: artist.bio,
    specialties: artist.specialties,
    instagram: artist.instagram,
    // The card crops every photo to 4:5; the build makes the real sizes after saving.
    image: previewImage(artist.photoUrl, 800, 1000),
    ...(artist.alt ? { alt: artist.alt } : {}),
    ...(artist.status ? { status: artist.status } : {}),
    books: artist.books,
    ...(artist.booksNote ? { books_note: artist.booksNote } : {}),
  };
  return (
    <MemoryRouter>
      <ArtistsProvider>
        <div className="artists admin-preview">
          <div className="admin-preview__card">
            <ArtistCard artist={card} index={0} />
          </div>
        </div>
      </ArtistsProvider>
    </MemoryRouter>
  );
}

// --- a portfolio -------------------------------------------------------------------------------

/** One piece as the editor has filled it so far. */
export type PieceDraft = { file: string; photoUrl: string; title: string; alt: string; status?: Unpublished };

/** Whose portfolio (or flash) it is: the name the grid's captions and default alt text use. */
export type PortfolioOwner = { slug: string; name: string; status?: Unpublished };

/** A portfolio entry's `pieces` (the bare list of portfolio/<slug>.yaml) as the grid reads them. */
export function piecesFrom(pieces: unknown, photoUrl: AssetUrl, clock: Clock): PieceDraft[] {
  return listOf(pieces).map((value) => {
    const piece = fieldsOf(value);
    return {
      file: trimmed(piece.file),
      photoUrl: photo(piece.file, photoUrl),
      title: text(piece.title),
      alt: trimmed(piece.alt),
      status: previewStatus(piece.draft, piece.publish_at, clock),
    };
  });
}

/** The artist's pieces in the site's portfolio grid; a held-back artist holds back every piece. */
export function PortfolioPreview({ artist, pieces }: { artist: PortfolioOwner; pieces: PieceDraft[] }) {
  const t = useStrings(portfolioStrings);
  const items: PortfolioItem[] = pieces.map((piece, index) => {
    const status = piece.status ?? artist.status;
    return {
      ...previewImage(piece.photoUrl),
      id: index + 1,
      filename: piece.file,
      title: piece.title,
      artist: artist.name,
      artist_id: artist.slug,
      ...(piece.alt ? { alt: piece.alt } : {}),
      ...(status ? { status } : {}),
    };
  });
  return (
    <MemoryRouter>
      <main className="gallery-screen admin-preview">
        <GalleryHero eyebrow="Portfolio" title={artist.name} />
        <GalleryWork loading={false} loadingText="" isEmpty={items.length === 0} empty={t.empty}>
          <PortfolioGrid items={items} onOpen={() => {}} />
        </GalleryWork>
      </main>
    </MemoryRouter>
  );
}

// --- a flash sheet -----------------------------------------------------------------------------

/** One flash design as the editor has filled it so far. */
export type DesignDraft = {
  file: string;
  photoUrl: string;
  title: string;
  size: string;
  /** Whole dollars; 0 while the field is empty or half typed. */
  price: number;
  status: FlashDesign["status"];
  repeatable: boolean;
  alt: string;
  held?: Unpublished;
};

/** A price as typed: the admin's number field may hold a number, text or nothing yet. */
function price(value: unknown): number {
  const typed = typeof value === "string" ? value.trim() : value;
  const number = typeof typed === "number" ? typed : typed === "" ? NaN : Number(typed);
  return Number.isFinite(number) ? number : 0;
}

/** A flash entry's `pieces` (the bare list of flash/<slug>.yaml, shown as Designs) as the grid reads them. */
export function designsFrom(designs: unknown, photoUrl: AssetUrl, clock: Clock): DesignDraft[] {
  return listOf(designs).map((value) => {
    const design = fieldsOf(value);
    return {
      file: trimmed(design.file),
      photoUrl: photo(design.file, photoUrl),
      title: text(design.title),
      size: text(design.size),
      price: price(design.price),
      // As the build reads it (models.FlashDesign): claimed only when it says so, else available.
      status: design.status === "claimed" ? "claimed" : "available",
      repeatable: design.repeatable === true,
      alt: trimmed(design.alt),
      held: previewStatus(design.draft, design.publish_at, clock),
    };
  });
}

/**
 * The artist's designs in the site's flash grid (as /flash/<artist> shows them): title, size
 * and price under each, a claimed one greyed; a held-back artist holds back every design.
 */
export function FlashPreview({ artist, designs }: { artist: PortfolioOwner; designs: DesignDraft[] }) {
  const t = useStrings(flashStrings);
  const items: FlashDesign[] = designs.map((design, index) => {
    const held = design.held ?? artist.status;
    return {
      ...previewImage(design.photoUrl),
      // The web id is "<artist>/<file stem>"; here it only has to tell the tiles apart.
      id: `${artist.slug}/${index + 1}`,
      artist_id: artist.slug,
      artist: artist.name,
      title: design.title,
      size: design.size,
      price: design.price,
      status: design.status,
      repeatable: design.repeatable,
      filename: design.file,
      ...(design.alt ? { alt: design.alt } : {}),
      ...(held ? { held } : {}),
    };
  });
  return (
    <MemoryRouter>
      <main className="gallery-screen flash-screen admin-preview">
        <GalleryHero eyebrow="Flash" title={artist.name} />
        <GalleryWork loading={false} loadingText="" isEmpty={items.length === 0} empty={<FlashEmpty />}>
          <FlashGrid designs={items} showArtist={false} onOpen={() => {}} />
        </GalleryWork>
      </main>
    </MemoryRouter>
  );
}

// --- the studio facts (site.yaml) --------------------------------------------------------------

/** The URL of a file picked in site.yaml: the memorial's portrait or a brand's logo. */
export type SiteAssetUrl = (field: "memorial" | "brands", file: string) => string;

const stats = (value: unknown): Stat[] =>
  listOf(value).map((stat) => ({ value: text(fieldsOf(stat).value), label: text(fieldsOf(stat).label) }));

/** Text, or nothing when empty: the site's sections then say their own (an alt text's default). */
const given = (value: unknown): string | undefined => trimmed(value) || undefined;

/**
 * The site data the build would embed for the studio file as Decap holds it (site.yaml), over
 * `base` (the admin page's own: videos, form choices and the rest the file does not hold here).
 * Pictures are the files the editor picked, at nominal sizes until the build makes them.
 */
export function siteDataFrom(data: unknown, assetUrl: SiteAssetUrl, base: SiteData = getSiteData()): SiteData {
  const site = fieldsOf(data);
  const address = fieldsOf(site.address);
  const socials = fieldsOf(site.socials);
  const memorial = fieldsOf(site.memorial);
  const credit = fieldsOf(site.credit);
  const portrait = photo(memorial.photo, (file) => assetUrl("memorial", file));
  return {
    ...base,
    untranslated: undefined, // the previewed language's texts are the entry's own
    name: text(site.name),
    phone: text(site.phone),
    phoneHref: telHref(text(site.phone)),
    email: text(site.email),
    address: {
      street: text(address.street),
      city: text(address.city),
      region: text(address.region),
      postal_code: text(address.postal_code),
      map_url: trimmed(address.map_url) || null,
    },
    hours: listOf(site.hours).map((row) => ({ days: text(fieldsOf(row).days), time: text(fieldsOf(row).time) })),
    hoursNotes: listOf(site.hours_notes).map(text),
    socials: {
      instagram: trimmed(socials.instagram),
      facebook: trimmed(socials.facebook),
      tiktok: trimmed(socials.tiktok),
    },
    stats: { work: stats(fieldsOf(site.stats).work), legacy: stats(fieldsOf(site.stats).legacy) },
    timeline: listOf(site.timeline).map((entry) => {
      const { period, title, text: body } = fieldsOf(entry);
      return { period: text(period), title: text(title), text: text(body) };
    }),
    values: listOf(site.values).map((value) => ({ title: text(fieldsOf(value).title), text: text(fieldsOf(value).text) })),
    memorial: {
      name: text(memorial.name),
      born: text(memorial.born),
      died: text(memorial.died),
      text: text(memorial.text),
      image: portrait ? previewImage(portrait, 800, 1000) : null,
      alt: given(memorial.alt),
    },
    brands: listOf(site.brands).map((value) => {
      const brand = fieldsOf(value);
      return {
        name: text(brand.name),
        url: trimmed(brand.url) || null,
        image: previewImage(photo(brand.logo, (file) => assetUrl("brands", file)), 400, 200),
        alt: given(brand.alt),
      };
    }),
    credit: { name: text(credit.name), url: text(credit.url) },
    inMemory: text(site.in_memory),
  };
}

/** Which page a section is on: a label for editors, in the admin's English. */
const Where = ({ children }: { children: string }) => (
  <p className="eyebrow container admin-preview__where">{children}</p>
);

export { telHref };

/**
 * The studio facts where visitors meet them, drawn by the site's own sections from the entry's
 * data: the footer, the home page's figures, history, memorial and values, the jewelry brands.
 */
export function SiteFactsPreview({ site }: { site: SiteData }) {
  // Nearly in the form's order (contact details and hours first, then the figures, the
  // timeline, the memorial, the values and the brands), so the preview scrolls along with it.
  return (
    <SiteDataProvider value={site}>
      <MemoryRouter>
        <div className="admin-preview admin-preview--site">
          <Where>Every page</Where>
          <SiteFooter />
          <Where>Home page</Where>
          <OurWorkSection />
          <LegacySection />
          {site.brands.length > 0 && <Where>Piercing page</Where>}
          <PiercingPartners />
        </div>
      </MemoryRouter>
    </SiteDataProvider>
  );
}

export function AftercarePreview({ guide, markdown }: { guide: AftercareGuide; markdown: string }) {
  return (
    <MemoryRouter>
      <main className="aftercare admin-preview">
        <div className="aftercare__cards">
          <AftercareCard guide={guide} content={markdown} />
        </div>
      </main>
    </MemoryRouter>
  );
}

// /policies as features/policies/policies-screen.tsx draws it, with the screen's own hero and
// card; an empty file says what it means instead of "Loading".
export function PoliciesPreview({ markdown }: { markdown: string }) {
  const t = useStrings(policiesStrings);
  return (
    <main className="aftercare policies admin-preview">
      <DocumentHero eyebrow={t.eyebrow} title={t.title} intro={t.intro} />
      {/* The build publishes no /policies page for an empty file (and the admin will not save one). */}
      <DocumentCard markdown={markdown} waiting="Empty: without policies the site has no /policies page." />
    </main>
  );
}

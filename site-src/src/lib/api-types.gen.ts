// Generated from api-schema.json (the build's generator/site/api_shapes.py) by
// json-schema-to-typescript: do not edit. `npm run gen:api-types` remakes it.

/**
 * Not an answer itself: names every shape above once, so one schema holds them all.
 */
export interface StaticApi {
  artist: Artist;
  portfolioItem: PortfolioItem;
  flashDesign: FlashDesign;
  aftercareSection: AftercareSection;
  policies: Policies;
  privacy: Privacy;
  siteFacts: SiteFacts;
}
/**
 * One artist (GET /api/artists), endpoints.artist_json.
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "Artist".
 */
export interface Artist {
  id: number;
  slug: string;
  name: string;
  profilePic: string;
  yearsExperience: number;
  bio: string;
  specialties: string[];
  instagram: string | null;
  image: ImageMeta;
  /**
   * Whether the artist takes new tattoo bookings (content/artists/<slug>.yaml `books`).
   */
  books: "open" | "closed" | "waitlist";
  /**
   * A short word on the books ("Books open again in March"); absent when none.
   */
  books_note?: string;
  alt?: string;
  status?: "draft" | "scheduled";
  /**
   * How many published flash designs the artist has; absent when none (docs/flash.md).
   */
  flash?: number;
  untranslated?: string[];
}
/**
 * One processed image (generator/images/process.py ImageMeta.to_api).
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "ImageMeta".
 */
export interface ImageMeta {
  src: string;
  width: number;
  height: number;
  srcset: string;
  sources: ImageSource[];
  placeholder: string;
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "ImageSource".
 */
export interface ImageSource {
  type: string;
  srcset: string;
}
/**
 * One portfolio piece (GET /api/portfolio?artist=...), endpoints.work_json: its picture's
 * keys (ImageMeta) and its own.
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "PortfolioItem".
 */
export interface PortfolioItem {
  src: string;
  width: number;
  height: number;
  srcset: string;
  sources: ImageSource[];
  placeholder: string;
  id: number;
  filename: string;
  title: string;
  /**
   * The artist's name.
   */
  artist: string;
  /**
   * The artist's slug, as in /portfolio/<slug>; "id" is only the public field's name.
   */
  artist_id: string;
  alt?: string;
  status?: "draft" | "scheduled";
  untranslated?: string[];
}
/**
 * One flash design (GET /api/flash?artist=<slug|all>), endpoints.flash_json: drawn in
 * advance, at a set size and price; its picture's keys (ImageMeta) and its own.
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "FlashDesign".
 */
export interface FlashDesign {
  src: string;
  width: number;
  height: number;
  srcset: string;
  sources: ImageSource[];
  placeholder: string;
  /**
   * "<artist slug>/<stem>": what the contact form sends as `flash` to claim it.
   */
  id: string;
  /**
   * The artist's slug.
   */
  artist_id: string;
  /**
   * The artist's name.
   */
  artist: string;
  title: string;
  /**
   * As the artist writes it: "3 in".
   */
  size: string;
  /**
   * Whole US dollars.
   */
  price: number;
  status: "available" | "claimed";
  /**
   * Tattooed any number of times: never claimed.
   */
  repeatable: boolean;
  filename: string;
  alt?: string;
  /**
   * In `build.py serve` only: why the public site leaves it out for now.
   */
  held?: "draft" | "scheduled";
  untranslated?: string[];
}
/**
 * One aftercare guide (GET /api/aftercare).
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "AftercareSection".
 */
export interface AftercareSection {
  section_type: "tattoo" | "piercing";
  content: string;
  untranslated?: string[];
}
/**
 * GET /api/policies, endpoints.policies_json.
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "Policies".
 */
export interface Policies {
  markdown: string;
  version: string;
  untranslated?: string[];
}
/**
 * GET /api/privacy, endpoints.privacy_json.
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "Privacy".
 */
export interface Privacy {
  markdown: string;
  untranslated?: string[];
}
/**
 * The studio's facts in the site data (api/site.json, embedded in every page),
 * endpoints.site_data: everything but `media`, which the media stage writes (its type is
 * site-src's lib/site-data.ts).
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "SiteFacts".
 */
export interface SiteFacts {
  /**
   * The page's language (lib/language.ts); a page without it (tests) is English.
   */
  lang?: "en" | "es";
  /**
   * The keys of this object a Spanish page shows in English (lib/language.ts `langOf`).
   */
  untranslated?: string[];
  name: string;
  baseUrl: string;
  phone: string;
  phoneHref: string;
  email: string;
  address: Address;
  hours: OpeningHours[];
  hoursNotes: string[];
  socials: Socials;
  stats: Stats;
  timeline: TimelineCard[];
  values: ValueCard[];
  memorial: MemorialFacts;
  brands: BrandFacts[];
  credit: Credit;
  inMemory: string;
  artistSlugs: string[];
  /**
   * The contact form's service options, the first the default (contact/choices.json).
   */
  services: string[];
  /**
   * The artist value that means "No Preference".
   */
  noArtist: string;
  request: RequestChoices;
  /**
   * The studio's own rule for visitors under 18 (content/site.yaml `minors_rule`), or null.
   */
  minorsRule: string | null;
  /**
   * The version of the published policies (GET /api/policies `version`), or null without any.
   */
  policiesVersion: string | null;
  /**
   * Whether the site has a privacy notice (/privacy, GET /api/privacy).
   */
  privacyNotice: boolean;
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "Address".
 */
export interface Address {
  street: string;
  city: string;
  region: string;
  postal_code: string;
  map_url: string | null;
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "OpeningHours".
 */
export interface OpeningHours {
  days: string;
  time: string;
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "Socials".
 */
export interface Socials {
  instagram: string;
  facebook: string;
  tiktok: string;
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "Stats".
 */
export interface Stats {
  work: Stat[];
  legacy: Stat[];
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "Stat".
 */
export interface Stat {
  value: string;
  label: string;
  untranslated?: string[];
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "TimelineCard".
 */
export interface TimelineCard {
  period: string;
  title: string;
  text: string;
  untranslated?: string[];
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "ValueCard".
 */
export interface ValueCard {
  title: string;
  text: string;
  untranslated?: string[];
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "MemorialFacts".
 */
export interface MemorialFacts {
  name: string;
  born: number;
  died: number;
  text: string;
  alt?: string;
  image: ImageMeta | null;
  untranslated?: string[];
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "BrandFacts".
 */
export interface BrandFacts {
  name: string;
  url: string | null;
  image: ImageMeta;
  alt?: string;
  untranslated?: string[];
}
/**
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "Credit".
 */
export interface Credit {
  name: string;
  url: string;
}
/**
 * The optional fields of a tattoo request (functions/contact/choices.json `request`): shown
 * and sent only for `services`; each list holds the exact strings the form sends.
 *
 * This interface was referenced by `StaticApi`'s JSON-Schema
 * via the `definition` "RequestChoices".
 */
export interface RequestChoices {
  services: string[];
  placement: string[];
  size: string[];
  /**
   * Its values: "colour", "black-and-grey".
   */
  colour: string[];
  budget: string[];
  availability: string[];
  /**
   * Its values: "18+", "under-18".
   */
  age: string[];
}

// Shapes of the static API (docs/product.md#static-api), as generator/site/endpoints.py writes them.
import type { ImageMeta } from "./site-data";

/** Why `build.py serve` shows a record the public site leaves out for now (drafts, publish_at). */
export type Unpublished = "draft" | "scheduled";

/** Keys a record has only when given: the editor's alt text, and (in serve only) `status`. */
type EditorExtras = { alt?: string; status?: Unpublished };

export type Artist = {
  /** The keys a Spanish page shows in English, no translation yet (lib/language.ts `langOf`). */
  untranslated?: string[];
  id: number;
  slug: string;
  name: string;
  profilePic: string;
  yearsExperience: number;
  bio: string;
  specialties: string[];
  instagram: string | null;
  image: ImageMeta;
  /** How many published flash designs the artist has; absent when none (docs/flash.md). */
  flash?: number;
  /** Whether the artist takes new tattoo bookings (content/artists/<slug>.yaml `books`). */
  books: Books;
  /** A short word on the books ("Books open again in March"); absent when none. */
  books_note?: string;
} & EditorExtras;

export type Books = "open" | "closed" | "waitlist";

export type PortfolioItem = {
  /** The keys a Spanish page shows in English, no translation yet (lib/language.ts `langOf`). */
  untranslated?: string[];
  id: number;
  filename: string;
  title: string;
  /** The artist's name. */
  artist: string;
  /** The artist's slug, as in /portfolio/<slug>; "id" is only the public field's name. */
  artist_id: string;
} & ImageMeta & EditorExtras;

/** One flash design (GET /api/flash?artist=<slug|all>): drawn in advance, at a set size and price. */
export type FlashDesign = {
  /** The keys a Spanish page shows in English, no translation yet (lib/language.ts `langOf`). */
  untranslated?: string[];
  /** "<artist slug>/<stem>": what the contact form sends as `flash` to claim it. */
  id: string;
  /** The artist's slug. */
  artist_id: string;
  /** The artist's name. */
  artist: string;
  title: string;
  /** As the artist writes it: "3 in". */
  size: string;
  /** Whole US dollars. */
  price: number;
  status: "available" | "claimed";
  /** Tattooed any number of times: never claimed. */
  repeatable: boolean;
  filename: string;
  alt?: string;
  /** In `build.py serve` only: why the public site leaves it out for now. */
  held?: Unpublished;
} & ImageMeta;

export type AftercareSection = { section_type: "tattoo" | "piercing"; content: string };

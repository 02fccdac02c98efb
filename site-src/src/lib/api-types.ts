// Shapes of the static API (docs/product.md#static-api), as generator/site/endpoints.py writes them.
import type { ImageMeta, ImageSource } from "./site-data";

export type Artist = {
  id: number;
  slug: string;
  name: string;
  profilePic: string;
  yearsExperience: number;
  bio: string;
  specialties: string[];
  instagram: string | null;
  image: ImageMeta;
};

export type PortfolioItem = {
  id: number;
  filename: string;
  title: string;
  /** The artist's name. */
  artist: string;
  /** The artist's slug, as in /portfolio/<slug>; "id" is only the public field's name. */
  artist_id: string;
  src: string;
  width: number;
  height: number;
  srcset: string;
  sources: ImageSource[];
  placeholder: string;
};

export type AftercareSection = { section_type: "tattoo" | "piercing"; content: string };

// The image viewer's and the artist dropdown's strings in every language they have: only the
// portfolio's and the Flash screen's chunks import this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { gallery as en } from "../en/gallery";

export type GalleryStrings = Strings<typeof en>;

export const galleryStrings: Part<GalleryStrings> = { en };

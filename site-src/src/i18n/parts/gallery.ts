// The image viewer's and the artist dropdown's strings in every language they have: only the
// portfolio's and the Flash screen's chunks import this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { gallery as en } from "../en/gallery";
import { gallery as es } from "../es/gallery";

export type GalleryStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const galleryStrings: Part<GalleryStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

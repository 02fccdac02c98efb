// The Flash screen's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { flash as en } from "../en/flash";
import { flash as es } from "../es/flash";

export type FlashStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const flashStrings: Part<FlashStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

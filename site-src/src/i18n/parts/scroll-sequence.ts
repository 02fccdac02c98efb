// The scroll animation page's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { scrollSequence as en } from "../en/scroll-sequence";
import { scrollSequence as es } from "../es/scroll-sequence";

export type ScrollSequenceStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const scrollSequenceStrings: Part<ScrollSequenceStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

// The scroll animation page's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { scrollSequence as en } from "../en/scroll-sequence";

export type ScrollSequenceStrings = Strings<typeof en>;

export const scrollSequenceStrings: Part<ScrollSequenceStrings> = { en };

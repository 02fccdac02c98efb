// The piercing page's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { piercings as en } from "../en/piercings";

export type PiercingsStrings = Strings<typeof en>;

export const piercingsStrings: Part<PiercingsStrings> = { en };

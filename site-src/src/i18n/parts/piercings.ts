// The piercing page's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { piercings as en } from "../en/piercings";
import { piercings as es } from "../es/piercings";

export type PiercingsStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const piercingsStrings: Part<PiercingsStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

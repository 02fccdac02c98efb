// The aftercare guide's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { aftercare as en } from "../en/aftercare";
import { aftercare as es } from "../es/aftercare";

export type AftercareStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const aftercareStrings: Part<AftercareStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

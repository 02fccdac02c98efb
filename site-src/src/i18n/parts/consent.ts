// The consent page's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { consent as en } from "../en/consent";
import { consent as es } from "../es/consent";

export type ConsentStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const consentStrings: Part<ConsentStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

// The privacy notice's strings in every language they have: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { privacy as en } from "../en/privacy";
import { privacy as es } from "../es/privacy";

export type PrivacyStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const privacyStrings: Part<PrivacyStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

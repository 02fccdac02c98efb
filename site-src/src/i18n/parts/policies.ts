// The studio policies' strings in every language they have: only their chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { policies as en } from "../en/policies";
import { policies as es } from "../es/policies";

export type PoliciesStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const policiesStrings: Part<PoliciesStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

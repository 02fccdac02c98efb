// The deposit pages' strings in every language they have: only their chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { deposit as en } from "../en/deposit";
import { deposit as es } from "../es/deposit";

export type DepositStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const depositStrings: Part<DepositStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

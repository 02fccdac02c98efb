// The portfolio screen's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { portfolio as en } from "../en/portfolio";
import { portfolio as es } from "../es/portfolio";

export type PortfolioStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const portfolioStrings: Part<PortfolioStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

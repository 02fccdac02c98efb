// The portfolio screen's strings in every language it has: only its chunk imports this (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { portfolio as en } from "../en/portfolio";

export type PortfolioStrings = Strings<typeof en>;

export const portfolioStrings: Part<PortfolioStrings> = { en };

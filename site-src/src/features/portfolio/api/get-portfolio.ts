// The portfolio screen's reads: a selection's pieces a page at a time, from the paged files the
// build writes beside the whole lists (docs/architecture.md#the-static-api). The whole list,
// GET /api/portfolio?artist=<slug|all> (docs/product.md#calls), stays for other clients; the
// screen asks for page 1 (which a prerendered page already holds), then for the others as the
// visitor scrolls or the viewer moves onto them.
import { fetchJson } from "../../../lib/api-client";
import type { PortfolioItem } from "../../../lib/api-types";
import { apiUrl } from "../../../lib/language";
import { initialAnswer } from "../../../lib/page-data";
import { useQuery, type QueryState } from "../../../lib/use-query";

/** Logged on any failure; the screen then shows its empty message (docs/product.md#errors). */
export const PORTFOLIO_LOAD_ERROR = "Failed to load portfolio";

/** One file of the paged portfolio, as generator/site/endpoints.py writes it. */
export type PortfolioPage = {
  /** Pieces in the whole selection. */
  total: number;
  /** This page's number, from 1. */
  page: number;
  /** How many pages the selection has (at least 1). */
  pages: number;
  /** Pieces per page; every page but the last is full. */
  page_size: number;
  items: PortfolioItem[];
};

const count = (value: unknown, least: number) => Number.isInteger(value) && (value as number) >= least;

/** For `validate`: a page whose numbers agree with each other. */
export function isPortfolioPage(body: unknown): body is PortfolioPage {
  if (body === null || typeof body !== "object") return false;
  const page = body as Record<string, unknown>;
  return (
    count(page.total, 0) &&
    count(page.page, 1) &&
    count(page.pages, 1) &&
    count(page.page_size, 1) &&
    Array.isArray(page.items) &&
    (page.page as number) <= (page.pages as number)
  );
}

/** Where page `page` (from 1) of that artist's pieces ("all" for everyone) is. */
export const portfolioPageUrl = (artistSlug: string, page: number) =>
  apiUrl(`/portfolio/pages/${encodeURIComponent(artistSlug)}/${page}.json`);

/** One page of that artist's pieces; an unknown slug or page is a 404, so a failure. */
export function getPortfolioPage(artistSlug: string, page: number, signal?: AbortSignal): Promise<PortfolioPage> {
  return fetchJson(portfolioPageUrl(artistSlug, page), {
    signal,
    validate: isPortfolioPage,
    failure: PORTFOLIO_LOAD_ERROR,
  });
}

/** Page 1 of the pieces for `artistSlug` (the count, the page size and the first screen), reloaded whenever it changes. */
export function useFirstPortfolioPage(artistSlug: string): QueryState<PortfolioPage> {
  return useQuery(
    artistSlug,
    (signal) => getPortfolioPage(artistSlug, 1, signal),
    PORTFOLIO_LOAD_ERROR,
    () => initialAnswer(portfolioPageUrl(artistSlug, 1), isPortfolioPage),
  );
}

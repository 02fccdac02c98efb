// GET /api/portfolio?artist=<slug|all>: the fetcher and its hook (docs/product.md#calls).
import { fetchJson, isList } from "../../../lib/api-client";
import type { PortfolioItem } from "../../../lib/api-types";
import { initialAnswer } from "../../../lib/page-data";
import { useQuery, type QueryState } from "../../../lib/use-query";

/** Logged on any failure; the screen then shows its empty message (docs/product.md#errors). */
export const PORTFOLIO_LOAD_ERROR = "Failed to load portfolio";

/** Where that artist's pieces ("all" for everyone) are asked for. */
export const portfolioUrl = (artistSlug: string) => `/api/portfolio?artist=${encodeURIComponent(artistSlug)}`;

/** That artist's pieces ("all" for everyone); an unknown slug is a 404, so a failure. */
export function getPortfolio(artistSlug: string, signal?: AbortSignal): Promise<PortfolioItem[]> {
  return fetchJson(portfolioUrl(artistSlug), {
    signal,
    validate: isList<PortfolioItem>,
    failure: PORTFOLIO_LOAD_ERROR,
  });
}

/** The pieces for `artistSlug`, reloaded whenever it changes. */
export function usePortfolio(artistSlug: string): QueryState<PortfolioItem[]> {
  return useQuery(
    artistSlug,
    (signal) => getPortfolio(artistSlug, signal),
    PORTFOLIO_LOAD_ERROR,
    () => initialAnswer(portfolioUrl(artistSlug), isList<PortfolioItem>),
  );
}

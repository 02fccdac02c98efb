// GET /api/portfolio?artist=<slug|all> (SPEC 7): the fetcher and its hook.
import { useEffect, useState } from "react";
import type { PortfolioItem } from "../../../lib/api-types";

export const PORTFOLIO_LOAD_ERROR = "Failed to load portfolio";

/** That artist's pieces ("all" for everyone); a non-OK answer raises 'Failed to load portfolio' (SPEC 8). */
export async function getPortfolio(artist: string, signal?: AbortSignal): Promise<PortfolioItem[]> {
  const response = await fetch(`/api/portfolio?artist=${encodeURIComponent(artist)}`, { signal });
  if (!response.ok) throw new Error(PORTFOLIO_LOAD_ERROR);
  const items: unknown = await response.json();
  if (!Array.isArray(items)) throw new Error(PORTFOLIO_LOAD_ERROR);
  return items as PortfolioItem[];
}

type PortfolioState = { items: PortfolioItem[]; loading: boolean; error: string | null };

/** The pieces for `artist`, reloaded whenever it changes; on failure the list is empty. */
export function usePortfolio(artist: string): PortfolioState {
  const [state, setState] = useState<PortfolioState & { artist: string }>({
    artist,
    items: [],
    loading: true,
    error: null,
  });

  useEffect(() => {
    const controller = new AbortController();
    getPortfolio(artist, controller.signal)
      .then((items) => {
        if (!controller.signal.aborted) setState({ artist, items, loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return; // a newer selection took over
        const message = error instanceof Error && error.message === PORTFOLIO_LOAD_ERROR ? error.message : PORTFOLIO_LOAD_ERROR;
        console.error(message, error);
        setState({ artist, items: [], loading: false, error: message });
      });
    return () => controller.abort();
  }, [artist]);

  // Until the answer for this artist arrives, the screen is loading (never the last artist's pieces).
  if (state.artist !== artist) return { items: [], loading: true, error: null };
  return { items: state.items, loading: state.loading, error: state.error };
}

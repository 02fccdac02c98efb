// A selection's pieces, a page at a time: page 1 from useFirstPortfolioPage (the prerendered
// page holds it), every other page fetched once when asked for, in any order: the next one as
// the visitor scrolls, the one under the viewer when it moves there (a wrap-around from the
// first piece lands on the last page). The grid shows the pages loaded in a row from page 1.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PortfolioItem } from "../../../lib/api-types";
import { getPortfolioPage, PORTFOLIO_LOAD_ERROR, useFirstPortfolioPage, type PortfolioPage } from "./get-portfolio";

/** The pages after the first, for one selection. */
type Later = {
  key: string;
  pages: ReadonlyMap<number, PortfolioItem[]>;
  loading: ReadonlySet<number>;
  failed: ReadonlySet<number>;
};

const NO_PAGES: ReadonlyMap<number, PortfolioItem[]> = new Map();
const NO_NUMBERS: ReadonlySet<number> = new Set();
const fresh = (key: string): Later => ({ key, pages: NO_PAGES, loading: NO_NUMBERS, failed: NO_NUMBERS });

function withNumber(set: ReadonlySet<number>, n: number, present: boolean): ReadonlySet<number> {
  if (set.has(n) === present) return set;
  const next = new Set(set);
  if (present) next.add(n);
  else next.delete(n);
  return next;
}

export type PortfolioPages = {
  /** Page 1 is on its way (the screen says 'Loading portfolio...'). */
  isLoading: boolean;
  /** Pieces in the whole selection (0 until page 1 is in, or when it failed). */
  total: number;
  /** How many pages it has (1 until page 1 is in). */
  pages: number;
  /** The pieces of the pages loaded in a row from page 1: what the grid shows. */
  shown: PortfolioItem[];
  /** Every piece of the selection by its index, undefined where its page is not in yet. */
  byIndex: readonly (PortfolioItem | undefined)[];
  /** Whether the page holding that index could not be fetched (it is fetched again when asked). */
  failedAt: (index: number) => boolean;
  /** The page after `shown` is on its way / could not be fetched. */
  loadingMore: boolean;
  moreFailed: boolean;
  /** Fetch the page after `shown`. */
  loadMore: () => void;
  /** Fetch the page holding each of these indexes, where it is not in or on its way. */
  loadAt: (...indexes: number[]) => void;
};

export function usePortfolioPages(artistSlug: string): PortfolioPages {
  const { data: first, isLoading } = useFirstPortfolioPage(artistSlug);
  const [stored, setLater] = useState<Later>(() => fresh(artistSlug));
  const later = stored.key === artistSlug ? stored : fresh(artistSlug);

  // Which pages were asked for, for this selection: read and written synchronously, so two
  // calls in one event never fetch a page twice. Requests end with the selection.
  const asked = useRef<{ key: string; pages: Set<number>; signal: AbortSignal } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    asked.current = { key: artistSlug, pages: new Set(), signal: controller.signal };
    // Coming back to a selection starts it afresh too, as its page 1 does.
    const empty = (now: Later) => now.pages.size + now.loading.size + now.failed.size === 0;
    setLater((now) => (now.key === artistSlug && empty(now) ? now : fresh(artistSlug)));
    return () => controller.abort();
  }, [artistSlug]);

  const load = useCallback(
    (page: number) => {
      const box = asked.current;
      if (!first || !box || box.key !== artistSlug || page <= 1 || page > first.pages || box.pages.has(page)) return;
      box.pages.add(page);
      const update = (change: (now: Later) => Later) =>
        setLater((now) => change(now.key === artistSlug ? now : fresh(artistSlug)));
      update((now) => ({ ...now, loading: withNumber(now.loading, page, true), failed: withNumber(now.failed, page, false) }));
      getPortfolioPage(artistSlug, page, box.signal)
        .then((body: PortfolioPage) => {
          // A page of another build (the site was published in between) would not fit the first.
          if (body.page !== page || body.total !== first.total || body.page_size !== first.page_size) {
            throw new Error(`page ${page} of ${artistSlug} does not match its page 1`);
          }
          if (box.signal.aborted) return;
          update((now) => ({
            ...now,
            pages: new Map(now.pages).set(page, body.items),
            loading: withNumber(now.loading, page, false),
          }));
        })
        .catch((error: unknown) => {
          if (box.signal.aborted) return;
          console.error(PORTFOLIO_LOAD_ERROR, error); // the pieces shown stay; asking again retries
          box.pages.delete(page); // asked for again, it is fetched again
          update((now) => ({
            ...now,
            loading: withNumber(now.loading, page, false),
            failed: withNumber(now.failed, page, true),
          }));
        });
    },
    [artistSlug, first],
  );

  const pageSize = first?.page_size ?? 1;
  const total = first?.total ?? 0;
  const itemsOf = useCallback(
    (page: number) => (page === 1 ? first?.items : later.pages.get(page)),
    [first, later.pages],
  );

  const { shown, next } = useMemo(() => {
    const inRow: PortfolioItem[] = [];
    let page = 1;
    for (let items = itemsOf(page); items; items = itemsOf(++page)) inRow.push(...items);
    return { shown: inRow, next: page };
  }, [itemsOf]);

  const byIndex = useMemo(() => {
    const all: (PortfolioItem | undefined)[] = new Array<PortfolioItem | undefined>(total).fill(undefined);
    for (let page = 1; (page - 1) * pageSize < total; page++) {
      itemsOf(page)?.forEach((item, i) => {
        const index = (page - 1) * pageSize + i;
        if (index < total) all[index] = item;
      });
    }
    return all;
  }, [itemsOf, pageSize, total]);

  const pageOf = useCallback((index: number) => Math.floor(index / pageSize) + 1, [pageSize]);
  const failedAt = useCallback((index: number) => later.failed.has(pageOf(index)), [later.failed, pageOf]);
  const loadMore = useCallback(() => load(next), [load, next]);
  const loadAt = useCallback(
    (...indexes: number[]) => {
      for (const index of indexes) if (index >= 0 && index < total) load(pageOf(index));
    },
    [load, pageOf, total],
  );

  return {
    isLoading,
    total,
    pages: first?.pages ?? 1,
    shown,
    byIndex,
    failedAt,
    loadingMore: later.loading.has(next),
    moreFailed: later.failed.has(next),
    loadMore,
    loadAt,
  };
}

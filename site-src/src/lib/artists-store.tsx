// The artists of the page and the artist a visitor picked, shared by every consumer:
// the carousel's cards, the contact form's select and the portfolio screen.
//
//   <ArtistsProvider>   wraps the app once; owns the one request to /api/artists
//   useArtists()        -> { data, error, isLoading }   starts the request on first use
//   useSelectedArtist() -> [slug | noArtist, setSlug]   cards set it, the form reads and resets it
//
// The request starts when the first consumer mounts, so a page without artists (/aftercare)
// asks for nothing, and it runs once per page load however many consumers mount, remount or
// appear after navigation (docs/product.md#calls). A prerendered page that shows artists holds
// the answer it was rendered with (lib/page-data.ts) and asks for nothing.
//
// The provider hands down one store object that never changes; consumers subscribe to what they
// read (useSyncExternalStore). A context whose value changed would reach into every part of the
// page React has not hydrated yet (the contact form waits for its code, features/contact), and
// React then throws that part's prerendered HTML away to render it afresh. A subscription only
// reaches what has hydrated; a part hydrating later reads the store as it is then.
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { fetchJson, isList } from "./api-client";
import type { Artist } from "./api-types";
import { apiUrl } from "./language";
import { initialAnswer } from "./page-data";
import { failed, loaded, LOADING, type QueryState } from "./use-query";
import { useSiteData } from "./use-site-data";

/**
 * The internal message when the artists cannot be had, kept and logged (docs/product.md#errors);
 * the artists section shows the catalog's words for it (i18n/en.ts `artists.failed`).
 */
export const ARTISTS_LOAD_ERROR = "Failed to load artists";

type SelectedStore = [string, (slug: string) => void];

/** GET /api/artists (/api/es/artists on a Spanish page): the artists in carousel order. */
export function getArtists(signal?: AbortSignal): Promise<Artist[]> {
  return fetchJson(apiUrl("/artists"), { signal, validate: isList<Artist>, failure: ARTISTS_LOAD_ERROR });
}

/** The artists the page was prerendered with (lib/page-data.ts), if it holds them. */
const prerenderedArtists = () => initialAnswer(apiUrl("/artists"), isList<Artist>);

type Store = {
  subscribe: (listener: () => void) => () => void;
  artists: () => QueryState<Artist[]>;
  load: () => void;
  selected: () => string;
  /** What the page was prerendered with: nobody had picked an artist. */
  noArtist: () => string;
  select: (slug: string) => void;
};

function createStore(noArtist: string): Store {
  let artists: QueryState<Artist[]> = LOADING;
  let selected = noArtist;
  let started = false;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const settle = (state: QueryState<Artist[]>) => {
    artists = state;
    changed();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    artists: () => artists,
    load() {
      // Once: StrictMode's double effects and remounting consumers must not refetch.
      if (started) return;
      started = true;
      const seeded = prerenderedArtists();
      if (seeded) {
        settle(loaded(seeded));
        return;
      }
      getArtists().then(
        (data) => settle(loaded(data)),
        (cause: unknown) => settle(failed(ARTISTS_LOAD_ERROR, cause)),
      );
    },
    selected: () => selected,
    noArtist: () => noArtist,
    select(slug) {
      selected = slug || noArtist;
      changed();
    },
  };
}

const StoreContext = createContext<Store | null>(null);

export function ArtistsProvider({ children }: { children: ReactNode }) {
  // The site data's "No Preference": what nobody having picked an artist sends.
  const noArtist = useSiteData().noArtist;
  const [store] = useState(() => createStore(noArtist));
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

function required(hook: string): Store {
  const store = useContext(StoreContext);
  if (store === null) throw new Error(`${hook} must be used inside <ArtistsProvider>`);
  return store;
}

/**
 * The page's artists; the first caller starts the one request, unless the page was prerendered
 * with them: then they are there from the first render and nothing is asked.
 */
export function useArtists(): QueryState<Artist[]> {
  const store = required("useArtists");
  const { data, error, isLoading } = useSyncExternalStore(store.subscribe, store.artists, store.artists);
  useEffect(store.load, [store]);
  const seeded = isLoading ? prerenderedArtists() : undefined;
  return seeded ? loaded(seeded) : { data, error, isLoading };
}

/** The artist picked on a card or in the form: a slug, or the site data's `noArtist`. */
export function useSelectedArtist(): SelectedStore {
  const store = required("useSelectedArtist");
  // Hydrating, a consumer renders what the page was prerendered with, then what was picked.
  return [useSyncExternalStore(store.subscribe, store.selected, store.noArtist), store.select];
}

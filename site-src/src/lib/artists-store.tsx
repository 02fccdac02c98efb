// The artists of the page and the artist a visitor picked, shared by every consumer:
// the carousel's cards, the contact form's select and the portfolio screen.
//
//   <ArtistsProvider>   wraps the app once; owns the one request to /api/artists
//   useArtists()        -> { data, error, isLoading }   starts the request on first use
//   useSelectedArtist() -> [slug | noArtist, setSlug]   cards set it, the form reads and resets it
//
// The request starts when the first consumer mounts, so a page without artists (/aftercare)
// asks for nothing, and it runs once per page load however many consumers mount, remount or
// appear after navigation (docs/product.md#calls).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { fetchJson, isList } from "./api-client";
import type { Artist } from "./api-types";
import { getSiteData } from "./site-data";
import { failed, LOADING, type QueryState } from "./use-query";

/** Kept, logged and shown when the artists cannot be had (docs/product.md#errors). */
export const ARTISTS_LOAD_ERROR = "Failed to load artists";

type ArtistsStore = QueryState<Artist[]> & { load: () => void };
type SelectedStore = [string, (slug: string) => void];

const ArtistsContext = createContext<ArtistsStore | null>(null);
const SelectedContext = createContext<SelectedStore | null>(null);

/** GET /api/artists: the artists in carousel order. */
export function getArtists(signal?: AbortSignal): Promise<Artist[]> {
  return fetchJson("/api/artists", { signal, validate: isList<Artist>, failure: ARTISTS_LOAD_ERROR });
}

export function ArtistsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<QueryState<Artist[]>>(LOADING);
  const [selected, setSelected] = useState(() => getSiteData().noArtist);
  // A ref, not state: StrictMode's double effects and remounting consumers must not refetch.
  const started = useRef(false);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    getArtists().then(
      (data) => setState({ data, error: null, isLoading: false }),
      (cause: unknown) => setState(failed(ARTISTS_LOAD_ERROR, cause)),
    );
  }, []);

  const artistsValue = useMemo(() => ({ ...state, load }), [state, load]);
  const selectedValue = useMemo<SelectedStore>(
    () => [selected, (slug: string) => setSelected(slug || getSiteData().noArtist)],
    [selected],
  );
  return (
    <ArtistsContext.Provider value={artistsValue}>
      <SelectedContext.Provider value={selectedValue}>{children}</SelectedContext.Provider>
    </ArtistsContext.Provider>
  );
}

function required<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} must be used inside <ArtistsProvider>`);
  return value;
}

/** The page's artists; the first caller starts the one request. */
export function useArtists(): QueryState<Artist[]> {
  const { data, error, isLoading, load } = required(useContext(ArtistsContext), "useArtists");
  useEffect(load, [load]);
  return { data, error, isLoading };
}

/** The artist picked on a card or in the form: a slug, or the site data's `noArtist`. */
export function useSelectedArtist(): SelectedStore {
  return required(useContext(SelectedContext), "useSelectedArtist");
}

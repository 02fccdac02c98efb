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
import { initialAnswer } from "./page-data";
import { getSiteData } from "./site-data";
import { failed, loaded, LOADING, type QueryState } from "./use-query";

/** Kept, logged and shown when the artists cannot be had (docs/product.md#errors). */
export const ARTISTS_LOAD_ERROR = "Failed to load artists";

type ArtistsStore = QueryState<Artist[]> & { load: () => void };
type SelectedStore = [string, (slug: string) => void];

const ArtistsContext = createContext<ArtistsStore | null>(null);
const SelectedContext = createContext<SelectedStore | null>(null);

const ARTISTS_URL = "/api/artists";

/** GET /api/artists: the artists in carousel order. */
export function getArtists(signal?: AbortSignal): Promise<Artist[]> {
  return fetchJson(ARTISTS_URL, { signal, validate: isList<Artist>, failure: ARTISTS_LOAD_ERROR });
}

/** The artists the page was prerendered with (lib/page-data.ts), if it holds them. */
const prerenderedArtists = () => initialAnswer(ARTISTS_URL, isList<Artist>);

export function ArtistsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<QueryState<Artist[]>>(LOADING);
  const [selected, setSelected] = useState(() => getSiteData().noArtist);
  // A ref, not state: StrictMode's double effects and remounting consumers must not refetch.
  const started = useRef(false);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    const seeded = prerenderedArtists();
    if (seeded) {
      setState(loaded(seeded));
      return;
    }
    getArtists().then(
      (data) => setState(loaded(data)),
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

/**
 * The page's artists; the first caller starts the one request, unless the page was prerendered
 * with them: then they are there from the first render and nothing is asked.
 */
export function useArtists(): QueryState<Artist[]> {
  const { data, error, isLoading, load } = required(useContext(ArtistsContext), "useArtists");
  useEffect(load, [load]);
  const seeded = isLoading ? prerenderedArtists() : undefined;
  return seeded ? loaded(seeded) : { data, error, isLoading };
}

/** The artist picked on a card or in the form: a slug, or the site data's `noArtist`. */
export function useSelectedArtist(): SelectedStore {
  return required(useContext(SelectedContext), "useSelectedArtist");
}

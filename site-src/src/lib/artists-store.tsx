// The artists of the page and the artist a visitor picked, shared by every consumer:
// the carousel's cards, the contact form's select and the portfolio screen.
//
//   <ArtistsProvider>   wraps the app once; owns the one request to /api/artists
//   useArtists()        -> { artists, loading, error }   starts the request on first use
//   useSelectedArtist() -> [slug | "na", setSlug]        cards set it, the form reads and resets it
//
// The request starts when the first consumer mounts (SPEC 7: "run when the consuming screen
// appears"), so a page without artists (/aftercare) asks for nothing, and it runs once per
// page load however many consumers mount, remount or appear after navigation.
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
import type { Artist } from "./api-types";

export const NO_ARTIST = "na";
/** SPEC 8: the internal message kept, logged and shown when the artists cannot be had. */
export const ARTISTS_LOAD_ERROR = "Failed to load artists";

type ArtistsState = { artists: Artist[]; loading: boolean; error: string | null };
type ArtistsStore = ArtistsState & { load: () => void };
type SelectedStore = [string, (slug: string) => void];

const ArtistsContext = createContext<ArtistsStore | null>(null);
const SelectedContext = createContext<SelectedStore | null>(null);

/** GET /api/artists; anything but a JSON array under a success status is a failure. */
export async function fetchArtists(signal?: AbortSignal): Promise<Artist[]> {
  const response = await fetch("/api/artists", { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`${ARTISTS_LOAD_ERROR}: HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error(`${ARTISTS_LOAD_ERROR}: the answer is not a list`);
  return body as Artist[];
}

export function ArtistsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ArtistsState>({ artists: [], loading: true, error: null });
  const [selected, setSelected] = useState(NO_ARTIST);
  // A ref, not state: StrictMode's double effects and remounting consumers must not refetch.
  const started = useRef(false);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    fetchArtists().then(
      (artists) => setState({ artists, loading: false, error: null }),
      (cause: unknown) => {
        console.error(ARTISTS_LOAD_ERROR, cause);
        setState({ artists: [], loading: false, error: ARTISTS_LOAD_ERROR });
      },
    );
  }, []);

  const artistsValue = useMemo(() => ({ ...state, load }), [state, load]);
  const selectedValue = useMemo<SelectedStore>(
    () => [selected, (slug: string) => setSelected(slug || NO_ARTIST)],
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
export function useArtists(): ArtistsState {
  const { artists, loading, error, load } = required(useContext(ArtistsContext), "useArtists");
  useEffect(load, [load]);
  return { artists, loading, error };
}

/** The artist picked on a card or in the form: a slug, or "na" for no preference. */
export function useSelectedArtist(): SelectedStore {
  return required(useContext(SelectedContext), "useSelectedArtist");
}

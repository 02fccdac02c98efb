// PLACEHOLDER (Foundation): the artists issue replaces this with the real shared store.
// Interface the rest of the app relies on:
//   <ArtistsProvider>  one fetch of /api/artists for the whole page
//   useArtists()        -> { artists, loading, error }
//   useSelectedArtist() -> [slug | "na", setSlug]   shared by artist cards and the form
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Artist } from "./api-types";

type ArtistsState = { artists: Artist[]; loading: boolean; error: string | null };
type Store = ArtistsState & { selected: string; setSelected: (slug: string) => void };

const ArtistsContext = createContext<Store | null>(null);

export function ArtistsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ArtistsState>({ artists: [], loading: true, error: null });
  const [selected, setSelected] = useState("na");
  useEffect(() => {
    fetch("/api/artists")
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error("Failed to load artists"))))
      .then((artists: Artist[]) => setState({ artists, loading: false, error: null }))
      .catch((e: Error) => setState({ artists: [], loading: false, error: e.message }));
  }, []);
  const value = useMemo(() => ({ ...state, selected, setSelected }), [state, selected]);
  return <ArtistsContext.Provider value={value}>{children}</ArtistsContext.Provider>;
}

function useStore(): Store {
  const store = useContext(ArtistsContext);
  if (!store) throw new Error("useArtists must be used inside <ArtistsProvider>");
  return store;
}

export function useArtists(): ArtistsState {
  const { artists, loading, error } = useStore();
  return { artists, loading, error };
}

export function useSelectedArtist(): [string, (slug: string) => void] {
  const { selected, setSelected } = useStore();
  return [selected, setSelected];
}

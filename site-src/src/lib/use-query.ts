import { useEffect, useState } from "react";
import { ApiError } from "./api-client";

/** What every data hook returns: the data once loaded, the failure, and whether a request is on its way. */
export type QueryState<T> = { data: T | undefined; error: Error | null; isLoading: boolean };

export const LOADING: QueryState<never> = { data: undefined, error: null, isLoading: true };

/** The settled state of a successful read. */
export function loaded<T>(data: T): QueryState<T> {
  return { data, error: null, isLoading: false };
}

/** The settled state of a failed request, logged; its error's message is always `failure`. */
export function failed(failure: string, cause: unknown): QueryState<never> {
  console.error(failure, cause);
  const error = cause instanceof ApiError && cause.message === failure ? cause : new ApiError(failure, { cause });
  return { data: undefined, error, isLoading: false };
}

/**
 * Run `load` when the component mounts and again whenever `key` changes (key names everything
 * `load` reads). A request for an older key is aborted and its answer dropped, and until the
 * answer for the current key arrives the state is loading: never the previous key's data.
 *
 * `seed` gives the answer the page was prerendered with, if it holds one for this key
 * (lib/page-data.ts): then that is the data from the first render on, and nothing is fetched.
 */
export function useQuery<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  failure: string,
  seed?: () => T | undefined,
): QueryState<T> {
  const [state, setState] = useState<QueryState<T> & { key: string }>(() => {
    const seeded = seed?.();
    return seeded === undefined ? { ...LOADING, key } : { ...loaded(seeded), key };
  });

  useEffect(() => {
    const seeded = seed?.();
    if (seeded !== undefined) {
      setState((now) => (now.key === key && !now.isLoading ? now : { ...loaded(seeded), key }));
      return;
    }
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ ...loaded(data), key });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ ...failed(failure, error), key });
      },
    );
    return () => controller.abort();
    // `key` stands for everything `load` and `seed` read: they are new closures on every render.
  }, [key]);

  if (state.key !== key) {
    const seeded = seed?.();
    return seeded === undefined ? LOADING : loaded(seeded);
  }
  return { data: state.data, error: state.error, isLoading: state.isLoading };
}

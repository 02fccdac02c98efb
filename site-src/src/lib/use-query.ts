import { useEffect, useState } from "react";
import { ApiError } from "./api-client";

/** What every data hook returns: the data once loaded, the failure, and whether a request is on its way. */
export type QueryState<T> = { data: T | undefined; error: Error | null; isLoading: boolean };

export const LOADING: QueryState<never> = { data: undefined, error: null, isLoading: true };

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
 */
export function useQuery<T>(key: string, load: (signal: AbortSignal) => Promise<T>, failure: string): QueryState<T> {
  const [state, setState] = useState<QueryState<T> & { key: string }>({ ...LOADING, key });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, isLoading: false, key });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ ...failed(failure, error), key });
      },
    );
    return () => controller.abort();
    // `key` stands for everything `load` reads: it is a new closure on every render.
  }, [key]);

  if (state.key !== key) return LOADING;
  return { data: state.data, error: state.error, isLoading: state.isLoading };
}

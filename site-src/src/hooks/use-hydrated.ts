import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the client hydrates that HTML, true afterwards (and
 * from the start when nothing was prerendered). What only the browser can know (the viewport's
 * video file, a portal into <body>, the URL's hash) waits for it, so the first client render
 * matches the prerendered HTML exactly and React re-renders with the real value right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

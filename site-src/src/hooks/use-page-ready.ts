import { createContext, useContext, useSyncExternalStore } from "react";

/**
 * False while the preloader covers the page, true once it has gone. Sections that animate in
 * (the hero heading, the header logo) wait for it so the visitor actually sees them happen.
 *
 * The context hands down a store whose object never changes, and readers subscribe to it: a
 * context value that changed would reach into the parts of the page React has not hydrated yet
 * (the contact form waits for its code), and React would throw their prerendered HTML away.
 */
export type PageReady = {
  ready: () => boolean;
  /** What the page was prerendered with: the preloader showing (true outside the app's shell). */
  initially: () => boolean;
  subscribe: (listener: () => void) => () => void;
  /** The preloader has gone. */
  set: () => void;
};

export function createPageReady(initially: boolean): PageReady {
  let ready = initially;
  const listeners = new Set<() => void>();
  return {
    ready: () => ready,
    initially: () => initially,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set() {
      if (ready) return;
      ready = true;
      for (const listener of listeners) listener();
    },
  };
}

export const PageReadyContext = createContext<PageReady>(createPageReady(true));

export function usePageReady(): boolean {
  const store = useContext(PageReadyContext);
  return useSyncExternalStore(store.subscribe, store.ready, store.initially);
}

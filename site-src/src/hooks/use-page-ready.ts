import { createContext, useContext } from "react";

/**
 * False while the preloader covers the page, true once it has gone. Sections that animate in
 * (the hero heading, the header logo) wait for it so the visitor actually sees them happen.
 */
export const PageReadyContext = createContext(true);

export function usePageReady(): boolean {
  return useContext(PageReadyContext);
}

// The studio facts for components, handed down from the root the way the words are
// (i18n/catalog.ts, StringsProvider), so a section draws what it is given:
//
//   <SiteDataProvider value={data}>   start.tsx and prerender.tsx wrap the app in the page's data;
//                                     the admin's previews (app/admin-previews.tsx) in the entry's
//   useSiteData()                     the facts, in any component
//
// Apart from site-data.ts, which main.tsx's first script reads without React (this module
// brings React's context with it).
import { createContext, useContext } from "react";
import { getSiteData, type SiteData } from "./site-data";

// Outside any provider (component tests), the data embedded in the page.
const SiteDataContext = createContext<SiteData | null>(null);

/** Wraps the app at its root (or an admin preview) with the site data it shows. */
export const SiteDataProvider = SiteDataContext.Provider;

/** The site data of the nearest provider; without one, the page's own (lib/site-data.ts). */
export function useSiteData(): SiteData {
  return useContext(SiteDataContext) ?? getSiteData();
}

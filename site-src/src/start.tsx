// The app, started by main.tsx once the prerendered page is on screen: it hydrates that page.
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadScreen, screenAt } from "./app/routes";
import { keyThisHistoryEntry } from "./app/scroll-manager";
import { StringsProvider } from "./i18n/catalog";
import { en } from "./i18n/en";
import { es } from "./i18n/es";
import { prerenderedRoute } from "./lib/page-data";
import { getSiteData } from "./lib/site-data";
import { SiteDataProvider } from "./lib/use-site-data";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from the page");
// The build's language is the page's (one build per language, i18n/catalog.ts): the other's words
// are folded away. The studio facts are the ones the page embeds, as it was prerendered with.
const app = (
  <StrictMode>
    <SiteDataProvider value={getSiteData()}>
      <StringsProvider value={__LANG__ === "es" ? es : en}>
        <App />
      </StringsProvider>
    </SiteDataProvider>
  </StrictMode>
);
keyThisHistoryEntry(); // before the router reads the entry (app/scroll-manager.tsx)
const { pathname } = window.location;
const route = prerenderedRoute();

// The page holds the prerendered screen (docs/architecture.md#prerendering): hydrate it once its
// chunk is here, in a transition so React yields to the browser while it walks the tree. A page
// served for another screen (404.html at /portfolio/<unknown slug>) is rendered afresh instead.
if (route !== null && screenAt(route) === screenAt(pathname)) {
  void preloadScreen(pathname).then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}

import { memo, useEffect, useState, useSyncExternalStore } from "react";
import { BrowserRouter, useLocation } from "react-router";
import { DotNav } from "../components/dot-nav";
import { Header } from "../components/header";
import { Preloader } from "../components/preloader";
import { SiteFooter } from "../features/home/site-footer";
import { createPageReady, PageReadyContext } from "../hooks/use-page-ready";
import { useStrings } from "../i18n/catalog";
import { ArtistsProvider } from "../lib/artists-store";
import { basePath } from "../lib/language";
import { startAnimateOnScroll } from "./animate-on-scroll";
import { DocumentMeta } from "./document-meta";
import { AppRoutes } from "./routes";
import { ScrollManager } from "./scroll-manager";
import "./app.css";

/**
 * The page under the preloader. Memoised: the shell's own state (the page becoming ready)
 * re-renders only what reads it (usePageReady), not the whole page.
 */
const Page = memo(function Page() {
  const { pathname } = useLocation();
  const { app } = useStrings();
  return (
    <>
      <a
        className="skip-link"
        href="#content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById("content")?.focus();
        }}
      >
        {app.skipToContent}
      </a>
      <Header />
      {pathname === "/" && <DotNav />}
      <div id="content" className="app-content" tabIndex={-1}>
        <AppRoutes />
      </div>
      <SiteFooter />
      <ScrollManager />
      <DocumentMeta />
    </>
  );
});

/** Everything inside the router: the server renders it at a fixed location (src/prerender.tsx). */
export function Shell() {
  const [pageReady] = useState(() => createPageReady(false));
  const ready = useSyncExternalStore(pageReady.subscribe, pageReady.ready, pageReady.initially);

  useEffect(() => {
    if (ready) startAnimateOnScroll();
  }, [ready]);

  return (
    <PageReadyContext.Provider value={pageReady}>
      {!ready && <Preloader onDone={pageReady.set} />}
      <Page />
    </PageReadyContext.Provider>
  );
}

/** The app in the browser, at the address bar's location (its paths under the language's prefix). */
export function App() {
  return (
    <BrowserRouter basename={basePath() || undefined}>
      <ArtistsProvider>
        <Shell />
      </ArtistsProvider>
    </BrowserRouter>
  );
}

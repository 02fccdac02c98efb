import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { useRoutes, type RouteObject } from "react-router";
import routeTable from "../config/routes.json";
import { ContactSection } from "../features/contact/contact-section";
import { HomeScreen } from "./home-screen";
import NotFoundScreen from "./not-found-screen";

// The router is built from config/routes.json, the table the build also writes one HTML page
// per route from. Lazy screens load on demand, so their code (react-markdown, the lightbox,
// the canvas) never weighs on the home page's first load; their CSS is in the main stylesheet
// (see site-src/build.mjs) and each route's HTML modulepreloads its screen's chunk. esbuild
// names that chunk after the imported file, so a lazy screen's file is named as its `screen`:
// the build finds the chunk by that name.

type Screen = { component: ComponentType<{ children?: ReactNode }>; children?: ReactNode };

/** Every screen routes.json names, by name (routes.test.tsx holds the two together). */
export const SCREENS: Record<string, Screen> = {
  "home-screen": { component: HomeScreen },
  "portfolio-screen": { component: lazy(() => import("../features/portfolio/portfolio-screen")) },
  // The piercings page ends with the contact section the home page has too.
  "piercings-screen": {
    component: lazy(() => import("../features/piercings/piercings-screen")),
    children: <ContactSection />,
  },
  "aftercare-screen": { component: lazy(() => import("../features/aftercare/aftercare-screen")) },
  "scroll-sequence-screen": { component: lazy(() => import("../features/scroll-sequence/scroll-sequence-screen")) },
  "not-found-screen": { component: NotFoundScreen },
};

function ScreenLoading() {
  return (
    <main id="main" className="screen-loading" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <span className="screen-loading__line" aria-hidden="true" />
    </main>
  );
}

type RouteEntry = (typeof routeTable.routes)[number];

function toRoute({ path, screen, lazy: isLazy, notFound }: RouteEntry): RouteObject {
  const mapped = SCREENS[screen];
  if (!mapped) throw new Error(`config/routes.json: no component for the screen "${screen}"`);
  const { component: Component, children } = mapped;
  const element = <Component>{children}</Component>;
  // /portfolio and /portfolio/:artistSlug stay two routes: they render the same component at
  // the same place, so React keeps the screen mounted when the visitor switches artists.
  return {
    path: notFound ? "*" : path,
    element: isLazy ? <Suspense fallback={<ScreenLoading />}>{element}</Suspense> : element,
  };
}

const ROUTES = routeTable.routes.map(toRoute);

export function AppRoutes() {
  return useRoutes(ROUTES);
}

import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { matchRoutes, useRoutes, type RouteObject } from "react-router";
import { routes as routeTable } from "../config/routes.json";
import { ContactSection } from "../features/contact/contact-section";
import { useStrings } from "../i18n/catalog";
import { basePath } from "../lib/language";
import { HomeScreen } from "./home-screen";
import NotFoundScreen from "./not-found-screen";

// The router is built from config/routes.json, the table the build also writes one HTML page
// per route from. Lazy screens load on demand, so their code (react-markdown, the lightbox,
// the canvas) never weighs on the home page's first load; their CSS is in the main stylesheet
// (see site-src/build.mjs) and each route's HTML lists its screen's chunk among those the app
// starts with (main.tsx preloads them). esbuild names that chunk after the imported file, so a
// lazy screen's file is named as its `screen`: the build finds the chunk by that name.
//
// A prerendered page (docs/architecture.md#prerendering) is hydrated only once its screen's
// chunk has arrived (start.tsx: preloadScreen). A screen whose code is there when it mounts is
// rendered as it is, without a Suspense boundary, on the server and in the browser alike: the
// first client render is the prerendered HTML, and the whole page hydrates in one pass (React
// would hydrate a boundary's content later, and the scroll-in animations must not touch it
// first). A screen still to load mounts inside a boundary with the thin loading line.

type ScreenProps = { children?: ReactNode };
type Screen = { component: ComponentType<ScreenProps>; children?: ReactNode; load?: () => Promise<unknown> };

function ScreenLoading() {
  const { app } = useStrings();
  return (
    <main id="main" className="screen-loading" aria-busy="true">
      <span className="visually-hidden">{app.loading}</span>
      <span className="screen-loading__line" aria-hidden="true" />
    </main>
  );
}

/** A screen in its own chunk: lazy until `load` has brought it, then rendered directly. */
function lazyScreen(importer: () => Promise<{ default: ComponentType<ScreenProps> }>): Screen {
  let loaded: ComponentType<ScreenProps> | null = null;
  const load = () =>
    importer().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  function LazyScreen(props: ScreenProps) {
    // Decided once per mount: the tree keeps its shape (and the screen its state) after loading.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { component: LazyScreen, load };
}

/** Every screen routes.json names, by name (routes.test.tsx holds the two together). */
export const SCREENS: Record<string, Screen> = {
  "home-screen": { component: HomeScreen },
  "portfolio-screen": lazyScreen(() => import("../features/portfolio/portfolio-screen")),
  // The piercings page ends with the contact section the home page has too.
  "piercings-screen": {
    ...lazyScreen(() => import("../features/piercings/piercings-screen")),
    children: <ContactSection />,
  },
  "flash-screen": lazyScreen(() => import("../features/flash/flash-screen")),
  "aftercare-screen": lazyScreen(() => import("../features/aftercare/aftercare-screen")),
  "policies-screen": lazyScreen(() => import("../features/policies/policies-screen")),
  // Where Stripe Checkout sends a visitor back (/deposit/paid, /deposit/cancelled).
  "deposit-screen": lazyScreen(() => import("../features/deposit/deposit-screen")),
  "privacy-screen": lazyScreen(() => import("../features/privacy/privacy-screen")),
  // Where the booking email's signed link leads: the consent form (docs/consent.md).
  "consent-screen": lazyScreen(() => import("../features/consent/consent-screen")),
  "scroll-sequence-screen": lazyScreen(() => import("../features/scroll-sequence/scroll-sequence-screen")),
  "not-found-screen": { component: NotFoundScreen },
};

type RouteEntry = (typeof routeTable)[number];

function toRoute({ path, screen, notFound }: RouteEntry): RouteObject & { screen: string } {
  const mapped = SCREENS[screen];
  if (!mapped) throw new Error(`config/routes.json: no component for the screen "${screen}"`);
  const { component: Component, children } = mapped;
  // /portfolio and /portfolio/:artistSlug stay two routes: they render the same component at
  // the same place, so React keeps the screen mounted when the visitor switches artists.
  return { path: notFound ? "*" : path, screen, element: <Component>{children}</Component> };
}

const ROUTES = routeTable.map(toRoute);

/**
 * The screen the app shows at `pathname`, an address of the page's language (/es/portfolio on a
 * Spanish page); the not-found screen for unknown paths.
 */
export function screenAt(pathname: string): string {
  const matches = matchRoutes(ROUTES, pathname, basePath() || undefined);
  return (matches?.at(-1)?.route as { screen?: string } | undefined)?.screen ?? "not-found-screen";
}

/** Bring the code of the screen shown at `pathname`, so it renders without suspending. */
export function preloadScreen(pathname: string): Promise<unknown> {
  return SCREENS[screenAt(pathname)]?.load?.() ?? Promise.resolve();
}

export function AppRoutes() {
  return useRoutes(ROUTES);
}

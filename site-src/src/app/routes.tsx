import { lazy, Suspense, type ReactNode } from "react";
import { Route, Routes } from "react-router";
import { ContactSection } from "../features/contact/contact-section";
import { HomeScreen } from "./home-screen";
import NotFoundScreen from "./not-found-screen";

// The four secondary screens load on demand: their code (react-markdown, the lightbox, the
// canvas) never weighs on the home page's first load. Their CSS is in the main stylesheet
// (see site-src/build.mjs), and each route's own HTML modulepreloads its screen's chunk.
const PortfolioScreen = lazy(() => import("../features/portfolio/portfolio-screen"));
const PiercingsScreen = lazy(() => import("../features/piercings/piercings-screen"));
const AftercareScreen = lazy(() => import("../features/aftercare/aftercare-screen"));
const ScrollSequenceScreen = lazy(() => import("../features/scroll-sequence/scroll-sequence-screen"));

function ScreenLoading() {
  return (
    <main id="main" className="screen-loading" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <span className="screen-loading__line" aria-hidden="true" />
    </main>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeScreen />} />
      {/* One route for both, so switching artists keeps the screen mounted. */}
      <Route path="/portfolio/:artistSlug?" element={<Lazy><PortfolioScreen /></Lazy>} />
      <Route
        path="/piercings"
        element={
          <Lazy>
            <PiercingsScreen>
              <ContactSection />
            </PiercingsScreen>
          </Lazy>
        }
      />
      <Route path="/aftercare" element={<Lazy><AftercareScreen /></Lazy>} />
      <Route path="/test" element={<Lazy><ScrollSequenceScreen /></Lazy>} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}

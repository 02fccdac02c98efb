import { Suspense, type ReactNode } from "react";
import { Route, Routes } from "react-router";
import { ContactSection } from "../features/contact/contact-section";
import { HomeScreen } from "./home-screen";
import { lazyScreen } from "./lazy-screen";
import NotFoundScreen from "./not-found-screen";

// The four secondary screens load on demand: their code (react-markdown, the lightbox, the
// canvas) never weighs on the home page's first load. Names are the modules' file names,
// the key build.mjs uses for each chunk's CSS.
const PortfolioScreen = lazyScreen("portfolio-screen", () => import("../features/portfolio/portfolio-screen"));
const PiercingsScreen = lazyScreen("piercings-screen", () => import("../features/piercings/piercings-screen"));
const AftercareScreen = lazyScreen("aftercare-screen", () => import("../features/aftercare/aftercare-screen"));
const ScrollSequenceScreen = lazyScreen(
  "scroll-sequence-screen",
  () => import("../features/scroll-sequence/scroll-sequence-screen"),
);

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
      <Route path="/portfolio/:artistId?" element={<Lazy><PortfolioScreen /></Lazy>} />
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

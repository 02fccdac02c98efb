// The page's one module script: small, because it runs before the browser has painted the
// prerendered page. It starts the app (start.tsx) only once that page is on screen, so the
// app's code neither competes with the HTML, CSS and fonts for the connection nor holds up the
// first paint with its work (docs/architecture.md#first-paint-before-the-app).
//
// Global styles first: esbuild orders CSS by import, and components refine the globals.
import "./styles/global.css";
import { afterFirstPaint, inTurns } from "./lib/after-first-paint";
import { applyAfterPaintStyles } from "./lib/after-paint-styles";
import { preloadAppChunks } from "./lib/app-chunks";
import { startPageIntroVideo, stopIntroVideo } from "./lib/intro-video";
import { showPageWithoutApp } from "./lib/page-without-app";
import { chosenHome } from "./lib/remembered-language";

// A visitor who chose the other language before, back at this one's front door from elsewhere,
// goes to theirs before anything else happens (lib/remembered-language.ts).
const home = chosenHome();
if (home) window.location.replace(home);
// The app's start, in turns of a few milliseconds (lib/after-first-paint.ts: inTurns): each step
// starts requests, and all of them in one task were a long task after the first paint
// (docs/portfolio.md#a-big-studio).
else afterFirstPaint(() =>
  inTurns(
    [
      // The intro video the preloader waits for, fetched while the app arrives: the preloader's
      // number moves from now on (docs/product.md#preloader, lib/intro-video.ts). Asked for
      // first, so that it is not queued behind the chunks and fonts below on a connection that
      // takes few requests at a time.
      startPageIntroVideo,
      // The web fonts: fetched now, swapped in at once when all are in.
      applyAfterPaintStyles,
      // Every chunk the app starts with, fetched at once rather than one import after another,
      // then the app itself: its import finds them all on their way.
      () =>
        void preloadAppChunks()
          .then(() => import("./start"))
          .catch((error: unknown) => {
            console.error("The app could not be loaded; showing the page without it", error);
            stopIntroVideo();
            showPageWithoutApp();
          }),
    ],
    (step) => step(),
  ),
);

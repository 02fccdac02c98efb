// Constants esbuild writes into the bundle (site-src/build.mjs `define`; vitest.config.ts for tests).

/**
 * The language of the build: "en" or "es" for a browser build (one per language, each carrying its
 * own words only), "all" for the prerenderer and the tests, which render both (i18n/catalog.ts).
 */
declare const __LANG__: "en" | "es" | "all";

// The prerenderer: node runs this bundle once per build (generator/site/prerender.py) and it
// renders every page of the site with React's server renderer, from the same components the
// browser hydrates and the same answers the static API serves.
//
//   node prerender.mjs < job.json      prints {"pages": [{path, html, answers, missing, errors}]}
//
// job.json: {"sites": {"en": <site data>, "es": ...}, "answers": {"/api/artists": [...], ...},
//            "paths": ["/", "/es/", ...]}
// A path under /es/ is rendered in Spanish: its site data, its catalog, its router prefix.
// Before any page, the Spanish catalog is checked against the English one (i18n/catalog-check.ts):
// a missing key fails the build (printed as {"catalogErrors": [...]}).
// For each page: `head`, the resource hints React gathered (for the page's <head>); `html`, the
// markup of #root; `answers`, the API answers its render read (the page embeds them, see
// lib/page-data.ts); `missing`, the URLs it asked for that the job did not hold, and `errors`
// what any component threw (the build fails on either).
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { Shell } from "./app/app";
import { preloadScreen } from "./app/routes";
import { StringsProvider, type Catalog } from "./i18n/catalog";
import { catalogKeys, catalogProblems } from "./i18n/catalog-check";
import { en } from "./i18n/en";
import { es } from "./i18n/es";
import { ArtistsProvider } from "./lib/artists-store";
import { providePageData } from "./lib/page-data";
import { provideSiteData, type SiteData } from "./lib/site-data";
import { SiteDataProvider } from "./lib/use-site-data";

// The few node globals used here, declared rather than adding node's types to the browser app.
declare const process: {
  stdin: AsyncIterable<Uint8Array<ArrayBuffer>>;
  stdout: { write(text: string): boolean };
  exitCode?: number;
};

type Lang = "en" | "es";
type Job = { sites: Record<Lang, SiteData>; answers: Record<string, unknown>; paths: string[] };

const CATALOGS: Record<Lang, Catalog> = { en, es };

/** The language of a page by its address: Spanish under /es/. */
const langOf = (path: string): Lang => (path === "/es" || path.startsWith("/es/") ? "es" : "en");

async function html(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

async function renderPage(path: string, job: Job) {
  const asked = new Set<string>();
  const lang = langOf(path);
  provideSiteData(job.sites[lang]);
  providePageData({ route: path, answers: job.answers }, asked);
  await preloadScreen(path);
  const errors: string[] = [];
  const { prelude } = await prerender(
    // The page's language decides the catalog (i18n/catalog.ts) and the router's prefix.
    <SiteDataProvider value={job.sites[lang]}>
      <StringsProvider value={CATALOGS[lang]}>
        <StaticRouter location={path} basename={lang === "en" ? undefined : `/${lang}`}>
          <ArtistsProvider>
            <Shell />
          </ArtistsProvider>
        </StaticRouter>
      </StringsProvider>
    </SiteDataProvider>,
    {
      onError: (error) => void errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error)),
      // React outlines a large Suspense boundary (the lazy screens) behind an inline script that
      // swaps it in; the page's CSP forbids inline scripts, and a static page needs no streaming.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const answers: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const url of asked) {
    if (Object.prototype.hasOwnProperty.call(job.answers, url)) answers[url] = job.answers[url];
    else missing.push(url);
  }
  // Outside a whole document React puts its resource hints first: they belong in <head>.
  const markup = await html(prelude);
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? "";
  return { path, head: hints, html: markup.slice(hints.length), answers, missing, errors };
}

async function readStdin(): Promise<string> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return new Response(new Blob(chunks)).text();
}

async function main() {
  const job = JSON.parse(await readStdin()) as Job;
  const catalogErrors = catalogProblems();
  if (catalogErrors.length) {
    process.stdout.write(JSON.stringify({ pages: [], catalogErrors }));
    return;
  }
  const pages = [];
  for (const path of job.paths) pages.push(await renderPage(path, job));
  process.stdout.write(JSON.stringify({ pages, catalogKeys: catalogKeys() }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

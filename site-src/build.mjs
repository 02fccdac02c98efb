// Bundles the React app with esbuild's JS API; generator/site/bundle.py runs it and reads the
// summary it prints (one JSON object on stdout).
//
//   node build.mjs --outdir <dir> [--dev]
//
// Output: <dir>/assets/… with content-hashed names, code split per lazily loaded route,
// ES modules, minified, with source maps. The summary names the entry script, its CSS, the
// chunks the app starts with (the entry imports src/start.tsx once the page has painted: that
// chunk and every chunk it imports statically; pages list them for the entry to preload) and,
// for every lazily loaded screen, its chunk and the chunks that one imports.
//
// CSS of lazily loaded screens: esbuild never loads a chunk's CSS by itself, but by design it
// puts every stylesheet reachable from the entry, through import() too, into the entry's CSS
// file, in the right cascade order (evanw/esbuild#1590). So the one main CSS file styles every
// screen, and navigating never flashes an unstyled page. Loading the per-screen CSS files
// esbuild also writes would apply shared rules twice in a different order, so they are not
// used; the check below fails the build if a screen's CSS ever misses from the main file.
//
// A second build bundles src/prerender.tsx for node into <dir>/prerender/prerender.mjs: the
// same components, rendered to HTML at build time (generator/site/prerender.py runs it). Every
// file's size is reported as written and gzipped (what a visitor downloads).
import * as esbuild from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const args = { outdir: path.join(here, "dist"), dev: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--outdir") args.outdir = path.resolve(argv[++i]);
    else if (argv[i] === "--dev") args.dev = true;
    else throw new Error(`unknown argument: ${argv[i]}`);
  }
  return args;
}

const args = parseArgs(process.argv.slice(2));
const entry = "src/main.tsx";
// What the entry imports after the first paint (docs/architecture.md#first-paint-before-the-app).
const startModule = "src/start.tsx";
// For visitors without JavaScript: pages link it inside <noscript> (it shows what waits for the app).
const noscriptEntry = "src/styles/no-script.css";
// The web fonts (font-display: swap): pages link this stylesheet disabled (media="print") and
// main.tsx applies it once the page has painted, so the fonts never hold up the first paint
// (docs/architecture.md#first-paint-before-the-app).
const fontsEntry = "src/styles/fonts.css";
const prerenderEntry = "src/prerender.tsx";
// The site's languages: English at /, Spanish at /es/ (src/i18n/catalog.ts). Each browser build
// has __LANG__ set to its language, which folds away every other language's words; the
// prerenderer renders both, with "all".
const LANGUAGES = ["en", "es"];
const define = {
  "process.env.NODE_ENV": JSON.stringify(args.dev ? "development" : "production"),
  // The footer's copyright year: the year the site is published, the same in HTML and app.
  __BUILD_YEAR__: String(new Date().getFullYear()),
};

// The browser's router needs each route's path and screen (and which one answers unknown paths):
// app/routes.tsx reads nothing else. Titles and descriptions reach it per page in the app manifest
// (generator/site/pages.py), and the rest (file, each, lazy, index) is the build's, so its bundle
// leaves them out.
const slimRouteTable = {
  name: "slim-route-table",
  setup(build) {
    build.onLoad({ filter: /config[\\/]routes\.json$/ }, (file) => {
      const { routes } = JSON.parse(readFileSync(file.path, "utf-8"));
      const slim = routes.map(({ path, screen, notFound }) => ({ path, screen, ...(notFound ? { notFound } : {}) }));
      return { contents: JSON.stringify({ routes: slim }), loader: "json" };
    });
  },
};

// React Router ships one big module whose top level creates its contexts and components with
// calls (React.createContext, memo, forwardRef) and names them for React's developer tools
// (X.displayName = "..."): statements esbuild must keep, since a call might do anything, and with
// them everything they reference, so every page carried all of React Router, used or not
// (+14 KiB gzip). Marking those calls pure and leaving out the names (which production React never
// reads) lets esbuild drop what the app does not use (docs/architecture.md#performance-budget).
const shakeableRouter = {
  name: "shakeable-react-router",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ }, (file) => {
      const code = readFileSync(file.path, "utf-8")
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, "")
        .replace(/= (React\d*\.(?:createContext|memo|forwardRef)\()/g, "= /* @__PURE__ */ $1");
      return { contents: code, loader: "js" };
    });
  },
};

const browserOptions = (lang) => ({
  absWorkingDir: here,
  plugins: [slimRouteTable, shakeableRouter],
  entryPoints: [entry, noscriptEntry, fontsEntry],
  outdir: args.outdir,
  outbase: ".",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  minify: !args.dev,
  sourcemap: "linked",
  metafile: true,
  write: true,
  jsx: "automatic",
  legalComments: "linked",
  publicPath: "/",
  entryNames: "assets/[name]-[hash]",
  chunkNames: "assets/[name]-[hash]",
  assetNames: "assets/[name]-[hash]",
  loader: { ".woff2": "file", ".woff": "file", ".svg": "file", ".png": "file", ".jpg": "file" },
  define: { ...define, __LANG__: JSON.stringify(lang) },
  logLevel: "warning",
});

const url = (file) => "/" + path.relative(args.outdir, path.resolve(here, file)).split(path.sep).join("/");
const rel = (file) => path.relative(args.outdir, path.resolve(here, file)).split(path.sep).join("/");

/** One language's build: what its pages load (main, the lazy screens) and what it writes. */
async function buildLanguage(lang) {
  const result = await esbuild.build(browserOptions(lang));
  const outputs = result.metafile.outputs;

  /** Every chunk a script imports statically, transitively (what to modulepreload). */
  function staticImports(file, seen = new Set()) {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === "import-statement" && !imp.external && !seen.has(imp.path)) {
        seen.add(imp.path);
        staticImports(imp.path, seen);
      }
    }
    return seen;
  }

  // What the home page fetches with nobody touching it (docs/architecture.md#performance-budget):
  // the entry, the chunks the app starts with, and every chunk those import when they run, at once
  // or when the page is idle (the scroll-in watcher): all of it but the other routes' screens and
  // the code named here, which loads only when the visitor goes near it or reaches for it. A new
  // import() counts until it is named here, with what makes it load.
  const ON_DEMAND = new Map([
    ["src/features/artists/carousel.ts", "when the carousel comes within a screen of the window"],
    ["src/features/contact/contact-form.tsx", "when the contact section comes near, is used, or the visitor navigates"],
  ["src/components/video-modal.tsx", "when a Play Video button is pointed at, focused or pressed"],
  ]);

  /** The chunks `file` fetches when it runs with nobody touching the page, transitively. */
  function fetchedImports(file, skip, seen = new Set()) {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.external || seen.has(imp.path)) continue;
      if (imp.kind !== "import-statement" && imp.kind !== "dynamic-import") continue;
      if (imp.kind === "dynamic-import" && skip.has(outputs[imp.path]?.entryPoint)) continue;
      seen.add(imp.path);
      fetchedImports(imp.path, skip, seen);
    }
    return seen;
  }

  const routeTable = JSON.parse(readFileSync(path.join(here, "src/config/routes.json"), "utf-8"));
  const lazyScreens = new Set(routeTable.routes.filter((r) => r.lazy).map((r) => r.screen));
  let main = null;
  let start = null;
  let noscript = null;
  let fontsFile = null;
  let mainCss = new Set();
  const screens = {};
  const screenCss = {};
  const unused = []; // the per-screen CSS files: never loaded (see above), so never shipped
  for (const [file, info] of Object.entries(outputs)) {
    if (info.entryPoint === noscriptEntry && file.endsWith(".css")) noscript = url(file);
    if (info.entryPoint === fontsEntry && file.endsWith(".css")) fontsFile = file;
    if (!file.endsWith(".js") || !info.entryPoint) continue;
    const record = { script: url(file), preloads: [...staticImports(file)].map(url) };
    if (info.entryPoint === entry) {
      main = { ...record, styles: info.cssBundle ? [url(info.cssBundle)] : [], noscriptStyles: [], afterPaintStyles: [] };
      // The fonts the first stylesheet names (the preloader's own few glyphs; the web fonts are
      // in fonts.css): pages preload them beside it, so the preloader never shows another font.
      main.styleFonts = (outputs[info.cssBundle]?.imports ?? [])
        .filter((i) => i.kind === "url-token" && /\.woff2$/.test(i.path))
        .map((i) => url(i.path));
      mainCss = new Set(Object.keys(outputs[info.cssBundle]?.inputs ?? {}));
    } else {
      // The app's start, a lazy screen of the route table, or code a screen loads when needed
      // (the carousel): each loaded by import(), its CSS already in the main file.
      const name = path.basename(info.entryPoint).replace(/\.[jt]sx?$/, "");
      if (info.entryPoint === startModule) start = record;
      else if (lazyScreens.has(name)) screens[name] = { ...record, source: info.entryPoint };
      screenCss[name] = Object.keys(outputs[info.cssBundle]?.inputs ?? {});
      if (info.cssBundle) unused.push(info.cssBundle, `${info.cssBundle}.map`);
    }
  }
  if (!main) throw new Error(`esbuild produced no output for ${entry}`);
  const entryPoints = new Set(Object.values(outputs).map((info) => info.entryPoint).filter(Boolean));
  for (const source of ON_DEMAND.keys()) {
    if (!entryPoints.has(source)) throw new Error(`build.mjs names ${source} as loaded on demand, but nothing import()s it`);
  }
  const otherScreens = new Set(Object.values(screens).map((screen) => screen.source));
  const mainFile = Object.keys(outputs).find((file) => url(file) === main.script);
  main.fetched = [main.script, ...[...fetchedImports(mainFile, new Set([...ON_DEMAND.keys(), ...otherScreens]))].map(url)];
  if (!start) throw new Error(`${entry} no longer imports ${startModule}: the app would never start`);
  // The chunks the page starts the app with: the start chunk and its imports, after the entry's own.
  main.preloads = [...new Set([...main.preloads, start.script, ...start.preloads])];
  if (noscript) main.noscriptStyles.push(noscript);
  // Hydration calls most functions of the chunks the app starts with. V8's explicit compile hint
  // (this comment on a file's first line) has Chrome compile all of them while the file streams in,
  // off the main thread, instead of each on its first call during hydration
  // (docs/architecture.md#first-paint-before-the-app). Only the big ones (React DOM with the app,
  // the router) are worth the bytes. Their source maps move down one line.
  const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
  const COMPILE_HINT_MIN_BYTES = 16 * 1024;
  for (const chunk of main.preloads) {
    const file = path.join(args.outdir, chunk);
    const code = readFileSync(file, "utf-8");
    if (Buffer.byteLength(code) < COMPILE_HINT_MIN_BYTES) continue;
    writeFileSync(file, COMPILE_HINT + code);
    const map = JSON.parse(readFileSync(`${file}.map`, "utf-8"));
    writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
  }
  if (!fontsFile) throw new Error(`esbuild produced no stylesheet for ${fontsEntry}`);
  main.afterPaintStyles.push(url(fontsFile));
  // The font files that stylesheet names: the page fetches them before it applies the
  // stylesheet, so the text swaps to them in one layout (docs/architecture.md#first-paint-before-the-app).
  const fontFiles = outputs[fontsFile].imports.filter((i) => i.kind === "url-token" && /\.woff2$/.test(i.path));
  main.afterPaintFonts = { [url(fontsFile)]: fontFiles.map((i) => url(i.path)) };
  for (const [name, inputs] of Object.entries(screenCss)) {
    const missing = inputs.filter((input) => !mainCss.has(input));
    if (missing.length) throw new Error(`CSS of the lazily loaded ${name} is missing from the main CSS: ${missing.join(", ")}`);
  }

  for (const file of unused) {
    rmSync(path.resolve(here, file), { force: true });
    delete outputs[file];
  }
  return { main, screens, metafile: result.metafile };
}

// One browser build per language (docs/architecture.md#two-languages): each page loads its own
// language's words and no other's. The code without words (React, the router, most components)
// comes out byte for byte the same in both, so those chunks have one name and one file. Built one
// after the other: the second writes the shared files again, with the same bytes.
const languages = {};
const outputs = {};
const metafiles = {};
for (const lang of LANGUAGES) {
  const built = await buildLanguage(lang);
  languages[lang] = { main: built.main, screens: built.screens };
  metafiles[lang] = built.metafile;
  Object.assign(outputs, built.metafile.outputs);
}

// The prerenderer: node needs no CSS (the page links the browser build's), so styles are empty.
const prerenderFile = path.join(args.outdir, "prerender", "prerender.mjs");
await esbuild.build({
  absWorkingDir: here,
  entryPoints: [prerenderEntry],
  outfile: prerenderFile,
  bundle: true,
  format: "esm",
  platform: "node",
  target: ["node20"],
  minify: false,
  jsx: "automatic",
  loader: { ".css": "empty" },
  // React's server renderer is CommonJS that requires node's own modules.
  banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
  define: { ...define, __LANG__: JSON.stringify("all") },
  logLevel: "warning",
});

const gzipped = (file) => gzipSync(readFileSync(path.resolve(here, file)), { level: 9 }).length;
const files = Object.entries(outputs).map(([file, info]) => ({
  file: rel(file),
  bytes: info.bytes,
  gzip: /\.(js|css|map)$/.test(file) ? gzipped(file) : info.bytes,
}));
const summary = { languages, files, prerender: prerenderFile };
mkdirSync(args.outdir, { recursive: true });
for (const [lang, metafile] of Object.entries(metafiles)) {
  writeFileSync(path.join(args.outdir, `bundle-meta-${lang}.json`), JSON.stringify(metafile));
}
// Every build's inputs and outputs together: what the bundle cache checks outside site-src/
// (generator/site/node.py reads it).
const inputs = Object.assign({}, ...Object.values(metafiles).map((m) => m.inputs));
writeFileSync(path.join(args.outdir, "bundle-meta.json"), JSON.stringify({ inputs, outputs }));
process.stdout.write(JSON.stringify(summary));

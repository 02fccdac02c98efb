// Bundles the editors' admin (src/admin.tsx: Decap CMS and the site's preview components) with
// esbuild; generator/site/cms.py runs it and reads the summary it prints (one JSON object):
//
//   node build.mjs --outdir <dir>
//
// Output: <dir>/admin-<hash>.js and <dir>/admin-<hash>.css (Decap's own CSS), minified ES
// modules, no source maps (the admin is never on a visitor's first load; keep dist/ small).
//
// One React: Decap renders the preview components inside its own tree, and hooks and context
// break across two copies, so every import of react or react-dom resolves to this package's
// copy, which must be the version site-src/ pins (checked below).
// The preview components' own CSS imports are left out: the preview frame loads the site's
// built stylesheet instead, and the admin page itself keeps Decap's look.
import * as esbuild from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const siteSrc = path.resolve(here, "..", "site-src");

function parseArgs(argv) {
  const args = { outdir: path.join(here, "dist") };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--outdir") args.outdir = path.resolve(argv[++i]);
    else throw new Error(`unknown argument: ${argv[i]}`);
  }
  return args;
}

function version(dir, name) {
  return JSON.parse(readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8")).version;
}

for (const name of ["react", "react-dom"]) {
  const ours = version(here, name);
  const site = version(siteSrc, name);
  if (ours !== site) {
    throw new Error(`cms/ has ${name} ${ours} but site-src/ has ${site}: pin the same version in cms/package.json`);
  }
}

const oneReact = {
  name: "one-react",
  setup(build) {
    // Resolved as esbuild resolves for the browser, but from this folder whoever imports it.
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) =>
      args.pluginData === "one-react"
        ? undefined
        : build.resolve(args.path, { kind: args.kind, resolveDir: here, pluginData: "one-react" }),
    );
    build.onResolve({ filter: /\.css$/ }, (args) =>
      args.resolveDir.startsWith(siteSrc) ? { path: args.path, namespace: "site-css" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "site-css" }, () => ({ contents: "", loader: "css" }));
  },
};

const args = parseArgs(process.argv.slice(2));
const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { admin: "src/admin.tsx" },
  outdir: args.outdir,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  minify: true,
  metafile: true,
  write: true,
  jsx: "automatic",
  legalComments: "none",
  publicPath: "/admin/",
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  loader: { ".woff2": "file", ".woff": "file", ".ttf": "file", ".svg": "file", ".png": "file", ".gif": "file" },
  // __LANG__: the site's components pick their words by it (site-src/src/i18n/catalog.ts); the
  // previews show both languages' texts as Decap hands them over, in the English interface.
  // __BUILD_YEAR__: the site's footer (drawn in the studio facts' preview) starts from it.
  define: {
    "process.env.NODE_ENV": '"production"',
    global: "globalThis",
    __LANG__: '"all"',
    __BUILD_YEAR__: String(new Date().getFullYear()),
  },
  plugins: [oneReact],
  logLevel: "warning",
});

const files = Object.entries(result.metafile.outputs).map(([file, info]) => ({
  file: path.relative(args.outdir, path.resolve(here, file)).split(path.sep).join("/"),
  bytes: info.bytes,
  entry: Boolean(info.entryPoint),
}));
const script = files.find((f) => f.entry && f.file.endsWith(".js"));
if (!script) throw new Error("esbuild produced no admin script");
const styles = files.filter((f) => f.file.endsWith(".css")).map((f) => f.file);
process.stdout.write(JSON.stringify({ script: script.file, styles, files }));

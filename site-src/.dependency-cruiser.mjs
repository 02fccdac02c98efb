// The app's import boundaries (bulletproof-react's layering), checked by `npm run lint`:
//
//   main.tsx -> start.tsx -> app/ -> features/<name>/ -> components/ hooks/ -> lib/ config/
//
// lib/ is the floor: it imports only lib/ (and packages), nothing above it, config/ included.
// A feature is self-contained: what two features share moves down into a shared folder, and
// only app/ puts features together (routes, the home page, the shell). src/testing/ holds
// test-only fixtures: tests use them, production code never does.
//
// i18n/ (the interface's words, i18n/catalog.ts) sits beside lib/ at the bottom: every layer but lib/
// may read it, and it imports nothing of the app. Only the roots choose the language: the catalogs
// of a language (i18n/en.ts, i18n/en/) are imported by the entries, by tests and by i18n/ itself;
// everything else imports i18n/catalog.ts and the parts of i18n/parts/.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "feature-imports-other-feature",
      comment: "A feature must not import another feature: move the shared code down, or compose both in app/.",
      severity: "error",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/", pathNot: "^src/features/$1/" },
    },
    {
      name: "only-app-composes-features",
      comment: "Only app/ may import a feature; components/, hooks/, lib/, config/ and testing/ stay below them.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(app|features)/" },
      to: { path: "^src/features/" },
    },
    {
      name: "app-is-the-top",
      comment: "app/ composes everything; nothing but the entries (start.tsx, prerender.tsx) imports it.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(app/|start\\.tsx$|prerender\\.tsx$)" },
      to: { path: "^src/app/" },
    },
    {
      name: "lib-imports-nothing-above",
      comment:
        "lib/ is the lowest floor (the site data, the API client, plain helpers): it imports only lib/ and packages, so every layer above can use it without a cycle through hooks/, components/, features/, app/ or config/.",
      severity: "error",
      from: { path: "^src/lib/" },
      // src/testing/ is for lib's tests; production-imports-testing keeps lib's code off it.
      to: { path: "^src/", pathNot: ["^src/lib/", "^src/testing/"] },
    },
    {
      name: "language-chosen-at-the-root",
      comment:
        "Only the roots (main.tsx, start.tsx, prerender.tsx), tests and test helpers import a language's catalog (i18n/en.ts, i18n/en/...): the rest reads the page's language through i18n/catalog.ts (useStrings) and the parts' tables in i18n/parts/.",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/(main|start|prerender)\\.tsx$", "^src/i18n/", "^src/testing/", "\\.test\\.tsx?$"] },
      to: { path: "^src/i18n/[a-z]{2}(\\.ts$|/)" },
    },
    {
      name: "i18n-imports-nothing-above",
      comment: "i18n/ holds words and the one hook that hands them out: it imports nothing else of the app, so every layer above lib/ can use it (its tests may).",
      severity: "error",
      from: { path: "^src/i18n/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^src/", pathNot: "^src/i18n/" },
    },
    {
      name: "production-imports-testing",
      comment: "src/testing/ is for tests only.",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/testing/", "\\.test\\.tsx?$"] },
      to: { path: "^src/testing/" },
    },
    {
      name: "no-circular",
      comment:
        "Import cycles make the layering above meaningless. A cycle through type-only imports is erased before anything runs: a translation (i18n/es.ts) takes its type from the catalog that imports it.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count too: a type from another feature couples the two as much as code.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};

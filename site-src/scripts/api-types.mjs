// The static API's TypeScript types, generated from the build's JSON Schema
// (generator/site/api_shapes.py -> src/lib/api-schema.json) by json-schema-to-typescript:
// docs/architecture.md, "Rules both sides read".
//
//   node scripts/api-types.mjs          write src/lib/api-types.gen.ts
//   node scripts/api-types.mjs --check  fail when the committed file is not what the schema makes
//
// The schema itself is written by `python scripts/api_schema.py` (tests/test_api_shapes.py fails
// when it is stale), so a key added to the build's shapes reaches tsc through these two steps.
import { readFile, writeFile } from "node:fs/promises";

const { compile } = await import("json-schema-to-typescript").catch(() => {
  console.error("json-schema-to-typescript is not installed (site-src/package.json): run `make install`.");
  process.exit(1);
});

const lib = new URL("../src/lib/", import.meta.url);
const schemaFile = new URL("api-schema.json", lib);
const typesFile = new URL("api-types.gen.ts", lib);

const BANNER = `// Generated from api-schema.json (the build's generator/site/api_shapes.py) by
// json-schema-to-typescript: do not edit. \`npm run gen:api-types\` remakes it.`;

const schema = JSON.parse(await readFile(schemaFile, "utf8"));
const types = await compile(schema, "StaticApi", {
  bannerComment: BANNER,
  additionalProperties: false,
  unreachableDefinitions: true,
  style: { printWidth: 120, singleQuote: false, trailingComma: "all" },
});

if (process.argv.includes("--check")) {
  const committed = await readFile(typesFile, "utf8").catch(() => "");
  if (committed !== types) {
    console.error("src/lib/api-types.gen.ts is stale: run `npm run gen:api-types` and commit it.");
    process.exit(1);
  }
} else {
  await writeFile(typesFile, types);
}

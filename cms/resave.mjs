// node resave.mjs <admin config.json> <repository root> [--reverse] [--edits <edits.json>]
// Rewrites, in place, every content file the admin edits, as the admin would save it
// unchanged, or with the edits made (src/resave.ts, Edit); prints the files' paths as JSON.
// Used by tests/test_cms_resave.py.
import * as esbuild from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const [configPath, repoRoot, ...flags] = process.argv.slice(2);
if (!configPath || !repoRoot) {
  throw new Error("usage: node resave.mjs <config.json> <repo root> [--reverse] [--edits <edits.json>]");
}
const editsAt = flags.indexOf("--edits");
const edits = editsAt >= 0 ? JSON.parse(readFileSync(flags[editsAt + 1], "utf8")) : {};
const built = await esbuild.build({
  absWorkingDir: here,
  entryPoints: ["src/resave.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  write: false,
  logLevel: "warning",
});
const code = Buffer.from(built.outputFiles[0].contents).toString("base64");
const { resave } = await import(`data:text/javascript;base64,${code}`);
process.stdout.write(
  JSON.stringify(resave(path.resolve(configPath), path.resolve(repoRoot), flags.includes("--reverse"), edits)),
);

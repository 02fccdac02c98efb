// Re-saves content files as the admin would save them unchanged (tests/test_cms_resave.py):
// each file the admin's configuration names is read and written back through the same format
// Decap uses for it, top-level keys in the order of the admin's fields, a final newline added,
// as Decap's backend does in entryToRaw. Comments go, keys are reordered, quoting and long
// lines change; the build must read the same content from the result.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import decapYaml from "decap-cms-core/dist/esm/formats/yaml.js";
import { FORMATS, type Formatter } from "./formats";

type Field = { name: string };
type Collection = { format: string; folder?: string; extension?: string; fields?: Field[]; files?: { file: string; fields: Field[] }[] };

const builtIn: Record<string, Formatter> = { yaml: decapYaml as Formatter };

function formatter(name: string): Formatter {
  const found = FORMATS[name]?.formatter ?? builtIn[name];
  if (!found) throw new Error(`no formatter for ${name}`);
  return found;
}

export function resave(configPath: string, repoRoot: string, reverse: boolean): string[] {
  const config = JSON.parse(readFileSync(configPath, "utf8")) as { collections: Collection[] };
  const saved: string[] = [];
  const save = (file: string, format: Formatter, fields: Field[]) => {
    const order = fields.map((f) => f.name);
    if (reverse) order.reverse();
    const full = path.join(repoRoot, file);
    let raw = format.toFile(format.fromFile(readFileSync(full, "utf8")), order, {});
    if (!raw.endsWith("\n")) raw += "\n";
    writeFileSync(full, raw);
    saved.push(file);
  };
  for (const collection of config.collections) {
    const format = formatter(collection.format);
    for (const entry of collection.files ?? []) save(entry.file, format, entry.fields);
    // A folder the content does not have yet (no flash at all) is an empty collection.
    if (collection.folder && existsSync(path.join(repoRoot, collection.folder))) {
      const names = readdirSync(path.join(repoRoot, collection.folder)).filter((n) => n.endsWith(`.${collection.extension}`));
      for (const name of names.sort()) save(`${collection.folder}/${name}`, format, collection.fields ?? []);
    }
  }
  return saved;
}

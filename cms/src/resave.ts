// Re-saves content files as the admin would save them unchanged (tests/test_cms_resave.py):
// each file the admin's configuration names is read and written back through the same format
// Decap uses for it, top-level keys in the order of the admin's fields, a final newline added,
// as Decap's backend does in entryToRaw. Comments go, keys are reordered, quoting and long
// lines change; the build must read the same content from the result. A translated file goes
// through its format as Decap's i18n does: read into both languages, written from both
// ({ en, es }). A file the configuration names that is not there (a guide's Spanish not
// written yet, policies.md) is left out, as the admin opens it empty. Edits (an editor's
// changes, by file) may be made before the save.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import decapYaml from "decap-cms-core/dist/esm/formats/yaml.js";
import { formats, type Formatter } from "./formats";

type Field = { name: string };
type Collection = {
  format: string;
  folder?: string;
  extension?: string;
  fields?: Field[];
  files?: { file: string; fields: Field[] }[];
};

const builtIn: Record<string, Formatter> = { yaml: decapYaml as Formatter };

/**
 * What an editor changes before saving, by file (tests/test_cms_resave.py): on the data as
 * the admin holds it (a translated file as { en, es }), `set` a value at a path of keys and
 * indexes ("es.pieces.1.title"), `reverse` a list (the English pieces reordered), `remove` a
 * list's item ("en.pieces.0").
 */
export type Edit = { set?: string; to?: unknown; reverse?: string; remove?: string };

function at(data: unknown, dotted: string): [Record<string | number, unknown>, string | number] {
  const keys = dotted.split(".").map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  const last = keys.pop()!;
  let node = data as Record<string | number, unknown>;
  for (const key of keys) node = node[key] as Record<string | number, unknown>;
  return [node, last];
}

function edit(data: Record<string, unknown>, edits: Edit[]): void {
  for (const change of edits) {
    if (change.set !== undefined) {
      const [node, key] = at(data, change.set);
      node[key] = change.to;
    } else if (change.reverse !== undefined) {
      const [node, key] = at(data, change.reverse);
      (node[key] as unknown[]).reverse();
    } else if (change.remove !== undefined) {
      const [node, key] = at(data, change.remove);
      (node as unknown as unknown[]).splice(Number(key), 1);
    }
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function resave(configPath: string, repoRoot: string, reverse: boolean, edits: Record<string, Edit[]> = {}): string[] {
  const config = JSON.parse(readFileSync(configPath, "utf8")) as { collections: Collection[] };
  const custom = formats(config.collections);
  const formatter = (name: string): Formatter => {
    const found = custom[name]?.formatter ?? builtIn[name];
    if (!found) throw new Error(`no formatter for ${name}`);
    return found;
  };
  const saved: string[] = [];
  const save = (file: string, format: Formatter, fields: Field[]) => {
    const order = fields.map((f) => f.name);
    if (reverse) order.reverse();
    const full = path.join(repoRoot, file);
    if (!existsSync(full)) return;
    const data = format.fromFile(readFileSync(full, "utf8"));
    // Each language's draft, as Decap keeps it in the browser through the same format (its
    // local backup), reads back as it was.
    for (const half of "en" in data ? Object.values(data) : []) {
      const kept = format.fromFile(format.toFile(half as Record<string, unknown>, order, {}));
      if (!same(kept, half)) throw new Error(`${file}: a draft of one language does not read back as it was`);
    }
    edit(data, edits[file] ?? []);
    let raw = format.toFile(data, order, {});
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

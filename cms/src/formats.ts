// The shapes of content/ files that Decap's built-in formats cannot edit as they are
// (docs/editing.md, "Good to know" and "Translating into Spanish"):
//
//   portfolio/<slug>.yaml  a YAML list at the top ("- file: ..."); Decap edits an object, so
//                          the admin sees { pieces: [...] } and writes the bare list back;
//   aftercare/<name>.md    plain Markdown; Decap's markdown format would add front matter
//                          ("---" lines), which the site would show as horizontal rules;
//   Spanish                an artist, a portfolio, a flash sheet and site.yaml keep the Spanish
//                          of a field X as a key X_es beside it (`bio_es:` after `bio:`, in a
//                          list's items too); Decap's i18n (single_file) edits both languages
//                          as { en: {...}, es: {...} } and would write the file so. The
//                          formats named in SPANISH_FORMATS translate between the two.
//
// All go through Decap's own YAML formatter (the `yaml` library it pins), so a file is written
// exactly as Decap writes any YAML file; a file without Spanish comes out byte for byte as
// Decap's plain `yaml` format writes it. tests/test_cms_resave.py relies on that.
import decapYaml from "decap-cms-core/dist/esm/formats/yaml.js";

export type Formatter = {
  fromFile(content: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>, sortedKeys?: string[], comments?: Record<string, string>): string;
};

export const PORTFOLIO_FORMAT = "portfolio-list";
export const MARKDOWN_FORMAT = "markdown-body";
// generator/site/cms.py, SPANISH_FORMATS: the translated collections' formats.
export const SPANISH_YAML_FORMAT = "yaml-es";
export const SPANISH_LIST_FORMAT = "portfolio-list-es";

type Data = Record<string, unknown>;

const isMapping = (value: unknown): value is Data =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);

/** A portfolio or flash file (a bare list) as Decap edits it: { pieces: [...] }. */
function piecesOf(content: string): Data {
  const pieces: unknown = decapYaml.fromFile(content);
  if (pieces == null) return { pieces: [] }; // an empty file: an artist without pieces yet
  // Anything but a list would be flattened into one on save: refuse to open it instead.
  if (!Array.isArray(pieces)) throw new Error("a portfolio file must be a list of pieces ('- file: ...')");
  return { pieces };
}

const piecesFile = (data: Data): string => decapYaml.toFile(Array.isArray(data.pieces) ? data.pieces : []);

export const portfolioList: Formatter = {
  fromFile: piecesOf,
  toFile: piecesFile,
};

export const markdownBody: Formatter = {
  fromFile(content) {
    return { body: content };
  },
  toFile(data) {
    return typeof data.body === "string" ? data.body : "";
  },
};

// --- Spanish -----------------------------------------------------------------------------------

/** The key of a field's Spanish beside it: bio -> bio_es (content/models.py, SPANISH). */
export const SPANISH = "_es";
/**
 * Ties an item of a translated list to its Spanish while the admin edits them: the same key on
 * the English item and on its Spanish one, so that reordering, adding or removing items in the
 * English pane keeps every translation with its item. Never written to a file.
 */
export const ITEM_KEY = "__key";
/** How a draft of one language is kept in the browser (Decap's local backup), never a file. */
const DRAFT_MARK = "# admin draft, one language\n";

/**
 * Which keys of a mapping are translated (true: the Spanish is key_es beside it) or hold
 * translated keys inside (an object, or a list whose items are mappings): read from the fields
 * the admin's configuration marks `i18n` (generator/site/cms_fields.py).
 */
export type Translations = { [key: string]: true | Translations };

type ConfigField = { name: string; i18n?: boolean | string; fields?: ConfigField[] };

const translated = (field: ConfigField) => field.i18n === true || field.i18n === "translate";

export function translationsOf(fields: ConfigField[] = []): Translations {
  const found: Translations = {};
  for (const field of fields.filter(translated)) {
    const inner = translationsOf(field.fields);
    found[field.name] = Object.keys(inner).length > 0 ? inner : true;
  }
  return found;
}

/** Two collections' translations in one (they share a format); they must agree. */
export function unite(a: Translations, b: Translations, at = ""): Translations {
  const both: Translations = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = both[key];
    if (mine === undefined) both[key] = value;
    else if (mine === true && value === true) continue;
    else if (mine !== true && value !== true) both[key] = unite(mine, value, `${at}${key}.`);
    else throw new Error(`${at}${key} is translated in one collection and holds translations in another`);
  }
  return both;
}

const blank = (value: unknown): boolean =>
  value == null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.every(blank)) ||
  (isMapping(value) && Object.keys(value).length === 0);

/** A Spanish value as it is written: a list of texts without its empty lines. */
const spanishValue = (value: unknown): unknown => (Array.isArray(value) ? value.filter((item) => !blank(item)) : value);

/** Numbers an entry's translated list items: their keys (ITEM_KEY), unique in the entry. */
type Counter = { next(): string };
const counter = (): Counter => {
  let n = 0;
  return { next: () => String(++n) };
};

/**
 * A file's mapping as the two panes edit it: the English without the X_es keys (items of
 * translated lists keyed), the Spanish with X for each X_es, the same keys on its items.
 * Keys the translations do not name stay in the English, as they were.
 */
function split(data: Data, translations: Translations, keys: Counter): { en: Data; es: Data } {
  const en: Data = {};
  const es: Data = {};
  for (const [key, value] of Object.entries(data)) {
    const english = key.endsWith(SPANISH) ? key.slice(0, -SPANISH.length) : null;
    if (english !== null && translations[english] === true) {
      es[english] = value;
      continue;
    }
    const inner = translations[key];
    if (inner === undefined || inner === true) {
      en[key] = value;
    } else if (Array.isArray(value)) {
      const items = value.map((item) => {
        if (!isMapping(item)) return { en: item, es: undefined };
        const tie = keys.next();
        const halves = split(item, inner, keys);
        return { en: { ...halves.en, [ITEM_KEY]: tie }, es: { [ITEM_KEY]: tie, ...halves.es } };
      });
      en[key] = items.map((item) => item.en);
      es[key] = items.filter((item) => item.es).map((item) => item.es);
    } else if (isMapping(value)) {
      const halves = split(value, inner, keys);
      en[key] = halves.en;
      if (Object.keys(halves.es).length > 0) es[key] = halves.es;
    } else {
      en[key] = value;
    }
  }
  return { en, es };
}

/**
 * The two panes' data as the file keeps it: each X followed by its X_es when the Spanish is
 * not empty, a list item's Spanish found by its key (ITEM_KEY, dropped). A Spanish for a key
 * the English lacks comes after the mapping's other keys; the Spanish of anything the
 * translations do not name is not written.
 */
function join(en: Data, es: unknown, translations: Translations): Data {
  const spanish = isMapping(es) ? es : {};
  const joined: Data = {};
  for (const [key, value] of Object.entries(en)) {
    if (key === ITEM_KEY) continue;
    const inner = translations[key];
    joined[key] = value;
    if (inner === true) {
      if (!blank(spanish[key])) joined[key + SPANISH] = spanishValue(spanish[key]);
    } else if (inner !== undefined && Array.isArray(value)) {
      const byKey = new Map<unknown, unknown>();
      for (const item of Array.isArray(spanish[key]) ? (spanish[key] as unknown[]) : []) {
        if (isMapping(item) && item[ITEM_KEY] !== undefined) byKey.set(item[ITEM_KEY], item);
      }
      joined[key] = value.map((item) => (isMapping(item) ? join(item, byKey.get(item[ITEM_KEY]), inner) : item));
    } else if (inner !== undefined && isMapping(value)) {
      joined[key] = join(value, spanish[key], inner);
    }
  }
  for (const [key, inner] of Object.entries(translations)) {
    if (inner === true && !(key in en) && !blank(spanish[key])) joined[key + SPANISH] = spanishValue(spanish[key]);
  }
  return joined;
}

/** Where each X_es goes among the fields' order (Decap sorts a file's top keys by it): after X. */
function withSpanishKeys(sortedKeys: string[] | undefined, translations: Translations): string[] | undefined {
  if (!sortedKeys) return sortedKeys;
  return sortedKeys.flatMap((key) => (translations[key] === true ? [key, key + SPANISH] : [key]));
}

/** Whether Decap hands over both languages ({ en, es }, to save) or one (a local backup of it). */
const bothLanguages = (data: Data): boolean =>
  isMapping(data.en) && Object.keys(data).every((key) => key === "en" || key === "es");

/**
 * A translated collection's format: read, the file becomes { en, es } (Decap's single_file
 * shape, which it splits into the two panes); written, the two become the file again. Decap
 * also keeps one language's draft in the browser through the same format (its local backup):
 * that is written as it is, marked, and read back as it was.
 */
export function spanishFormat(translations: Translations, list: boolean): Formatter {
  return {
    fromFile(content) {
      if (content.startsWith(DRAFT_MARK)) return decapYaml.fromFile(content.slice(DRAFT_MARK.length)) as Data;
      const file = list ? piecesOf(content) : decapYaml.fromFile(content);
      return split(isMapping(file) ? file : {}, translations, counter());
    },
    toFile(data, sortedKeys, comments) {
      if (!bothLanguages(data)) return DRAFT_MARK + decapYaml.toFile(data);
      const joined = join(data.en as Data, data.es, translations);
      return list ? piecesFile(joined) : decapYaml.toFile(joined, withSpanishKeys(sortedKeys, translations), comments);
    },
  };
}

// --- the formats by name -----------------------------------------------------------------------

type ConfigCollection = {
  format?: string;
  fields?: ConfigField[];
  files?: { fields?: ConfigField[] }[];
};

/** The translations of every collection that uses each Spanish format, from the configuration. */
export function spanishTranslations(collections: ConfigCollection[]): Record<string, Translations> {
  const found: Record<string, Translations> = { [SPANISH_YAML_FORMAT]: {}, [SPANISH_LIST_FORMAT]: {} };
  for (const collection of collections) {
    const format = collection.format ?? "";
    if (!(format in found)) continue;
    for (const fields of [collection.fields, ...(collection.files ?? []).map((file) => file.fields)]) {
      if (fields) found[format] = unite(found[format], translationsOf(fields));
    }
  }
  return found;
}

/**
 * The custom formats by name, with the extension Decap gives new files of each; the Spanish
 * ones made for the configuration's collections (admin.tsx reads it before Decap starts).
 */
export function formats(collections: ConfigCollection[]): Record<string, { extension: string; formatter: Formatter }> {
  const translations = spanishTranslations(collections);
  return {
    [PORTFOLIO_FORMAT]: { extension: "yaml", formatter: portfolioList },
    [MARKDOWN_FORMAT]: { extension: "md", formatter: markdownBody },
    [SPANISH_YAML_FORMAT]: { extension: "yaml", formatter: spanishFormat(translations[SPANISH_YAML_FORMAT], false) },
    [SPANISH_LIST_FORMAT]: { extension: "yaml", formatter: spanishFormat(translations[SPANISH_LIST_FORMAT], true) },
  };
}

/**
 * What the Spanish page shows of an entry being edited, for the previews: the English data
 * with each translated field's Spanish where the Spanish pane has one (the English where not,
 * as the site falls back), a list item's found by its key.
 */
export function spanishView(en: Data, es: unknown, translations: Translations): Data {
  const spanish = isMapping(es) ? es : {};
  const shown: Data = { ...en };
  for (const [key, inner] of Object.entries(translations)) {
    const english = en[key];
    if (inner === true) {
      if (!blank(spanish[key])) shown[key] = spanishValue(spanish[key]);
    } else if (Array.isArray(english)) {
      const byKey = new Map<unknown, unknown>();
      for (const item of Array.isArray(spanish[key]) ? (spanish[key] as unknown[]) : []) {
        if (isMapping(item)) byKey.set(item[ITEM_KEY], item);
      }
      shown[key] = english.map((item) => (isMapping(item) ? spanishView(item, byKey.get(item[ITEM_KEY]), inner) : item));
    } else if (isMapping(english)) {
      shown[key] = spanishView(english, spanish[key], inner);
    }
  }
  return shown;
}

// The prerenderer's check of the catalogs (src/prerender.tsx), so that `build.py build` fails on
// what tsc would refuse too, even where nobody ran tsc: the Spanish catalog and each Spanish part
// must have every key of the English one, of the same kind (a text, a function, a list, a group),
// and no other. It also lists the English keys, for the build's warning about keys nothing reads
// (generator/site/catalog_usage.py).
import type { Part } from "./catalog";
import { en } from "./en";
import { es } from "./es";
import { aftercareStrings } from "./parts/aftercare";
import { consentStrings } from "./parts/consent";
import { contactFormStrings } from "./parts/contact-form";
import { depositStrings } from "./parts/deposit";
import { flashStrings } from "./parts/flash";
import { galleryStrings } from "./parts/gallery";
import { piercingsStrings } from "./parts/piercings";
import { policiesStrings } from "./parts/policies";
import { portfolioStrings } from "./parts/portfolio";
import { privacyStrings } from "./parts/privacy";
import { scrollSequenceStrings } from "./parts/scroll-sequence";

/** Every catalog by the file that holds its English: the first load's, then each part's. */
const CATALOGS: Record<string, Part<unknown>> = {
  "en.ts": { en, es },
  "en/aftercare.ts": aftercareStrings,
  "en/consent.ts": consentStrings,
  "en/contact-form.ts": contactFormStrings,
  "en/deposit.ts": depositStrings,
  "en/flash.ts": flashStrings,
  "en/gallery.ts": galleryStrings,
  "en/piercings.ts": piercingsStrings,
  "en/policies.ts": policiesStrings,
  "en/portfolio.ts": portfolioStrings,
  "en/privacy.ts": privacyStrings,
  "en/scroll-sequence.ts": scrollSequenceStrings,
};

const kind = (value: unknown): string =>
  Array.isArray(value) ? "list" : value === null ? "null" : typeof value === "object" ? "group" : typeof value;

function compare(english: unknown, spanish: unknown, at: string, problems: string[]): void {
  if (kind(english) !== kind(spanish)) {
    problems.push(
      spanish === undefined ? `${at}: missing in Spanish` : `${at}: a ${kind(english)} in English, a ${kind(spanish)} in Spanish`,
    );
    return;
  }
  if (kind(english) !== "group") return;
  const a = english as Record<string, unknown>;
  const b = spanish as Record<string, unknown>;
  // An empty English table is keyed by values of the data (en/contact-form.ts `choices`): another
  // language fills it in, and a value it misses shows as it is.
  if (Object.keys(a).length === 0) return;
  for (const key of Object.keys(a)) compare(a[key], b[key], `${at}.${key}`, problems);
  for (const key of Object.keys(b)) if (!(key in a)) problems.push(`${at}.${key}: only in Spanish`);
}

/** What is wrong with the Spanish catalogs, one line each ("i18n/en.ts header.menu: missing in Spanish"). */
export function catalogProblems(): string[] {
  const problems: string[] = [];
  for (const [file, part] of Object.entries(CATALOGS)) {
    if (!part.es) problems.push(`i18n/${file.replace(/^en/, "es")}: no Spanish at all`);
    else compare(part.en, part.es, `i18n/${file}`, problems);
  }
  return problems;
}

function leaves(value: unknown, at: string[], into: string[][]): void {
  if (kind(value) === "group") {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) leaves(inner, [...at, key], into);
  } else {
    into.push(at);
  }
}

/** Every English key, as the path of names that reaches it (["header", "menu"]), by file. */
export function catalogKeys(): Record<string, string[][]> {
  const keys: Record<string, string[][]> = {};
  for (const [file, part] of Object.entries(CATALOGS)) {
    keys[file] = [];
    leaves(part.en, [], keys[file]);
  }
  return keys;
}

function texts(value: unknown, into: string[]): void {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) texts(item, into);
  else if (kind(value) === "group") for (const inner of Object.values(value as object)) texts(inner, into);
}

/** Every plain text of each language's catalogs (not the functions'): for the tests' scans. */
export function catalogTexts(): Record<"en" | "es", string[]> {
  const found = { en: [] as string[], es: [] as string[] };
  for (const part of Object.values(CATALOGS)) {
    texts(part.en, found.en);
    texts(part.es, found.es);
  }
  return found;
}

// The page's language, as the build wrote it into the site data (`lang`): English at /, Spanish
// under /es/ with the same paths (docs/architecture.md#two-languages). Where the app's links
// and its reads of the static API go depend on it; which words it shows is i18n/'s business.
import { getSiteData } from "./site-data";

/** The page's language: the build's (one per language), or the site data's where one build renders both. */
const pageLang = (): string | undefined => (__LANG__ === "all" ? getSiteData().lang : __LANG__);

/** The address prefix of the page's language: "" for English, "/es" for Spanish. */
export const basePath = (): string => (pageLang() === "es" ? "/es" : "");

/**
 * What a POST to the contact function adds to say the page's language: `{lang: "es"}` on a Spanish
 * page, so its answers (and the visitor's confirmation) are Spanish; nothing on an English one,
 * whose requests stay as they always were (the function's default is English).
 */
export const langField = (): { lang?: "es" } => (pageLang() === "es" ? { lang: "es" } : {});

/** A static API address in the page's language: `/api/artists` or `/api/es/artists`. */
export const apiUrl = (path: string): string => `/api${basePath()}${path}`;

/** A record of the static API whose listed keys fell back to English on a Spanish page. */
export type MaybeUntranslated = { untranslated?: string[] };

/**
 * `"en"` for a text a Spanish page shows in English because it has no translation yet (the
 * build lists those keys in the record's `untranslated`), so that element says so (`lang="en"`),
 * for screen readers and translators; otherwise nothing.
 */
export const langOf = (record: MaybeUntranslated | null | undefined, key: string): "en" | undefined =>
  record?.untranslated?.includes(key) ? "en" : undefined;

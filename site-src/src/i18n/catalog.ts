// The interface's words: every text a visitor reads or hears that the app itself writes (what the
// studio writes, in content/ and the API, reaches it as data). One typed catalog per language,
// handed down from the root; the root alone decides the language.
//
//   <StringsProvider value={en}>   start.tsx (the browser's root) and prerender.tsx wrap the app in it
//   useStrings()                   the catalog: what the first load shows (i18n/en.ts)
//   useStrings(part)               a lazily loaded chunk's own strings (i18n/parts/*), same language
//
// Why not i18next or react-intl: the home page's first load is held to 100 KiB of gzipped
// JavaScript (docs/architecture.md#performance-budget) and had about 1 KiB to spare; either library
// costs several times that before the first string, and the site needs no ICU message parsing at
// run time (two languages, plurals a ternary can say). A catalog is a plain object, and a text that
// takes values is a plain function (`portrait: (name) => ...`), typed and checked by tsc: a
// translation (`es.ts: Catalog`) that misses a key, adds one or changes a function's parameters
// does not compile. Even so, keys and lookups cost about 1 KiB gzipped over the same words written
// inline: keep the first load's catalog to what the first load shows.
//
// Split to keep the first load flat. i18n/en.ts holds only what the first load renders (the shell,
// the home page, the contact section around its form); it is the Catalog. The screens loaded on
// demand (portfolio, flash, aftercare, policies, piercings, /test, the contact form) keep their
// words in their own chunk: each has a part, i18n/en/<part>.ts, that only its chunk imports, through
// i18n/parts/<part>.ts, the part's table of languages. A component reads it with
// useStrings(part), which picks the language the root's catalog names, so the root still decides
// alone.
//
// Two languages, one build each (site-src/build.mjs, docs/architecture.md#two-languages): English
// (en.ts, en/) at /, Spanish (es.ts, es/) at /es/. esbuild replaces __LANG__ with the build's
// language, and the roots and the parts' tables are written `__LANG__ === "es" ? es : en`, which it
// folds: a page's scripts carry its own language's words and no other's, and Spanish costs an
// English page nothing. The prerenderer (and the tests) are built with "all" and have both.
// A Spanish text that misses a key does not compile (es.ts is a Catalog, each es/<part>.ts its
// part's Strings), and the prerenderer refuses to render with one (i18n/catalog-check.ts), so the
// build fails too.
// esbuild puts modules that exactly the same entries import into one chunk: this module and en.ts
// ride in React's chunk as long as every chunk that imports React reads the catalog too (the
// claimed flash design reads its part with useStrings, not as plain props, partly for that);
// otherwise they become a chunk of their own, one more request and ~0.2 KiB more on the first load.
//
// How texts are written (the prerendered pages must stay byte for byte what they were):
// - Emphasis in a heading is marked with asterisks, "Where Artistry *Meets Precision*", and drawn
//   in <em> by components/emphasis.tsx.
// - A function may return a list of parts instead of one string, `(n) => ["Up to ", n, " photos"]`:
//   each part is its own text node, as the page was written before the catalog. A translation may
//   return a list of one string.
// - A string never starts or ends with a space (the parts of a list may): where one stands between
//   a text and markup, the component writes it.
//
// Only the roots (main.tsx, start.tsx, prerender.tsx), tests and test helpers import a language's
// catalog; everything else imports this module and the parts (.dependency-cruiser.mjs).
import { createContext, useContext } from "react";
import { en } from "./en";
import { es } from "./es";

export type Lang = "en" | "es";

/**
 * The shape of a catalog written `as const` without its literal types: every string becomes
 * `string`, every function keeps its parameters and returns the widened shape, lists and tuples
 * keep their length. What another language must provide, key for key.
 */
export type Strings<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Strings<R>
    : T extends object
      ? { readonly [K in keyof T]: Strings<T[K]> }
      : T;

/** A language's catalog: what the first load shows, and the language its parts are picked in. */
export type Catalog = Strings<Omit<typeof en, "lang">> & { readonly lang: Lang };

/** A lazily loaded chunk's strings in the languages its build carries (one, or both for "all"). */
export type Part<T> = { readonly [L in Lang]?: T };

// Outside any provider, the build's language; English where it has both: component tests and the
// editors' previews in the admin (app/admin-previews.tsx), which render components without the
// app's root. Written so that a Spanish build holds no English words, nor the other way round.
const StringsContext = createContext<Catalog>(__LANG__ === "es" ? es : en);

/** Wraps the app at its root with the catalog of the page's language. */
export const StringsProvider = StringsContext.Provider;

/**
 * The catalog of the page's language, or a lazily loaded part of it in that language. A part that
 * lacks the language fails at its first text, so a prerendered page without it fails the build
 * (no check here: these bytes are on every first load).
 */
export function useStrings(): Catalog;
export function useStrings<T>(part: Part<T>): T;
export function useStrings<T>(part?: Part<T>): Catalog | T {
  const catalog = useContext(StringsContext);
  return part ? (part[catalog.lang] as T) : catalog;
}

import { describe, expect, it } from "vitest";
import { en } from "./en";
import { aftercare } from "./en/aftercare";
import { consent } from "./en/consent";
import { contactForm } from "./en/contact-form";
import { deposit } from "./en/deposit";
import { flash } from "./en/flash";
import { gallery } from "./en/gallery";
import { piercings } from "./en/piercings";
import { policies } from "./en/policies";
import { portfolio } from "./en/portfolio";
import { privacy } from "./en/privacy";
import { scrollSequence } from "./en/scroll-sequence";
import { es } from "./es";
import { aftercare as esAftercare } from "./es/aftercare";
import { consent as esConsent } from "./es/consent";
import { contactForm as esContactForm } from "./es/contact-form";
import { deposit as esDeposit } from "./es/deposit";
import { flash as esFlash } from "./es/flash";
import { gallery as esGallery } from "./es/gallery";
import { piercings as esPiercings } from "./es/piercings";
import { policies as esPolicies } from "./es/policies";
import { portfolio as esPortfolio } from "./es/portfolio";
import { privacy as esPrivacy } from "./es/privacy";
import { scrollSequence as esScrollSequence } from "./es/scroll-sequence";
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

// Each part: its English, its Spanish, and its table of languages (parts/<part>.ts).
const PARTS = {
  aftercare: [aftercare, esAftercare, aftercareStrings],
  consent: [consent, esConsent, consentStrings],
  contactForm: [contactForm, esContactForm, contactFormStrings],
  deposit: [deposit, esDeposit, depositStrings],
  flash: [flash, esFlash, flashStrings],
  gallery: [gallery, esGallery, galleryStrings],
  piercings: [piercings, esPiercings, piercingsStrings],
  policies: [policies, esPolicies, policiesStrings],
  portfolio: [portfolio, esPortfolio, portfolioStrings],
  privacy: [privacy, esPrivacy, privacyStrings],
  scrollSequence: [scrollSequence, esScrollSequence, scrollSequenceStrings],
} as const;

/**
 * The texts Spanish writes exactly as English does, each for a reason: anything else equal to its
 * English is a text left untranslated. Keep it short: a word that has a Spanish one is translated.
 */
const SAME_IN_SPANISH: Record<string, string> = {
  "notFound.eyebrow": "Error 404",
  "menu.entries.piercings": "Piercings (the word Spanish-speaking studios and their clients use)",
  "dotNav.sections.piercings": "Piercings",
  "contactForm.request.piercingLabel": "Piercing:",
  "consent.minor.piercingLabel": "Piercing: (as the contact form's)",
  "contactForm.choices.services.Piercing": "Piercing (the service, as the studio names it)",
  "piercings.services.cards.facial.items.1": "Septum (a piercing's name)",
  "flash.title": "Flash (the tattoo term)",
  "portfolio.flash": "Flash",
  "flash.price()": "US dollars, as the price list writes them",
  "contactForm.claim.price()": "US dollars",
  "contactForm.images.percent()": "a percentage",
  "contactForm.request.answers.no": "No",
  "consent.answers.no": "No",
};

type Text = string | readonly (string | number)[];
type Pair = { path: string; en: Text; es: Text };

/** A parameter's sample value by position: distinct, so that each can be looked for in the text. */
const SAMPLES = ["Max", 3, "Ana", 7] as const;

const isText = (value: unknown): value is Text =>
  typeof value === "string" || (Array.isArray(value) && value.every((part) => typeof part === "string" || typeof part === "number"));
const padded = (text: string) => text.trim() !== text;
/** A written list of parts (catalog.ts), as flash's empty message: some English part is padded. */
const isPartList = (value: unknown): value is readonly string[] =>
  Array.isArray(value) && value.every((part) => typeof part === "string") && value.some(padded);

/**
 * Every text of the English and the Spanish side by side, a function's called with the same
 * sample values; a key one side lacks is a failure (tsc checks it too, but not a part's table).
 */
function pairs(english: unknown, spanish: unknown, path = ""): Pair[] {
  if (typeof english === "string" || isPartList(english)) {
    if (!isText(spanish)) throw new Error(`${path}: the Spanish is not a text`);
    return [{ path, en: english, es: spanish }];
  }
  if (typeof english === "function") {
    if (typeof spanish !== "function") throw new Error(`${path}: the Spanish is not a function`);
    expect(spanish.length, `${path}: parameters`).toBe(english.length);
    const sample = SAMPLES.slice(0, english.length);
    const call = (f: unknown) => (f as (...args: unknown[]) => Text)(...sample);
    return [{ path: `${path}()`, en: call(english), es: call(spanish) }];
  }
  if (english !== null && typeof english === "object") {
    if (spanish === null || typeof spanish !== "object") throw new Error(`${path}: the Spanish is not a group`);
    // An empty English table is keyed by the data's values (en/contact-form.ts `choices`): the
    // Spanish names them, each a text of its own.
    if (Object.keys(english).length === 0) {
      return Object.entries(spanish).map(([key, value]) => ({ path: `${path}.${key}`, en: key, es: value as Text }));
    }
    const keys = new Set([...Object.keys(english), ...Object.keys(spanish)]);
    return [...keys].flatMap((key) => {
      const child = path ? `${path}.${key}` : key;
      if (!(key in english)) throw new Error(`${child}: only in the Spanish`);
      if (!(key in spanish)) throw new Error(`${child}: missing from the Spanish`);
      return pairs((english as Record<string, unknown>)[key], (spanish as Record<string, unknown>)[key], child);
    });
  }
  throw new Error(`${path}: neither a text, a function nor a group`);
}

const all = [
  ...pairs(en, es),
  ...Object.entries(PARTS).flatMap(([name, [english, spanish]]) => pairs(english, spanish, name)),
];
const joined = (text: Text) => (typeof text === "string" ? text : text.join(""));
const count = (text: string, character: string) => text.split(character).length - 1;
/** The emphasized words of a heading ("Donde el arte *se une a la precisión*"). */
const emphasized = (text: string) => text.split("*").filter((_, index) => index % 2 === 1);

describe("the Spanish catalog", () => {
  it("has every text of the English, and texts to compare", () => {
    expect(all.length).toBeGreaterThan(200);
    expect(es.lang).toBe("es");
    expect(es.preloader.word).toBe("CARGANDO");
  });

  it("has no empty text", () => {
    // Nor an empty part in a list: a text node of nothing.
    const empty = all.filter(({ es: text }) => joined(text).trim() === "" || (typeof text !== "string" && text.includes("")));
    expect(empty.map((p) => p.path)).toEqual([]);
  });

  it("has no text that starts or ends with a space (the parts of a list may, where the English does)", () => {
    // A list as a whole is padded only at the end the English is: " on Instagram, ..." after a handle.
    const bad = all.filter(({ en: english, es: spanish }) => {
      if (typeof spanish === "string") return padded(spanish);
      const [e, s] = [joined(english), joined(spanish)];
      return (s !== s.trimStart() && e === e.trimStart()) || (s !== s.trimEnd() && e === e.trimEnd());
    });
    expect(bad.map((p) => p.path)).toEqual([]);
  });

  it("translates every text, but for a short list of words Spanish writes the same", () => {
    const same = all.filter(({ en: english, es: spanish }) => joined(english) === joined(spanish)).map((p) => p.path);
    expect(same.filter((path) => !(path in SAME_IN_SPANISH))).toEqual([]);
    // The list stays true: every entry is a text, still written alike.
    expect(Object.keys(SAME_IN_SPANISH).filter((path) => !same.includes(path))).toEqual([]);
  });

  it("keeps the headings' emphasis, balanced, on words", () => {
    // An even number of asterisks, as many emphasized spans as the English, none empty or padded.
    const spans = all.filter(({ en: english, es: spanish }) => {
      const words = emphasized(joined(spanish));
      return (
        count(joined(spanish), "*") % 2 === 1 ||
        words.length !== emphasized(joined(english)).length ||
        words.some((w) => w.trim() === "" || padded(w))
      );
    });
    expect(spans.map((p) => p.path)).toEqual([]);
  });

  it("shows every value a function is given, as the English does", () => {
    const lost = all.filter(
      ({ en: english, es: spanish }) =>
        !SAMPLES.every((sample) => !joined(english).includes(String(sample)) || joined(spanish).includes(String(sample))),
    );
    expect(lost.map((p) => p.path)).toEqual([]);
  });

  it("keeps the placeholders a library fills in: Swiper's {{index}}", () => {
    const placeholders = (text: Text) => joined(text).match(/\{\{\w+\}\}/g)?.sort() ?? [];
    const missing = all.filter(({ en: english, es: spanish }) => placeholders(english).join() !== placeholders(spanish).join());
    expect(missing.map((p) => p.path)).toEqual([]);
  });

  it("opens every question and exclamation the Spanish way", () => {
    const marks = all.filter(({ es: text }) => {
      const s = joined(text);
      return count(s, "¿") !== count(s, "?") || count(s, "¡") !== count(s, "!");
    });
    expect(marks.map((p) => p.path)).toEqual([]);
  });

  it("says what its functions' values ask for", () => {
    const years = (n: number) => esPortfolio.profile.experience(n).join("");
    expect([years(1), years(12)]).toEqual(["1 año de experiencia", "12 años de experiencia"]);
    expect([esFlash.price(150), esContactForm.claim.price(1200)]).toEqual(["$150", "$1,200"]);
    expect(esContactForm.form.closedBooks("Max")).toBe(
      "La agenda de Max está cerrada. Todavía puedes preguntarle por un retoque o un piercing, o elegir a otro artista.",
    );
    expect(esContactForm.form.closedBooks("Max", "hasta marzo")).toMatch(/^La agenda de Max está cerrada \(hasta marzo\)\. /);
    expect(es.footer.copyright(2025, "Estudio").join("")).toBe("© 2025 Estudio. Todos los derechos reservados.");
  });

  it("uses the contact function's words for the form (functions/contact/messages_es.py)", () => {
    // FLASH_OTHER_ARTIST names the artist choice the form shows; THANK_YOU begins as `sent` does.
    expect(esContactForm.form.noPreference).toBe("Sin preferencia");
    expect(esContactForm.send.sent).toBe("¡Gracias! Tu mensaje fue enviado.");
    expect(esContactForm.request.firstTattoo).toBe("¿Es tu primer tatuaje?");
  });

  it("switches to English, written in English", () => {
    expect(es.header.otherLanguage.lang).toBe(en.lang);
    expect(en.header.otherLanguage.lang).toBe(es.lang);
  });

  it("is the Spanish of every part (the tests are built with both languages)", () => {
    for (const [name, [, spanish, table]] of Object.entries(PARTS)) {
      expect(table.es, name).toBe(spanish);
    }
  });
});

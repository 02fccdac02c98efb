import { describe, expect, it } from "vitest";
import { MENU_ENTRIES, HOME_SECTIONS } from "../config/navigation";
import type { Catalog } from "./catalog";
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

const PARTS = { aftercare, consent, contactForm, deposit, flash, gallery, piercings, policies, portfolio, privacy, scrollSequence };

type Leaf = { path: string; text: string | readonly (string | number)[] };

/** Every text of a catalog, a function's with sample values ("Max", 3) for its parameters. */
function leaves(value: unknown, path = ""): Leaf[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (typeof value === "function") {
    const sample = Array.from({ length: value.length }, (_, i) => (i % 2 ? 3 : "Max"));
    return [{ path: `${path}()`, text: (value as (...args: unknown[]) => string | (string | number)[])(...sample) }];
  }
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  throw new Error(`${path}: neither a text, a function nor a group`);
}

const all = [...leaves(en), ...Object.entries(PARTS).flatMap(([name, part]) => leaves(part, name))];
const joined = (text: Leaf["text"]) => (typeof text === "string" ? text : text.join(""));

describe("the English catalog", () => {
  it("has no empty text, and no text that starts or ends with a space", () => {
    expect(all.length).toBeGreaterThan(200);
    expect(all.filter(({ text }) => joined(text).trim() === "").map((l) => l.path)).toEqual([]);
    // The parts of a list may (catalog.ts): "No flash right now. Check back soon, or " and a link.
    const padded = all.filter(({ path, text }) => typeof text === "string" && text.trim() !== text && !/\.\d+$/.test(path));
    expect(padded.map((l) => l.path)).toEqual([]);
  });

  it("holds the specification's texts exactly", () => {
    // docs/product.md: the contact form and its states
    expect(contactForm.form.message).toBe("Tell us about your idea");
    expect(contactForm.form.sending).toBe("Sending...");
    expect(contactForm.form.loadingArtists).toBe("Loading artists...");
    expect(contactForm.form.artistsFailed).toBe("Unable to load artists");
    expect(contactForm.send.failed).toBe("Failed to send message. Please try again.");
    expect(contactForm.send.unreachable).toBe("Failed to send message. Please try again or contact us directly.");
    // the artists, the portfolio, aftercare, piercings, /test
    expect(en.artists.loading).toBe("Loading artists...");
    expect(en.artists.failed).toBe("Failed to load artists");
    expect([en.artists.readMore, en.artists.readLess]).toEqual(["Read More", "Read Less"]);
    expect(en.home.ourWork.portfolio).toBe("View Full Portfolio");
    expect(portfolio.loading).toBe("Loading portfolio...");
    expect(portfolio.empty).toBe("No portfolio items found for the selected artist.");
    expect(joined(portfolio.by("Max Ink"))).toBe("By: Max Ink");
    expect(gallery.artistFilter.all).toBe("All Artists");
    expect([aftercare.title, aftercare.tattoo, aftercare.piercing]).toEqual([
      "Aftercare Guide",
      "Tattoo Aftercare",
      "Piercing Aftercare",
    ]);
    expect(aftercare.loading).toBe("Loading content...");
    expect(aftercare.questions).toBe("Questions About Your Healing?");
    expect(aftercare.contactUs).toBe("Contact Us");
    expect(piercings.hero.title).toBe("Professional Piercing");
    expect(piercings.services.book).toBe("Book Your Piercing");
    expect(piercings.partners.title).toBe("Premium Jewelry Partners");
    expect([scrollSequence.introTitle, scrollSequence.introText]).toEqual(["SCROLL DOWN", "Experience the animation"]);
    expect(joined(scrollSequence.loading(12, 88))).toBe("Loading 12 / 88");
    expect(en.preloader.word).toBe("LOADING");
  });

  it("names the menu's entries in the specification's order and the side dots in the page's", () => {
    expect(MENU_ENTRIES.map((entry) => en.menu.entries[entry.id])).toEqual([
      "Home",
      "Artists",
      "Our Work",
      "Portfolio",
      "Piercings",
      "Aftercare",
      "Our Legacy",
      "Contact",
    ]);
    expect(HOME_SECTIONS.map((id) => en.dotNav.sections[id])).toEqual([
      "Home",
      "Brand",
      "Studio",
      "Artists",
      "Our Work",
      "Piercings",
      "Legacy",
      "Contact",
    ]);
  });

  it("is the English of every part", () => {
    expect(aftercareStrings.en).toBe(aftercare);
    expect(consentStrings.en).toBe(consent);
    expect(contactFormStrings.en).toBe(contactForm);
    expect(depositStrings.en).toBe(deposit);
    expect(flashStrings.en).toBe(flash);
    expect(galleryStrings.en).toBe(gallery);
    expect(piercingsStrings.en).toBe(piercings);
    expect(policiesStrings.en).toBe(policies);
    expect(portfolioStrings.en).toBe(portfolio);
    expect(privacyStrings.en).toBe(privacy);
    expect(scrollSequenceStrings.en).toBe(scrollSequence);
  });

  it("is what another language must match, key for key (checked by tsc)", () => {
    const { notFound: _notFound, ...withoutAGroup } = en;
    // @ts-expect-error a catalog that misses a group does not compile
    const missing: Catalog = { ...withoutAGroup, lang: "es" };
    // @ts-expect-error nor one whose function takes other values
    const otherParameters: Catalog = { ...en, lang: "es", header: { ...en.header, logo: (n: number) => `${n}` } };
    const spanish: Catalog = { ...en, lang: "es", notFound: { ...en.notFound, eyebrow: "Error 404" } };
    expect([missing, otherParameters, spanish].map((catalog) => catalog.lang)).toEqual(["es", "es", "es"]);
  });
});

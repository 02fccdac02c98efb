// The contact form's strings in every language it has: only the form's chunk imports this
// (features/contact), so they never weigh on a first load (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { contactForm as en } from "../en/contact-form";
import { contactForm as es } from "../es/contact-form";

export type ContactFormStrings = Strings<typeof en>;

// Only the page's language rides in its chunk: __LANG__ folds the other away (../catalog.ts).
export const contactFormStrings: Part<ContactFormStrings> = __LANG__ === "es" ? { es } : __LANG__ === "en" ? { en } : { en, es };

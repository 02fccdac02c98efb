// The contact form's strings in every language it has: only the form's chunk imports this
// (features/contact), so they never weigh on a first load (../catalog.ts).
import type { Part, Strings } from "../catalog";
import { contactForm as en } from "../en/contact-form";

export type ContactFormStrings = Strings<typeof en>;

export const contactFormStrings: Part<ContactFormStrings> = { en };

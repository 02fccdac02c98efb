// An artist's books (content/artists/<slug>.yaml `books`, `books_note`): what the artist card,
// the portfolio profile and the contact form say when they are not simply open. The statuses
// themselves are the table both sides read (lib/rules.ts, which the admin's preview uses; kept
// out of here so the site's chunks do not carry the table).
import type { Artist } from "./api-types";

/** The words for books that are not open (the catalog's `books`, i18n/en.ts). */
export type BooksLabels = { closed: string; waitlist: string };

/** The label of books that are not open, or null when they are (or the API does not say). */
export const booksLabel = ({ books }: Pick<Artist, "books">, labels: BooksLabels): string | null =>
  books === "closed" ? labels.closed : books === "waitlist" ? labels.waitlist : null;

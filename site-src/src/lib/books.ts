// An artist's books (content/artists/<slug>.yaml `books`, `books_note`): what the artist card,
// the portfolio profile and the contact form say when they are not simply open. The statuses
// and the default are the table both sides read (generator/content/rules.json).
import table from "../../../generator/content/rules.json";
import type { Artist, Books } from "./api-types";

/** Every status, in the table's order (the API's `Books` type is generated from the build's model). */
export const BOOKS_STATUSES = table.books.statuses as readonly Books[];
/** What `books:` left empty means. */
export const BOOKS_DEFAULT = table.books.default as Books;

/** A status as written (an admin's half-filled entry, say), or the default when it is none. */
export const booksStatus = (value: unknown): Books => BOOKS_STATUSES.find((books) => books === value) ?? BOOKS_DEFAULT;

/** The words for books that are not open (the catalog's `books`, i18n/en.ts). */
export type BooksLabels = { closed: string; waitlist: string };

/** The label of books that are not open, or null when they are (or the API does not say). */
export const booksLabel = ({ books }: Pick<Artist, "books">, labels: BooksLabels): string | null =>
  books === "closed" ? labels.closed : books === "waitlist" ? labels.waitlist : null;

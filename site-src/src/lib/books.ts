// An artist's books (content/artists/<slug>.yaml `books`, `books_note`): what the artist card,
// the portfolio profile and the contact form say when they are not simply open.
import type { Artist } from "./api-types";

/** The label of books that are not open, or null when they are (or the API does not say). */
export const booksLabel = ({ books }: Pick<Artist, "books">): string | null =>
  books === "closed" ? "Books closed" : books === "waitlist" ? "Waitlist" : null;

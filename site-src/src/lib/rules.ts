// Rules the build applies too, read from the one table both sides read (generator/content/rules.json;
// the build's generator/content/rules.py): the studio's default time zone, the books statuses and
// the phone link. tests/rules_cases.json holds the cases both test suites run (rules.test.ts here).
// Named imports: esbuild then bundles only the parts of the table a chunk uses.
import { books, phone_link, studio_time_zone } from "../../../generator/content/rules.json";
import type { Books } from "./api-types";

/** The studio's time zone when site.yaml names none (site.yaml `timezone`). */
export const STUDIO_TIME_ZONE: string = studio_time_zone;

/** Every books status, in the table's order (the API's `Books` type is generated from the build's model). */
export const BOOKS_STATUSES = books.statuses as readonly Books[];
/** What `books:` left empty means. */
export const BOOKS_DEFAULT = books.default as Books;

/** A status as written (an admin's half-filled entry, say), or the default when it is none. */
export const booksStatus = (value: unknown): Books => BOOKS_STATUSES.find((status) => status === value) ?? BOOKS_DEFAULT;

const PHONE = phone_link;
const PHONE_KEEP = new RegExp(PHONE.keep, "g");

/** The phone number as a tel: link, "+1" before ten digits written without a country code. */
export function telHref(phone: string): string {
  let digits = (phone.match(PHONE_KEEP) ?? []).join("");
  if (!digits.startsWith("+") && digits.length === PHONE.national_digits) digits = PHONE.country_code + digits;
  return `tel:${digits}`;
}

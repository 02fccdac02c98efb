// Rules the build applies too, read from the one table both sides read (generator/content/rules.json;
// the build's generator/content/rules.py): the studio's default time zone and the phone link.
// tests/rules_cases.json holds the cases both test suites run (rules.test.ts here).
import table from "../../../generator/content/rules.json";

/** The studio's time zone when site.yaml names none (site.yaml `timezone`). */
export const STUDIO_TIME_ZONE: string = table.studio_time_zone;

const PHONE = table.phone_link;
const PHONE_KEEP = new RegExp(PHONE.keep, "g");

/** The phone number as a tel: link, "+1" before ten digits written without a country code. */
export function telHref(phone: string): string {
  let digits = (phone.match(PHONE_KEEP) ?? []).join("");
  if (!digits.startsWith("+") && digits.length === PHONE.national_digits) digits = PHONE.country_code + digits;
  return `tel:${digits}`;
}

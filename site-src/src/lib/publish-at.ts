// publish_at as the build reads it (generator/content/fields.py, content/publishing.py), from the
// forms of the one table both sides read (generator/content/rules.json): the admin's preview marks
// an entry "scheduled" exactly when the build would hold it back. tests/rules_cases.json holds
// the cases both test suites run (rules.test.ts here, tests/test_rules.py for the build).
import { publish_at as RULE } from "../../../generator/content/rules.json";
import { STUDIO_TIME_ZONE } from "./rules";

const FORMS = RULE.forms.map((form) => new RegExp(form.pattern));
const [FIRST_YEAR, LAST_YEAR] = RULE.years;

/** publish_at as written, to the minute: a date alone has no hour; no offset means studio time. */
export type PublishMoment = {
  year: number;
  month: number;
  day: number;
  hour: number | null;
  minute: number;
  /** Minutes east of UTC, when written. */
  offset: number | null;
};

/** What the build makes of a publish_at: the ISO text it keeps (null: not given), or the editor's error. */
export type PublishAtReading =
  | { iso: string | null; moment: PublishMoment | null }
  | { error: "form" | "years" };

const two = (n: number) => String(n).padStart(2, "0");

/** The ISO text the build keeps: 2026-12-01, 2026-12-01T09:00, 2026-12-01T09:00+05:30. */
export function publishAtIso(m: PublishMoment): string {
  const date = `${String(m.year).padStart(4, "0")}-${two(m.month)}-${two(m.day)}`;
  if (m.hour === null) return date;
  let text = `${date}T${two(m.hour)}:${two(m.minute)}`;
  if (m.offset !== null) {
    const east = Math.abs(m.offset);
    text += `${m.offset < 0 ? "-" : "+"}${two(Math.floor(east / 60))}:${two(east % 60)}`;
  }
  return text;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function momentOf(groups: (string | undefined)[]): PublishMoment | null {
  const [year, month, day] = groups.slice(0, 3).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const [hourText, minuteText, secondText, offsetText] = groups.slice(3);
  if (hourText === undefined) return { year, month, day, hour: null, minute: 0, offset: null };
  const [hour, minute, second] = [hourText, minuteText, secondText].map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offset: number | null = null;
  if (offsetText !== undefined) {
    const digits = offsetText === "Z" ? "0000" : offsetText.slice(1).replace(":", "");
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || 0)];
    if (oh > 23 || om > 59) return null;
    offset = (oh * 60 + om) * (offsetText.startsWith("-") ? -1 : 1);
  }
  return { year, month, day, hour, minute, offset };
}

/** The moment text names in one of the table's forms, or null (none of them, or no such day). */
export function readPublishAt(text: string): PublishMoment | null {
  for (const form of FORMS) {
    const found = form.exec(text);
    if (found) return momentOf(found.slice(1));
  }
  return null;
}

/** A publish_at as the build validates it: only text counts (a number is an error, as in the build). */
export function checkPublishAt(value: unknown): PublishAtReading {
  if (value === null || value === undefined || (typeof value === "string" && !value.trim())) {
    return { iso: null, moment: null };
  }
  const moment = typeof value === "string" ? readPublishAt(value.trim()) : null;
  if (!moment) return { error: "form" };
  if (moment.year < FIRST_YEAR || moment.year > LAST_YEAR) return { error: "years" };
  return { iso: publishAtIso(moment), moment };
}

/** Minutes east of UTC in timeZone at an instant (null for a zone the browser does not know). */
function offsetAt(instant: number, timeZone: string): number | null {
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    }).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
    return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
  } catch {
    return null;
  }
}

const DAY = 86_400_000;

/**
 * When the moment comes (milliseconds since the epoch). Without an offset it is the studio's
 * wall clock as Python's zoneinfo reads it (fold 0): an hour that comes twice means its first
 * time, an hour the clocks skip is read with the offset before the change.
 */
export function publishInstant(m: PublishMoment, timeZone: string): number {
  const wall = Date.UTC(m.year, m.month - 1, m.day, m.hour ?? 0, m.minute);
  if (m.offset !== null) return wall - m.offset * 60_000;
  const zone = offsetAt(wall, timeZone) === null ? STUDIO_TIME_ZONE : timeZone;
  const before = offsetAt(wall - DAY, zone) ?? 0;
  const after = offsetAt(wall + DAY, zone) ?? 0;
  const later = Math.max(before, after);
  const offset = offsetAt(wall - later * 60_000, zone) === before ? before : after;
  return wall - offset * 60_000;
}

/** Whether publish_at is still to come at now (a value the build refuses never is). */
export function isScheduled(publishAt: unknown, now: Date, timeZone: string): boolean {
  if (publishAt instanceof Date) return publishAt.getTime() > now.getTime();
  const reading = checkPublishAt(publishAt);
  if ("error" in reading || reading.moment === null) return false;
  return publishInstant(reading.moment, timeZone) > now.getTime();
}

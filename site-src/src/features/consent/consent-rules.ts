// The consent form's rules in the browser: the contact function's own (functions/contact/models/
// consent.py and rules.py `_text`, docs/consent.md's table), so that what the page lets through
// the function takes, and what it refuses is refused here first with the function's words. The
// function checks everything again; these only spare the visitor a round trip.
import type { ConsentStrings } from "../../i18n/parts/consent";

export const ID_TYPES = ["drivers_license", "state_id", "passport", "military_id"] as const;
export const RELATIONSHIPS = ["parent", "guardian", "managing_conservator"] as const;
export const ADULT_AGE = 18;
const MAX_AGE = 120;
export const MAX_NAME = 100;
export const MAX_PHONE = 40;
const MIN_PHONE_DIGITS = 7;

const DOB = /^(\d{4})-(\d{2})-(\d{2})$/;
const LAST4 = /^[A-Za-z0-9]{4}$/;
// rules.py: _CONTROL, _BIDI_CONTROL, and what looks blank (spaces, format characters, fillers).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\r\n\u0085]/;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zs}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]/gu;

export type Answer = "" | "yes" | "no";
export type TextField = "name" | "emergency_name" | "emergency_phone" | "signature" | "guardian_name" | "guardian_signature";

/** What the visitor filled in, as the form holds it. */
export type ConsentFields = {
  name: string;
  dob: string;
  id_type: string;
  id_last4: string;
  emergency_name: string;
  emergency_phone: string;
  answers: Record<string, Answer>;
  risks: boolean;
  aftercare: boolean;
  signature: string;
  agree: boolean;
  cover_up: boolean;
  guardian_name: string;
  guardian_relationship: string;
  guardian_id_type: string;
  guardian_id_last4: string;
  guardian_signature: string;
  guardian_agree: boolean;
};

export const EMPTY_CONSENT: ConsentFields = {
  name: "",
  dob: "",
  id_type: "",
  id_last4: "",
  emergency_name: "",
  emergency_phone: "",
  answers: {},
  risks: false,
  aftercare: false,
  signature: "",
  agree: false,
  cover_up: false,
  guardian_name: "",
  guardian_relationship: "",
  guardian_id_type: "",
  guardian_id_last4: "",
  guardian_signature: "",
  guardian_agree: false,
};

/**
 * What the minors' rule needs of the booking (the function's answer to `check`): a tattoo or
 * not (null until known: the function decides then), whether the studio takes a minor's cover-up,
 * and the studio's date, on which the age is counted.
 */
export type BookingFacts = { tattoo: boolean | null; minorsCoverUps: boolean; today: string };

/** Each field's problem by the field's name, in the page's order (the first one is focused). */
export type FieldErrors = Record<string, string>;

type Ymd = [number, number, number];

/** A real date written YYYY-MM-DD, or null. */
function parseDate(value: string): Ymd | null {
  const found = DOB.exec(value.trim());
  if (!found) return null;
  const [year, month, day] = [Number(found[1]), Number(found[2]), Number(found[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return [year, month, day];
}

/** Whole years from born to today (models/consent.py `age_on`). */
export function ageOn(born: Ymd, today: Ymd): number {
  const before = today[1] < born[1] || (today[1] === born[1] && today[2] < born[2]);
  return today[0] - born[0] - (before ? 1 : 0);
}

/** The age on the studio's date for a valid date of birth, else null. */
export function ageFrom(dob: string, today: string): number | null {
  const born = parseDate(dob);
  const now = parseDate(today);
  if (!born || !now) return null;
  const age = ageOn(born, now);
  return age < 0 || age > MAX_AGE ? null : age;
}

/** Under 18 by the date of birth, on the studio's date: the guardian's part applies. */
export const isMinor = (dob: string, today: string): boolean => {
  const age = ageFrom(dob, today);
  return age !== null && age < ADULT_AGE;
};

/** Today's date (YYYY-MM-DD) in a time zone: the studio's, until the function says its own. */
export function dateIn(timeZone: string, now: Date = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** A typed name as the function compares it with the name above: case, forms and spaces aside. */
export function signatureOf(typed: string): string {
  // toUpperCase().toLowerCase() folds as Python's casefold does for the cases names meet (ß, ﬁ).
  return typed.normalize("NFC").toUpperCase().toLowerCase().split(/\s+/u).filter(Boolean).join(" ");
}

const looksBlank = (text: string): boolean => text.replace(INVISIBLE, "") === "";
const length = (text: string): number => [...text].length;

type Errors = ConsentStrings["errors"];

/** rules.py `_text` for a required one-line field: its problem, or null. */
function textProblem(value: string, field: TextField, limit: number, t: Errors): string | null {
  const text = value.trim();
  const label = t.labels[field];
  if (looksBlank(text)) return t.enter[field];
  if (length(text) > limit) return t.tooLong(label, length(text), limit);
  if (CONTROL.test(text)) return t.controlCharacters(label);
  if (BIDI.test(text)) return t.directionCharacters(label);
  return null;
}

/**
 * Every field's problem, as the function would name it (models/consent.py `parse_consent`), in
 * the page's order; {} when the form can go.
 */
export function validate(fields: ConsentFields, questions: readonly string[], booking: BookingFacts, t: Errors): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, problem: string | null) => {
    if (problem && !(field in errors)) errors[field] = problem;
  };
  add("name", textProblem(fields.name, "name", MAX_NAME, t));
  const age = ageFrom(fields.dob, booking.today);
  add("dob", age === null ? t.dob : null);
  const minor = age !== null && age < ADULT_AGE;
  // A minor's tattoo the studio cannot take: the function's refusal, and nothing else to ask of
  // a parent or guardian (the page hides their part).
  const refused = minor && booking.tattoo === true && !booking.minorsCoverUps;
  if (refused) add("dob", t.minorNoTattoo);
  else if (minor && booking.tattoo === true && !fields.cover_up) add("cover_up", t.minorCoverUp);
  add("id_type", (ID_TYPES as readonly string[]).includes(fields.id_type) ? null : t.idType);
  add("id_last4", LAST4.test(fields.id_last4.trim()) ? null : t.idLast4(t.labels.id_last4));
  add("emergency_name", textProblem(fields.emergency_name, "emergency_name", MAX_NAME, t));
  const phone = textProblem(fields.emergency_phone, "emergency_phone", MAX_PHONE, t);
  const digits = (fields.emergency_phone.match(/\d/g) ?? []).length;
  add("emergency_phone", phone ?? (digits < MIN_PHONE_DIGITS ? t.shortPhone : null));
  add("answers", questions.length && questions.every((id) => fields.answers[id]) ? null : t.answers);
  add("risks", fields.risks ? null : t.risks);
  add("aftercare", fields.aftercare ? null : t.aftercare);
  add("signature", signed(fields.signature, "signature", fields.name, t.signature, t));
  add("agree", fields.agree ? null : t.agree);
  if (minor && !refused) {
    add("guardian_name", textProblem(fields.guardian_name, "guardian_name", MAX_NAME, t));
    add("guardian_relationship", (RELATIONSHIPS as readonly string[]).includes(fields.guardian_relationship) ? null : t.relationship);
    add("guardian_id_type", (ID_TYPES as readonly string[]).includes(fields.guardian_id_type) ? null : t.idType);
    const last4 = LAST4.test(fields.guardian_id_last4.trim());
    add("guardian_id_last4", last4 ? null : t.idLast4(t.labels.guardian_id_last4));
    const guardian = signed(fields.guardian_signature, "guardian_signature", fields.guardian_name, t.guardianSignature, t);
    add("guardian_signature", guardian);
    add("guardian_agree", fields.guardian_agree ? null : t.agree);
  }
  return errors;
}

/** models/consent.py `_signed`: required, and the same name as the one above it. */
function signed(typed: string, field: TextField, name: string, mismatch: string, t: Errors): string | null {
  const problem = textProblem(typed, field, MAX_NAME, t);
  if (problem) return problem;
  return name.trim() && signatureOf(typed) !== signatureOf(name) ? mismatch : null;
}

/** The body of POST /api/consent (docs/consent.md): the guardian's part and cover_up only when they apply. */
export function consentPayload(fields: ConsentFields, questions: readonly string[], booking: BookingFacts) {
  const answers = Object.fromEntries(questions.map((id) => [id, fields.answers[id] === "yes"]));
  const body: Record<string, unknown> = {
    name: fields.name.trim(),
    dob: fields.dob.trim(),
    id_type: fields.id_type,
    id_last4: fields.id_last4.trim(),
    emergency_name: fields.emergency_name.trim(),
    emergency_phone: fields.emergency_phone.trim(),
    answers,
    risks: fields.risks,
    aftercare: fields.aftercare,
    signature: fields.signature.trim(),
    agree: fields.agree,
  };
  if (isMinor(fields.dob, booking.today)) {
    if (booking.tattoo !== false) body.cover_up = fields.cover_up;
    Object.assign(body, {
      guardian_name: fields.guardian_name.trim(),
      guardian_relationship: fields.guardian_relationship,
      guardian_id_type: fields.guardian_id_type,
      guardian_id_last4: fields.guardian_id_last4.trim(),
      guardian_signature: fields.guardian_signature.trim(),
      guardian_agree: fields.guardian_agree,
    });
  }
  return body;
}

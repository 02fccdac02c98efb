import { describe, expect, it } from "vitest";
import { consent as en } from "../../i18n/en/consent";
import { contactForm } from "../../i18n/en/contact-form";
import { consent as es } from "../../i18n/es/consent";
import { contactForm as esContactForm } from "../../i18n/es/contact-form";
import { ageFrom, consentPayload, dateIn, EMPTY_CONSENT, isMinor, signatureOf, validate, type BookingFacts, type ConsentFields } from "./consent-rules";

// The function's rules (functions/contact/models/consent.py), as tests/test_contact_consent.py
// checks them there: the same cases, the same words.
const QUESTIONS = ["blood-thinners", "allergies", "pregnant"];
const TODAY = "2026-11-28";
const TATTOO: BookingFacts = { tattoo: true, minorsCoverUps: false, today: TODAY };
const PIERCING: BookingFacts = { tattoo: false, minorsCoverUps: false, today: TODAY };
const ADULT: ConsentFields = {
  ...EMPTY_CONSENT,
  name: "Ana María López",
  dob: "1990-04-23",
  id_type: "drivers_license",
  id_last4: "a1b2",
  emergency_name: "Rosa López",
  emergency_phone: "214 555 0100",
  answers: { "blood-thinners": "no", allergies: "yes", pregnant: "no" },
  risks: true,
  aftercare: true,
  signature: "ana maría  LÓPEZ",
  agree: true,
};
const GUARDIAN: Partial<ConsentFields> = {
  dob: "2010-01-15",
  guardian_name: "Rosa López",
  guardian_relationship: "parent",
  guardian_id_type: "passport",
  guardian_id_last4: "9z8y",
  guardian_signature: "Rosa López",
  guardian_agree: true,
};
const check = (fields: Partial<ConsentFields>, facts: BookingFacts = TATTOO) =>
  validate({ ...ADULT, ...fields }, QUESTIONS, facts, en.errors);

describe("the age, on the studio's date", () => {
  it("counts whole years as the function does, birthdays included", () => {
    expect(ageFrom("2008-11-28", TODAY)).toBe(18);
    expect(ageFrom("2008-11-29", TODAY)).toBe(17);
    expect(ageFrom("2008-12-01", "2026-11-30")).toBe(17);
    expect(isMinor("2008-11-29", TODAY)).toBe(true);
    expect(isMinor("2008-11-28", TODAY)).toBe(false);
    // 29 February: 18 on 1 March of a year without one.
    expect(ageFrom("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageFrom("2008-02-29", "2026-03-01")).toBe(18);
  });

  it("has no age for a date that is not one, is to come or is over 120 years ago", () => {
    for (const dob of ["", "23/04/1990", "1990-02-30", "2026-11-29", "1800-01-01", "1990-4-23"]) {
      expect(ageFrom(dob, TODAY), dob).toBeNull();
      expect(isMinor(dob, TODAY), dob).toBe(false);
    }
  });

  it("reads the studio's date in its zone", () => {
    const lateInDallas = new Date("2026-11-29T03:30:00Z"); // 21:30 on the 28th in Dallas
    expect(dateIn("America/Chicago", lateInDallas)).toBe("2026-11-28");
    expect(dateIn("UTC", lateInDallas)).toBe("2026-11-29");
    expect(dateIn("Not/A_Zone", lateInDallas)).toBe("2026-11-29");
  });
});

describe("the fields, checked with the function's rules and words", () => {
  it("lets an adult's complete form through", () => {
    expect(check({})).toEqual({});
    expect(signatureOf(" Ana  MARÍA lópez ")).toBe(signatureOf("ana maría López"));
  });

  it.each<[Partial<ConsentFields>, string, string]>([
    [{ name: "" }, "name", "Please enter your name."],
    [{ name: " \u200b " }, "name", "Please enter your name."],
    [{ name: "x".repeat(101), signature: "x".repeat(101) }, "name", "Name is too long: 101 characters, at most 100 allowed."],
    [{ name: "Ana\u202eLópez", signature: "Ana\u202eLópez" }, "name", "text-direction"],
    [{ dob: "23/04/1990" }, "dob", "Please enter your date of birth as year-month-day"],
    [{ dob: "1990-02-30" }, "dob", "Please enter your date of birth"],
    [{ dob: "2999-01-01" }, "dob", "Please enter your date of birth"],
    [{ id_type: "photo" }, "id_type", "Please choose the type of photo ID"],
    [{ id_last4: "12345" }, "id_last4", "The last four characters of the ID: please enter exactly four letters or digits."],
    [{ id_last4: "12-4" }, "id_last4", "please enter exactly four letters or digits"],
    [{ emergency_name: " " }, "emergency_name", "Please enter your emergency contact's name."],
    [{ emergency_phone: "12" }, "emergency_phone", "at least 7 digits"],
    [{ answers: { allergies: "yes" } }, "answers", "Please answer every health question."],
    [{ risks: false }, "risks", "Please confirm that you have read the risks."],
    [{ aftercare: false }, "aftercare", "read the aftercare guide"],
    [{ signature: "Ana Lopez" }, "signature", "type your full name exactly"],
    [{ agree: false }, "agree", "Please tick the box to sign."],
  ])("%o: a problem with %s", (change, field, words) => {
    const errors = check(change);
    // The first problem; a name with one makes the signature differ from it too, as there.
    expect(Object.keys(errors)[0]).toBe(field);
    expect(Object.keys(errors).filter((key) => key !== "signature" || field === "signature")).toEqual([field]);
    expect(errors[field]).toContain(words);
  });

  it("lists the problems in the page's order, in Spanish on a Spanish page", () => {
    const errors = validate(EMPTY_CONSENT, QUESTIONS, TATTOO, es.errors);
    expect(Object.keys(errors)).toEqual([
      "name",
      "dob",
      "id_type",
      "id_last4",
      "emergency_name",
      "emergency_phone",
      "answers",
      "risks",
      "aftercare",
      "signature",
      "agree",
    ]);
    expect(errors.dob).toBe("Escribe tu fecha de nacimiento como año-mes-día, por ejemplo 1990-04-23.");
    expect(errors.name).toBe("Escribe tu nombre.");
  });
});

describe("under 18", () => {
  it("asks for the parent or guardian's part, their signature matching their name", () => {
    const errors = check({ dob: GUARDIAN.dob }, PIERCING);
    expect(Object.keys(errors)).toEqual([
      "guardian_name",
      "guardian_relationship",
      "guardian_id_type",
      "guardian_id_last4",
      "guardian_signature",
      "guardian_agree",
    ]);
    expect(check({ ...GUARDIAN, guardian_signature: "Someone" }, PIERCING)).toEqual({
      guardian_signature: "To sign, the parent or guardian types their full name exactly as written above.",
    });
    expect(check(GUARDIAN, PIERCING)).toEqual({});
  });

  it("refuses a tattoo, as the function does, where the studio takes no cover-up: nothing else is asked", () => {
    expect(check({ dob: GUARDIAN.dob }, TATTOO)).toEqual({ dob: en.errors.minorNoTattoo });
    expect(en.errors.minorNoTattoo).toContain("this studio does not tattoo anyone under 18");
  });

  it("takes a tattoo that covers an existing one where the studio does, once confirmed", () => {
    const coverUps = { ...TATTOO, minorsCoverUps: true };
    expect(check(GUARDIAN, coverUps)).toEqual({ cover_up: en.errors.minorCoverUp });
    expect(check({ ...GUARDIAN, cover_up: true }, coverUps)).toEqual({});
  });

  it("shows the Texas rule in the contact form's own words", () => {
    const { minors, tattooLabel, tattoo, piercingLabel, piercing, studioRule } = contactForm.request;
    expect([en.minor.title, en.minor.tattooLabel, en.minor.tattoo, en.minor.piercingLabel, en.minor.piercing, en.minor.studioRule]).toEqual([
      minors,
      tattooLabel,
      tattoo,
      piercingLabel,
      piercing,
      studioRule,
    ]);
    const spanish = esContactForm.request;
    expect([es.minor.title, es.minor.tattoo, es.minor.piercing, es.minor.studioRule]).toEqual([
      spanish.minors,
      spanish.tattoo,
      spanish.piercing,
      spanish.studioRule,
    ]);
  });
});

describe("the body posted", () => {
  it("sends an adult's answers as yes or no, without a guardian or cover-up", () => {
    expect(consentPayload(ADULT, QUESTIONS, TATTOO)).toEqual({
      name: "Ana María López",
      dob: "1990-04-23",
      id_type: "drivers_license",
      id_last4: "a1b2",
      emergency_name: "Rosa López",
      emergency_phone: "214 555 0100",
      answers: { "blood-thinners": false, allergies: true, pregnant: false },
      risks: true,
      aftercare: true,
      signature: "ana maría  LÓPEZ",
      agree: true,
    });
  });

  it("adds the guardian's part under 18, and cover_up for a tattoo", () => {
    const minor = { ...ADULT, ...GUARDIAN, cover_up: true };
    const pierced = consentPayload(minor, QUESTIONS, PIERCING);
    expect(pierced).toMatchObject({ guardian_name: "Rosa López", guardian_relationship: "parent", guardian_agree: true });
    expect(pierced).not.toHaveProperty("cover_up");
    expect(consentPayload(minor, QUESTIONS, { ...TATTOO, minorsCoverUps: true })).toMatchObject({ cover_up: true });
  });
});

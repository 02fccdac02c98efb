// The consent form's words (/consent, opened from the booking email's signed link; a chunk of
// its own; docs/consent.md). The fields' problems are the contact function's own sentences
// (functions/contact/words/messages.py, CONSENT_* and the fields' LABELS), so the browser and a
// 400 say the same. See ../catalog.ts.
export const consent = {
  eyebrow: "Your booking",
  title: "Consent form",
  intro:
    "Fill this in on your phone before your appointment and sign it with your typed name. Bring the photo ID you name here: the studio still checks it at the counter.",
  loading: "Loading the form...",
  /** api/consent.json missing or unreadable (a site without content/consent.md). */
  loadFailed: "The form could not be loaded. Please reload the page, or reply to the studio's email.",
  /** The link as it came (no token in the address): the function's CONSENT_LINK_UNKNOWN. */
  noLink: "This link is not valid. Open the link from the studio's email as it was sent.",
  you: {
    legend: "About you",
    name: "Legal name",
    namePlaceholder: "As on your photo ID",
    dob: "Date of birth",
    idType: "Photo ID you will show",
    idTypePick: "Choose one",
    idTypes: {
      drivers_license: "Driver's license",
      state_id: "State ID card",
      passport: "Passport",
      military_id: "Military ID",
    },
    idLast4: "Last four characters of the ID",
    idLast4Hint: "Only these four: never a photo or the whole number.",
  },
  emergency: {
    legend: "Emergency contact",
    name: "Their name",
    phone: "Their phone",
  },
  /** Each health question's two answers, by the value sent. */
  answers: { yes: "Yes", no: "No" },
  minor: {
    /** As the contact form shows them (en/contact-form.ts request.minors and after). */
    title: "Under 18: what Texas law requires",
    tattooLabel: "Tattoo:",
    tattoo: "only to cover an existing tattoo, with a parent or legal guardian present with ID.",
    piercingLabel: "Piercing:",
    piercing: "a parent or legal guardian present with ID.",
    studioRule: "Our studio:",
    coverUp: "This tattoo covers an existing tattoo.",
    legend: "Parent or guardian",
    hint: "The parent or legal guardian fills in this part, signs it and comes to the appointment with their photo ID.",
    name: "Their legal name",
    relationship: "Relationship to the client",
    relationshipPick: "Choose one",
    relationships: {
      parent: "Parent",
      guardian: "Legal guardian",
      managing_conservator: "Managing conservator",
    },
    idType: "Their photo ID",
    idLast4: "Last four characters of their ID",
    signature: "Their signature: type their full name",
    agree: "As the client's parent or guardian, I consent to this procedure and find it in the client's best interest.",
  },
  sign: {
    legend: "Read and sign",
    risks: "I have read the risks above and understand them.",
    aftercare: "I have received, read and understood the written aftercare instructions.",
    guide: "Read the aftercare guide",
    newTab: "(opens in a new tab)",
    signature: "Signature: type your full name",
    signatureHint: "The same as your legal name above.",
    agree: "I confirm my answers are true, and I sign this consent form electronically.",
  },
  send: "Sign the form",
  sending: "Signing...",
  /** Above the fields, after a Send the browser or the function refused. */
  problems: (count: number) => (count === 1 ? "One answer needs your attention:" : `${count} answers need your attention:`),
  /** No answer, or one that is not JSON. */
  unreachable: "The form could not be sent. Please check your connection and try again.",
  /** An answer without words of its own. */
  failed: "The form could not be signed just now. Please try again in a few minutes.",
  done: {
    eyebrow: "Signed",
    /** The function's CONSENT_SIGNED, for an answer that carries no message. */
    signed: "Thank you: your consent form is signed, and the studio has a copy.",
    at: (moment: string) => ["Signed on ", moment],
    nextTitle: "What happens next",
    next: [
      "The studio keeps your signed form with your booking. To change an answer, reply to the studio's email.",
      "Bring the photo ID you named: the studio checks it before your session.",
      "The aftercare guide comes by email again on the day of your session.",
    ],
    minorNext: "The parent or guardian who signed comes to the appointment with their photo ID.",
    home: "Back to home",
  },
  /** The fields' problems: functions/contact/words/messages.py, word for word. */
  errors: {
    enter: {
      name: "Please enter your name.",
      emergency_name: "Please enter your emergency contact's name.",
      emergency_phone: "Please enter your emergency contact's phone.",
      signature: "Please enter your signature.",
      guardian_name: "Please enter your parent or guardian's name.",
      guardian_signature: "Please enter your parent or guardian's signature.",
    },
    tooLong: (label: string, length: number, limit: number) =>
      `${label} is too long: ${length} characters, at most ${limit} allowed.`,
    controlCharacters: (label: string) => `${label} contains invisible control characters.`,
    directionCharacters: (label: string) =>
      `${label} contains invisible text-direction characters; please type it again rather than pasting it.`,
    labels: {
      name: "Name",
      emergency_name: "Emergency contact's name",
      emergency_phone: "Emergency contact's phone",
      signature: "Signature",
      guardian_name: "Parent or guardian's name",
      guardian_signature: "Parent or guardian's signature",
      id_last4: "The last four characters of the ID",
      guardian_id_last4: "The last four characters of the parent or guardian's ID",
    },
    dob: "Please enter your date of birth as year-month-day, for example 1990-04-23.",
    idType: "Please choose the type of photo ID you will show at the studio.",
    idLast4: (label: string) => `${label}: please enter exactly four letters or digits.`,
    // The function adds "or leave it empty" (the contact form's optional phone); here the phone is required.
    shortPhone: "Please enter a phone number with at least 7 digits.",
    answers: "Please answer every health question.",
    risks: "Please confirm that you have read the risks.",
    aftercare: "Please confirm that you have read the aftercare guide.",
    agree: "Please tick the box to sign.",
    signature: "To sign, type your full name exactly as you wrote it above.",
    guardianSignature: "To sign, the parent or guardian types their full name exactly as written above.",
    relationship: "Please choose how the adult signing is related to the client.",
    minorNoTattoo:
      "Under 18, Texas law allows a tattoo only to cover an existing one, with a parent or guardian present, and this studio does not tattoo anyone under 18. Please reply to the studio's email.",
    minorCoverUp: "Under 18, Texas law allows a tattoo only to cover an existing one: please confirm that this tattoo covers one.",
  },
} as const;

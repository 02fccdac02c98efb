// POST /api/contact (docs/product.md#contact-contract) and how its answer reads to a visitor.
import type { ContactFormStrings } from "../../../i18n/parts/contact-form";
import { postJson } from "../../../lib/api-client";
import { langField } from "../../../lib/language";
import type { RequestFields } from "../tattoo-request";
import { CONTACT_PATHS } from "./contract";

/**
 * What the visitor reads when the answer carries no words of its own (docs/product.md#errors):
 * `failed`, no success flag and no error text; `unreachable`, no answer or one that is not JSON;
 * `sent`, success without a message.
 */
export type SendTexts = ContactFormStrings["send"];

/** What the visitor typed and picked (docs/product.md#data). */
export type ContactPayload = {
  name: string;
  email: string;
  phone: string;
  /** The artist's slug, or the site data's `noArtist` for no preference. */
  artist: string;
  service: string;
  message: string;
  /** Upload ids of reference images (docs/contact.md); left out of the body when empty. */
  references?: string[];
  /** The id of the flash design being claimed (GET /api/flash); left out of the body when none. */
  flash?: string;
  /** The version of the policies the visitor was shown (site data `policiesVersion`). */
  policies_version?: string;
} & RequestFields;

/**
 * The two spam traps the contact function checks (functions/contact/rules.py): `website`, a
 * field hidden from people that only robots fill, and `elapsed_ms`, the time from the
 * visitor's first touch of the form to Send. A trapped submission is answered with the same
 * success, kept as spam and never emailed (docs/contact.md).
 */
export type SpamSignals = { website: string; elapsed_ms: number };

export type SendResult =
  | { ok: true; message: string }
  | {
      ok: false;
      error: string;
      /** The function's words for the reference images, when it refused them (a 400). */
      referencesError?: string;
      /** Which images it refused, by upload id. */
      refused?: Record<string, string>;
    };

export async function sendContact(payload: ContactPayload, signals: SpamSignals, text: SendTexts): Promise<SendResult> {
  let answer: unknown;
  const { references, ...fields } = payload;
  const body = { ...fields, ...(references?.length ? { references } : {}), ...signals, ...langField() };
  try {
    answer = await postJson(CONTACT_PATHS.message, body);
  } catch (cause) {
    console.error("contact: no readable answer", cause);
    return { ok: false, error: text.unreachable };
  }
  const reply = (answer ?? {}) as {
    success?: unknown;
    message?: unknown;
    error?: unknown;
    fields?: { references?: unknown };
    references?: unknown;
  };
  if (reply.success === true) {
    return { ok: true, message: typeof reply.message === "string" && reply.message ? reply.message : text.sent };
  }
  const error = typeof reply.error === "string" && reply.error.trim() ? reply.error : text.failed;
  const referencesError = reply.fields?.references;
  const refused = reply.references;
  return {
    ok: false,
    error,
    ...(typeof referencesError === "string" ? { referencesError } : {}),
    ...(refused && typeof refused === "object" ? { refused: refused as Record<string, string> } : {}),
  };
}

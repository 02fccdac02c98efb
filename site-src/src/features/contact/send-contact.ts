// POST /api/contact (docs/product.md#contact-contract) and how its answer reads to a visitor.
import { postJson } from "../../lib/api-client";

/** Shown when the answer has no success flag and no error text of its own (docs/product.md#errors). */
export const SEND_FAILED = "Failed to send message. Please try again.";
/** Shown when the request never got an answer, or the answer was not JSON (docs/product.md#errors). */
export const SEND_UNREACHABLE = "Failed to send message. Please try again or contact us directly.";

/** What the visitor typed and picked (docs/product.md#data). */
export type ContactPayload = {
  name: string;
  email: string;
  phone: string;
  /** The artist's slug, or the site data's `noArtist` for no preference. */
  artist: string;
  service: string;
  message: string;
};

/**
 * The two spam traps the contact function checks (functions/contact/rules.py): `website`, a
 * field hidden from people that only robots fill, and `elapsed_ms`, the time from the
 * visitor's first touch of the form to Send. A trapped submission is answered with the same
 * success, kept as spam and never emailed (docs/contact.md).
 */
export type SpamSignals = { website: string; elapsed_ms: number };

export type SendResult = { ok: true; message: string } | { ok: false; error: string };

/** Sent when the answer says success but carries no text (the contract always sends one). */
const SENT_FALLBACK = "Thank you! Your message has been sent.";

export async function sendContact(payload: ContactPayload, signals: SpamSignals): Promise<SendResult> {
  let answer: unknown;
  try {
    answer = await postJson("/api/contact", { ...payload, ...signals });
  } catch (cause) {
    console.error("contact: no readable answer", cause);
    return { ok: false, error: SEND_UNREACHABLE };
  }
  const body = (answer ?? {}) as { success?: unknown; message?: unknown; error?: unknown };
  if (body.success === true) {
    return { ok: true, message: typeof body.message === "string" && body.message ? body.message : SENT_FALLBACK };
  }
  return { ok: false, error: typeof body.error === "string" && body.error.trim() ? body.error : SEND_FAILED };
}

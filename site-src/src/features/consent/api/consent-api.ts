// What the /consent page reads and posts (docs/consent.md): the form's text, api/consent.json
// (api/es/consent.json on a Spanish page), read from the page the build prerendered with it;
// and the contact function's POST to the contract's `consent` path, first with `check: true`
// when the page opens (can the link be signed, is it a tattoo), then with the form. The token
// goes in the body only: never in a URL, never in a log.
import { fetchJson, postJson } from "../../../lib/api-client";
import { apiUrl, basePath } from "../../../lib/language";
import { initialAnswer } from "../../../lib/page-data";
import { useQuery, type QueryState } from "../../../lib/use-query";
// The one contract file the function, `serve` and the contact form read too (named import: only
// `paths` rides in the chunk).
import { paths } from "../../../../../functions/contact/contract.json";

export type ConsentQuestion = { id: string; text: string };
export type ConsentSection = { title: string; markdown: string; questions: ConsentQuestion[] };
export type ConsentText = { intro: string; sections: ConsentSection[] };

export const CONSENT_LOAD_ERROR = "Failed to load the consent form";

const isText = (body: unknown): body is ConsentText => {
  const form = body as Partial<ConsentText> | null;
  return (
    typeof form?.intro === "string" &&
    Array.isArray(form.sections) &&
    form.sections.every((s) => typeof s?.title === "string" && typeof s.markdown === "string" && Array.isArray(s.questions))
  );
};

const URL_PATH = "/consent.json";

export function getConsentText(signal?: AbortSignal): Promise<ConsentText> {
  return fetchJson(apiUrl(URL_PATH), { signal, validate: isText, failure: CONSENT_LOAD_ERROR });
}

export function useConsentText(): QueryState<ConsentText> {
  return useQuery("consent", getConsentText, CONSENT_LOAD_ERROR, () => initialAnswer(apiUrl(URL_PATH), isText));
}

/** What the function answered, read for the page. */
export type ConsentAnswer =
  | { kind: "open"; tattoo: boolean; minorsCoverUps: boolean; today: string | null; timeZone: string | null }
  | { kind: "signed"; message: string | null; signedAt: string | null }
  /** The link cannot be used (404, 409, 410): its words, shown above the form. */
  | { kind: "link"; error: string }
  /** A 400: each field's problem. */
  | { kind: "fields"; fields: Record<string, string>; error: string | null }
  /** Anything else (a 503, an answer without words): its words if any. */
  | { kind: "failed"; error: string | null }
  | { kind: "unreachable" };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

/** The function's answer to a post, whatever its status (postJson reads the body as it is). */
export function readAnswer(answer: unknown): ConsentAnswer {
  const reply = (answer ?? {}) as Record<string, unknown>;
  const fields = reply.fields && typeof reply.fields === "object" ? (reply.fields as Record<string, unknown>) : null;
  if (reply.success === true) {
    if (typeof reply.tattoo === "boolean") {
      return {
        kind: "open",
        tattoo: reply.tattoo,
        minorsCoverUps: reply.minors_cover_ups === true,
        today: text(reply.today),
        timeZone: text(reply.timezone),
      };
    }
    return { kind: "signed", message: text(reply.message), signedAt: text(reply.signed_at) };
  }
  const token = text(fields?.token);
  if (token) return { kind: "link", error: token };
  if (fields) {
    const named = Object.fromEntries(
      Object.entries(fields).flatMap(([field, problem]) => (typeof problem === "string" ? [[field, problem]] : [])),
    );
    return { kind: "fields", fields: named, error: text(reply.error) };
  }
  return { kind: "failed", error: text(reply.error) };
}

/** The page's language, for the function's words: "es" under /es/. */
const lang = (): "en" | "es" => (basePath() === "/es" ? "es" : "en");

async function post(body: Record<string, unknown>): Promise<ConsentAnswer> {
  try {
    return readAnswer(await postJson(paths.consent, { ...body, lang: lang() }));
  } catch {
    // Nothing of the failure is logged: the body holds the token and the visitor's answers.
    return { kind: "unreachable" };
  }
}

/** Whether the link can be signed, and what the minors' rule needs of the booking. */
export const checkLink = (token: string): Promise<ConsentAnswer> => post({ token, check: true });

/** Sign: the form's fields with the token. */
export const signConsent = (token: string, fields: Record<string, unknown>): Promise<ConsentAnswer> =>
  post({ ...fields, token });

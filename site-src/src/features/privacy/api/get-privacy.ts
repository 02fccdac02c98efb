// GET /api/privacy (/api/es/privacy on a Spanish page): the studio's privacy notice (content/privacy.md, its
// placeholders filled in by the build), fetched when the screen appears or read from the page the build
// prerendered with it (lib/page-data). A failure is only logged, as for /policies.
import { fetchJson } from "../../../lib/api-client";
import { apiUrl, type MaybeUntranslated } from "../../../lib/language";
import { initialAnswer } from "../../../lib/page-data";
import { useQuery, type QueryState } from "../../../lib/use-query";

/** `untranslated`: ["markdown"] on a Spanish page that shows the English notice (lib/language.ts). */
export type Privacy = { markdown: string } & MaybeUntranslated;

export const PRIVACY_LOAD_ERROR = "Failed to load the privacy notice";

const isPrivacy = (body: unknown): body is Privacy => typeof (body as Partial<Privacy> | null)?.markdown === "string";

export function getPrivacy(signal?: AbortSignal): Promise<Privacy> {
  return fetchJson(apiUrl("/privacy"), { signal, validate: isPrivacy, failure: PRIVACY_LOAD_ERROR });
}

export function usePrivacy(): QueryState<Privacy> {
  return useQuery("privacy", getPrivacy, PRIVACY_LOAD_ERROR, () => initialAnswer(apiUrl("/privacy"), isPrivacy));
}

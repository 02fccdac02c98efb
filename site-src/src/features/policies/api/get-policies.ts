// GET /api/policies (/api/es/policies on a Spanish page): the studio's policies (content/policies.md) and their version, fetched when
// the screen appears, or read from the page the build prerendered with them (lib/page-data).
// A failure is only logged, and the screen keeps saying 'Loading content...', as /aftercare does.
import { fetchJson } from "../../../lib/api-client";
import { apiUrl, type MaybeUntranslated } from "../../../lib/language";
import { initialAnswer } from "../../../lib/page-data";
import { useQuery, type QueryState } from "../../../lib/use-query";

/** `untranslated`: ["markdown"] on a Spanish page that shows the English policies (lib/language.ts). */
export type Policies = { markdown: string; version: string } & MaybeUntranslated;

export const POLICIES_LOAD_ERROR = "Failed to load policies";


const isPolicies = (body: unknown): body is Policies =>
  typeof (body as Partial<Policies> | null)?.markdown === "string";

export function getPolicies(signal?: AbortSignal): Promise<Policies> {
  return fetchJson(apiUrl("/policies"), { signal, validate: isPolicies, failure: POLICIES_LOAD_ERROR });
}

export function usePolicies(): QueryState<Policies> {
  return useQuery("policies", getPolicies, POLICIES_LOAD_ERROR, () => initialAnswer(apiUrl("/policies"), isPolicies));
}

// GET /api/flash?artist=<slug|all> (docs/flash.md; /api/es/flash on a Spanish page): the designs of one artist, or everyone's.
// A prerendered Flash page holds the answer it was rendered with (lib/page-data.ts).
import { fetchJson, isList } from "../../../lib/api-client";
import type { FlashDesign } from "../../../lib/api-types";
import { apiUrl } from "../../../lib/language";
import { initialAnswer } from "../../../lib/page-data";
import { useQuery, type QueryState } from "../../../lib/use-query";

/** Logged on any failure; the screen then shows its empty state. */
export const FLASH_LOAD_ERROR = "Failed to load flash";

/** The one URL of a selection's designs, the same in the prerendered page and in the browser. */
export const flashUrl = (artistSlug: string) => apiUrl(`/flash?artist=${encodeURIComponent(artistSlug)}`);

export function getFlash(artistSlug: string, signal?: AbortSignal): Promise<FlashDesign[]> {
  return fetchJson(flashUrl(artistSlug), { signal, validate: isList<FlashDesign>, failure: FLASH_LOAD_ERROR });
}

/** The designs of `artistSlug` ("all": everyone's), reloaded whenever it changes. */
export function useFlash(artistSlug: string): QueryState<FlashDesign[]> {
  return useQuery(
    artistSlug,
    (signal) => getFlash(artistSlug, signal),
    FLASH_LOAD_ERROR,
    () => initialAnswer(flashUrl(artistSlug), isList<FlashDesign>),
  );
}
